package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.internal.DeferredDecompression;
import io.github.parquetcodecs.nohadoop.checks.CheckedPageReadStore;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Read-ahead decompression for one {@link HadoopFreeFileReader}: while the caller decodes the values of one page, the
 * next pages of each column are read (decompressed, checksums verified, runs checked) on a small executor of the
 * reader's own. See docs/configuration.md, "Read-ahead".
 *
 * <p>How it stays correct:
 *
 * <ul>
 *   <li>Each column's pages are taken from parquet-java's page reader in order and one at a time: the background task
 *       and the caller take the column's read lock around a take, and the task puts the page it took in the column's
 *       queue before it lets go. The take is quick: the page's decompression is put off ({@link
 *       DeferredDecompression}) and done after the lock is let go, with the checks parquet-java's reader would be
 *       followed by ({@link CheckedPageReadStore.Pages}), by whichever thread comes first: the task that took it, or
 *       the caller when it reaches a page no thread has started on. So the pages of one column are decompressed on
 *       two threads at once when the caller decodes faster than a task decompresses: a caller that finds the page it
 *       wants being decompressed takes and decompresses the next one meanwhile. When no page is queued, the caller
 *       takes the next one itself.
 *   <li>A page that failed to read is queued as its exception, which the caller gets, as it would have, when it reaches
 *       that page.
 *   <li>The decompressed pages held ahead of the caller are bounded, over the reader, by a byte budget (a task that
 *       finds it spent does not read; at most one page per thread goes over it) and, per column, by {@link #WINDOW}
 *       pages and by an even share of the budget beyond its first page. Which column is read next is the one whose queued pages reach least far into its chunk.
 *   <li>Closing a row group, reading another one, or closing the reader stops its read-ahead. Closing a row group also
 *       waits for its pages being decompressed and forgets the others, since parquet-java frees the buffers that hold
 *       their compressed bytes then; otherwise the caller may still take the pages queued. The executor's threads end
 *       one second after their last task, and when the reader is closed (which waits for them).
 * </ul>
 *
 * <p>It is used only where parquet-java's reading of a page is safe on another thread: with a {@link
 * HadoopFreeCodecFactory} (parquet-java's {@code CodecFactory} shares one decompressor among a codec's chunks), no
 * decryption, no metrics callback (called from the reading thread) and no direct allocator with off-heap decryption
 * buffers (the allocator would be called from the task). Columns stored UNCOMPRESSED are read by the caller.
 */
final class ReadAhead implements AutoCloseable {
    /** How many threads decompress ahead of the caller; 0: none (read-ahead off). */
    static final String THREADS = "parquet.codecs.read.ahead.threads";
    /** The most bytes of decompressed pages held ahead of the caller, over the reader. */
    static final String BYTES = "parquet.codecs.read.ahead.bytes";

    static final int DEFAULT_THREADS = 0;
    static final int MAX_THREADS = 64;
    static final long DEFAULT_BYTES = 32L << 20;
    static final long MIN_BYTES = 1L << 20;
    static final long MAX_BYTES = 1L << 40;
    /** The most pages read ahead of the caller in one column. */
    static final int WINDOW = 4;

    private static final AtomicInteger READERS = new AtomicInteger();

    private final int threads;
    private final long budget;
    private final String threadName;
    private final String file;

    /** Guards {@link #held}, {@link #stalled}, {@link #executor} and {@link #closed}. Never held while taking a column's monitor. */
    private final Object lock = new Object();

    private long held;
    private final List<Column> stalled = new ArrayList<>();
    private ThreadPoolExecutor executor;
    private boolean closed;
    private Store current;
    private final AtomicLong order = new AtomicLong();

    private ReadAhead(int threads, long budget, String file) {
        this.threads = threads;
        this.budget = budget;
        this.threadName = "parquet-codecs-read-ahead-" + READERS.incrementAndGet() + "-";
        this.file = file;
    }

    /**
     * The read-ahead {@code options} ask for on {@code file}, or {@code null} when they do not ask for it (no
     * threads) or it cannot be used (see the class comment).
     *
     * @throws IllegalArgumentException for a key whose value is not a number in its range
     */
    static ReadAhead of(ParquetReadOptions options, FileMetaData footer, String file) {
        int threads = (int) number(options, THREADS, DEFAULT_THREADS, 0, MAX_THREADS);
        long budget = number(options, BYTES, DEFAULT_BYTES, MIN_BYTES, MAX_BYTES);
        boolean safe = options.getCodecFactory() instanceof HadoopFreeCodecFactory
                && options.getDecryptionProperties() == null
                && options.getMetricsCallback() == null
                && !(options.getAllocator().isDirect() && options.useOffHeapDecryptBuffer())
                && footer.getEncryptionType() == FileMetaData.EncryptionType.UNENCRYPTED;
        return threads > 0 && safe ? new ReadAhead(threads, budget, file) : null;
    }

    /**
     * The value of {@code key} in {@code options}' properties, else in its configuration, else {@code
     * defaultValue}.
     */
    static long number(ParquetReadOptions options, String key, long defaultValue, long min, long max) {
        String value = options.getProperty(key);
        if (value == null && options.getConfiguration() != null) {
            value = options.getConfiguration().get(key);
        }
        return value == null ? defaultValue : parse(key, value, min, max);
    }

    /** {@code value} of {@code key} as a number from {@code min} to {@code max}, else an IllegalArgumentException. */
    static long parse(String key, String value, long min, long max) {
        long parsed;
        try {
            parsed = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    key + " must be a number from " + min + " to " + max + ", not '" + value + "'");
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max + ", not " + parsed);
        }
        return parsed;
    }

    /**
     * {@code rowGroup} (as the file reader hands it out) with its pages read ahead; the row group read before it
     * stops reading ahead. {@code block}: its metadata, whose UNCOMPRESSED columns are not read ahead ({@code null}:
     * not known). {@code columns}: the requested ones, which start reading ahead now (a caller that reads column
     * after column finds the next one's first pages read); any other starts when its page reader is asked for.
     */
    PageReadStore rowGroup(PageReadStore rowGroup, BlockMetaData block, List<ColumnDescriptor> columns) {
        Set<ColumnPath> uncompressed = new HashSet<>();
        if (block != null) {
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                if (chunk.getCodec() == CompressionCodecName.UNCOMPRESSED) {
                    uncompressed.add(chunk.getPath());
                }
            }
        }
        Store store = new Store(rowGroup, uncompressed);
        Store previous;
        synchronized (lock) {
            if (closed) {
                return rowGroup;
            }
            previous = current;
            current = store;
        }
        if (previous != null) {
            previous.stop(false);
        }
        for (ColumnDescriptor column : columns) {
            try {
                store.getPageReader(column);
            } catch (RuntimeException notThere) {
                // a requested column the row group has no chunk of: the caller gets the error when it asks for it
            }
        }
        return store;
    }

    /** Stops reading ahead, waits for the pages being read and for the threads to end. */
    @Override
    public void close() {
        Store last;
        ThreadPoolExecutor running;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            last = current;
            current = null;
            running = executor;
            stalled.clear();
        }
        if (last != null) {
            last.stop(false);
        }
        if (running != null) {
            running.shutdownNow();
            boolean interrupted = false;
            try {
                while (!running.awaitTermination(1, TimeUnit.SECONDS)) {
                    // a task finishes the page it reads (it never waits on anything else)
                }
                // the executor is terminated when its last task is done; its threads end just after
                List<Thread> threads;
                synchronized (started) {
                    threads = new ArrayList<>(started);
                    started.clear();
                }
                for (Thread thread : threads) {
                    thread.join();
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The bytes of decompressed pages held ahead of the caller now. */
    long heldBytes() {
        synchronized (lock) {
            return held;
        }
    }

    /** Whether another page may be read ahead; if not, {@code column} is read again when some bytes are freed. */
    private boolean reserve(Column column) {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            if (held >= budget) {
                if (!stalled.contains(column)) {
                    stalled.add(column);
                }
                return false;
            }
            return true;
        }
    }

    private void hold(long bytes) {
        synchronized (lock) {
            held += bytes;
        }
    }

    /** Frees {@code bytes} of the budget; the columns that found it spent, to schedule again. */
    private List<Column> free(long bytes) {
        synchronized (lock) {
            held -= bytes;
            if (stalled.isEmpty() || held >= budget) {
                return Collections.emptyList();
            }
            List<Column> again = new ArrayList<>(stalled);
            stalled.clear();
            return again;
        }
    }

    private boolean submit(Pump pump) {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            if (executor == null) {
                executor = new ThreadPoolExecutor(
                        threads, threads, 1, TimeUnit.SECONDS, new PriorityBlockingQueue<>(), this::newThread);
                executor.allowCoreThreadTimeOut(true);
            }
            try {
                executor.execute(pump);
                return true;
            } catch (RejectedExecutionException e) {
                return false;
            }
        }
    }

    private final AtomicInteger threadCount = new AtomicInteger();

    /** The threads started and maybe still running, for {@link #close()} to wait for. */
    private final List<Thread> started = new ArrayList<>();

    private Thread newThread(Runnable task) {
        // not a daemon: a reader left open keeps the JVM at most a second (the threads' keep-alive) after its last page
        Thread thread = new Thread(task, threadName + threadCount.incrementAndGet());
        synchronized (started) {
            started.removeIf(old -> !old.isAlive());
            started.add(thread);
        }
        return thread;
    }

    /** A row group whose columns' pages are read ahead. */
    final class Store implements PageReadStore {
        private final PageReadStore rowGroup;
        private final Set<ColumnPath> uncompressed;
        private final Map<ColumnDescriptor, Column> columns = new HashMap<>();
        /** How many columns read ahead; each may hold its share of the budget. */
        private volatile int reading;

        private boolean stopped;

        Store(PageReadStore rowGroup, Set<ColumnPath> uncompressed) {
            this.rowGroup = rowGroup;
            this.uncompressed = uncompressed;
        }

        @Override
        public PageReader getPageReader(ColumnDescriptor descriptor) {
            synchronized (columns) {
                Column column = columns.get(descriptor);
                if (column != null) {
                    return column;
                }
                PageReader pages = rowGroup.getPageReader(descriptor);
                if (!(pages instanceof CheckedPageReadStore.Pages)
                        || stopped
                        || uncompressed.contains(ColumnPath.get(descriptor.getPath()))) {
                    return pages;
                }
                column = new Column(this, (CheckedPageReadStore.Pages) pages, descriptor);
                columns.put(descriptor, column);
                reading = columns.size();
                column.schedule();
                return column;
            }
        }

        @Override
        public long getRowCount() {
            return rowGroup.getRowCount();
        }

        @Override
        public Optional<Long> getRowIndexOffset() {
            return rowGroup.getRowIndexOffset();
        }

        @Override
        public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
            return rowGroup.getRowIndexes();
        }

        @Override
        public void close() {
            stop(true);
            rowGroup.close();
        }

        /**
         * Stops reading ahead. {@code drop}: the row group is closed; waits for the pages being decompressed and forgets
         * the pages read ahead. Else the caller still gets them, and they no longer count against the budget.
         */
        void stop(boolean drop) {
            List<Column> all;
            synchronized (columns) {
                stopped = true;
                all = new ArrayList<>(columns.values());
            }
            for (Column column : all) {
                column.stop(drop);
            }
        }
    }

    /**
     * A page taken from parquet-java's reader, or the exception taking it threw. Until it is finished ({@link
     * Column#finish}), its decompression may be put off ({@link DeferredDecompression}) and the checks of {@link
     * CheckedPageReadStore.Pages#checked} are not made.
     */
    private static final class Ahead {
        /** Guarded by this object's monitor. */
        DataPage page;
        /** Guarded by this object's monitor. */
        RuntimeException failure;
        /** The decompression put off, or {@code null}. Guarded by this object's monitor. */
        DeferredDecompression deferred;
        /** Guarded by this object's monitor: not finished, and no thread has started finishing it. */
        boolean unfinished;
        /** Guarded by this object's monitor: a thread is finishing it. */
        boolean finishing;
        /** The bytes it counts against the budget while queued. Guarded by the column's monitor. */
        long bytes;

        Ahead(DataPage page, RuntimeException failure, DeferredDecompression deferred) {
            this.page = page;
            this.failure = failure;
            this.deferred = deferred;
            this.unfinished = page != null;
        }
    }

    /** One column of a row group, whose pages are read ahead of the caller. */
    private final class Column implements PageReader {
        private final Store store;
        private final CheckedPageReadStore.Pages pages;
        private final ColumnDescriptor descriptor;
        private final long totalValues;
        /**
         * Held around every call of parquet-java's page reader, by a task or the caller, and while a task queues the
         * page it took; taken before this column's monitor, never while holding it.
         */
        private final Object reading = new Object();
        /** Guarded by this column's monitor. */
        private final ArrayDeque<Ahead> ready = new ArrayDeque<>();

        /** The bytes of this column's queued pages that count against the budget. Guarded by this column's monitor. */
        private long holding;
        /** The bytes of the last page read ahead: the guess at the next one's. Guarded by this column's monitor. */
        private long last;

        private boolean done;
        private boolean stopped;
        /**
         * A task ended without queuing the page it took from parquet-java's reader (an Error). Guarded by this
         * column's monitor.
         */
        private boolean broken;

        /** The values of the pages taken from parquet-java's reader, by the tasks or the caller. */
        private volatile long values;

        private final AtomicBoolean scheduled = new AtomicBoolean();

        Column(Store store, CheckedPageReadStore.Pages pages, ColumnDescriptor descriptor) {
            this.store = store;
            this.pages = pages;
            this.descriptor = descriptor;
            this.totalValues = Math.max(1, pages.getTotalValueCount());
        }

        @Override
        public DictionaryPage readDictionaryPage() {
            synchronized (reading) {
                return pages.readDictionaryPage();
            }
        }

        @Override
        public long getTotalValueCount() {
            return pages.getTotalValueCount();
        }

        @Override
        public DataPage readPage() {
            Ahead taken = take();
            if (taken == null) {
                synchronized (reading) {
                    // a task may have queued the page while the caller waited for it
                    taken = take();
                    if (taken == null) {
                        synchronized (this) {
                            if (broken) {
                                throw new ParquetDecodingException("Cannot read the next page of column "
                                        + String.join(".", descriptor.getPath()) + " in " + file
                                        + ": reading it ahead ended with an error");
                            }
                        }
                        taken = poll();
                    }
                }
            }
            if (taken != null && taken.bytes > 0) {
                for (Column column : free(taken.bytes)) {
                    column.schedule();
                }
            }
            schedule();
            if (taken == null) {
                return null;
            }
            boolean inHand;
            synchronized (taken) {
                inHand = taken.finishing;
            }
            if (inHand) {
                help();
            }
            finish(taken);
            synchronized (taken) {
                if (taken.failure != null) {
                    throw taken.failure;
                }
                return taken.page;
            }
        }

        /**
         * While a task finishes the page the caller has taken, and no other is queued, the caller takes the next page
         * from parquet-java's reader, queues it and finishes it: a column whose pages the caller decodes faster than a
         * task decompresses them is decompressed on both threads.
         */
        private void help() {
            Ahead next;
            synchronized (reading) {
                synchronized (this) {
                    if (!ready.isEmpty() || stopped || done || broken) {
                        return;
                    }
                }
                next = takeIntoQueue(false);
            }
            if (next != null) {
                finish(next);
            }
        }

        /**
         * Takes the next page from parquet-java's reader into the queue and returns it, or {@code null} after the last
         * page or when taking it failed (the failure is queued: the caller goes on from here). {@code counted}: the page
         * counts against the budget (a task's, which reserved room for it). An Error marks the column broken: the page
         * taken from parquet-java's reader is lost. Holds {@link #reading}.
         */
        private Ahead takeIntoQueue(boolean counted) {
            Ahead next = null;
            RuntimeException failure = null;
            boolean taken = false;
            try {
                try {
                    next = poll();
                } catch (RuntimeException e) {
                    failure = e;
                }
                synchronized (this) {
                    if (next == null) {
                        done = true;
                        if (failure != null) {
                            ready.add(new Ahead(null, failure, null));
                        }
                    } else {
                        if (counted) {
                            long bytes = Math.max(0, next.page.getUncompressedSize());
                            next.bytes = bytes;
                            holding += bytes;
                            last = bytes;
                            hold(bytes);
                        }
                        ready.add(next);
                    }
                }
                taken = true;
            } finally {
                if (!taken) {
                    synchronized (this) {
                        broken = true;
                    }
                }
            }
            return next;
        }

        /** The oldest queued page, or {@code null}. */
        private Ahead take() {
            synchronized (this) {
                Ahead taken = ready.poll();
                if (taken != null) {
                    holding -= taken.bytes;
                }
                return taken;
            }
        }

        /**
         * The next page of parquet-java's reader, its decompression put off, or {@code null} after the last; what the
         * reader throws is thrown. Holds {@link #reading}.
         */
        private Ahead poll() {
            DeferredDecompression deferred = DeferredDecompression.start();
            DataPage page;
            try {
                page = pages.readUnchecked();
            } finally {
                deferred.stop();
            }
            if (page == null) {
                return null;
            }
            values += page.getValueCount();
            return new Ahead(page, null, deferred.deferred() ? deferred : null);
        }

        /**
         * Finishes {@code ahead} on this thread (decompresses it if that was put off, and makes the checks), unless it
         * is finished; if another thread is finishing it, waits for that.
         */
        private void finish(Ahead ahead) {
            DataPage taken;
            DeferredDecompression deferred;
            synchronized (ahead) {
                awaitFinished(ahead);
                if (!ahead.unfinished) {
                    return;
                }
                ahead.unfinished = false;
                ahead.finishing = true;
                taken = ahead.page;
                deferred = ahead.deferred;
            }
            DataPage page = null;
            RuntimeException failure = null;
            boolean ended = false;
            try {
                page = pages.checked(deferred == null ? taken : decompressed(taken, deferred));
                ended = true;
            } catch (RuntimeException e) {
                failure = e;
                ended = true;
            } finally {
                synchronized (ahead) {
                    ahead.page = page;
                    ahead.failure = ended
                            ? failure
                            : new ParquetDecodingException("Cannot read a page of column "
                                    + String.join(".", descriptor.getPath()) + " in " + file
                                    + ": the thread that decompressed it ended with an error");
                    ahead.deferred = null;
                    ahead.finishing = false;
                    ahead.notifyAll();
                }
            }
        }

        /** {@code page} on its bytes decompressed; what fails is thrown as parquet-java's {@code readPage()} would. */
        private DataPage decompressed(DataPage page, DeferredDecompression deferred) {
            BytesInput bytes;
            try {
                bytes = deferred.run();
            } catch (IOException e) {
                throw pages.named(new ParquetDecodingException("could not decompress page", e));
            } catch (RuntimeException e) {
                throw pages.named(e);
            }
            if (page instanceof DataPageV1) {
                return CheckedPageReadStore.withBytes((DataPageV1) page, bytes);
            }
            DataPageV2 v2 = (DataPageV2) page;
            return CheckedPageReadStore.withBytes(v2, v2.getRepetitionLevels(), v2.getDefinitionLevels(), bytes);
        }

        /** Waits while a thread finishes {@code ahead}. Holds its monitor. */
        private void awaitFinished(Ahead ahead) {
            boolean interrupted = false;
            while (ahead.finishing) {
                try {
                    ahead.wait();
                } catch (InterruptedException e) {
                    interrupted = true; // a page takes as long to finish as it would to read
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Whether a task should read this column's next page: fewer than {@link #WINDOW} queued, and none, or as many as
         * leave room for one more the size of the last within the column's share of the budget (so that columns the
         * caller reads later do not spend it all). Holds this column's monitor.
         */
        private boolean wanted() {
            return !stopped
                    && !done
                    && !broken
                    && ready.size() < WINDOW
                    && (ready.isEmpty() || holding + last <= budget / Math.max(1, store.reading));
        }

        void schedule() {
            if (scheduled.compareAndSet(false, true)) {
                if (!submit(new Pump(this, (double) values / totalValues, order.incrementAndGet()))) {
                    scheduled.set(false);
                }
            }
        }

        /**
         * A task's work: takes the next page into the queue if it is wanted and the budget allows, then finishes it
         * (unless the caller has started to).
         */
        void pump() {
            Ahead queued;
            boolean more;
            synchronized (reading) {
                synchronized (this) {
                    scheduled.set(false);
                    if (!wanted() || !reserve(this)) {
                        return;
                    }
                }
                queued = takeIntoQueue(true);
                synchronized (this) {
                    more = wanted();
                }
            }
            if (more) {
                schedule();
            }
            if (queued != null) {
                finish(queued);
            }
        }

        /** See {@link Store#stop}. */
        void stop(boolean drop) {
            long freed = 0;
            List<Ahead> left;
            synchronized (reading) { // waits for the page being taken
                synchronized (this) {
                    stopped = true;
                    for (Ahead ahead : ready) {
                        freed += ahead.bytes;
                        ahead.bytes = 0;
                    }
                    holding = 0;
                    left = new ArrayList<>(ready);
                    if (drop) {
                        ready.clear();
                    }
                }
            }
            if (drop) {
                // the row group is closed, and with it the buffers of the compressed pages: the pages being
                // decompressed are waited for, the others forgotten
                for (Ahead ahead : left) {
                    synchronized (ahead) {
                        awaitFinished(ahead);
                        ahead.unfinished = false;
                        ahead.deferred = null;
                    }
                }
            }
            if (freed > 0) {
                free(freed);
            }
        }
    }

    /** A task reading one column's next page; the column least far ahead first. */
    private static final class Pump implements Runnable, Comparable<Pump> {
        private final Column column;
        private final double reach;
        private final long order;

        Pump(Column column, double reach, long order) {
            this.column = column;
            this.reach = reach;
            this.order = order;
        }

        @Override
        public void run() {
            column.pump();
        }

        @Override
        public int compareTo(Pump other) {
            int byReach = Double.compare(reach, other.reach);
            return byReach != 0 ? byReach : Long.compare(order, other.order);
        }
    }
}
