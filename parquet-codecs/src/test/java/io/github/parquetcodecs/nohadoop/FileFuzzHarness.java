package io.github.parquetcodecs.nohadoop;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.parquetcodecs.internal.CodecSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * What one input of the file fuzzer does, shared by {@link FileFuzzTest} (Jazzer) and {@link CorruptFileSuiteTest}.
 *
 * <p>An input picks one file of {@link FileCorpus} and one to four corruptions, each as a disk, a truncated upload or
 * a buggy writer would make it: an integer field or a length of the thrift footer or of a page header set to an
 * interesting value (0, -1, huge, 2^31 - 9, near its old value, ...), bytes of a page's payload overwritten, bits
 * flipped anywhere, the file truncated, a range cut out of the data with the footer kept, or a range of another
 * corpus file spliced in. The result is read through one entry point, on a thread of its own with a time limit, and
 * must end as the contract says: all rows read, or an {@code IOException} or {@code ParquetDecodingException} whose
 * message names the file. Anything else (another exception, an {@code Error}, a hang past {@link #TIME_LIMIT_SECONDS},
 * or more heap allocated than {@link #allocationBound} allows) is a finding.
 */
final class FileFuzzHarness {
    private FileFuzzHarness() {}

    /** The largest decompressed page the readers accept here (the library's page limit). */
    static final int PAGE_LIMIT = 1 << 20;

    /** A read that takes longer than this is a hang. */
    static final int TIME_LIMIT_SECONDS = 20;

    /**
     * The heap a read of a file of {@code size} bytes may allocate: {@code 64 * size}, one page limit, and 16 MiB for
     * what any read costs (the reader, the codecs' buffers, the thrift decoder, the record materializer).
     */
    static long allocationBound(long size) {
        return 64 * size + PAGE_LIMIT + (16L << 20);
    }

    /** The two documented entry points, without and with read-ahead. */
    enum EntryPoint {
        /** {@code HadoopFreeParquet.openReader} with {@code GroupReadSupport}: every record. */
        OPEN_READER(true, false),
        /** {@code HadoopFreeParquet.openFile}: every row group, every page of every column, decompressed. */
        OPEN_FILE(false, false),
        /** {@link #OPEN_READER} with one read-ahead thread and the smallest budget ({@link #options(boolean)}). */
        OPEN_READER_AHEAD(true, true),
        /** {@link #OPEN_FILE} with one read-ahead thread and the smallest budget. */
        OPEN_FILE_AHEAD(false, true);

        final boolean records;
        final boolean ahead;

        EntryPoint(boolean records, boolean ahead) {
            this.records = records;
            this.ahead = ahead;
        }

        /** Reads {@code file}: the rows or the page bytes read. */
        long read(InputFile file) throws IOException {
            return records ? readRecords(file, ahead) : readPages(file, ahead);
        }
    }

    /** How a read ended. */
    enum Outcome {
        OK,
        IO_EXCEPTION,
        PARQUET_DECODING_EXCEPTION
    }

    /** [entry point][outcome]: how the reads ended. */
    static final AtomicLong[][] COUNTS = new AtomicLong[EntryPoint.values().length][];

    static {
        for (int i = 0; i < COUNTS.length; i++) {
            COUNTS[i] = new AtomicLong[] {new AtomicLong(), new AtomicLong(), new AtomicLong()};
        }
    }

    static final AtomicLong MOST_ALLOCATED_OVER_SIZE = new AtomicLong();

    static ParquetReadOptions options(boolean ahead) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.setInt(CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE, PAGE_LIMIT);
        HadoopFreeReadOptionsBuilder options = HadoopFreeParquet.readOptions(conf);
        if (ahead) {
            options.withReadAhead(1).withReadAheadBytes(ReadAhead.MIN_BYTES);
        }
        return options.build();
    }

    /**
     * What the read-ahead threads of the last read of this thread allocated: sampled just before the reader closes,
     * when its threads (which end with it, and are the only ones of their name while reads run one at a time) are
     * still there.
     */
    static final ThreadLocal<long[]> AHEAD_ALLOCATED = ThreadLocal.withInitial(() -> new long[1]);

    private static void sampleAheadThreads() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("parquet-codecs-read-ahead-")) {
                sum += Math.max(0, threads.getThreadAllocatedBytes(thread.getId()));
            }
        }
        AHEAD_ALLOCATED.get()[0] = sum;
    }

    // ---- corruptions ----

    /** Where the choices of an input come from: Jazzer's data, or a seeded random source (the suite's files). */
    interface Choices {
        int consumeInt(int min, int max);

        long consumeLong();

        byte[] consumeBytes(int count);

        static Choices of(FuzzedDataProvider data) {
            return new Choices() {
                @Override
                public int consumeInt(int min, int max) {
                    return data.consumeInt(min, max);
                }

                @Override
                public long consumeLong() {
                    return data.consumeLong();
                }

                @Override
                public byte[] consumeBytes(int count) {
                    return data.consumeBytes(count);
                }
            };
        }

        static Choices of(SplittableRandom random) {
            return new Choices() {
                @Override
                public int consumeInt(int min, int max) {
                    return min + (int) random.nextLong((long) max - min + 1);
                }

                @Override
                public long consumeLong() {
                    return random.nextLong();
                }

                @Override
                public byte[] consumeBytes(int count) {
                    byte[] bytes = new byte[count];
                    random.nextBytes(bytes);
                    return bytes;
                }
            };
        }
    }

    private static final long[] INTERESTING = {
        0,
        1,
        -1,
        2,
        3,
        7,
        8,
        15,
        16,
        255,
        256,
        4096,
        65535,
        65536,
        1 << 20,
        1 << 30,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE - 8,
        Integer.MIN_VALUE,
        1L << 32,
        Long.MAX_VALUE,
        Long.MIN_VALUE
    };

    /** The file (named {@code name}) that {@code data} makes from a corpus file. */
    static byte[] corrupt(Choices data, List<FileCorpus.File> corpus) {
        FileCorpus.File file = corpus.get(data.consumeInt(0, corpus.size() - 1));
        byte[] bytes = file.bytes;
        int corruptions = data.consumeInt(1, 4);
        for (int i = 0; i < corruptions && bytes.length > 0; i++) {
            bytes = corruptOnce(data, bytes, corpus);
        }
        return bytes;
    }

    private static byte[] corruptOnce(Choices data, byte[] bytes, List<FileCorpus.File> corpus) {
        int kind = data.consumeInt(0, 9);
        switch (kind) {
            case 0:
            case 1: { // a footer field
                List<CompactThrift.Token> tokens = footerTokens(bytes);
                if (tokens.isEmpty()) {
                    return flip(data, bytes);
                }
                return setToken(data, bytes, tokens.get(data.consumeInt(0, tokens.size() - 1)), true);
            }
            case 2:
            case 3: { // a page header field
                List<CompactThrift.Token> tokens = pageHeaderTokens(bytes);
                if (tokens.isEmpty()) {
                    return flip(data, bytes);
                }
                return setToken(data, bytes, tokens.get(data.consumeInt(0, tokens.size() - 1)), false);
            }
            case 4: { // payload bytes overwritten
                int footerStart = footerStart(bytes);
                int end = footerStart > 4 ? footerStart : bytes.length;
                int at = data.consumeInt(0, end - 1);
                byte[] junk = data.consumeBytes(data.consumeInt(1, 16));
                byte[] out = bytes.clone();
                System.arraycopy(junk, 0, out, at, Math.min(junk.length, out.length - at));
                return out;
            }
            case 5:
                return flip(data, bytes);
            case 6: // truncated
                return Arrays.copyOf(bytes, data.consumeInt(0, bytes.length - 1));
            case 7: { // a range cut out of the data, the footer kept
                int footerStart = footerStart(bytes);
                if (footerStart <= 5) {
                    return Arrays.copyOf(bytes, data.consumeInt(0, bytes.length - 1));
                }
                int from = data.consumeInt(4, footerStart - 1);
                int to = data.consumeInt(from + 1, footerStart);
                byte[] out = new byte[bytes.length - (to - from)];
                System.arraycopy(bytes, 0, out, 0, from);
                System.arraycopy(bytes, to, out, from, bytes.length - to);
                return out;
            }
            case 8: { // a range of a corpus file spliced in, over the same length
                byte[] other = corpus.get(data.consumeInt(0, corpus.size() - 1)).bytes;
                int length = data.consumeInt(1, Math.min(4096, Math.min(other.length, bytes.length)));
                int from = data.consumeInt(0, other.length - length);
                int to = data.consumeInt(0, bytes.length - length);
                byte[] out = bytes.clone();
                System.arraycopy(other, from, out, to, length);
                return out;
            }
            default: { // one to three bytes of one page's payload (levels, runs, values) set to any value
                List<int[]> payloads = new ArrayList<>();
                pageHeaders(bytes, payloads);
                if (payloads.isEmpty()) {
                    return flip(data, bytes);
                }
                int[] payload = payloads.get(data.consumeInt(0, payloads.size() - 1));
                byte[] out = bytes.clone();
                int changes = data.consumeInt(1, 3);
                for (int i = 0; i < changes; i++) {
                    out[payload[0] + data.consumeInt(0, payload[1] - 1)] = (byte) data.consumeInt(0, 255);
                }
                return out;
            }
        }
    }

    private static byte[] flip(Choices data, byte[] bytes) {
        byte[] out = bytes.clone();
        int flips = data.consumeInt(1, 8);
        for (int i = 0; i < flips; i++) {
            int at = data.consumeInt(0, out.length - 1);
            out[at] ^= (byte) (1 << data.consumeInt(0, 7));
        }
        return out;
    }

    /** The token's varint replaced by an interesting value; the footer's length fixed when it is in the footer. */
    private static byte[] setToken(Choices data, byte[] bytes, CompactThrift.Token token, boolean footer) {
        long old = CompactThrift.value(bytes, token);
        long value;
        int choice = data.consumeInt(0, 3);
        if (choice == 0) {
            value = old + data.consumeInt(-8, 8);
        } else if (choice == 1) {
            value = data.consumeLong();
        } else {
            value = INTERESTING[data.consumeInt(0, INTERESTING.length - 1)];
        }
        byte[] encoded =
                token.kind == CompactThrift.Kind.INT ? CompactThrift.zigzag(value) : CompactThrift.varint(value);
        byte[] out = new byte[bytes.length - token.length + encoded.length];
        System.arraycopy(bytes, 0, out, 0, token.offset);
        System.arraycopy(encoded, 0, out, token.offset, encoded.length);
        System.arraycopy(
                bytes,
                token.offset + token.length,
                out,
                token.offset + encoded.length,
                bytes.length - token.offset - token.length);
        if (footer) {
            int length = footerLength(bytes) + encoded.length - token.length;
            ByteBuffer.wrap(out, out.length - 8, 4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(length);
        }
        return out;
    }

    private static int footerLength(byte[] bytes) {
        if (bytes.length < 12) {
            return -1;
        }
        return ByteBuffer.wrap(bytes, bytes.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
    }

    /** Where the footer starts, or -1 when the file has none that fits. */
    private static int footerStart(byte[] bytes) {
        int length = footerLength(bytes);
        if (length <= 0 || length > bytes.length - 12) {
            return -1;
        }
        return bytes.length - 8 - length;
    }

    private static List<CompactThrift.Token> footerTokens(byte[] bytes) {
        int start = footerStart(bytes);
        if (start < 0) {
            return List.of();
        }
        try {
            return CompactThrift.parse(bytes, start, bytes.length - 8).tokens;
        } catch (IllegalArgumentException notThrift) {
            return List.of();
        }
    }

    /**
     * The tokens of the page headers of the file, found by walking from each column chunk's first page (as the
     * footer's tokens place it: ColumnMetaData's data_page_offset, dictionary_page_offset, total_compressed_size).
     */
    private static List<CompactThrift.Token> pageHeaderTokens(byte[] bytes) {
        return pageHeaders(bytes, new ArrayList<>());
    }

    /**
     * As {@link #pageHeaderTokens}, and adds to {@code payloads} each page's payload that is not empty, as {offset,
     * size}.
     */
    private static List<CompactThrift.Token> pageHeaders(byte[] bytes, List<int[]> payloads) {
        List<CompactThrift.Token> footer = footerTokens(bytes);
        int footerStart = footerStart(bytes);
        List<CompactThrift.Token> pages = new ArrayList<>();
        // ColumnMetaData fields (depth 3 in FileMetaData.row_groups[].columns[].meta_data): 7 total_compressed_size,
        // 9 data_page_offset, 11 dictionary_page_offset; the token parser records field ids at depth 0 only, so the
        // candidates are any varints whose value is a plausible page offset: a page header parses there
        List<Long> starts = new ArrayList<>();
        for (CompactThrift.Token token : footer) {
            if (token.kind == CompactThrift.Kind.INT) {
                long value = CompactThrift.value(bytes, token);
                if (value >= 4 && value < footerStart && !starts.contains(value) && starts.size() < 64) {
                    starts.add(value);
                }
            }
        }
        for (long start : starts) {
            int position = (int) start;
            for (int page = 0; page < 8 && position < footerStart; page++) {
                CompactThrift.Struct header;
                try {
                    header = CompactThrift.parse(bytes, position, footerStart);
                } catch (IllegalArgumentException notAHeader) {
                    break;
                }
                long size = -1;
                boolean hasType = false;
                for (CompactThrift.Token token : header.tokens) {
                    if (token.depth == 0 && token.fieldId == 1) {
                        hasType = true;
                    }
                    if (token.depth == 0 && token.fieldId == 3) {
                        size = CompactThrift.value(bytes, token);
                    }
                }
                if (!hasType || size < 0 || size > footerStart - header.end) {
                    break;
                }
                pages.addAll(header.tokens);
                if (size > 0) {
                    payloads.add(new int[] {header.end, (int) size});
                }
                position = header.end + (int) size;
            }
        }
        return pages;
    }

    // ---- reading ----

    private static ExecutorService executor = newExecutor();

    private static boolean warm;

    /** Reads every corpus file once through both entry points, uncounted. */
    private static synchronized void warmUp() {
        if (warm) {
            return;
        }
        warm = true;
        // the first reads load and initialise classes (codecs, thrift, converters): not what a file costs
        for (FileCorpus.File file : FileCorpus.files()) {
            for (EntryPoint entryPoint : EntryPoint.values()) {
                try {
                    executor.submit(() ->
                                    readAndMeasure(entryPoint, new BytesInputFile(file.name, file.bytes), 1L << 40))
                            .get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException("warming up on " + file.name, e);
                }
            }
        }
        for (AtomicLong[] counts : COUNTS) {
            for (AtomicLong count : counts) {
                count.set(0);
            }
        }
        MOST_ALLOCATED_OVER_SIZE.set(0);
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "file-fuzz-reader");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Reads {@code bytes} as the file {@code name} through {@code entryPoint} and returns how it ended; throws an
     * {@code AssertionError} for any ending outside the contract.
     */
    static Outcome read(EntryPoint entryPoint, String name, byte[] bytes) {
        warmUp();
        try {
            return readOnce(entryPoint, name, bytes);
        } catch (OverAllocated e) {
            // the first read of a path loads classes on the reader thread (tens of MB, once): a read over the bound
            // counts as a finding only if it is over again
            return readOnce(entryPoint, name, bytes);
        }
    }

    /** A read that allocated more than {@link #allocationBound} allows. */
    static final class OverAllocated extends AssertionError {
        private static final long serialVersionUID = 1L;

        OverAllocated(String message) {
            super(message);
        }
    }

    private static Outcome readOnce(EntryPoint entryPoint, String name, byte[] bytes) {
        InputFile file = new BytesInputFile(name, bytes);
        Future<Object> result = executor.submit(() -> readAndMeasure(entryPoint, file, bytes.length));
        Object ended;
        try {
            ended = result.get(TIME_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            result.cancel(true);
            executor.shutdownNow();
            executor = newExecutor();
            throw new AssertionError(entryPoint + " of " + name + " (" + bytes.length + " bytes) did not end within "
                    + TIME_LIMIT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException e) {
            throw new AssertionError(entryPoint + " of " + name + " failed outside the contract", e.getCause());
        }
        if (ended instanceof OverAllocated) {
            throw (OverAllocated) ended;
        }
        if (ended instanceof Throwable) {
            Throwable thrown = (Throwable) ended;
            throw new AssertionError(entryPoint + " of " + name + " ended outside the contract: " + thrown, thrown);
        }
        Outcome outcome = (Outcome) ended;
        COUNTS[entryPoint.ordinal()][outcome.ordinal()].incrementAndGet();
        return outcome;
    }

    /** The outcome, or what broke the contract (returned, so that an Error is reported, not caught and lost). */
    private static Object readAndMeasure(EntryPoint entryPoint, InputFile file, long size) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        Outcome outcome;
        try {
            long read = entryPoint.read(file);
            if (Boolean.getBoolean("file.fuzz.verbose")) {
                System.out.println(entryPoint + " read " + read + (entryPoint.records ? " rows" : " bytes"));
            }
            outcome = Outcome.OK;
        } catch (IOException | ParquetDecodingException e) {
            String message = String.valueOf(e.getMessage());
            if (!message.contains(file.toString())) {
                return new AssertionError("the message does not name the file " + file + ": " + stackTrace(e));
            }
            outcome = e instanceof IOException ? Outcome.IO_EXCEPTION : Outcome.PARQUET_DECODING_EXCEPTION;
            if (Boolean.getBoolean("file.fuzz.verbose")) {
                e.printStackTrace(System.out);
            }
        } catch (RuntimeException e) {
            return new AssertionError("not an IOException or ParquetDecodingException: " + stackTrace(e), e);
        }
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId())
                - before
                + (entryPoint.ahead ? AHEAD_ALLOCATED.get()[0] : 0);
        if (allocated > allocationBound(size)) {
            return new OverAllocated("reading " + size + " bytes allocated " + allocated + " bytes, more than "
                    + allocationBound(size) + " (" + outcome + ")");
        }
        long over = Math.max(0, allocated - PAGE_LIMIT) / Math.max(1, size);
        MOST_ALLOCATED_OVER_SIZE.accumulateAndGet(over, Math::max);
        return outcome;
    }

    private static String stackTrace(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    static long readRecords(InputFile file, boolean ahead) throws IOException {
        long rows = 0;
        AHEAD_ALLOCATED.get()[0] = 0;
        try (HadoopFreeRecordReader<Group> reader =
                HadoopFreeParquet.openReader(file, new GroupReadSupport(), options(ahead))) {
            try {
                while (reader.read() != null) {
                    rows++;
                }
            } finally {
                if (ahead) {
                    sampleAheadThreads();
                }
            }
        }
        return rows;
    }

    static long readPages(InputFile file, boolean ahead) throws IOException {
        AHEAD_ALLOCATED.get()[0] = 0;
        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(file, options(ahead))) {
            try {
                return readPages(reader);
            } finally {
                if (ahead) {
                    sampleAheadThreads();
                }
            }
        }
    }

    /** Reads every page of every column of every row group; returns their bytes. */
    static long readPages(HadoopFreeFileReader reader) throws IOException {
        long bytes = 0;
        List<ColumnDescriptor> columns = reader.getFileMetaData().getSchema().getColumns();
        for (PageReadStore rowGroup = reader.readNextRowGroup();
                rowGroup != null;
                rowGroup = reader.readNextRowGroup()) {
            for (ColumnDescriptor column : columns) {
                PageReader pages = rowGroup.getPageReader(column);
                DictionaryPage dictionary = pages.readDictionaryPage();
                if (dictionary != null) {
                    bytes += dictionary.getBytes().size();
                }
                for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
                    if (page instanceof DataPageV1) {
                        bytes += ((DataPageV1) page).getBytes().toByteArray().length;
                    } else {
                        bytes += ((DataPageV2) page).getData().toByteArray().length;
                    }
                }
            }
        }
        return bytes;
    }

    /** The outcome counts so far, for dev/fuzz's summary. */
    static String counts() {
        StringBuilder counts = new StringBuilder();
        for (EntryPoint entryPoint : EntryPoint.values()) {
            AtomicLong[] of = COUNTS[entryPoint.ordinal()];
            long total = of[0].get() + of[1].get() + of[2].get();
            if (total > 0) {
                counts.append(entryPoint)
                        .append(": ")
                        .append(total)
                        .append(" inputs: OK ")
                        .append(of[0].get())
                        .append(", IOException ")
                        .append(of[1].get())
                        .append(", ParquetDecodingException ")
                        .append(of[2].get())
                        .append("; ");
            }
        }
        return counts.append("most heap allocated beyond one page limit: ")
                .append(MOST_ALLOCATED_OVER_SIZE.get())
                .append(" x the file's size")
                .toString();
    }
}
