package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The short advice at the end of a benchmark. The choice is the variant with the smallest output among those that
 * decompress at least {@link #MIN_DECOMPRESS} and compress at least {@link #MIN_COMPRESS} times as fast as the files'
 * codec. When the files are uncompressed, the speeds are compared with the fastest-decompressing codec measured.
 */
final class Recommendation {
    static final double MIN_DECOMPRESS = 0.5;
    static final double MIN_COMPRESS = 0.1;

    final Bench.Result baseline;
    /** Whose speeds the thresholds are relative to: the baseline, unless it is UNCOMPRESSED. */
    final Bench.Result reference;

    final Bench.Result choice;
    final Bench.Result smallest;
    final Bench.Result fastestDecompression;
    final List<String> lines = new ArrayList<>();

    Recommendation(List<Bench.Result> results, Variant baselineVariant, long uncompressedBytes) {
        List<Bench.Result> library = new ArrayList<>();
        List<Bench.Result> compressed = new ArrayList<>();
        Bench.Result base = null;
        for (Bench.Result r : results) {
            if (r.variant.bare) {
                continue;
            }
            library.add(r);
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
            lines.add("No recommendation: no compressing codec was measured.");
            return;
        }
        Comparator<Bench.Result> bySize = Comparator.<Bench.Result>comparingLong(r -> r.totalCompressed)
                .thenComparingDouble(r -> r.totalDecompressNanos);
        Comparator<Bench.Result> byDecompression = Comparator.comparingDouble(r -> r.totalDecompressNanos);
        smallest = compressed.stream().min(bySize).get();
        fastestDecompression = compressed.stream().min(byDecompression).get();
        reference = base.variant.codec == CompressionCodecName.UNCOMPRESSED ? fastestDecompression : base;
        double refDecompress = reference.totalDecompressNanos;
        double refCompress = reference.totalCompressNanos;
        choice = compressed.stream()
                .filter(r -> r == reference
                        || (refDecompress / r.totalDecompressNanos >= MIN_DECOMPRESS
                                && refCompress / r.totalCompressNanos >= MIN_COMPRESS))
                .min(bySize)
                .get();

        String baseName = base.variant.codec + " (the files' codec)";
        if (choice == base) {
            lines.add("Recommendation: keep " + base.variant.longLabel() + ": no codec measured is smaller while"
                    + " decompressing at " + times(MIN_DECOMPRESS) + " and compressing at " + times(MIN_COMPRESS)
                    + " its speed or faster.");
        } else if (reference == base) {
            lines.add("Recommendation: " + compare(choice, base, baseName));
        } else {
            lines.add("Recommendation: " + choice.variant.longLabel() + ": " + smaller(choice, base) + " "
                    + baseName + ", decompresses at "
                    + Text.speed(Bench.mbPerSecond(uncompressedBytes, choice.totalDecompressNanos)) + " MB/s ("
                    + times(reference.totalDecompressNanos / choice.totalDecompressNanos) + " the speed of "
                    + reference.variant.longLabel()
                    + ", the fastest to decompress).");
        }
        lines.add("  (the smallest output among codecs that decompress at " + times(MIN_DECOMPRESS) + " and compress"
                + " at " + times(MIN_COMPRESS) + " the speed of " + reference.variant.longLabel() + " or faster)");
        if (smallest != choice) {
            lines.add("Smallest: " + compare(smallest, base, baseName));
        }
        if (fastestDecompression != choice && fastestDecompression != base) {
            lines.add("Fastest to decompress: " + compare(fastestDecompression, base, baseName));
        }
    }

    private static String compare(Bench.Result r, Bench.Result base, String baseName) {
        String speeds = base.variant.codec == CompressionCodecName.UNCOMPRESSED
                ? ""
                : ", decompresses at " + times(base.totalDecompressNanos / r.totalDecompressNanos)
                        + " its speed, compresses at " + times(base.totalCompressNanos / r.totalCompressNanos);
        return r.variant.longLabel() + ": " + smaller(r, base) + " " + baseName + speeds + ".";
    }

    /** "31 % smaller than", "4 % larger than" or "as large as". */
    static String smaller(Bench.Result r, Bench.Result base) {
        double change = 1.0 - (double) r.totalCompressed / base.totalCompressed;
        long percent = Math.round(Math.abs(change) * 100);
        if (percent == 0) {
            return "as small as";
        }
        return percent + " % " + (change > 0 ? "smaller" : "larger") + " than";
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
                        && o.totalDecompressNanos <= r.totalDecompressNanos
                        && (o.totalCompressed < r.totalCompressed || o.totalDecompressNanos < r.totalDecompressNanos)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                front.add(r);
            }
        }
        front.sort(Comparator.comparingDouble(r -> r.totalDecompressNanos));
        return front;
    }
}
