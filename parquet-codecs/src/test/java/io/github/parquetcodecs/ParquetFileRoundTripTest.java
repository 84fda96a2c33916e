package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole files through parquet-java 1.18.1: written with our factory and read back with ours and with stock parquet-java
 * (Hadoop's codecs), written by stock and read with ours, for every {@link CompressionCodecName} and both data page
 * versions; then per-column codecs and levels.
 *
 * <p>Stock parquet-java cannot write or read LZO and BROTLI: their Hadoop codecs ({@code
 * com.hadoop.compression.lzo.LzoCodec} from the GPL hadoop-lzo, {@code org.apache.hadoop.io.compress.BrotliCodec} from
 * jitpack's brotli-codec) are not on any public Maven repository we can use, so for those two codecs our factory is
 * checked against the values written, and stock's failure is asserted as such.
 */
class ParquetFileRoundTripTest {
    /** Codecs whose Hadoop codec class is on the test classpath, so stock parquet-java handles them. */
    private static final Set<CompressionCodecName> STOCK_CODECS = EnumSet.of(
            CompressionCodecName.UNCOMPRESSED,
            CompressionCodecName.SNAPPY,
            CompressionCodecName.GZIP,
            CompressionCodecName.ZSTD,
            CompressionCodecName.LZ4,
            CompressionCodecName.LZ4_RAW);

    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message roundtrip {\n"
            + "  required int32 small (INTEGER(16,true));\n"
            + "  required int64 ts (TIMESTAMP(MILLIS,true));\n"
            + "  required double reading;\n"
            + "  required binary category (STRING);\n"
            + "  required binary id (STRING);\n"
            + "  optional int64 maybe;\n"
            + "  required binary payload;\n"
            + "}");

    private static final int ROWS = 4000;
    private static final int ROW_GROUP_ROWS = 1000;
    private static final int ROW_GROUPS = ROWS / ROW_GROUP_ROWS;
    private static final int PAGE_ROWS = 250;
    private static final int PAGE_SIZE = 4096;
    private static final int DICTIONARY_PAGE_SIZE = 8192;
    /** Rows whose payload is one value of 1.25 MiB, hence a data page of at least that size. */
    private static final Set<Integer> BIG_ROWS = Set.of(1337, 2890);

    private static final int BIG_PAYLOAD = 1_310_720;
    private static final String[] CATEGORIES = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"};
    private static final long TS_BASE = 1_700_000_000_000L;

    private static List<String> expectedRecords;

    @TempDir
    Path dir;

    /** Our writer also runs with direct page buffers, so that compressors get direct-backed pages. */
    static Stream<Arguments> codecsVersionsAndBuffers() {
        List<Arguments> cases = new ArrayList<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            for (WriterVersion version : WriterVersion.values()) {
                cases.add(Arguments.of(codec, version, false));
                cases.add(Arguments.of(codec, version, true));
            }
        }
        return cases.stream();
    }

    static Stream<Arguments> codecsAndVersions() {
        List<Arguments> cases = new ArrayList<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            for (WriterVersion version : WriterVersion.values()) {
                cases.add(Arguments.of(codec, version));
            }
        }
        return cases.stream();
    }

    // ---------------------------------------------------------------------------------------------- the data

    static Group row(SimpleGroupFactory groups, int i) {
        Group group = groups.newGroup()
                .append("small", (i * 7) % 100 - 50)
                .append("ts", TS_BASE + i * 1000L + (i % 13))
                .append("reading", reading(i))
                .append("category", CATEGORIES[(i * 31 + i / 100) % CATEGORIES.length])
                .append("id", String.format("%016x-%06d", mix(i), i));
        if (i % 3 != 0) {
            group.append("maybe", i * 1_000_003L - 7);
        }
        return group.append("payload", Binary.fromConstantByteArray(payload(i)));
    }

    /** Ordinary doubles and the ones that must keep their exact bits: NaN, -0.0, infinities, subnormals. */
    private static double reading(int i) {
        switch (i % 500) {
            case 17:
                return Double.NaN;
            case 18:
                return -0.0;
            case 19:
                return Double.POSITIVE_INFINITY;
            case 20:
                return Double.NEGATIVE_INFINITY;
            case 21:
                return Double.MIN_VALUE * i;
            default:
                return Math.sin(i) * 1e6 / (i + 1);
        }
    }

    private static long mix(long x) {
        x = (x ^ (x >>> 33)) * 0xff51afd7ed558ccdL;
        x = (x ^ (x >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }

    private static byte[] payload(int i) {
        if (BIG_ROWS.contains(i)) {
            return TestData.page(TestData.Shape.COMPRESSIBLE, BIG_PAYLOAD, i);
        }
        return TestData.page(i % 2 == 0 ? TestData.Shape.COMPRESSIBLE : TestData.Shape.RANDOM, 8 + i % 40, i);
    }

    private static synchronized List<String> expectedRecords() {
        if (expectedRecords == null) {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            List<String> records = new ArrayList<>(ROWS);
            for (int i = 0; i < ROWS; i++) {
                records.add(GroupFiles.record(row(groups, i)));
            }
            expectedRecords = records;
        }
        return expectedRecords;
    }

    // ---------------------------------------------------------------------------------------------- writing

    /** A writer for the round-trip file; {@code factory} null means stock parquet-java's Hadoop CodecFactory. */
    private static ParquetWriter<Group> writer(
            Path file, CompressionCodecName codec, WriterVersion version, HadoopFreeCodecFactory factory)
            throws IOException {
        return writer(file, codec, version, factory, false);
    }

    private static ParquetWriter<Group> writer(
            Path file,
            CompressionCodecName codec,
            WriterVersion version,
            HadoopFreeCodecFactory factory,
            boolean directBuffers)
            throws IOException {
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(SCHEMA)
                .withCompressionCodec(codec)
                .withWriterVersion(version)
                .withRowGroupSize(256L * 1024 * 1024) // row groups end by row count, not size
                .withRowGroupRowCountLimit(ROW_GROUP_ROWS)
                .withPageSize(PAGE_SIZE)
                .withPageRowCountLimit(PAGE_ROWS)
                .withDictionaryPageSize(DICTIONARY_PAGE_SIZE)
                .withDictionaryEncoding(true)
                .withDictionaryEncoding("payload", false)
                .withPageWriteChecksumEnabled(true);
        if (factory != null) {
            builder.withCodecFactory(factory);
        }
        if (directBuffers) {
            builder.withAllocator(new DirectByteBufferAllocator());
        }
        return builder.build();
    }

    private static void writeRows(ParquetWriter<Group> writer) throws IOException {
        try (ParquetWriter<Group> w = writer) {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            for (int i = 0; i < ROWS; i++) {
                w.write(row(groups, i));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------- the tests

    @ParameterizedTest(name = "{0} {1} direct page buffers: {2}")
    @MethodSource("codecsVersionsAndBuffers")
    void fileWrittenWithOurFactoryReadsBackExactly(
            CompressionCodecName codec, WriterVersion version, boolean directBuffers) throws IOException {
        Path path = dir.resolve("ours-" + codec + "-" + version + "-" + directBuffers + ".parquet");
        writeRows(writer(path, codec, version, new HadoopFreeCodecFactory(), directBuffers));
        InputFile file = new LocalInputFile(path);

        checkFooter(file, codec, version);
        checkPages(file, version);

        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        assertRecords("ours, heap", expectedRecords(), GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory)));
        assertRecords(
                "ours, direct", expectedRecords(), GroupFiles.readAll(file, GroupFiles.ourDirectOptions(factory)));

        if (STOCK_CODECS.contains(codec)) {
            assertRecords("stock", expectedRecords(), GroupFiles.readAll(file, GroupFiles.stockOptions()));
        } else {
            // LZO, BROTLI: stock parquet-java has no Hadoop codec for these; the values were checked with ours only
            BadConfigurationException e = assertThrows(
                    BadConfigurationException.class, () -> GroupFiles.readAll(file, GroupFiles.stockOptions()));
            assertTrue(e.getMessage().contains(codec.getHadoopCompressionCodecClassName()), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("codecsAndVersions")
    void fileWrittenByStockParquetJavaReadsExactlyWithOurFactory(CompressionCodecName codec, WriterVersion version)
            throws IOException {
        Path path = dir.resolve("stock-" + codec + "-" + version + ".parquet");
        if (!STOCK_CODECS.contains(codec)) {
            // LZO, BROTLI: stock parquet-java cannot write these (no Hadoop codec class); the writer asks for its
            // compressors when it is built
            BadConfigurationException e =
                    assertThrows(BadConfigurationException.class, () -> writer(path, codec, version, null));
            assertTrue(e.getMessage().contains(codec.getHadoopCompressionCodecClassName()), e.getMessage());
            return;
        }
        writeRows(writer(path, codec, version, null));
        InputFile file = new LocalInputFile(path);

        checkFooter(file, codec, version);
        checkPages(file, version);
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        assertRecords("ours, heap", expectedRecords(), GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory)));
        assertRecords(
                "ours, direct", expectedRecords(), GroupFiles.readAll(file, GroupFiles.ourDirectOptions(factory)));
    }

    /** Row groups, codecs, dictionary and fallback encodings, V1 or V2 pages, as the footer records them. */
    private static void checkFooter(InputFile file, CompressionCodecName codec, WriterVersion version)
            throws IOException {
        ParquetMetadata footer;
        try (ParquetFileReader reader =
                new ParquetFileReader(file, ParquetReadOptions.builder().build())) {
            footer = reader.getFooter();
        }
        assertEquals(ROW_GROUPS, footer.getBlocks().size(), "row groups");
        for (BlockMetaData block : footer.getBlocks()) {
            assertEquals(ROW_GROUP_ROWS, block.getRowCount(), "rows per row group");
            for (ColumnChunkMetaData column : block.getColumns()) {
                String name = column.getPath().toDotString();
                assertEquals(codec, column.getCodec(), "codec of " + name);
                EncodingStats stats = column.getEncodingStats();
                assertEquals(version == WriterVersion.PARQUET_2_0, stats.usesV2Pages(), "V2 pages in " + name);
                if (name.equals("category")) {
                    assertTrue(stats.hasDictionaryPages(), "category has a dictionary");
                    assertFalse(stats.hasNonDictionaryEncodedPages(), "category is dictionary-encoded throughout");
                } else if (name.equals("id")) {
                    // unique strings overflow the dictionary: the writer falls back (PLAIN in V1)
                    assertTrue(stats.hasNonDictionaryEncodedPages(), "id falls back from the dictionary");
                    if (version == WriterVersion.PARQUET_1_0) {
                        assertTrue(stats.getDataEncodings().contains(Encoding.PLAIN), "id: " + stats);
                    }
                } else if (name.equals("payload")) {
                    assertFalse(stats.hasDictionaryPages(), "payload has no dictionary");
                }
            }
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                assertEquals(block.getTotalByteSize(), block.getCompressedSize(), "uncompressed row group");
            }
        }
        // the 1.25 MiB payloads compress well with every codec: proof that the codec really ran
        for (BlockMetaData block : footer.getBlocks()) {
            ColumnChunkMetaData payload = block.getColumns().get(6);
            assertEquals("payload", payload.getPath().toDotString());
            if (payload.getTotalUncompressedSize() > BIG_PAYLOAD && codec != CompressionCodecName.UNCOMPRESSED) {
                assertTrue(
                        payload.getTotalSize() < payload.getTotalUncompressedSize() * 3 / 4,
                        codec + " payload chunk: " + payload.getTotalSize() + " of "
                                + payload.getTotalUncompressedSize());
            }
        }
    }

    /** Many pages per column, data pages of the written version, and a page of 1 MiB or more. */
    private static void checkPages(InputFile file, WriterVersion version) throws IOException {
        Map<String, Integer> pages = new HashMap<>();
        int largestPage = 0;
        try (ParquetFileReader reader =
                new ParquetFileReader(file, GroupFiles.ourHeapOptions(new HadoopFreeCodecFactory()))) {
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                for (ColumnDescriptor column : SCHEMA.getColumns()) {
                    PageReader pageReader = rowGroup.getPageReader(column);
                    String name = String.join(".", column.getPath());
                    if (name.equals("category")) {
                        assertNotNull(pageReader.readDictionaryPage(), "category dictionary page");
                    }
                    DataPage page;
                    while ((page = pageReader.readPage()) != null) {
                        Class<? extends DataPage> expectedType =
                                version == WriterVersion.PARQUET_1_0 ? DataPageV1.class : DataPageV2.class;
                        assertInstanceOf(expectedType, page, name);
                        pages.merge(name, 1, Integer::sum);
                        if (name.equals("payload")) {
                            largestPage = Math.max(largestPage, page.getUncompressedSize());
                        }
                    }
                }
            }
        }
        for (ColumnDescriptor column : SCHEMA.getColumns()) {
            String name = String.join(".", column.getPath());
            assertTrue(pages.get(name) >= ROWS / PAGE_ROWS, name + ": " + pages.get(name) + " pages");
        }
        assertTrue(largestPage >= 1024 * 1024, "largest payload page: " + largestPage + " bytes");
    }

    static void assertRecords(String what, List<String> expected, List<String> actual) {
        assertEquals(expected.size(), actual.size(), what + ": record count");
        for (int i = 0; i < expected.size(); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                // assertEquals on megabyte strings would print them whole
                String e = expected.get(i);
                String a = actual.get(i);
                assertEquals(
                        e.substring(0, Math.min(e.length(), 400)),
                        a.substring(0, Math.min(a.length(), 400)),
                        what + ": record " + i + " differs");
                assertEquals(e.length(), a.length(), what + ": record " + i + " differs in length");
                throw new AssertionError(what + ": record " + i + " differs after its first 400 characters");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------- levels

    private static final MessageType LEVEL_SCHEMA = MessageTypeParser.parseMessageType("message levels {\n"
            + "  required binary z_low;\n"
            + "  required binary z_high;\n"
            + "  required binary z_negative;\n"
            + "  required binary g_low;\n"
            + "  required binary g_high;\n"
            + "  required binary b_low;\n"
            + "  required binary b_high;\n"
            + "  required binary s_ignored;\n"
            + "  required int32 n;\n"
            + "}");
    private static final int LEVEL_ROWS = 1000;

    /** Column, codec and level of the per-column level file; {@code s_ignored} has a level SNAPPY must ignore. */
    private static final Object[][] LEVEL_COLUMNS = {
        {"z_low", CompressionCodecName.ZSTD, 1},
        {"z_high", CompressionCodecName.ZSTD, 19},
        {"z_negative", CompressionCodecName.ZSTD, -7},
        {"g_low", CompressionCodecName.GZIP, 1},
        {"g_high", CompressionCodecName.GZIP, 9},
        {"b_low", CompressionCodecName.BROTLI, 0},
        {"b_high", CompressionCodecName.BROTLI, 11},
        {"s_ignored", CompressionCodecName.SNAPPY, 99},
    };

    private static Group levelRow(SimpleGroupFactory groups, int i) {
        Group group = groups.newGroup();
        for (Object[] column : LEVEL_COLUMNS) {
            // the same compressible text in every column, so that chunk sizes compare levels alone
            group.append((String) column[0], Binary.fromConstantByteArray(levelText(i)));
        }
        return group.append("n", i);
    }

    private static byte[] levelText(int i) {
        return TestData.page(TestData.Shape.COMPRESSIBLE, 150 + i % 100, i);
    }

    /**
     * Writes the level file: every column of {@link #LEVEL_COLUMNS} with its codec, and with its level when {@code
     * perColumnLevels}; the factory reads {@code conf}.
     */
    private static Map<String, ColumnChunkMetaData> writeLevelFile(
            Path path, boolean perColumnLevels, PlainParquetConfiguration conf) throws IOException {
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withType(LEVEL_SCHEMA)
                .withCodecFactory(new HadoopFreeCodecFactory(conf))
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withDictionaryEncoding(false)
                .withPageSize(64 * 1024);
        for (Object[] column : LEVEL_COLUMNS) {
            builder.withCompressionCodec((String) column[0], (CompressionCodecName) column[1]);
            if (perColumnLevels) {
                builder.withCompressionLevel((String) column[0], (Integer) column[2]);
            }
        }
        try (ParquetWriter<Group> writer = builder.build()) {
            SimpleGroupFactory groups = new SimpleGroupFactory(LEVEL_SCHEMA);
            for (int i = 0; i < LEVEL_ROWS; i++) {
                writer.write(levelRow(groups, i));
            }
        }
        Map<String, ColumnChunkMetaData> chunks = new HashMap<>();
        try (ParquetFileReader reader = new ParquetFileReader(
                new LocalInputFile(path), ParquetReadOptions.builder().build())) {
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            assertEquals(1, blocks.size(), "one row group");
            for (ColumnChunkMetaData column : blocks.get(0).getColumns()) {
                chunks.put(column.getPath().toDotString(), column);
            }
        }
        return chunks;
    }

    @Test
    void perColumnCodecsAndLevelsApply() throws IOException {
        Path path = dir.resolve("levels.parquet");
        Map<String, ColumnChunkMetaData> chunks = writeLevelFile(path, true, new PlainParquetConfiguration());
        for (Object[] column : LEVEL_COLUMNS) {
            assertEquals(column[1], chunks.get((String) column[0]).getCodec(), "codec of " + column[0]);
        }
        assertEquals(CompressionCodecName.UNCOMPRESSED, chunks.get("n").getCodec());

        // a higher level gives a smaller chunk of the same data
        assertSmaller(chunks, "z_high", "z_low");
        assertSmaller(chunks, "z_low", "z_negative");
        assertSmaller(chunks, "g_high", "g_low");
        assertSmaller(chunks, "b_high", "b_low");

        // and exactly the chunk that the same level gives when configured for the whole factory (the compressors are
        // deterministic, and page boundaries do not depend on compression); SNAPPY ignores its level 99, so its chunk
        // equals the one written without a level
        int[][] configured = {{1, 1, 0}, {19, 9, 11}, {-7, -1, 1}}; // ZSTD, GZIP, BROTLI
        Set<String> compared = new TreeSet<>();
        for (int[] levels : configured) {
            PlainParquetConfiguration conf = new PlainParquetConfiguration();
            conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, String.valueOf(levels[0]));
            conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, String.valueOf(levels[1]));
            conf.set(HadoopFreeCodecFactory.BROTLI_QUALITY, String.valueOf(levels[2]));
            Map<String, ColumnChunkMetaData> reference =
                    writeLevelFile(dir.resolve("reference-" + levels[0] + ".parquet"), false, conf);
            for (Object[] column : LEVEL_COLUMNS) {
                String name = (String) column[0];
                CompressionCodecName codec = (CompressionCodecName) column[1];
                int level = (Integer) column[2];
                boolean sameLevel = codec == CompressionCodecName.ZSTD
                        ? level == levels[0]
                        : codec == CompressionCodecName.GZIP
                                ? level == levels[1]
                                : codec == CompressionCodecName.BROTLI ? level == levels[2] : true;
                if (sameLevel) {
                    assertEquals(
                            reference.get(name).getTotalSize(),
                            chunks.get(name).getTotalSize(),
                            name + ": chunk at per-column " + codec + " level " + level
                                    + " differs from the chunk at the configured level");
                    compared.add(name);
                }
            }
        }
        Set<String> all = new TreeSet<>();
        for (Object[] column : LEVEL_COLUMNS) {
            all.add((String) column[0]);
        }
        assertEquals(all, compared, "every per-column level has its reference");

        // the file reads back exactly with ours
        InputFile file = new LocalInputFile(path);
        SimpleGroupFactory groups = new SimpleGroupFactory(LEVEL_SCHEMA);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < LEVEL_ROWS; i++) {
            expected.add(GroupFiles.record(levelRow(groups, i)));
        }
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        assertRecords("ours, heap", expected, GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory)));
        assertRecords("ours, direct", expected, GroupFiles.readAll(file, GroupFiles.ourDirectOptions(factory)));

        // stock reads every column but the BROTLI ones (no Hadoop BrotliCodec): it must agree with ours on those
        MessageType withoutBrotli = MessageTypeParser.parseMessageType("message levels {\n"
                + "  required binary z_low;\n"
                + "  required binary z_high;\n"
                + "  required binary z_negative;\n"
                + "  required binary g_low;\n"
                + "  required binary g_high;\n"
                + "  required binary s_ignored;\n"
                + "  required int32 n;\n"
                + "}");
        assertRecords(
                "stock vs ours without BROTLI columns",
                GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory), withoutBrotli),
                GroupFiles.readAll(file, GroupFiles.stockOptions(), withoutBrotli));
    }

    private static void assertSmaller(Map<String, ColumnChunkMetaData> chunks, String smaller, String larger) {
        long s = chunks.get(smaller).getTotalSize();
        long l = chunks.get(larger).getTotalSize();
        assertTrue(s < l, smaller + " (" + s + " bytes) should be smaller than " + larger + " (" + l + " bytes)");
    }

    @ParameterizedTest(name = "{0} level {1}")
    @CsvSource({"ZSTD, 23", "ZSTD, -131073", "GZIP, 10", "GZIP, -2", "BROTLI, 12", "BROTLI, -1"})
    void invalidPerColumnLevelFailsWhenTheCompressorIsRequested(CompressionCodecName codec, int level) {
        Path path = dir.resolve("invalid-" + codec + level + ".parquet");
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withType(LEVEL_SCHEMA)
                .withCodecFactory(new HadoopFreeCodecFactory())
                .withCompressionCodec("z_low", codec)
                .withCompressionLevel("z_low", level);
        // parquet-java asks for every column's compressor when it builds the writer
        BadConfigurationException e = assertThrows(BadConfigurationException.class, builder::build);
        String range = CompressionLevels.of(codec).get().toString();
        assertTrue(e.getMessage().contains(codec.name()), e.getMessage());
        assertTrue(e.getMessage().contains(String.valueOf(level)), e.getMessage());
        assertTrue(e.getMessage().contains(range), e.getMessage() + " should name the range " + range);
    }
}
