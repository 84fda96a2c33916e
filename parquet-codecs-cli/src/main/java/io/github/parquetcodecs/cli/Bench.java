package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;

/**
 * The measurement: every variant compresses and decompresses every column's pages once per round, the variants
 * interleaved (each round starts with the next one), so that machine noise hits all of them alike. Warm-up rounds
 * fill a quarter of the time budget, then timed rounds fill the rest; the result per variant and column is the
 * median over the timed rounds. Every round trip is checked byte for byte, outside the timed sections.
 */
final class Bench {
    /**
     * A column's pages are compressed (and decompressed) at least this many bytes per timed section, repeated if need
     * be: tens of microseconds even for the fastest codecs, against a timer that costs tens of nanoseconds.
     */
    static final long MIN_TIMED_BYTES = 32 * 1024;

    static final int MIN_TIMED_ROUNDS = 3;
    static final int MAX_TIMED_ROUNDS = 1000;

    /** The per-column pages, as arrays. */
    static final class ColumnPages {
        final String path;
        final byte[][] pages;
        final long bytes;
        /** How many times the pages are compressed (or decompressed) in one timed section. */
        final int reps;

        ColumnPages(PageSample.Column column) {
            path = column.path;
            pages = column.pageArray();
            bytes = column.bytes;
            reps = (int) Math.max(1, Math.min(10_000, (MIN_TIMED_BYTES + Math.max(bytes, 1) - 1) / Math.max(bytes, 1)));
        }
    }

    /** What a variant measured. */
    static final class Result {
        final Variant variant;
        final String implementation;
        /** Per column: compressed bytes, medians in nanoseconds per pass over the column's pages. */
        final long[] compressedBytes;

        final double[] compressNanos;
        final double[] decompressNanos;
        long totalCompressed;
        double totalCompressNanos;
        double totalDecompressNanos;

        Result(Variant variant, String implementation, int columns) {
            this.variant = variant;
            this.implementation = implementation;
            compressedBytes = new long[columns];
            compressNanos = new double[columns];
            decompressNanos = new double[columns];
        }

        double ratio(long uncompressed) {
            return totalCompressed == 0 ? Double.NaN : (double) uncompressed / totalCompressed;
        }
    }

    final List<ColumnPages> columns = new ArrayList<>();
    final long totalBytes;
    int warmupRounds;
    int timedRounds;
    double seconds;

    Bench(PageSample sample) {
        long total = 0;
        for (PageSample.Column column : sample.columns.values()) {
            if (column.pages.isEmpty()) {
                continue;
            }
            columns.add(new ColumnPages(column));
            total += column.bytes;
        }
        totalBytes = total;
    }

    /**
     * Runs {@code coders} (one per variant) for about {@code budgetNanos}; {@code progress} receives the fraction done.
     */
    List<Result> run(List<Variant> variants, List<Coder> coders, long budgetNanos, DoubleConsumer progress)
            throws IOException {
        int n = variants.size();
        int c = columns.size();
        byte[][][][] compressed = new byte[n][c][][];
        Object[][][] outputs = new Object[n][c][];
        List<Result> results = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            Result result = new Result(variants.get(v), coders.get(v).implementation(), c);
            for (int col = 0; col < c; col++) {
                byte[][] pages = columns.get(col).pages;
                compressed[v][col] = new byte[pages.length][];
                for (int p = 0; p < pages.length; p++) {
                    compressed[v][col][p] = coders.get(v).compressCopy(pages[p]);
                    result.compressedBytes[col] += compressed[v][col][p].length;
                }
                result.totalCompressed += result.compressedBytes[col];
                outputs[v][col] = new Object[pages.length];
            }
            results.add(result);
        }

        // samples[v][col][round]: nanoseconds per pass
        // bounded memory for the samples: at most 4 M per direction however many variants and columns
        int maxRounds = Math.max(MIN_TIMED_ROUNDS, Math.min(MAX_TIMED_ROUNDS, 4_000_000 / Math.max(1, n * c)));
        double[][][] compressSamples = new double[n][c][maxRounds];
        double[][][] decompressSamples = new double[n][c][maxRounds];
        long start = System.nanoTime();
        long warmupEnd = start + budgetNanos / 4;
        long end = start + budgetNanos;
        long sink = 0;
        int round = 0;
        int timed = 0;
        while (true) {
            long now = System.nanoTime();
            boolean warmup = round == 0 || now < warmupEnd;
            if (!warmup && timed >= MIN_TIMED_ROUNDS && (now >= end || timed >= maxRounds)) {
                break;
            }
            if (!warmup && timed == 0) {
                warmupRounds = round;
            }
            for (int k = 0; k < n; k++) {
                int v = (round + k) % n;
                Coder coder = coders.get(v);
                for (int col = 0; col < c; col++) {
                    ColumnPages pages = columns.get(col);
                    long t0 = System.nanoTime();
                    for (int r = 0; r < pages.reps; r++) {
                        sink += coder.compressAll(pages.pages);
                    }
                    long t1 = System.nanoTime();
                    for (int r = 0; r < pages.reps; r++) {
                        coder.decompressAll(compressed[v][col], pages.pages, outputs[v][col]);
                    }
                    long t2 = System.nanoTime();
                    for (int p = 0; p < pages.pages.length; p++) {
                        if (!coder.same(outputs[v][col][p], pages.pages[p])) {
                            throw new CliException(variants.get(v).longLabel() + ": page " + p + " of column "
                                    + pages.path + " did not decompress to the original bytes");
                        }
                    }
                    if (!warmup) {
                        compressSamples[v][col][timed] = (double) (t1 - t0) / pages.reps;
                        decompressSamples[v][col][timed] = (double) (t2 - t1) / pages.reps;
                    }
                }
                if (progress != null) {
                    progress.accept(Math.min(1.0, (double) (System.nanoTime() - start) / budgetNanos));
                }
            }
            if (!warmup) {
                timed++;
            }
            round++;
        }
        seconds = (System.nanoTime() - start) / 1e9;
        timedRounds = timed;
        if (sink == 42) {
            System.err.print(""); // keeps the compressed sizes alive
        }
        for (int v = 0; v < n; v++) {
            Result result = results.get(v);
            double[] compressTotals = new double[timed];
            double[] decompressTotals = new double[timed];
            for (int col = 0; col < c; col++) {
                result.compressNanos[col] = median(compressSamples[v][col], timed);
                result.decompressNanos[col] = median(decompressSamples[v][col], timed);
                for (int t = 0; t < timed; t++) {
                    compressTotals[t] += compressSamples[v][col][t];
                    decompressTotals[t] += decompressSamples[v][col][t];
                }
            }
            result.totalCompressNanos = median(compressTotals, timed);
            result.totalDecompressNanos = median(decompressTotals, timed);
        }
        return results;
    }

    static double median(double[] values, int count) {
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
    }

    /** MB/s (10^6 bytes per second) for {@code bytes} in {@code nanos}. */
    static double mbPerSecond(long bytes, double nanos) {
        return nanos <= 0 ? Double.POSITIVE_INFINITY : bytes * 1e3 / nanos;
    }
}
