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
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole files through parquet-java (any supported release): written with our factory and read back with ours and with
 * stock parquet-java (Hadoop's codecs), written by stock and read with ours, for every {@link CompressionCodecName} and
 * both data page versions. Per-column codecs and levels, which parquet-java has from 1.18 on, are tested in {@code
 * PerColumnCodecLevelsTest} (src/test/java-parquet-1.18).
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

    /**
     * A writer builder for the round-trip file; {@code factory} null means stock parquet-java's Hadoop CodecFactory.
     */
    private static ExampleParquetWriter.Builder builder(
            OutputFile file,
            CompressionCodecName codec,
            WriterVersion version,
            HadoopFreeCodecFactory factory,
            boolean directBuffers) {
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(file)
                .withType(SCHEMA)
                .withCompressionCodec(codec)
                .withWriterVersion(version)
                .withRowGroupSize(256L * 1024 * 1024) // row groups end by row count, not size
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
        return builder;
    }

    /** Writes the round-trip file in row groups of {@value #ROW_GROUP_ROWS} rows (see {@link RowGroups}). */
    private static void writeFile(
            Path path,
            CompressionCodecName codec,
            WriterVersion version,
            HadoopFreeCodecFactory factory,
            boolean directBuffers)
            throws IOException {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        RowGroups.write(
                path,
                file -> builder(file, codec, version, factory, directBuffers),
                ROWS,
                ROW_GROUP_ROWS,
                i -> row(groups, i));
    }

    // ---------------------------------------------------------------------------------------------- the tests

    @ParameterizedTest(name = "{0} {1} direct page buffers: {2}")
    @MethodSource("codecsVersionsAndBuffers")
    void fileWrittenWithOurFactoryReadsBackExactly(
            CompressionCodecName codec, WriterVersion version, boolean directBuffers) throws IOException {
        Path path = dir.resolve("ours-" + codec + "-" + version + "-" + directBuffers + ".parquet");
        writeFile(path, codec, version, new HadoopFreeCodecFactory(), directBuffers);
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
            BadConfigurationException e = assertThrows(BadConfigurationException.class, () -> builder(
                            new LocalOutputFile(path), codec, version, null, false)
                    .build());
            assertTrue(e.getMessage().contains(codec.getHadoopCompressionCodecClassName()), e.getMessage());
            return;
        }
        writeFile(path, codec, version, null, false);
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
}
