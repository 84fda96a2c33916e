package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.internal.EnginePool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read-ahead ({@code withReadAhead}) returns exactly what the same reader returns without it: every page's bytes, value
 * count and encodings, every record, and on a corrupt file the same exception with the same message; it holds no more
 * than its budget, starts no thread where it does not apply, and leaves no thread and no borrowed engine behind.
 */
class ReadAheadTest {
    private static final String THREAD_PREFIX = "parquet-codecs-read-ahead-";

    @TempDir
    Path dir;

    private static ParquetReadOptions options(int threads) {
        HadoopFreeReadOptionsBuilder options = HadoopFreeParquet.readOptions();
        if (threads > 0) {
            options.withReadAhead(threads).withReadAheadBytes(ReadAhead.MIN_BYTES);
        }
        return options.build();
    }

    /** What reading {@code file} gives: every page column by column, then every record, or how it failed. */
    private static String pagesThenRecords(InputFile file, int threads) {
        return pagesThenRecords(file, options(threads));
    }

    private static String pagesThenRecords(InputFile file, ParquetReadOptions options) {
        StringBuilder out = new StringBuilder();
        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(file, options)) {
            List<ColumnDescriptor> columns =
                    reader.getFileMetaData().getSchema().getColumns();
            for (PageReadStore rowGroup = reader.readNextRowGroup();
                    rowGroup != null;
                    rowGroup = reader.readNextRowGroup()) {
                for (ColumnDescriptor column : columns) {
                    PageReader pages = rowGroup.getPageReader(column);
                    out.append(column)
                            .append(' ')
                            .append(pages.getTotalValueCount())
                            .append('\n');
                    DictionaryPage dictionary = pages.readDictionaryPage();
                    if (dictionary != null) {
                        out.append("dictionary ")
                                .append(dictionary.getDictionarySize())
                                .append(' ')
                                .append(hex(dictionary.getBytes()))
                                .append('\n');
                    }
                    for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
                        out.append(describe(page)).append('\n');
                    }
                }
                rowGroup.close();
            }
        } catch (IOException | RuntimeException e) {
            out.append("failed: ").append(e).append('\n');
        }
        try (HadoopFreeRecordReader<Group> reader =
                HadoopFreeParquet.openReader(file, new GroupReadSupport(), options)) {
            for (Group group = reader.read(); group != null; group = reader.read()) {
                out.append(group).append('\n');
            }
        } catch (IOException | RuntimeException e) {
            out.append("failed: ").append(e).append('\n');
        }
        return out.toString();
    }

    private static String describe(DataPage page) throws IOException {
        if (page instanceof DataPageV1) {
            DataPageV1 v1 = (DataPageV1) page;
            return "v1 " + v1.getValueCount() + " " + v1.getValueEncoding() + " " + v1.getFirstRowIndex() + " "
                    + hex(v1.getBytes());
        }
        DataPageV2 v2 = (DataPageV2) page;
        return "v2 " + v2.getValueCount() + " " + v2.getRowCount() + " " + v2.getDataEncoding() + " "
                + hex(v2.getRepetitionLevels()) + " " + hex(v2.getDefinitionLevels()) + " " + hex(v2.getData());
    }

    private static String hex(BytesInput bytes) throws IOException {
        return Arrays.toString(bytes.toByteArray());
    }

    @Test
    void everyFileReadsTheSameWithReadAhead() throws IOException {
        List<FileCorpus.File> files = new ArrayList<>(FileCorpus.files());
        Path lz4 = FileCorpus.parquetTesting().resolveSibling("parquet-testing-lz4");
        if (Files.isDirectory(lz4)) {
            try (Stream<Path> list = Files.list(lz4)) {
                for (Path path : list.sorted().collect(Collectors.toList())) {
                    if (path.toString().endsWith(".parquet")) {
                        files.add(new FileCorpus.File(path.getFileName().toString(), Files.readAllBytes(path)));
                    }
                }
            }
        }
        assertTrue(files.size() >= 60, "size " + files.size());
        for (FileCorpus.File file : files) {
            String plain = pagesThenRecords(new BytesInputFile(file.name, file.bytes), 0);
            assertEquals(
                    plain, pagesThenRecords(new BytesInputFile(file.name, file.bytes), 1), file.name + ", one thread");
            assertEquals(
                    plain, pagesThenRecords(new BytesInputFile(file.name, file.bytes), 2), file.name + ", two threads");
        }
        assertEquals(List.of(), readAheadThreads());
    }

    @Test
    void corruptFilesFailWithTheSameExceptionAndMessage() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream("corrupt-files/findings.txt")) {
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    names.add(line.split("\\|")[0].trim());
                }
            }
        }
        assertTrue(names.size() > 50, "size " + names.size());
        int failing = 0;
        for (String name : names) {
            byte[] bytes;
            try (InputStream in = getClass().getResourceAsStream("corrupt-files/" + name)) {
                bytes = in.readAllBytes();
            }
            String plain = pagesThenRecords(new BytesInputFile("corrupt-files/" + name, bytes), 0);
            failing += plain.contains("failed: ") ? 1 : 0;
            assertEquals(plain, pagesThenRecords(new BytesInputFile("corrupt-files/" + name, bytes), 1), name);
        }
        assertTrue(failing > 40, "" + failing);
    }

    @Test
    void aPageFailingItsChecksumFailsAlikeWithReadAhead() throws IOException {
        for (WriterVersion version : WriterVersion.values()) {
            Path path = write("crc-" + version + ".parquet", CompressionCodecName.ZSTD, version, 20_000);
            ColumnChunkMetaData chunk;
            try (HadoopFreeFileReader reader =
                    HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(path), options(0))) {
                chunk = reader.getRowGroups().get(0).getColumns().get(1);
            }
            byte[] bytes = Files.readAllBytes(path);
            bytes[(int) (chunk.getStartingPos() + chunk.getTotalSize() / 2)] ^= 0x40; // inside a page's payload
            Path corrupt = dir.resolve("crc-corrupt-" + version + ".parquet");
            Files.write(corrupt, bytes);
            HadoopFreeReadOptionsBuilder without =
                    HadoopFreeParquet.readOptions().usePageChecksumVerification(true);
            HadoopFreeReadOptionsBuilder with = HadoopFreeParquet.readOptions()
                    .usePageChecksumVerification(true)
                    .withReadAhead(1)
                    .withReadAheadBytes(ReadAhead.MIN_BYTES);
            String expected = pagesThenRecords(HadoopFreeParquet.localFile(corrupt), without.build());
            String actual = pagesThenRecords(HadoopFreeParquet.localFile(corrupt), with.build());
            assertTrue(
                    expected.contains("CRC checksum verification failed"),
                    () -> expected.substring(Math.max(0, expected.length() - 600)));
            assertEquals(expected, actual);
        }
    }

    @Test
    void aPageThatCannotBeDecompressedFailsAlikeWithReadAhead() throws IOException {
        for (WriterVersion version : WriterVersion.values()) {
            Path path = write("inflate-" + version + ".parquet", CompressionCodecName.GZIP, version, 20_000);
            int from; // inside the deflate stream of the id column's sixth page (its header is at the start)
            try (HadoopFreeFileReader reader =
                    HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(path), options(0))) {
                OffsetIndex pages = reader.readOffsetIndex(
                        reader.getRowGroups().get(0).getColumns().get(0));
                assertTrue(pages.getPageCount() > 10, "pages " + pages.getPageCount());
                from = (int) (pages.getOffset(5) + pages.getCompressedPageSize(5) / 2);
            }
            // the decompression, put off by read-ahead, fails
            byte[] bytes = Files.readAllBytes(path);
            Arrays.fill(bytes, from, from + 16, (byte) 0xff);
            Path corrupt = dir.resolve("inflate-corrupt-" + version + ".parquet");
            Files.write(corrupt, bytes);
            String expected = pagesThenRecords(HadoopFreeParquet.localFile(corrupt), 0);
            assertTrue(
                    expected.contains("could not decompress page (column [id] required int64 id in "),
                    () -> Arrays.stream(expected.split("\n"))
                            .filter(line -> line.startsWith("failed"))
                            .collect(Collectors.joining("\n")));
            assertEquals(expected, pagesThenRecords(HadoopFreeParquet.localFile(corrupt), 1), version + ", one thread");
            assertEquals(
                    expected, pagesThenRecords(HadoopFreeParquet.localFile(corrupt), 2), version + ", two threads");
        }
        assertEquals(List.of(), readAheadThreads());
    }

    /** A file of {@code rows} rows in pages of 1,000 rows: an int64, a string and a double column. */
    private Path write(String name, CompressionCodecName codec, WriterVersion version, int rows) throws IOException {
        return write(name, codec, version, rows, 1000);
    }

    private Path write(String name, CompressionCodecName codec, WriterVersion version, int rows, int rowsPerPage)
            throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int64 id; optional binary name (UTF8); required double score; }");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
        Path path = dir.resolve(name);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        Random random = new Random(42);
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(path), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .withWriterVersion(version)
                .withPageRowCountLimit(rowsPerPage)
                .withPageSize(4 << 20)
                .withDictionaryEncoding(rowsPerPage <= 1000)
                .withRowGroupSize(rowsPerPage <= 1000 ? 4L << 20 : 64L << 20)
                .build()) {
            for (int i = 0; i < rows; i++) {
                Group row = groups.newGroup().append("id", (long) i).append("score", random.nextGaussian());
                if (i % 7 != 0) {
                    row.append("name", "name-" + random.nextInt(100000));
                }
                writer.write(row);
            }
        }
        return path;
    }

    @Test
    void filteredReadsGiveTheSameRecords() throws IOException {
        for (WriterVersion version : WriterVersion.values()) {
            Path path = write("filtered-" + version + ".parquet", CompressionCodecName.ZSTD, version, 200_000);
            for (FilterCompat.Filter filter : Arrays.asList(
                    FilterCompat.get(FilterApi.eq(FilterApi.longColumn("id"), 123_456L)),
                    FilterCompat.get(FilterApi.or(
                            FilterApi.lt(FilterApi.longColumn("id"), 2_500L),
                            FilterApi.gt(FilterApi.longColumn("id"), 197_000L))))) {
                List<String> plain = records(path, filter, 0);
                assertFalse(plain.isEmpty());
                assertTrue(plain.size() < 10_000, "size " + plain.size());
                assertEquals(plain, records(path, filter, 1));
                assertEquals(plain, records(path, filter, 2));
            }
        }
    }

    private static List<String> records(Path path, FilterCompat.Filter filter, int threads) throws IOException {
        HadoopFreeReadOptionsBuilder options = HadoopFreeParquet.readOptions().withRecordFilter(filter);
        if (threads > 0) {
            options.withReadAhead(threads);
        }
        List<String> records = new ArrayList<>();
        try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                HadoopFreeParquet.localFile(path), new GroupReadSupport(), options.build())) {
            for (Group group = reader.read(); group != null; group = reader.read()) {
                records.add(group.toString());
            }
        }
        return records;
    }

    @Test
    void closingMidScanLeavesNoThreadAndNoBorrowedEngine() throws IOException {
        Path path = write("mid-scan.parquet", CompressionCodecName.GZIP, WriterVersion.PARQUET_1_0, 300_000);
        int borrowed = EnginePool.borrowedCount();
        for (int pagesRead = 0; pagesRead < 6; pagesRead++) {
            HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                    HadoopFreeParquet.localFile(path),
                    HadoopFreeParquet.readOptions().withReadAhead(2).build());
            PageReadStore rowGroup = reader.readNextRowGroup();
            List<ColumnDescriptor> columns =
                    reader.getFileMetaData().getSchema().getColumns();
            List<PageReader> pages = new ArrayList<>();
            for (ColumnDescriptor column : columns) {
                pages.add(rowGroup.getPageReader(column));
            }
            for (int i = 0; i < pagesRead; i++) {
                assertNotNull(pages.get(i % pages.size()).readPage());
            }
            assertFalse(readAheadThreads().isEmpty(), "threads while reading");
            reader.close();
            assertEquals(List.of(), readAheadThreads(), "threads after close");
            assertEquals(borrowed, EnginePool.borrowedCount());
        }
    }

    @Test
    void tenThousandOpensAndClosesLeaveNoThread() throws IOException {
        Path path = write("small.parquet", CompressionCodecName.SNAPPY, WriterVersion.PARQUET_1_0, 3_000);
        ParquetReadOptions options = options(2);
        int pages = 0;
        for (int i = 0; i < 10_000; i++) {
            try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(path), options)) {
                PageReadStore rowGroup = reader.readNextRowGroup();
                ColumnDescriptor column =
                        reader.getFileMetaData().getSchema().getColumns().get(i % 3);
                pages += rowGroup.getPageReader(column).readPage() != null ? 1 : 0;
            }
        }
        assertEquals(10_000, pages);
        assertEquals(List.of(), readAheadThreads());
    }

    @Test
    void theBudgetBoundsWhatIsHeldAhead() throws IOException {
        Path path = write("budget.parquet", CompressionCodecName.LZ4_RAW, WriterVersion.PARQUET_2_0, 400_000, 50_000);
        long budget = ReadAhead.MIN_BYTES;
        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                HadoopFreeParquet.localFile(path),
                HadoopFreeParquet.readOptions()
                        .withReadAhead(1)
                        .withReadAheadBytes(budget)
                        .build())) {
            long most = 0;
            long largestPage = 0;
            for (PageReadStore rowGroup = reader.readNextRowGroup();
                    rowGroup != null;
                    rowGroup = reader.readNextRowGroup()) {
                // every column's reader first (which starts reading ahead), then column by column: the later
                // columns' pages are read ahead, up to the budget, while the first is read
                List<PageReader> readers = new ArrayList<>();
                for (ColumnDescriptor column :
                        reader.getFileMetaData().getSchema().getColumns()) {
                    readers.add(rowGroup.getPageReader(column));
                }
                for (PageReader pages : readers) {
                    for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
                        largestPage = Math.max(largestPage, page.getUncompressedSize());
                        most = Math.max(most, settledHeldBytes(reader.readAhead()));
                    }
                }
                rowGroup.close();
                assertEquals(0, reader.readAhead().heldBytes());
            }
            assertTrue(most > budget / 2, "" + most);
            assertTrue(most <= budget + largestPage, most + " > " + (budget + largestPage));
        }
    }

    /** What {@code ahead} holds once it has held the same for 100 ms (at most 5 s). */
    private static long settledHeldBytes(ReadAhead ahead) {
        long held = ahead.heldBytes();
        for (int i = 0; i < 50; i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            long now = ahead.heldBytes();
            if (now == held) {
                return held;
            }
            held = now;
        }
        return held;
    }

    @Test
    void offWhereItDoesNotApply() throws IOException {
        Path path = write("off.parquet", CompressionCodecName.ZSTD, WriterVersion.PARQUET_1_0, 20_000);
        CompressionCodecFactory ours = new HadoopFreeCodecFactory();
        CompressionCodecFactory other = new CompressionCodecFactory() {
            @Override
            public BytesInputCompressor getCompressor(CompressionCodecName codec) {
                return ours.getCompressor(codec);
            }

            @Override
            public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
                return ours.getDecompressor(codec);
            }

            @Override
            public void release() {}
        };
        assertTrue(threadsWhileReading(path, HadoopFreeParquet.readOptions().withReadAhead(1)));
        assertFalse(threadsWhileReading(path, HadoopFreeParquet.readOptions().withReadAhead(0)));
        assertFalse(threadsWhileReading(
                path, HadoopFreeParquet.readOptions().withReadAhead(1).withCodecFactory(other)));
        Path uncompressed =
                write("plain.parquet", CompressionCodecName.UNCOMPRESSED, WriterVersion.PARQUET_1_0, 20_000);
        assertFalse(threadsWhileReading(
                uncompressed, HadoopFreeParquet.readOptions().withReadAhead(1)));
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(ReadAhead.THREADS, "1");
        assertTrue(threadsWhileReading(path, HadoopFreeParquet.readOptions(conf)));
    }

    /** Whether read-ahead threads run while the first pages of {@code path}'s first row group are read. */
    private static boolean threadsWhileReading(Path path, HadoopFreeReadOptionsBuilder options) throws IOException {
        try (HadoopFreeFileReader reader =
                HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(path), options.build())) {
            PageReadStore rowGroup = reader.readNextRowGroup();
            for (ColumnDescriptor column : reader.getFileMetaData().getSchema().getColumns()) {
                assertNotNull(rowGroup.getPageReader(column).readPage());
            }
            return !readAheadThreads().isEmpty();
        }
    }

    @Test
    void badSettingsAreRefusedNamingTheKey() {
        assertEquals(
                "parquet.codecs.read.ahead.threads must be from 0 to 64, not -1",
                assertThrows(IllegalArgumentException.class, () -> HadoopFreeParquet.readOptions()
                                .withReadAhead(-1))
                        .getMessage());
        assertEquals(
                "parquet.codecs.read.ahead.threads must be from 0 to 64, not 65",
                assertThrows(IllegalArgumentException.class, () -> HadoopFreeParquet.readOptions()
                                .withReadAhead(65))
                        .getMessage());
        assertEquals(
                "parquet.codecs.read.ahead.bytes must be from 1048576 to 1099511627776, not 1000",
                assertThrows(IllegalArgumentException.class, () -> HadoopFreeParquet.readOptions()
                                .withReadAheadBytes(1000))
                        .getMessage());
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(ReadAhead.THREADS, "two");
        assertEquals(
                "parquet.codecs.read.ahead.threads must be a number from 0 to 64, not 'two'",
                assertThrows(IllegalArgumentException.class, () -> HadoopFreeParquet.readOptions(conf))
                        .getMessage());
    }

    private static List<String> readAheadThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(THREAD_PREFIX))
                .collect(Collectors.toList());
    }
}
