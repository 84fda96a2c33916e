package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The short advice at the end of a benchmark, by these rules:
 *
 * <ol>
 *   <li><b>Limits.</b> A candidate qualifies when it decompresses at least {@link #MIN_DECOMPRESS} and compresses at
 *       least {@link #MIN_COMPRESS} times as fast as the reference (the files' codec, or the fastest to decompress
 *       when the files are uncompressed). Speeds are compared pass by pass (the variants ran interleaved), and a limit
 *       counts only when the bounds of those per-pass ratios ({@link Bench.Spread#low} and {@link Bench.Spread#high}:
 *       the quartiles, or all of them with fewer than {@link Bench.Spread#FEW} passes) are on one side of it and
 *       outside a band of {@link #MARGIN} around it.
 *   <li><b>Borderline.</b> A candidate that is not clearly too slow for either limit but whose bounds reach into the
 *       band of one is borderline. It is never chosen, whichever side of the limit its median falls in one run: it is
 *       named in the output with its ratio, and whether it would be the choice if it were clearly within the limits.
 *   <li><b>The knee.</b> Among qualified candidates (the files' codec among them), codec B is preferred to codec A
 *       when B is at most {@link #SIZE_MARGIN} larger than A and clearly faster than A at compressing or at
 *       decompressing (the median of the per-pass ratios B / A at least {@link #CLEARLY_FASTER} and their lower
 *       quartile at least 1x) without being clearly slower at the other (median at most 1 / {@link #CLEARLY_FASTER}
 *       and upper quartile at most 1x). The knee is the smallest
 *       qualified candidate to which no qualified candidate is preferred (the smallest qualified one, should every
 *       one have another preferred to it). So a codec marginally smaller but much slower than another never wins.
 *   <li><b>A change must be worth it.</b> The knee is recommended when the files are uncompressed, or when it is at
 *       least {@link #MIN_GAIN} smaller than the files' codec; otherwise the advice is to keep the files' codec.
 *   <li><b>Runner-up.</b> The choice the same rules make without the chosen codec, with why it lost: preferred
 *       against (marginally smaller, clearly slower), larger, or too small a gain over the files' codec.
 * </ol>
 */
final class Recommendation {
    static final double MIN_DECOMPRESS = 0.5;
    static final double MIN_COMPRESS = 0.1;
    /**
     * Around each threshold, a band of this relative width (0.425x to 0.575x for 0.5x) where a ratio counts as neither
     * above nor below: the spread within one run misses what differs between runs (which pages are timed, the JIT, the
     * machine's load), and a ratio that close to a threshold is borderline whatever its quartiles.
     */
    static final double MARGIN = 0.15;

    /** The smallest size gain worth a change of codec. */
    static final double MIN_GAIN = 0.05;

    /**
     * How much larger than another a codec may be and still be preferred to it when it is clearly faster: 2 % of size
     * is not worth a clearly slower codec.
     */
    static final double SIZE_MARGIN = 0.02;

    /**
     * What "clearly faster" is, for the knee: the median of the per-pass speed ratios at least this, and their lower
     * quartile at least 1x; "clearly slower": the median at most its inverse (0.8x) and the upper quartile at most 1x.
     * The median and the quartiles, even with few passes: one pass the machine disturbed does not decide it.
     */
    static final double CLEARLY_FASTER = 1.25;

    enum Verdict {
        KEEP,
        SWITCH,
        NONE
    }

    final Bench.Result baseline;
    /** Whose speeds the thresholds are relative to: the baseline, unless it is UNCOMPRESSED. */
    final Bench.Result reference;

    /** The recommended variant (the baseline when the verdict is KEEP); null when there is nothing to recommend. */
    final Bench.Result choice;

    final Verdict verdict;
    final Bench.Result smallest;
    final Bench.Result fastestDecompression;
    /** What the rules choose without {@link #choice}; null when no other codec qualifies. */
    final Bench.Result runnerUp;
    /** The candidates at a speed limit (never chosen), smallest first. */
    final List<Bench.Result> borderline = new ArrayList<>();
    /** The qualified candidates, smallest first. */
    final List<Bench.Result> qualified = new ArrayList<>();

    final List<String> lines = new ArrayList<>();

    private static final Comparator<Bench.Result> BY_SIZE =
            Comparator.<Bench.Result>comparingLong(r -> r.totalCompressed).thenComparing(r -> r.variant.label());

    /** Whether a change from the files' codec must be worth {@link #MIN_GAIN}: not when they are uncompressed. */
    private final boolean keepBase;

    Recommendation(List<Bench.Result> results, Variant baselineVariant) {
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
            runnerUp = null;
            smallest = null;
            fastestDecompression = null;
            keepBase = false;
            verdict = Verdict.NONE;
            lines.add("No recommendation: no compressing codec was measured.");
            return;
        }
        smallest = compressed.stream().min(BY_SIZE).get();
        fastestDecompression = compressed.stream()
                .max(Comparator.comparingDouble(r -> r.totalDecompress.median))
                .get();
        reference = base.variant.codec == CompressionCodecName.UNCOMPRESSED ? fastestDecompression : base;
        keepBase = base.variant.codec != CompressionCodecName.UNCOMPRESSED;

        for (Bench.Result r : compressed) {
            if (r == reference) {
                qualified.add(r);
                continue;
            }
            Bench.Spread d = Bench.speedRatio(r, reference, true);
            Bench.Spread c = Bench.speedRatio(r, reference, false);
            if (below(d, MIN_DECOMPRESS) || below(c, MIN_COMPRESS)) {
                continue; // clearly too slow
            }
            if (above(d, MIN_DECOMPRESS) && above(c, MIN_COMPRESS)) {
                qualified.add(r);
            } else {
                borderline.add(r);
            }
        }
        qualified.sort(BY_SIZE);
        borderline.sort(BY_SIZE);

        choice = choose(qualified);
        verdict = choice == base ? Verdict.KEEP : Verdict.SWITCH;
        List<Bench.Result> others = new ArrayList<>(qualified);
        others.remove(choice);
        runnerUp = others.isEmpty() ? null : choose(others);

        String baseName = base.variant.longLabel() + " (the files' codec)";
        if (verdict == Verdict.KEEP) {
            lines.add("Recommendation: keep " + base.variant.longLabel() + ": no codec measured is clearly better.");
        } else if (reference == base) {
            lines.add("Recommendation: " + compare(choice, base, baseName));
        } else {
            lines.add("Recommendation: " + choice.variant.longLabel() + ": " + smaller(choice, base) + " " + baseName
                    + ", decompresses at " + Text.speed(choice.totalDecompress.median) + " MB/s ("
                    + ratio(Bench.speedRatio(choice, reference, true)) + " the speed of "
                    + reference.variant.longLabel() + ", the fastest to decompress).");
        }
        lines.add("  (the rule: among the codecs " + limits()
                + ", one at most " + percent(SIZE_MARGIN) + " larger than another and clearly faster at compressing"
                + " or decompressing (the median per-pass speed ratio " + times(CLEARLY_FASTER)
                + " or more, the lower quartile 1x or more), without being clearly slower at the other, is preferred"
                + " to it; the choice is the"
                + " smallest codec none is preferred to, and it replaces the files' codec only when at least "
                + percent(MIN_GAIN) + " smaller. A borderline codec is never chosen.)");
        lines.add(
                runnerUp == null
                        ? "Runner-up: none: no other codec is clearly within the limits."
                        : "Runner-up: " + whyLost(runnerUp, choice));
        for (Bench.Result b : borderline) {
            lines.add("Borderline: " + borderlineLine(b));
        }
        if (smallest != choice && smallest != runnerUp && !borderline.contains(smallest)) {
            lines.add("Smallest: " + compare(smallest, base, baseName));
        }
        if (fastestDecompression != choice && fastestDecompression != base) {
            lines.add("Fastest to decompress: " + compare(fastestDecompression, base, baseName));
        }
    }

    /** Whether the spread is clearly below {@code limit}: all of it under the band around it. */
    private static boolean below(Bench.Spread s, double limit) {
        return s.high < limit * (1 - MARGIN);
    }

    /** Whether the spread is clearly above {@code limit}: all of it over the band around it. */
    private static boolean above(Bench.Spread s, double limit) {
        return s.low >= limit * (1 + MARGIN);
    }

    /** The knee of {@code candidates} ({@link #knee}), or the files' codec when it is not worth a change. */
    private Bench.Result choose(List<Bench.Result> candidates) {
        Bench.Result knee = knee(candidates);
        if (keepBase && candidates.contains(baseline) && knee != baseline && gain(knee, baseline) < MIN_GAIN) {
            return baseline;
        }
        return knee;
    }

    /** The smallest candidate to which no other is {@link #preferred}; the smallest one if every one has another. */
    static Bench.Result knee(List<Bench.Result> candidates) {
        List<Bench.Result> sorted = new ArrayList<>(candidates);
        sorted.sort(BY_SIZE);
        for (Bench.Result a : sorted) {
            if (preferredTo(a, sorted) == null) {
                return a;
            }
        }
        return sorted.get(0);
    }

    /** The first of {@code candidates} that is {@link #preferred} to {@code a}, or null. */
    static Bench.Result preferredTo(Bench.Result a, List<Bench.Result> candidates) {
        for (Bench.Result b : candidates) {
            if (preferred(b, a)) {
                return b;
            }
        }
        return null;
    }

    /**
     * Whether {@code b} is preferred to {@code a}: at most {@link #SIZE_MARGIN} larger, {@link #clearlyFaster} at
     * compressing or at decompressing, and not clearly slower at the other.
     */
    static boolean preferred(Bench.Result b, Bench.Result a) {
        if (b == a || b.totalCompressed > a.totalCompressed * (1 + SIZE_MARGIN)) {
            return false;
        }
        Bench.Spread c = Bench.speedRatio(b, a, false);
        Bench.Spread d = Bench.speedRatio(b, a, true);
        return (clearlyFaster(c) && !clearlySlower(d)) || (clearlyFaster(d) && !clearlySlower(c));
    }

    /** A per-pass ratio's median at least {@link #CLEARLY_FASTER} and its lower quartile at least 1. */
    static boolean clearlyFaster(Bench.Spread ratio) {
        return ratio.median >= CLEARLY_FASTER && ratio.q1 >= 1;
    }

    /** A per-pass ratio's median at most 1 / {@link #CLEARLY_FASTER} and its upper quartile at most 1. */
    static boolean clearlySlower(Bench.Spread ratio) {
        return ratio.median <= 1 / CLEARLY_FASTER && ratio.q3 <= 1;
    }

    /** "ZSTD level 9: 0.1 % smaller than ZSTD level 3, but ...": why {@code r} is not the choice {@code c}. */
    private String whyLost(Bench.Result r, Bench.Result c) {
        String name = r.variant.longLabel() + (r == baseline ? " (the files' codec)" : "");
        String cName = c.variant.longLabel() + (c == baseline ? " (the files' codec)" : " (the choice)");
        String speeds = "compresses at " + ratio(Bench.speedRatio(r, c, false)) + " and decompresses at "
                + ratio(Bench.speedRatio(r, c, true)) + " the speed of " + c.variant.longLabel();
        if (preferred(c, r)) {
            return name + ": " + smaller(r, c) + " " + cName
                    + (r.totalCompressed < c.totalCompressed ? ", but " : ", and ")
                    + speeds + ": " + c.variant.longLabel()
                    + (c.totalCompressed > r.totalCompressed
                            ? " is at most " + percent(SIZE_MARGIN) + " larger and clearly faster, so it is preferred."
                            : " is as small or smaller, and clearly faster.");
        }
        if (c == baseline && keepBase && gain(r, c) > 0) {
            return name + ": " + smaller(r, c) + " " + cName + ", less than the " + percent(MIN_GAIN)
                    + " a change needs; it " + speeds + ".";
        }
        if (r == baseline && keepBase) {
            return "keep " + name + ": " + c.variant.longLabel() + " is " + smaller(c, r) + " it.";
        }
        String why = r.totalCompressed > c.totalCompressed * (1 + SIZE_MARGIN)
                ? "more than " + percent(SIZE_MARGIN) + " larger"
                : r.totalCompressed > c.totalCompressed ? "larger, and not clearly faster" : "not preferred";
        return name + ": " + smaller(r, c) + " " + cName + "; it " + speeds + ": " + why + ".";
    }

    /** "ZSTD level 9: compresses at 0.12x (0.11-0.13x) the speed of SNAPPY, at the 0.1x limit; ...". */
    private String borderlineLine(Bench.Result b) {
        List<String> at = new ArrayList<>();
        Bench.Spread d = Bench.speedRatio(b, reference, true);
        Bench.Spread c = Bench.speedRatio(b, reference, false);
        if (!above(d, MIN_DECOMPRESS)) {
            at.add("decompresses at " + ratio(d) + " the speed of " + reference.variant.longLabel() + ", at the "
                    + times(MIN_DECOMPRESS) + " limit");
        }
        if (!above(c, MIN_COMPRESS)) {
            at.add("compresses at " + ratio(c) + " the speed of " + reference.variant.longLabel() + ", at the "
                    + times(MIN_COMPRESS) + " limit");
        }
        List<Bench.Result> with = new ArrayList<>(qualified);
        with.add(b);
        boolean wouldWin = choose(with) == b;
        String cName = choice.variant.longLabel() + (choice == baseline ? " (the files' codec)" : " (the choice)");
        return b.variant.longLabel() + ": " + String.join(" and ", at) + "; " + smaller(b, choice) + " " + cName
                + (wouldWin
                        ? ". Were it clearly within the limits it would be the choice: " + choice.variant.longLabel()
                                + " is kept, the safe choice (a longer --time or a quieter machine may decide)."
                        : ". It would not be the choice even within the limits.");
    }

    private String limits() {
        return "decompressing at " + times(MIN_DECOMPRESS) + " and compressing at " + times(MIN_COMPRESS)
                + " the speed of " + reference.variant.longLabel() + " or faster (the quartiles of the per-pass speed"
                + " ratios, or all of them with fewer than " + Bench.Spread.FEW + " passes, " + percent(MARGIN)
                + " clear of those limits; a codec whose spread reaches into that band is borderline)";
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

    /** "31 % smaller than", "0.1 % smaller than", "4.2 % larger than" or "as large as". */
    static String smaller(Bench.Result r, Bench.Result base) {
        double change = gain(r, base);
        double percent = Math.abs(change) * 100;
        String text =
                percent >= 9.5 ? String.valueOf(Math.round(percent)) : String.format(Locale.ROOT, "%.1f", percent);
        if (text.equals("0.0")) {
            return "as small as";
        }
        return text + " % " + (change > 0 ? "smaller" : "larger") + " than";
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
