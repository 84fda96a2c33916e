package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The threading and release semantics of {@link HadoopFreeCodecFactory}'s class comment: one factory shared by many
 * threads across all codecs, readers that share one factory while another reader closes (and so releases it), and a
 * handle released in one thread and used in another.
 */
class ConcurrencyTest {
    private static final int THREADS = 8;
    private static final long RUN_MILLIS = Long.getLong("parquet.codecs.stress.millis", 2000);
    private static final int MAX_PAGE = 1024 * 1024;
    private static final CompressionCodecName[] CODECS = CompressionCodecName.values();

    /** Holds the files that the reader test writes once and reads in both of its runs. */
    @TempDir
    static Path dir;

    private static SharedFiles filePerCodec;

    // ------------------------------------------------------------------------------------- codec level, raw pages

    /**
     * {@value #THREADS} threads share one factory for 2 s ({@code -Dparquet.codecs.stress.millis=N}; dev/soak runs 30 s),
     * each compressing and decompressing pages of its own (sizes from 0 to 1 MiB, compressible, random and real Parquet bytes) with every codec, through
     * {@code BytesInput} and through {@code ByteBuffer}s (heap, direct and mixed), checking bytes and CRC32. Every
     * thread also decodes through decompressors that the main thread created, which their lock serialises. With {@code
     * releaseConcurrently} one more thread calls the factory's {@code release()} all the while, as parquet-java's
     * readers and writers do when they close.
     */
    @ParameterizedTest(name = "factory released concurrently: {0}")
    @ValueSource(booleans = {false, true})
    void oneFactorySharedByManyThreadsAcrossAllCodecs(boolean releaseConcurrently) throws Exception {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        Map<CompressionCodecName, BytesInputDecompressor> shared = new EnumMap<>(CompressionCodecName.class);
        for (CompressionCodecName codec : CODECS) {
            shared.put(codec, factory.getDecompressor(codec));
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RUN_MILLIS);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger releases = new AtomicInteger();
        int[][] pagesPerThreadAndCodec = new int[THREADS][CODECS.length];

        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            tasks.add(() -> {
                Worker worker = new Worker(factory, shared, thread);
                // the first round runs every codec; later rounds stop at the deadline, even mid-round
                List<CompressionCodecName> order = new ArrayList<>(Arrays.asList(CODECS));
                Random shuffle = new Random(thread * 7919L);
                for (long round = 0; round == 0 || System.nanoTime() < deadline; round++) {
                    // every thread in an order of its own, so that threads meet on the same codec (and on the shared
                    // decompressors) at random
                    Collections.shuffle(order, shuffle);
                    for (int c = 0; c < CODECS.length && (round == 0 || System.nanoTime() < deadline); c++) {
                        CompressionCodecName codec = order.get(c);
                        worker.roundTrip(codec, round);
                        pagesPerThreadAndCodec[thread][codec.ordinal()]++;
                    }
                }
                return null;
            });
        }
        if (releaseConcurrently) {
            tasks.add(() -> {
                while (!stop.get()) {
                    factory.release();
                    releases.incrementAndGet();
                    Thread.sleep(2);
                }
                return null;
            });
        }
        runAll(tasks, THREADS, stop);

        for (int t = 0; t < THREADS; t++) {
            for (CompressionCodecName codec : CODECS) {
                assertTrue(pagesPerThreadAndCodec[t][codec.ordinal()] > 0, "thread " + t + " never ran " + codec);
            }
        }
        if (releaseConcurrently) {
            assertTrue(releases.get() > 10, "release() ran " + releases.get() + " times");
        }
        factory.release();
    }

    /** One thread's pages and buffers; direct buffers are reused, as a reader would. */
    private static final class Worker {
        private final HadoopFreeCodecFactory factory;
        private final Map<CompressionCodecName, BytesInputDecompressor> shared;
        private final int thread;
        private final Random random;
        private final ByteBuffer directIn = ByteBuffer.allocateDirect(2 * MAX_PAGE);
        private final ByteBuffer directOut = ByteBuffer.allocateDirect(2 * MAX_PAGE);
        private int pages;

        Worker(HadoopFreeCodecFactory factory, Map<CompressionCodecName, BytesInputDecompressor> shared, int thread) {
            this.factory = factory;
            this.shared = shared;
            this.thread = thread;
            this.random = new Random(thread);
        }

        void roundTrip(CompressionCodecName codec, long round) throws IOException {
            int size = pageSize();
            TestData.Shape shape = TestData.Shape.values()[random.nextInt(TestData.Shape.values().length)];
            // a seed of its own for every page of every thread
            long seed = ((long) thread << 40) ^ ((long) pages++ << 8) ^ codec.ordinal();
            byte[] page = TestData.page(shape, size, seed);
            long crc = crc(page, 0, size);
            String what = codec + " thread " + thread + " round " + round + " page of " + size + " " + shape + " bytes";

            // compress from a heap page and from a direct page (a BytesInput over a direct buffer)
            BytesInputCompressor compressor = factory.getCompressor(codec);
            byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();
            directIn.clear();
            directIn.put(page).flip();
            byte[] compressedFromDirect =
                    compressor.compress(BytesInput.from(directIn)).toByteArray();

            BytesInputDecompressor decompressor = factory.getDecompressor(codec);
            for (byte[] input : new byte[][] {compressed, compressedFromDirect}) {
                // BytesInput path, with this thread's decompressor and with the main thread's
                check(
                        what,
                        page,
                        crc,
                        decompressor.decompress(BytesInput.from(input), size).toByteArray());
                check(
                        what + " (shared decompressor)",
                        page,
                        crc,
                        shared.get(codec)
                                .decompress(BytesInput.from(input), size)
                                .toByteArray());

                // ByteBuffer path: heap to heap, direct to direct, heap to direct
                ByteBuffer heapOut = ByteBuffer.allocate(size);
                decompressor.decompress(ByteBuffer.wrap(input), input.length, heapOut, size);
                assertEquals(size, heapOut.position(), what);
                check(what + " (heap buffers)", page, crc, heapOut.array());

                directIn.clear();
                directIn.put(input).flip();
                directOut.clear();
                decompressor.decompress(directIn, input.length, directOut, size);
                checkDirect(what + " (direct buffers)", page, crc, directOut, size);

                directOut.clear();
                decompressor.decompress(ByteBuffer.wrap(input), input.length, directOut, size);
                checkDirect(what + " (heap to direct)", page, crc, directOut, size);

                // a mixed pair goes through the decompressor's scratch space: shared, it must still be exact
                directOut.clear();
                shared.get(codec).decompress(ByteBuffer.wrap(input), input.length, directOut, size);
                checkDirect(what + " (shared decompressor, heap to direct)", page, crc, directOut, size);
            }
        }

        private int pageSize() {
            int pick = random.nextInt(20);
            if (pick == 0) {
                return 0;
            } else if (pick == 1) {
                return 1 + random.nextInt(16);
            } else if (pick == 2) {
                return MAX_PAGE; // a large page now and then
            } else {
                return random.nextInt(96 * 1024);
            }
        }

        private static void checkDirect(String what, byte[] page, long crc, ByteBuffer out, int size) {
            assertEquals(size, out.position(), what + ": output position");
            byte[] decoded = new byte[size];
            out.flip();
            out.get(decoded);
            check(what, page, crc, decoded);
        }

        private static void check(String what, byte[] page, long crc, byte[] decoded) {
            assertEquals(crc, crc(decoded, 0, decoded.length), what + ": CRC32");
            assertArrayEquals(page, decoded, what);
        }
    }

    private static long crc(byte[] bytes, int offset, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, offset, length);
        return crc.getValue();
    }

    /**
     * Runs the first {@code workers} tasks to completion and the rest (helpers that loop until {@code stop}) alongside
     * them; any exception or error in any task fails the test, with the others attached.
     */
    private static void runAll(List<Callable<Void>> tasks, int workers, AtomicBoolean stop) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (Callable<Void> task : tasks) {
                futures.add(pool.submit(() -> {
                    try {
                        return task.call();
                    } catch (Throwable e) { // AssertionError, OutOfMemoryError, ...: all fail the test
                        failures.add(e);
                        stop.set(true);
                        throw e;
                    }
                }));
            }
            for (int i = 0; i < futures.size(); i++) {
                if (i == workers) {
                    stop.set(true); // the workers are done: end the helpers
                }
                try {
                    futures.get(i).get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    // collected in failures
                } catch (TimeoutException e) {
                    failures.add(new AssertionError("task " + i + " did not finish within 60 s", e));
                    stop.set(true);
                }
            }
        } finally {
            stop.set(true);
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "threads did not end");
        }
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError(failures.size() + " thread(s) failed; first: " + failures.peek());
            failures.forEach(error::addSuppressed);
            throw error;
        }
    }

    // ------------------------------------------------------------------------------------- readers sharing a factory

    private static final int FILE_ROWS = 2000;
    private static final int FILE_ROW_GROUP_ROWS = 500;
    private static final int PASSES = 2;

    /**
     * The files that one reader of {@link #readersSharingOneFactoryGoOnWhileAnotherCloses(SharedFiles, boolean)} reads
     * side by side, row by row, with the records each must give. Together they hold one column per codec, so that
     * every read decodes all eight: on every parquet-java release one file per codec ({@link #filePerCodec}); from
     * 1.18 on, which writes per-column codecs, also one file with all eight ({@code PerColumnCodecConcurrencyTest}).
     */
    static final class SharedFiles {
        final List<InputFile> files = new ArrayList<>();
        final List<MessageType> schemas = new ArrayList<>();
        final List<List<String>> expected = new ArrayList<>();

        /**
         * Writes {@code path} with an {@code id} column and one column for each of {@code codecs}, in row groups of
         * {@value #FILE_ROW_GROUP_ROWS} rows (see {@link RowGroups}); {@code codecChoice} sets the file's codecs on the
         * builder.
         */
        SharedFiles add(
                Path path, List<CompressionCodecName> codecs, UnaryOperator<ExampleParquetWriter.Builder> codecChoice)
                throws IOException {
            MessageType schema = fileSchema(codecs);
            SimpleGroupFactory groups = new SimpleGroupFactory(schema);
            RowGroups.write(
                    path,
                    file -> codecChoice.apply(ExampleParquetWriter.builder(file)
                            .withType(schema)
                            .withCodecFactory(new HadoopFreeCodecFactory())
                            .withPageSize(4 * 1024)
                            .withDictionaryEncoding(false)),
                    FILE_ROWS,
                    FILE_ROW_GROUP_ROWS,
                    i -> fileRow(groups, schema, i));
            List<String> records = new ArrayList<>();
            for (int i = 0; i < FILE_ROWS; i++) {
                records.add(GroupFiles.describe(fileRow(groups, schema, i)));
            }
            files.add(new LocalInputFile(path));
            schemas.add(schema);
            expected.add(records);
            return this;
        }
    }

    /** An {@code id} column and one column per codec. */
    static MessageType fileSchema(List<CompressionCodecName> codecs) {
        StringBuilder schema = new StringBuilder("message shared {\n  required int64 id;\n");
        for (CompressionCodecName codec : codecs) {
            schema.append("  required binary ").append(column(codec)).append(";\n");
        }
        return MessageTypeParser.parseMessageType(schema.append("}").toString());
    }

    static String column(CompressionCodecName codec) {
        return "c_" + codec.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Row {@code i}: a codec's column holds the same values in whichever file it is. */
    private static Group fileRow(SimpleGroupFactory groups, MessageType schema, int i) {
        Group group = groups.newGroup().append("id", (long) i);
        for (CompressionCodecName codec : CODECS) {
            if (!schema.containsField(column(codec))) {
                continue;
            }
            TestData.Shape shape = i % 4 == 0 ? TestData.Shape.PARQUET : TestData.Shape.COMPRESSIBLE;
            group.append(
                    column(codec),
                    Binary.fromConstantByteArray(TestData.page(shape, 20 + (i * 13) % 200, i * 31L + codec.ordinal())));
        }
        return group;
    }

    /** One file per codec, all columns of a file in its codec: what parquet-java releases before 1.18 can write. */
    private static synchronized SharedFiles filePerCodec() throws IOException {
        if (filePerCodec == null) {
            SharedFiles files = new SharedFiles();
            for (CompressionCodecName codec : CODECS) {
                files.add(
                        dir.resolve("shared-" + codec + ".parquet"),
                        List.of(codec),
                        builder -> builder.withCompressionCodec(codec));
            }
            filePerCodec = files;
        }
        return filePerCodec;
    }

    /**
     * Reads records of open readers of {@link SharedFiles}, side by side and row group by row group, and checks each
     * against the expected ones.
     */
    private static final class CheckingReader implements AutoCloseable {
        private final List<FileReader> readers = new ArrayList<>();

        CheckingReader(SharedFiles files, ParquetReadOptions options) throws IOException {
            try {
                for (int f = 0; f < files.files.size(); f++) {
                    readers.add(new FileReader(files, f, options));
                }
            } catch (IOException | RuntimeException e) {
                close();
                throw e;
            }
        }

        /** Reads and checks up to {@code count} records of every file; returns false at the end of the files. */
        boolean read(int count) throws IOException {
            for (int i = 0; i < count; i++) {
                boolean more = readers.get(0).next();
                for (int f = 1; f < readers.size(); f++) {
                    assertEquals(more, readers.get(f).next(), "file " + f + " and file 0 end at different rows");
                }
                if (!more) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void close() throws IOException {
            // parquet-java's close() calls options.getCodecFactory().release()
            IOException failure = null;
            for (FileReader reader : readers) {
                try {
                    reader.reader.close();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** One file of a {@link CheckingReader}. */
    private static final class FileReader {
        private final ParquetFileReader reader;
        private final MessageType schema;
        private final List<String> expected;
        private final MessageColumnIO columnIO;
        private RecordReader<Group> records;
        private long left;
        private int next;

        FileReader(SharedFiles files, int file, ParquetReadOptions options) throws IOException {
            this.schema = files.schemas.get(file);
            this.expected = files.expected.get(file);
            this.columnIO = new ColumnIOFactory().getColumnIO(schema);
            this.reader = GroupFiles.open(files.files.get(file), options);
        }

        /** Reads and checks the next record; returns false at the end of the file. */
        boolean next() throws IOException {
            if (left == 0) {
                PageReadStore rowGroup = reader.readNextRowGroup();
                if (rowGroup == null) {
                    assertEquals(expected.size(), next, "records read");
                    return false;
                }
                records = columnIO.getRecordReader(rowGroup, new GroupRecordConverter(schema));
                left = rowGroup.getRowCount();
            }
            String record = GroupFiles.describe(records.read());
            left--;
            assertEquals(expected.get(next), record, "record " + next);
            next++;
            return true;
        }
    }

    /** {@link #readersSharingOneFactoryGoOnWhileAnotherCloses(SharedFiles, boolean)} with one file per codec. */
    @ParameterizedTest(name = "direct buffers: {0}")
    @ValueSource(booleans = {false, true})
    void readersSharingOneFactoryGoOnWhileAnotherCloses(boolean direct) throws Exception {
        readersSharingOneFactoryGoOnWhileAnotherCloses(filePerCodec(), direct);
    }

    /**
     * Several {@link ParquetFileReader}s share one {@link ParquetReadOptions}, hence one factory, and read
     * concurrently. First, deterministically: all readers stop in the middle of their first row group while another
     * reader on the same options closes, which releases the factory; they then read on, mid-row-group. Then, freely:
     * the readers read the whole file over and over while one more reader keeps opening, reading and closing. (A
     * reader here reads every file of {@code files}.)
     */
    static void readersSharingOneFactoryGoOnWhileAnotherCloses(SharedFiles files, boolean direct) throws Exception {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        ParquetReadOptions options = direct ? GroupFiles.ourDirectOptions(factory) : GroupFiles.ourHeapOptions(factory);
        int readers = 4;
        CountDownLatch midRowGroup = new CountDownLatch(readers);
        CountDownLatch closed = new CountDownLatch(1);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger closes = new AtomicInteger();
        AtomicInteger passes = new AtomicInteger();

        List<Callable<Void>> tasks = new ArrayList<>();
        for (int r = 0; r < readers; r++) {
            tasks.add(() -> {
                try (CheckingReader reader = new CheckingReader(files, options)) {
                    assertTrue(reader.read(FILE_ROW_GROUP_ROWS / 2));
                    midRowGroup.countDown();
                    assertTrue(closed.await(30, TimeUnit.SECONDS), "the closing reader did not close");
                    while (reader.read(100)) {
                        // reads on after the shared factory was released
                    }
                }
                for (int pass = 0; pass < PASSES && !stop.get(); pass++) {
                    try (CheckingReader reader = new CheckingReader(files, options)) {
                        while (reader.read(250)) {
                            // every record checked
                        }
                    }
                    passes.incrementAndGet();
                }
                return null;
            });
        }
        tasks.add(() -> {
            CheckingReader closing = new CheckingReader(files, options);
            assertTrue(closing.read(10));
            assertTrue(midRowGroup.await(30, TimeUnit.SECONDS), "the readers did not reach their first row group");
            closing.close();
            closes.incrementAndGet();
            closed.countDown();
            while (!stop.get()) {
                try (CheckingReader reader = new CheckingReader(files, options)) {
                    reader.read(1 + closes.get() % FILE_ROW_GROUP_ROWS);
                }
                closes.incrementAndGet();
                Thread.sleep(1); // leave the readers most of the two cores
            }
            return null;
        });
        runAll(tasks, readers, stop);
        assertEquals(readers * PASSES, passes.get(), "full passes over the file");
        assertTrue(closes.get() > 1, "closes: " + closes.get());
    }

    // ------------------------------------------------------------------------------------- a handle's own release

    /** A handle released in one thread throws {@link IllegalStateException} when another thread uses it. */
    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void releasedHandleThrowsInAnotherThread(CompressionCodecName codec) throws Exception {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        byte[] page = TestData.page(TestData.Shape.COMPRESSIBLE, 50_000, 3);
        BytesInputCompressor compressor = factory.getCompressor(codec);
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();
        compressor.release();
        decompressor.release();

        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            other.submit(() -> {
                        assertThrows(IllegalStateException.class, () -> compressor.compress(BytesInput.from(page)));
                        assertThrows(
                                IllegalStateException.class,
                                () -> decompressor.decompress(BytesInput.from(compressed), page.length));
                        assertThrows(
                                IllegalStateException.class,
                                () -> decompressor.decompress(
                                        ByteBuffer.wrap(compressed),
                                        compressed.length,
                                        ByteBuffer.allocateDirect(page.length),
                                        page.length));
                        // that thread's own handles from the same factory work
                        byte[] again = factory.getCompressor(codec)
                                .compress(BytesInput.from(page))
                                .toByteArray();
                        assertArrayEquals(
                                page,
                                factory.getDecompressor(codec)
                                        .decompress(BytesInput.from(again), page.length)
                                        .toByteArray());
                        return null;
                    })
                    .get(30, TimeUnit.SECONDS);
        } finally {
            other.shutdownNow();
        }
    }

    /**
     * A handle released by one thread while another uses it: every call of the user either finishes with correct bytes
     * or throws {@link IllegalStateException}, and once a call of a handle has thrown, every later call of that handle
     * throws. (The main thread releases the compressor, then the decompressor: not at once.)
     */
    @Test
    void releaseRacingWithUseGivesCorrectBytesOrIllegalState() throws Exception {
        for (CompressionCodecName codec : CODECS) {
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
            byte[] page = TestData.page(TestData.Shape.PARQUET, 200_000, codec.ordinal());
            byte[] compressed =
                    factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
            BytesInputCompressor compressor = factory.getCompressor(codec);
            BytesInputDecompressor decompressor = factory.getDecompressor(codec);
            CountDownLatch started = new CountDownLatch(1);
            ExecutorService user = Executors.newSingleThreadExecutor();
            try {
                Future<Integer> uses = user.submit(() -> {
                    int successes = 0;
                    boolean[] threw = new boolean[2]; // decompressor, compressor
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    for (int i = 0; i < 20 || !threw[0] || !threw[1]; i++) {
                        assertTrue(System.nanoTime() < deadline, codec + ": release never took effect");
                        int handle = i % 2;
                        try {
                            if (handle == 0) {
                                byte[] out = decompressor
                                        .decompress(BytesInput.from(compressed), page.length)
                                        .toByteArray();
                                assertArrayEquals(page, out, codec + " call " + i);
                            } else {
                                byte[] out = compressor
                                        .compress(BytesInput.from(page))
                                        .toByteArray();
                                // checked with this thread's own decompressor, which nobody releases
                                assertArrayEquals(
                                        page,
                                        factory.getDecompressor(codec)
                                                .decompress(BytesInput.from(out), page.length)
                                                .toByteArray(),
                                        codec + " call " + i);
                            }
                            assertFalse(threw[handle], codec + ": call " + i + " succeeded after its handle threw");
                            successes++;
                            started.countDown();
                        } catch (IllegalStateException e) {
                            threw[handle] = true;
                        }
                    }
                    return successes;
                });
                assertTrue(started.await(20, TimeUnit.SECONDS), codec + ": no call succeeded");
                compressor.release();
                decompressor.release();
                assertTrue(uses.get(30, TimeUnit.SECONDS) > 0);
            } finally {
                user.shutdownNow();
            }
        }
    }
}
