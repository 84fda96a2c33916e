package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The short advice at the end of a benchmark. A candidate qualifies when it decompresses at least {@link
 * #MIN_DECOMPRESS} and compresses at least {@link #MIN_COMPRESS} times as fast as the reference (the files' codec, or
 * the fastest to decompress when the files are uncompressed). Speeds are compared pass by pass (the variants ran
 * interleaved), and a threshold counts only when the quartiles of those per-pass ratios (all of them, with fewer than
 * {@link Bench.Spread#FEW} passes) are on one side of it and outside a band of {@link #MARGIN} around it: a candidate
 * whose spread reaches into that band is undecided, and noise never decides it. The choice is the smallest
 * qualifying variant; another codec is recommended only when it is at least {@link #MIN_GAIN} smaller than the files'
 * codec. When an undecided candidate would be chosen over it, the verdict is "no clear winner".
 */
final class Recommendation {
    static final double MIN_DECOMPRESS = 0.5;
    static final double MIN_COMPRESS = 0.1;
    /**
     * Around each threshold, a band of this relative width (0.425x to 0.575x for 0.5x) where a ratio counts as neither
     * above nor below: the spread within one run misses what differs between runs (which pages are timed, the JIT, the
     * machine's load), and a ratio that close to a threshold is undecided whatever its quartiles.
     */
    static final double MARGIN = 0.15;

    /** The smallest size gain worth a change of codec. */
    static final double MIN_GAIN = 0.05;

    enum Verdict {
        KEEP,
        SWITCH,
        NO_CLEAR_WINNER,
        NONE
    }

    final Bench.Result baseline;
    /** Whose speeds the thresholds are relative to: the baseline, unless it is UNCOMPRESSED. */
    final Bench.Result reference;

    /** The recommended variant; null when there is no clear winner or nothing to recommend. */
    final Bench.Result choice;

    final Verdict verdict;
    final Bench.Result smallest;
    final Bench.Result fastestDecompression;
    final List<String> lines = new ArrayList<>();

    Recommendation(List<Bench.Result> results, Variant baselineVariant, long uncompressedBytes) {
        List<Bench.Result> compressed = new ArrayList<>();
        Bench.Result base = null;
        for (Bench.Result r : results) {
            if (r.variant.bare) {
                continue;
            }
            if (r.variant.codec != CompressionCodecName.UNCOMPRESSED) {
                compressed.add(r);
            }
            if (r.variant.equals(baselineVariant)) {
                base = r;
            }
        }
        baseline = base;
        if (compressed.isEmpty() || base == null) {
            reference = null;
            choice = null;
            smallest = null;
            fastestDecompression = null;
            verdict = Verdict.NONE;
            lines.add("No recommendation: no compressing codec was measured.");
            return;
        }
        Comparator<Bench.Result> bySize =
                Comparator.<Bench.Result>comparingLong(r -> r.totalCompressed).thenComparing(r -> r.variant.label());
        smallest = compressed.stream().min(bySize).get();
        fastestDecompression = compressed.stream()
                .max(Comparator.comparingDouble(r -> r.totalDecompress.median))
                .get();
        reference = base.variant.codec == CompressionCodecName.UNCOMPRESSED ? fastestDecompression : base;

        List<Bench.Result> qualified = new ArrayList<>();
        List<Bench.Result> undecided = new ArrayList<>();
        for (Bench.Result r : compressed) {
            if (r == reference) {
                qualified.add(r);
                continue;
            }
            Bench.Spread d = Bench.speedRatio(r, reference, true);
            Bench.Spread c = Bench.speedRatio(r, reference, false);
            if (d.high < MIN_DECOMPRESS * (1 - MARGIN) || c.high < MIN_COMPRESS * (1 - MARGIN)) {
                continue; // clearly too slow
            }
            if (d.low >= MIN_DECOMPRESS * (1 + MARGIN) && c.low >= MIN_COMPRESS * (1 + MARGIN)) {
                qualified.add(r);
            } else {
                undecided.add(r);
            }
        }
        Bench.Result best = qualified.stream().min(bySize).get();
        boolean keepBase = base.variant.codec != CompressionCodecName.UNCOMPRESSED;
        if (keepBase && best != base && gain(best, base) < MIN_GAIN) {
            best = base; // not worth a change
        }
        Bench.Result clearBest = best;
        List<Bench.Result> contenders = new ArrayList<>();
        for (Bench.Result r : undecided) {
            if (gain(r, clearBest) >= MIN_GAIN && (!keepBase || gain(r, base) >= MIN_GAIN)) {
                contenders.add(r);
            }
        }
        contenders.sort(bySize);

        String baseName = base.variant.longLabel() + " (the files' codec)";
        String limits = "decompressing at " + times(MIN_DECOMPRESS) + " and compressing at " + times(MIN_COMPRESS)
                + " the speed of " + reference.variant.longLabel() + " or faster (the quartiles of the per-pass speed"
                + " ratios, or all of them with fewer than " + Bench.Spread.FEW + " passes, " + percent(MARGIN)
                + " clear of those limits), and at least " + percent(MIN_GAIN)
                + " smaller than the files' codec";
        if (!contenders.isEmpty()) {
            verdict = Verdict.NO_CLEAR_WINNER;
            choice = null;
            Bench.Result c = contenders.get(0);
            Bench.Spread d = Bench.speedRatio(c, reference, true);
            Bench.Spread s = Bench.speedRatio(c, reference, false);
            lines.add("No clear winner: " + c.variant.longLabel() + " is " + smaller(c, clearBest) + " "
                    + clearBest.variant.longLabel() + ", but its speed ratio to " + reference.variant.longLabel()
                    + " (decompress " + ratio(d) + ", compress " + ratio(s) + ") is within " + percent(MARGIN)
                    + " of the "
                    + times(MIN_DECOMPRESS) + " / " + times(MIN_COMPRESS) + " limits, counting the measured spread."
                    + " The clear choice is " + clearBest.variant.longLabel() + "; a longer --time or a quieter"
                    + " machine may decide.");
        } else if (clearBest == base) {
            verdict = Verdict.KEEP;
            choice = base;
            lines.add("Recommendation: keep " + base.variant.longLabel() + ": no codec measured is clearly better.");
        } else {
            verdict = Verdict.SWITCH;
            choice = clearBest;
            if (reference == base) {
                lines.add("Recommendation: " + compare(choice, base, baseName));
            } else {
                lines.add("Recommendation: " + choice.variant.longLabel() + ": " + smaller(choice, base) + " "
                        + baseName + ", decompresses at " + Text.speed(choice.totalDecompress.median) + " MB/s ("
                        + ratio(Bench.speedRatio(choice, reference, true)) + " the speed of "
                        + reference.variant.longLabel() + ", the fastest to decompress).");
            }
        }
        lines.add("  (the choice: the smallest output among codecs " + limits + ")");
        if (smallest != choice && smallest != clearBest) {
            lines.add("Smallest: " + compare(smallest, base, baseName));
        }
        if (fastestDecompression != choice && fastestDecompression != base) {
            lines.add("Fastest to decompress: " + compare(fastestDecompression, base, baseName));
        }
    }

    /** How much smaller {@code r} is than {@code other}: 0.1 for 10 %. */
    static double gain(Bench.Result r, Bench.Result other) {
        return 1.0 - (double) r.totalCompressed / other.totalCompressed;
    }

    private static String compare(Bench.Result r, Bench.Result base, String baseName) {
        String speeds = base.variant.codec == CompressionCodecName.UNCOMPRESSED
                ? ""
                : ", decompresses at " + ratio(Bench.speedRatio(r, base, true)) + " its speed, compresses at "
                        + ratio(Bench.speedRatio(r, base, false));
        return r.variant.longLabel() + ": " + smaller(r, base) + " " + baseName + speeds + ".";
    }

    /** A per-pass speed ratio: "1.52x (1.48-1.57)", the median and the quartiles. */
    static String ratio(Bench.Spread s) {
        return times(s.median) + " (" + times(s.q1) + "-" + times(s.q3) + ")";
    }

    /** "31 % smaller than", "4 % larger than" or "as large as". */
    static String smaller(Bench.Result r, Bench.Result base) {
        double change = gain(r, base);
        long percent = Math.round(Math.abs(change) * 100);
        if (percent == 0) {
            return "as small as";
        }
        return percent + " % " + (change > 0 ? "smaller" : "larger") + " than";
    }

    private static String percent(double fraction) {
        return Math.round(fraction * 100) + " %";
    }

    static String times(double factor) {
        return String.format(Locale.ROOT, factor >= 10 ? "%.0fx" : "%.2fx", factor);
    }

    /** The variants no other one beats on both ratio and decompression speed (library variants only). */
    static List<Bench.Result> paretoFront(List<Bench.Result> results) {
        List<Bench.Result> front = new ArrayList<>();
        for (Bench.Result r : results) {
            boolean dominated = false;
            for (Bench.Result o : results) {
                if (o != r
                        && o.totalCompressed <= r.totalCompressed
                        && o.totalDecompress.median >= r.totalDecompress.median
                        && (o.totalCompressed < r.totalCompressed
                                || o.totalDecompress.median > r.totalDecompress.median)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                front.add(r);
            }
        }
        front.sort(Comparator.comparingDouble(r -> -r.totalDecompress.median));
        return front;
    }
}
