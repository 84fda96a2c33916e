package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The measurement, within a time budget.
 *
 * <p>Each column's sampled pages are cut into chunks of about {@link #CHUNK_BYTES} (at most {@link #CHUNK_PAGES}
 * pages). One timed sample is one variant
 * compressing (or decompressing) one chunk, repeated to at least {@link #MIN_TIMED_BYTES} for tiny columns. A pass
 * takes every chunk once, and on each chunk every variant in turn, in the order of {@link #sequence} (each variant
 * first as often as the others, and after each other variant as often), so machine noise and what one variant leaves
 * to the next hit all of them alike, and every variant's passes can be compared pass by pass. Each sample's output is dropped
 * before the next sample is timed. A sample during which the JVM ran a garbage collection (seen through the {@link
 * GarbageCollectorMXBean}s) is timed again, up to {@link #GC_RETRIES} times; the collections' time is reported.
 *
 * <p>Warm-up takes {@link #WARMUP_SHARE} of the budget (chunks in pass order, all variants on each); it also measures
 * what a unit of work (bytes, and calls: {@link Chunk#work}) costs, from which the chunks timed are chosen: all of them when {@link #TARGET_PASSES} passes fit
 * the rest of the budget, else an even selection over each column (at least one chunk per column). Passes run while
 * another one fits the budget (at least {@link #MIN_PASSES}); when the first pass shows that fewer than {@link
 * Spread#FEW} fit, half its chunks are timed, from scratch ({@link #replan}). Every round trip of the first pass is
 * checked byte for byte (untimed). When all the chunks are timed, the sizes come from the first pass. When only some
 * are, a sizing phase first has every variant compress (untimed, once) as much of the sample as {@link #SIZING_SHARE}
 * of the budget allows (all of it when it fits), spread evenly over each column ({@link #size}); the sizes and ratios
 * are of those bytes ({@link #sizedBytes}), the speeds of the timed ones ({@link #totalBytes}). All columns' sizes are
 * each column's ratio applied to all its sampled bytes ({@link Result#totalCompressed}).
 *
 * <p>Per variant and column, the speed of a pass is the column's bytes over the time of its chunks in that pass (all
 * columns: all the bytes over all the time of the pass); rows show the median over the passes and the interquartile
 * range. {@link Spread#value} is all the bytes timed over all the time they took.
 */
final class Bench {
    static final int CHUNK_BYTES = 64 * 1024;
    /** Tiny pages cost each codec per call: a chunk holds at most this many, so that it stays short to time. */
    static final int CHUNK_PAGES = 64;
    /**
     * A chunk is compressed (or decompressed) at least this many bytes per timed sample, repeated if need be, until
     * its first sample shows that fewer repetitions last {@link #MIN_SAMPLE_NANOS}.
     */
    static final long MIN_TIMED_BYTES = 4 * 1024;
    /** A sample is repeated until it lasts this long at least (for a timer that costs tens of nanoseconds). */
    static final long MIN_SAMPLE_NANOS = 20_000;
    /** What a call costs besides its bytes, in bytes, for planning: tiny pages cost per page more than per byte. */
    static final long PAGE_OVERHEAD_BYTES = 1024;

    static final int TARGET_PASSES = 12;
    static final int MIN_PASSES = 2;
    static final double WARMUP_SHARE = 0.15;
    /**
     * When not every sampled chunk can be timed, at most this share of the budget goes to a sizing phase: every variant
     * compresses (untimed) as much of the sample once as fits, spread evenly over each column, so that sizes and
     * ratios are of many more bytes than the speeds.
     */
    static final double SIZING_SHARE = 0.3;

    static final int GC_RETRIES = 3;
    /** At most this many times the chunks timed are halved after a first pass ({@link #replan}). */
    static final int MAX_REPLANS = 3;
    /** A sample this many times slower than the fastest of its kind so far is timed again, once. */
    static final double BUSY_FACTOR = 2.0;

    /** Consecutive pages of one column, timed as one sample. */
    static final class Chunk {
        final int column;
        final byte[][] pages;
        final long bytes;
        final int reps;
        /** How much work a sample is, for planning: repetitions of the bytes and the calls. */
        final long work;

        Chunk(int column, List<byte[]> pages) {
            this.column = column;
            this.pages = pages.toArray(new byte[0][]);
            long total = 0;
            for (byte[] page : this.pages) {
                total += page.length;
            }
            bytes = total;
            reps = (int) Math.max(1, Math.min(10_000, (MIN_TIMED_BYTES + Math.max(bytes, 1) - 1) / Math.max(bytes, 1)));
            work = reps * (bytes + PAGE_OVERHEAD_BYTES * this.pages.length);
        }
    }

    /** A column's pages: those sampled, and the chunks timed. */
    static final class ColumnPages {
        final String path;
        final int index;
        final int pagesSampled;
        final long bytesSampled;
        final List<Chunk> all = new ArrayList<>();
        /** The chunks timed (all, or an even selection), their pages and bytes. */
        List<Chunk> timed = new ArrayList<>();

        int pages;
        long bytes;
        /**
         * The bytes whose compressed sizes the results hold ({@link Result#compressedBytes}): those timed, or more of
         * the sample when a sizing phase ran ({@link Bench#SIZING_SHARE}).
         */
        long sizedBytes;

        int sizedPages;

        ColumnPages(int index, PageSample.Column column) {
            path = column.path;
            this.index = index;
            pagesSampled = column.pages.size();
            bytesSampled = column.bytes;
            List<byte[]> current = new ArrayList<>();
            long size = 0;
            for (byte[] page : column.pages) {
                current.add(page);
                size += page.length;
                if (size >= CHUNK_BYTES || current.size() >= CHUNK_PAGES) {
                    all.add(new Chunk(index, current));
                    current = new ArrayList<>();
                    size = 0;
                }
            }
            if (!current.isEmpty()) {
                all.add(new Chunk(index, current));
            }
            select(1.0);
        }

        /** Times an even selection of {@code share} of the chunks (at least one). */
        void select(double share) {
            timed = selection(share);
            pages = 0;
            bytes = 0;
            for (Chunk chunk : timed) {
                pages += chunk.pages.length;
                bytes += chunk.bytes;
            }
            sizedPages = pages;
            sizedBytes = bytes;
        }

        /** An even selection of {@code share} of the chunks (all of them from 1; at least one, or part of one). */
        List<Chunk> selection(double share) {
            List<Chunk> chosen = new ArrayList<>();
            if (share >= 1.0) {
                chosen.addAll(all);
            } else {
                double credit = 0.5;
                for (Chunk chunk : all) {
                    credit += share;
                    if (credit >= 1.0) {
                        chosen.add(chunk);
                        credit -= 1.0;
                    }
                }
                if (chosen.isEmpty()) {
                    // less than a chunk: the first pages of the middle chunk, in proportion (at least one page)
                    Chunk middle = all.get(all.size() / 2);
                    int keep = (int) Math.max(1, Math.round(share * all.size() * middle.pages.length));
                    chosen.add(
                            keep >= middle.pages.length
                                    ? middle
                                    : new Chunk(
                                            index, Arrays.asList(middle.pages).subList(0, keep)));
                }
            }
            return chosen;
        }
    }

    /** Median and quartiles of per-pass values, and the overall figure. */
    static final class Spread {
        final double value;
        final double median;
        final double q1;
        final double q3;
        /**
         * The bounds a decision respects: the quartiles, or with fewer than {@link #FEW} passes (whose quartiles say
         * little) the smallest and the largest value.
         */
        final double low;

        final double high;

        Spread(double value, double median, double q1, double q3, double low, double high) {
            this.value = value;
            this.median = median;
            this.q1 = q1;
            this.q3 = q3;
            this.low = low;
            this.high = high;
        }

        static final int FEW = 8;

        static Spread of(double value, double[] samples) {
            double[] sorted = samples.clone();
            Arrays.sort(sorted);
            double q1 = quantile(sorted, 0.25);
            double q3 = quantile(sorted, 0.75);
            boolean few = sorted.length < FEW;
            return new Spread(
                    value,
                    quantile(sorted, 0.5),
                    q1,
                    q3,
                    few && sorted.length > 0 ? sorted[0] : q1,
                    few && sorted.length > 0 ? sorted[sorted.length - 1] : q3);
        }

        /** The interquartile range relative to the median, e.g. 0.04 for ±2 %. */
        double relativeWidth() {
            return median == 0 || !Double.isFinite(median) ? Double.NaN : (q3 - q1) / median;
        }
    }

    /** What a variant measured. */
    static final class Result {
        final Variant variant;
        final String implementation;
        /**
         * Per column: compressed bytes of the chunks sized ({@link ColumnPages#sizedBytes}: those timed, or more of the
         * sample when a sizing phase ran).
         */
        final long[] compressedBytes;

        /** All columns: the sum of {@link #compressedBytes}, the compressed size of {@link Bench#sizedBytes}. */
        long sizedCompressed;

        /**
         * All columns: the compressed size of the whole sample, estimated column by column (each column's sized bytes'
         * ratio applied to all its sampled bytes: exact when every byte is sized), so that a column sized more or less
         * than its share does not skew it. Its ratio is to {@link Bench#sampledBytes}.
         */
        long totalCompressed;
        /** Per pass, per column: nanoseconds for the column's timed chunks (once each). */
        final List<double[]> compressPasses = new ArrayList<>();

        final List<double[]> decompressPasses = new ArrayList<>();
        /** Per column, then all columns: MB/s. */
        Spread[] compress;

        Spread[] decompress;
        Spread totalCompress;
        Spread totalDecompress;

        /** The fastest undisturbed time per chunk so far, to see a sample the machine disturbed. */
        final java.util.Map<Chunk, Long> fastestCompress = new java.util.IdentityHashMap<>();

        final java.util.Map<Chunk, Long> fastestDecompress = new java.util.IdentityHashMap<>();

        Result(Variant variant, String implementation, int columns) {
            this.variant = variant;
            this.implementation = implementation;
            compressedBytes = new long[columns];
        }

        double ratio(long uncompressed) {
            return totalCompressed == 0 ? Double.NaN : (double) uncompressed / totalCompressed;
        }

        /** Nanoseconds of pass {@code pass} over all columns. */
        double passNanos(int pass, boolean decompression) {
            double total = 0;
            for (double nanos : (decompression ? decompressPasses : compressPasses).get(pass)) {
                total += nanos;
            }
            return total;
        }
    }

    final List<ColumnPages> columns = new ArrayList<>();
    /** Bytes of the chunks timed, over all columns. */
    long totalBytes;
    /** Bytes of the chunks sized, over all columns: what the sizes and ratios are of (at least {@link #totalBytes}). */
    long sizedBytes;
    /** Whether a sizing phase compressed more of the sample than is timed; its time. */
    boolean sizedApart;

    double sizingSeconds;

    long sampledBytes;
    int warmupRounds;
    int warmupUnits;
    int passes;
    double seconds;
    double warmupSeconds;
    /** Collections and their time during the measurement; samples timed again because of one. */
    long gcCount;

    long gcMillis;
    long samplesRetimed;
    long samplesWithGc;
    /** Samples timed again because they took more than {@link #BUSY_FACTOR} times the fastest so far. */
    long samplesBusy;

    long samples;
    /** The share of the sampled chunks timed, when not all of them fit. */
    double share = 1.0;

    /** Whether the sizes are recorded (by the sizing phase, or by a first pass): later passes record none. */
    private boolean sizesRecorded;

    /** Times the timed chunks were halved after a first pass showed that too few passes fit ({@link #replan}). */
    int replans;

    /** The nanoseconds of the last compression {@link #unit} timed (all repetitions). */
    private long lastCompressNanos;

    /** Repetitions per sample, per coder and chunk: as many as make a sample last {@link #MIN_SAMPLE_NANOS}. */
    private final java.util.Map<Coder, java.util.Map<Chunk, Integer>> reps = new java.util.IdentityHashMap<>();

    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();

    Bench(PageSample sample) {
        for (PageSample.Column column : sample.columns.values()) {
            if (column.bytes == 0) {
                continue;
            }
            columns.add(new ColumnPages(columns.size(), column));
            sampledBytes += column.bytes;
        }
        // the pages now live in the chunks only
        sample.columns.values().forEach(c -> c.pages.clear());
        totalBytes = sampledBytes;
        sizedBytes = sampledBytes;
    }

    private long gcCount() {
        long count = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            count += Math.max(0, collector.getCollectionCount());
        }
        return count;
    }

    private long gcMillis() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis;
    }

    /** Receives how far the run is: the fraction of the budget used and the seconds left. */
    interface Progress {
        void update(double fraction, double secondsLeft);
    }

    /** Runs {@code coders} (one per variant) for about {@code budgetNanos}. */
    List<Result> run(List<Variant> variants, List<Coder> coders, long budgetNanos, Progress progress)
            throws IOException {
        int n = variants.size();
        int c = columns.size();
        List<Result> results = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            results.add(new Result(variants.get(v), coders.get(v).implementation(), c));
        }
        long start = System.nanoTime();
        long gcCountStart = gcCount();
        long gcMillisStart = gcMillis();

        // all chunks, each column's spread over the pass, so that no column is timed all in one stretch
        List<Chunk> all = new ArrayList<>();
        for (ColumnPages column : columns) {
            all.addAll(column.all);
        }
        all.sort((x, y) -> Double.compare(position(x, x.column, true), position(y, y.column, true)));

        // warm-up: chunks in that order, every variant on each, until its share of the budget is used; the second
        // half of it also measures what a unit of work costs all variants together
        long warmupEnd = start + (long) (budgetNanos * WARMUP_SHARE);
        long halfway = start + (long) (budgetNanos * WARMUP_SHARE / 2);
        double warmNanos = 0;
        double warmCompressNanos = 0;
        double warmWork = 0;
        int next = 0;
        do {
            Chunk chunk = all.get(next % all.size());
            boolean measure = System.nanoTime() >= halfway;
            double nanos = 0;
            double compressNanos = 0;
            for (int k = 0; k < n; k++) {
                int v = (next + k) % n;
                nanos += unit(chunk, variants.get(v), coders.get(v), null, -1, false);
                compressNanos += lastCompressNanos;
            }
            if (measure || warmWork == 0) {
                if (!measure) {
                    warmNanos = 0; // only the first: replaced by later ones
                    warmCompressNanos = 0;
                }
                warmNanos += nanos;
                warmCompressNanos += compressNanos;
                warmWork += chunk.work;
            }
            next++;
            if (next % all.size() == 0) {
                warmupRounds++;
            }
            report(progress, start, budgetNanos);
        } while (System.nanoTime() < warmupEnd);
        warmupUnits = next;
        warmupSeconds = (System.nanoTime() - start) / 1e9;

        // which chunks fit TARGET_PASSES passes in what is left (a pass also checks, or times a sample again: 20 %)
        double costPerWork = warmNanos / Math.max(1, warmWork);
        double compressPerWork = warmCompressNanos / Math.max(1, warmWork);
        double passCost = 0;
        double sizingCost = 0;
        for (Chunk chunk : all) {
            passCost += costPerWork * chunk.work * 1.2;
            sizingCost += compressPerWork * chunk.work * 1.1;
        }
        double left = budgetNanos - (System.nanoTime() - start);
        share = fitShare(left / TARGET_PASSES, passCost);
        double sizingNanos = Math.min(budgetNanos * SIZING_SHARE, sizingCost);
        if (share < 1.0) {
            // not all is timed: the sizes come from more of the sample, every variant compressing each chunk once
            // (untimed), for at most SIZING_SHARE of the budget; the timed passes get the rest
            share = fitShare((left - sizingNanos) / TARGET_PASSES, passCost);
        }
        totalBytes = 0;
        for (ColumnPages column : columns) {
            column.select(share);
            totalBytes += column.bytes;
        }
        sizedBytes = totalBytes;
        if (totalBytes < sampledBytes) {
            size(variants, coders, results, (long) (budgetNanos * SIZING_SHARE));
            report(progress, start, budgetNanos);
        }
        for (ColumnPages column : columns) {
            column.all.clear(); // the chunks not timed are not kept
            column.all.addAll(column.timed);
        }
        List<Chunk> order = new ArrayList<>();
        for (ColumnPages column : columns) {
            order.addAll(column.timed);
        }
        order.sort((x, y) -> Double.compare(position(x, x.column, false), position(y, y.column, false)));

        long end = start + budgetNanos;
        List<Long> passNanos = new ArrayList<>();
        int units = 0;
        boolean checked = false;
        while (true) {
            long now = System.nanoTime();
            if (passes >= MIN_PASSES && now + typicalPass(passNanos) > end) {
                break;
            }
            for (Result r : results) {
                r.compressPasses.add(new double[c]);
                r.decompressPasses.add(new double[c]);
            }
            for (int i = 0; i < order.size(); i++) {
                Chunk chunk = order.get(i);
                int[] sequence = sequence(n, units++);
                for (int k = 0; k < n; k++) {
                    int v = sequence[k];
                    unit(chunk, variants.get(v), coders.get(v), results.get(v), passes, passes == 0 && !checked);
                }
                report(progress, start, budgetNanos);
            }
            passes++;
            long passTime = System.nanoTime() - now;
            passNanos.add(passTime);
            if (passes == 1) {
                checked = true;
                sizesRecorded = true;
                // the plan rests on a short warm-up, which a loaded machine or a few costly chunks can mislead: when
                // the first pass shows that fewer than Spread.FEW passes fit, half the chunks are timed, from scratch
                if ((end - System.nanoTime()) * 1.2 / passTime < Spread.FEW && replans < MAX_REPLANS && replan()) {
                    order = new ArrayList<>();
                    for (ColumnPages column : columns) {
                        order.addAll(column.timed);
                    }
                    order.sort((x, y) -> Double.compare(position(x, x.column, false), position(y, y.column, false)));
                    for (Result r : results) {
                        r.compressPasses.clear();
                        r.decompressPasses.clear();
                    }
                    passNanos.clear();
                    passes = 0;
                }
            }
        }
        seconds = (System.nanoTime() - start) / 1e9;
        gcCount = gcCount() - gcCountStart;
        gcMillis = gcMillis() - gcMillisStart;

        for (Result r : results) {
            double estimate = 0;
            for (int col = 0; col < c; col++) {
                ColumnPages column = columns.get(col);
                estimate += column.sizedBytes == 0
                        ? 0
                        : (double) r.compressedBytes[col] * column.bytesSampled / column.sizedBytes;
            }
            r.totalCompressed = Math.round(estimate);
            r.compress = new Spread[c];
            r.decompress = new Spread[c];
            for (int col = 0; col < c; col++) {
                r.compress[col] = spread(r.compressPasses, col, columns.get(col).bytes);
                r.decompress[col] = spread(r.decompressPasses, col, columns.get(col).bytes);
            }
            r.totalCompress = spread(r.compressPasses, -1, totalBytes);
            r.totalDecompress = spread(r.decompressPasses, -1, totalBytes);
        }
        return results;
    }

    /**
     * Halves the chunks timed in every column that has more than one (keeping every other one); false when no column
     * has. The round trips and the sizes of the first pass, of all the chunks it timed, are kept.
     */
    private boolean replan() {
        boolean halved = false;
        totalBytes = 0;
        for (ColumnPages column : columns) {
            if (column.timed.size() > 1) {
                List<Chunk> kept = new ArrayList<>();
                for (int i = 0; i < column.timed.size(); i += 2) {
                    kept.add(column.timed.get(i));
                }
                column.timed = kept;
                column.pages = 0;
                column.bytes = 0;
                for (Chunk chunk : kept) {
                    column.pages += chunk.pages.length;
                    column.bytes += chunk.bytes;
                }
                halved = true;
            }
            totalBytes += column.bytes;
        }
        if (halved) {
            replans++;
            share /= 2;
        }
        return halved;
    }

    /** The van der Corput radical inverse of {@code j} in base 2: 0, 0.5, 0.25, 0.75, 0.125, ... */
    static double radicalInverse(int j) {
        return Integer.toUnsignedLong(Integer.reverse(j)) / 4294967296.0;
    }

    /**
     * The share of the chunks that fits {@code fit} nanoseconds when all of them cost {@code cost}: 1, or a power of
     * two below it, so that runs on the same files time (or size) the same chunks unless their speeds differ 2x.
     */
    private static double fitShare(double fit, double cost) {
        if (cost <= fit) {
            return 1.0;
        }
        return Math.pow(2, Math.floor(Math.log(Math.max(fit, 1) / cost) / Math.log(2)));
    }

    /**
     * The sizing phase: every variant compresses chunks of the sample once, untimed, and the sizes are added up (the
     * output of one chunk held at a time), until the sample is done or {@code maxNanos} have passed (then at least one
     * chunk of every column, and as many bytes as are timed). So that any part of it is spread evenly, each column's
     * chunks go in van der Corput order (its middle, then its quarters, then its eighths, ...), and the columns
     * interleaved so that each is about as far through as the others: the first chunk of every column first. The
     * round trips are checked on the timed chunks only.
     */
    private void size(List<Variant> variants, List<Coder> coders, List<Result> results, long maxNanos)
            throws IOException {
        long started = System.nanoTime();
        long deadline = started + maxNanos;
        List<Chunk> order = new ArrayList<>();
        java.util.Map<Chunk, Double> position = new java.util.IdentityHashMap<>();
        for (ColumnPages column : columns) {
            List<Chunk> chunks = column.all;
            int k = chunks.size();
            boolean[] taken = new boolean[k];
            int ordinal = 0;
            for (int j = 0; ordinal < k; j++) {
                int index = (int) (radicalInverse(j) * k);
                if (!taken[index]) {
                    taken[index] = true;
                    position.put(chunks.get(index), (double) ordinal / k);
                    order.add(chunks.get(index));
                    ordinal++;
                }
            }
            column.sizedBytes = 0;
            column.sizedPages = 0;
        }
        order.sort((x, y) -> Double.compare(position.get(x), position.get(y)));
        sizedBytes = 0;
        for (Result r : results) {
            Arrays.fill(r.compressedBytes, 0);
            r.sizedCompressed = 0;
        }
        int columnsSized = 0;
        for (Chunk chunk : order) {
            if (System.nanoTime() > deadline && sizedBytes >= totalBytes && columnsSized == columns.size()) {
                break;
            }
            byte[][] compressed = new byte[chunk.pages.length][];
            for (int v = 0; v < variants.size(); v++) {
                Coder coder = coders.get(v);
                coder.prepareCompress(chunk.pages);
                coder.compress(chunk.pages, compressed);
                Result result = results.get(v);
                for (byte[] page : compressed) {
                    result.compressedBytes[chunk.column] += page.length;
                    result.sizedCompressed += page.length;
                }
                Arrays.fill(compressed, null);
            }
            ColumnPages column = columns.get(chunk.column);
            if (column.sizedBytes == 0) {
                columnsSized++;
            }
            column.sizedBytes += chunk.bytes;
            column.sizedPages += chunk.pages.length;
            sizedBytes += chunk.bytes;
        }
        sizedApart = true;
        sizesRecorded = true;
        sizingSeconds = (System.nanoTime() - started) / 1e9;
    }

    /**
     * How long a pass takes: the median of the passes so far, without the first (which also checks every round trip)
     * once there are others. Another pass starts when one of that length still fits the budget.
     */
    private static long typicalPass(List<Long> passNanos) {
        List<Long> list = new ArrayList<>(passNanos.size() > 1 ? passNanos.subList(1, passNanos.size()) : passNanos);
        if (list.isEmpty()) {
            return 0;
        }
        list.sort(null);
        return list.get(list.size() / 2);
    }

    /**
     * The order in which {@code n} variants run on the {@code unit}-th chunk of the passes: row {@code unit} of a
     * Williams design, a Latin square in which, over {@link #sequences} consecutive units, every variant runs once in
     * each position and right after every other variant equally often. A variant leaves the caches, the heap and the
     * CPU in a state the next one meets; in a plain rotation it always meets the same predecessor's (a bias of up to
     * 10 % between two rows doing the same work, measured for issue #23), here each meets every predecessor's alike.
     * Row 0 is 0, 1, n-1, 2, n-2, ...; row r adds r (mod n) to it; for odd n, rows n to 2n-1 are rows 0 to n-1
     * reversed.
     */
    static int[] sequence(int n, int unit) {
        int row = unit % sequences(n);
        int shift = row % n;
        int[] sequence = new int[n];
        for (int k = 0; k < n; k++) {
            int base = k % 2 == 1 ? (k + 1) / 2 : (n - k / 2) % n;
            sequence[row < n ? k : n - 1 - k] = (base + shift) % n;
        }
        return sequence;
    }

    /** The rows of the Williams design for {@code n} variants: n when n is even, 2n when it is odd. */
    static int sequences(int n) {
        return n % 2 == 0 ? n : 2 * n;
    }

    /** Where {@code chunk} is in its column, from 0 to 1. */
    private double position(Chunk chunk, int column, boolean all) {
        List<Chunk> list = all ? columns.get(column).all : columns.get(column).timed;
        return (list.indexOf(chunk) + 0.5) / list.size();
    }

    private static void report(Progress progress, long start, long budgetNanos) {
        if (progress != null) {
            long elapsed = System.nanoTime() - start;
            progress.update(Math.min(1.0, (double) elapsed / budgetNanos), Math.max(0, budgetNanos - elapsed) / 1e9);
        }
    }

    /**
     * One variant on one chunk: a timed compression, a timed decompression (each timed again when a collection ran
     * during it), the output dropped; on the first pass the sizes are recorded and every page is checked. Returns the
     * nanoseconds of both, all repetitions.
     */
    private double unit(Chunk chunk, Variant variant, Coder coder, Result result, int pass, boolean first)
            throws IOException {
        byte[][] pages = chunk.pages;
        byte[][] compressed = new byte[pages.length][];
        java.util.Map<Chunk, Integer> repsOf = reps.computeIfAbsent(coder, k -> new java.util.IdentityHashMap<>());
        // repetitions only where a sample would be too short for the timer: the first sample of a coder on a chunk is
        // one call (BROTLI on a tiny page costs tens of microseconds a call), repeated when it was too short
        int reps = repsOf.getOrDefault(chunk, 1);
        coder.prepareCompress(pages);
        long compressNanos = 0;
        for (int attempt = 0, adapted = 0; ; attempt++) {
            long gc = gcCount();
            long t0 = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                coder.compress(pages, compressed);
            }
            compressNanos = System.nanoTime() - t0;
            samples++;
            if (compressNanos < MIN_SAMPLE_NANOS && reps < chunk.reps && adapted++ < 2) {
                reps = repsFor(compressNanos / reps, chunk);
                attempt--;
                continue;
            }
            if (!retime(gc, compressNanos / reps, result, chunk, false, attempt)) {
                break;
            }
        }
        coder.prepareDecompress(compressed);
        long decompressNanos = 0;
        for (int attempt = 0, adapted = 0; ; attempt++) {
            Object[] outputs = new Object[pages.length];
            long gc = gcCount();
            long t0 = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                coder.decompress(compressed, pages, outputs);
            }
            decompressNanos = System.nanoTime() - t0;
            samples++;
            outputs = null; // dropped before anything else is timed
            if (decompressNanos < MIN_SAMPLE_NANOS && reps < chunk.reps && adapted++ < 2) {
                reps = Math.max(reps, repsFor(decompressNanos / reps, chunk));
                attempt--;
                continue;
            }
            if (!retime(gc, decompressNanos / reps, result, chunk, true, attempt)) {
                break;
            }
        }
        repsOf.put(chunk, reps);
        if (first) {
            int bad = coder.check(compressed, pages);
            if (bad >= 0) {
                throw new CliException(variant.longLabel() + ": a page of column " + columns.get(chunk.column).path
                        + " did not decompress to the original bytes");
            }
            if (!sizesRecorded) {
                for (byte[] page : compressed) {
                    result.compressedBytes[chunk.column] += page.length;
                    result.sizedCompressed += page.length;
                }
            }
        }
        lastCompressNanos = compressNanos;
        if (result != null) {
            result.compressPasses.get(pass)[chunk.column] += (double) compressNanos / reps;
            result.decompressPasses.get(pass)[chunk.column] += (double) decompressNanos / reps;
        }
        return compressNanos + decompressNanos;
    }

    /**
     * Whether a sample is timed again: when a garbage collection ran during it (up to {@link #GC_RETRIES} times), or
     * when it took more than {@link #BUSY_FACTOR} times the fastest time of this variant on this chunk so far (the
     * machine was busy elsewhere: another process had the core; once). Updates the fastest time.
     */
    private boolean retime(long gcBefore, long nanos, Result result, Chunk chunk, boolean decompression, int attempt) {
        boolean gc = gcCount() != gcBefore;
        if (gc) {
            if (attempt < GC_RETRIES) {
                samplesRetimed++;
                return true;
            }
            samplesWithGc++;
        }
        if (result == null) {
            return false;
        }
        java.util.Map<Chunk, Long> fastest = decompression ? result.fastestDecompress : result.fastestCompress;
        Long best = fastest.get(chunk);
        if (best != null && nanos > BUSY_FACTOR * best && attempt == 0) {
            samplesBusy++;
            return true;
        }
        if (!gc && (best == null || nanos < best)) {
            fastest.put(chunk, nanos);
        }
        return false;
    }

    /** Repetitions that make a sample of {@code nanosPerRep} last {@link #MIN_SAMPLE_NANOS}, at most the chunk's. */
    private static int repsFor(long nanosPerRep, Chunk chunk) {
        long per = Math.max(1, nanosPerRep);
        return (int) Math.max(1, Math.min(chunk.reps, 2 * ((MIN_SAMPLE_NANOS + per - 1) / per)));
    }

    /** MB/s per pass of column {@code col} (-1: all columns); the overall figure is all bytes over all time. */
    static Spread spread(List<double[]> passes, int col, long bytes) {
        double[] speeds = new double[passes.size()];
        double totalNanos = 0;
        for (int p = 0; p < passes.size(); p++) {
            double nanos = 0;
            if (col >= 0) {
                nanos = passes.get(p)[col];
            } else {
                for (double x : passes.get(p)) {
                    nanos += x;
                }
            }
            speeds[p] = mbPerSecond(bytes, nanos);
            totalNanos += nanos;
        }
        return Spread.of(mbPerSecond(bytes * (long) passes.size(), totalNanos), speeds);
    }

    /** Per-pass ratios {@code a}'s speed over {@code b}'s (paired: the same pass), all columns. */
    static Spread speedRatio(Result a, Result b, boolean decompression) {
        int count = Math.min(a.compressPasses.size(), b.compressPasses.size());
        double[] ratios = new double[count];
        double ta = 0;
        double tb = 0;
        for (int p = 0; p < count; p++) {
            double na = a.passNanos(p, decompression);
            double nb = b.passNanos(p, decompression);
            ratios[p] = nb / na;
            ta += na;
            tb += nb;
        }
        return Spread.of(tb / ta, ratios);
    }

    /** The {@code q} quantile of sorted {@code values}, interpolated linearly. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double index = q * (sorted.length - 1);
        int lower = (int) Math.floor(index);
        int upper = Math.min(sorted.length - 1, lower + 1);
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (index - lower);
    }

    static double median(double[] values, int count) {
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return quantile(sorted, 0.5);
    }

    /** MB/s (10^6 bytes per second) for {@code bytes} in {@code nanos}. */
    static double mbPerSecond(long bytes, double nanos) {
        return nanos <= 0 ? Double.POSITIVE_INFINITY : bytes * 1e3 / nanos;
    }
}
