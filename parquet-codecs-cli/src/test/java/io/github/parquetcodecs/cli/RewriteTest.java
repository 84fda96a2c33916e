package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code rewrite} on every parquet-testing file. Besides the command's own record-by-record check, the test compares
 * the two files page by page after decompression (the pages must be the same bytes, with the same header fields), and
 * checks metadata, statistics, indexes and bloom filters. pyarrow and DuckDB read the results in {@link
 * PythonInteropTest}.
 */
class RewriteTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void noHadoop() {
        CliRun.assertNoHadoop();
    }

    static final Pattern VERIFIED = Pattern.compile("Verified: ([0-9,]+) records?");

    static long verifiedRecords(String out) {
        Matcher m = VERIFIED.matcher(out);
        assertTrue(m.find(), out);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    @Test
    void everyParquetTestingFilePageByPage() throws Exception {
        Map<String, String[]> readme = InspectTest.readmeTable();
        int files = 0;
        for (Path in : CliRun.testingFiles()) {
            String name = in.getFileName().toString();
            Path out = dir.resolve("zstd-" + name);
            CliRun run = CliRun.ok("rewrite", in.toString(), out.toString(), "--codec", "ZSTD");
            assertEquals(Long.parseLong(readme.get(name)[0]), verifiedRecords(run.out), name);
            assertSamePages(in, out, "ZSTD");
            files++;
        }
        assertTrue(files >= 20);
    }

    /** Same row groups, same decompressed pages and header fields, same metadata; every chunk in {@code codec}. */
    static void assertSamePages(Path in, Path out, String codec) throws IOException {
        String name = in.getFileName().toString();
        // the schema as the footers hold it, element by element (annotations included)
        List<org.apache.parquet.format.SchemaElement> schemaIn =
                Footers.read(in).metadata.getSchema();
        List<org.apache.parquet.format.SchemaElement> schemaOut =
                Footers.read(out).metadata.getSchema();
        for (org.apache.parquet.format.SchemaElement element : schemaIn) {
            if (element.isSetLogicalType() && element.getLogicalType().getSetField() == null) {
                // a logical type parquet-java's Thrift classes do not know: not kept (unknown-logical-type.parquet)
                element.unsetLogicalType();
            }
        }
        assertEquals(schemaIn, schemaOut, name + " schema elements in the footer");
        try (ParquetFileReader a = new ParquetFileReader(new LocalInputFile(in), ParquetInput.readOptions());
                ParquetFileReader b = new ParquetFileReader(new LocalInputFile(out), ParquetInput.readOptions())) {
            MessageType schema = a.getFileMetaData().getSchema();
            assertEquals(schema, b.getFileMetaData().getSchema(), name);
            Map<String, String> kvA = a.getFileMetaData().getKeyValueMetaData();
            Map<String, String> kvB = b.getFileMetaData().getKeyValueMetaData();
            kvA.forEach((k, v) -> assertEquals(v, kvB.get(k), name + " key-value " + k));
            if (a.getFileMetaData().getCreatedBy() != null) {
                assertEquals(a.getFileMetaData().getCreatedBy(), kvB.get(Transcoder.ORIGINAL_CREATED_BY), name);
            }
            List<BlockMetaData> blocksA = a.getRowGroups();
            List<BlockMetaData> blocksB = b.getRowGroups();
            assertEquals(blocksA.size(), blocksB.size(), name + " row groups");
            for (int rg = 0; rg < blocksA.size(); rg++) {
                assertEquals(blocksA.get(rg).getRowCount(), blocksB.get(rg).getRowCount(), name + " rows");
                for (int c = 0; c < blocksA.get(rg).getColumns().size(); c++) {
                    ColumnChunkMetaData chunkA = blocksA.get(rg).getColumns().get(c);
                    ColumnChunkMetaData chunkB = blocksB.get(rg).getColumns().get(c);
                    String where = name + " rg " + rg + " " + chunkA.getPath();
                    assertEquals(chunkA.getPath(), chunkB.getPath(), where);
                    assertEquals(codec, chunkB.getCodec().name(), where);
                    assertEquals(chunkA.getValueCount(), chunkB.getValueCount(), where);
                    assertEquals(chunkA.getStatistics(), chunkB.getStatistics(), where + " statistics");
                    assertNotNull(b.readOffsetIndex(chunkB), where + " offset index");
                    BloomFilter bloomA = a.readBloomFilter(chunkA);
                    BloomFilter bloomB = b.readBloomFilter(chunkB);
                    if (bloomA == null) {
                        assertNull(bloomB, where);
                    } else {
                        assertNotNull(bloomB, where + " bloom filter");
                        assertArrayEquals(bytes(bloomA), bytes(bloomB), where + " bloom filter");
                    }
                }
                PageReadStore storeA = a.readNextRowGroup();
                PageReadStore storeB = b.readNextRowGroup();
                for (int c = 0; c < schema.getColumns().size(); c++) {
                    ColumnDescriptor column = schema.getColumns().get(c);
                    ColumnChunkMetaData chunkA = blocksA.get(rg).getColumns().get(c);
                    ColumnChunkMetaData chunkB = blocksB.get(rg).getColumns().get(c);
                    String where = name + " rg " + rg + " " + column;
                    List<Statistics<?>> statistics = new ArrayList<>();
                    Set<Encoding> encodings = new HashSet<>();
                    List<String> pagesA = pages(storeA.getPageReader(column), statistics, encodings);
                    List<String> pagesB = pages(storeB.getPageReader(column), new ArrayList<>(), new HashSet<>());
                    assertEquals(pagesA, pagesB, where);
                    assertEquals(encodings, chunkB.getEncodings(), where + " encodings: those of the pages");
                    // parquet-java writes page statistics into the column index, not the page headers; they are the
                    // input's page statistics, from its page headers or else its column index
                    ColumnIndex indexA = a.readColumnIndex(chunkA);
                    ColumnIndex indexB = b.readColumnIndex(chunkB);
                    boolean complete = true;
                    boolean nan = false;
                    for (int p = 0; p < statistics.size(); p++) {
                        Statistics<?> page = statistics.get(p);
                        if (page == null) {
                            complete &= indexA != null;
                        } else if (page.hasNonNullValue() && page.genericGetMin() instanceof Number) {
                            double min = ((Number) page.genericGetMin()).doubleValue();
                            double max = ((Number) page.genericGetMax()).doubleValue();
                            nan |= Double.isNaN(min) || Double.isNaN(max);
                        }
                    }
                    if (!complete) {
                        assertNull(indexB, where + ": some page has no statistics, so no column index");
                        continue;
                    }
                    if (nan) {
                        assertNull(indexB, where + ": parquet-java writes no column index when a min or max is NaN");
                        continue;
                    }
                    assertNotNull(indexB, where + " column index");
                    assertEquals(statistics.size(), indexB.getNullPages().size(), where);
                    for (int p = 0; p < statistics.size(); p++) {
                        Statistics<?> page = statistics.get(p);
                        if (page == null) {
                            assertEquals(
                                    indexA.getNullPages().get(p),
                                    indexB.getNullPages().get(p),
                                    where);
                            assertEquals(
                                    indexA.getNullCounts().get(p),
                                    indexB.getNullCounts().get(p),
                                    where);
                            if (!indexA.getNullPages().get(p)) {
                                assertEquals(
                                        indexA.getMinValues().get(p),
                                        indexB.getMinValues().get(p),
                                        where);
                                assertEquals(
                                        indexA.getMaxValues().get(p),
                                        indexB.getMaxValues().get(p),
                                        where);
                            }
                        } else {
                            assertEquals(
                                    !page.hasNonNullValue(),
                                    indexB.getNullPages().get(p),
                                    where + " page " + p);
                            assertEquals(
                                    page.getNumNulls(),
                                    (long) indexB.getNullCounts().get(p),
                                    where + " page " + p);
                            if (page.hasNonNullValue()) {
                                assertEquals(
                                        ByteBuffer.wrap(page.getMinBytes()),
                                        indexB.getMinValues().get(p),
                                        where);
                                assertEquals(
                                        ByteBuffer.wrap(page.getMaxBytes()),
                                        indexB.getMaxValues().get(p),
                                        where);
                            }
                        }
                    }
                }
            }
        }
    }

    /** Page statistics, or null when they are missing or lack a min and max for a page that has values. */
    static Statistics<?> complete(Statistics<?> statistics, int values) {
        if (statistics == null || statistics.isEmpty()) {
            return null;
        }
        return statistics.hasNonNullValue() || statistics.getNumNulls() == values ? statistics : null;
    }

    static byte[] bytes(BloomFilter filter) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }

    /**
     * Every page of a column chunk as text: kind, header fields and the decompressed bytes in hex; the data pages'
     * statistics go to {@code statistics}, and the encodings they use to {@code encodings}.
     */
    static List<String> pages(PageReader reader, List<Statistics<?>> statistics, Set<Encoding> encodings)
            throws IOException {
        List<String> pages = new ArrayList<>();
        DictionaryPage dictionary = reader.readDictionaryPage();
        if (dictionary != null) {
            encodings.add(dictionary.getEncoding());
            pages.add("dict " + dictionary.getDictionarySize() + " " + dictionary.getEncoding() + " "
                    + hex(dictionary.getBytes().toByteArray()));
        }
        for (DataPage page = reader.readPage(); page != null; page = reader.readPage()) {
            if (page instanceof DataPageV1) {
                DataPageV1 v1 = (DataPageV1) page;
                statistics.add(complete(v1.getStatistics(), v1.getValueCount()));
                encodings.addAll(List.of(v1.getRlEncoding(), v1.getDlEncoding(), v1.getValueEncoding()));
                pages.add("v1 " + v1.getValueCount() + " " + v1.getRlEncoding() + " " + v1.getDlEncoding() + " "
                        + v1.getValueEncoding() + " " + hex(v1.getBytes().toByteArray()));
            } else {
                DataPageV2 v2 = (DataPageV2) page;
                statistics.add(complete(v2.getStatistics(), v2.getValueCount()));
                encodings.add(v2.getDataEncoding());
                pages.add("v2 " + v2.getValueCount() + " " + v2.getRowCount() + " " + v2.getNullCount() + " "
                        + v2.getDataEncoding() + " "
                        + hex(v2.getRepetitionLevels().toByteArray()) + " "
                        + hex(v2.getDefinitionLevels().toByteArray()) + " "
                        + hex(v2.getData().toByteArray()));
            }
        }
        return pages;
    }

    static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return s.toString();
    }

    @Test
    void perColumnCodecsAndLevels() throws Exception {
        Path in = CliRun.testing("alltypes_tiny_pages.parquet");
        Path out = dir.resolve("mixed.parquet");
        CliRun run = CliRun.ok(
                "rewrite",
                in.toString(),
                out.toString(),
                "--codec",
                "GZIP",
                "--level",
                "9",
                "--column",
                "string_col=ZSTD:19",
                "timestamp_col=BROTLI:4",
                "--column",
                "id=lz4_raw");
        assertTrue(run.out.contains("GZIP level 9 for 10 columns"), run.out);
        assertTrue(run.out.contains("ZSTD level 19 for 1 column"), run.out);
        JsonNode columns = CliRun.ok("inspect", "--json", out.toString())
                .json()
                .get("files")
                .get(0)
                .get("columns");
        for (JsonNode column : columns) {
            String path = column.get("path").asText();
            String expected = path.equals("string_col")
                    ? "ZSTD"
                    : path.equals("timestamp_col") ? "BROTLI" : path.equals("id") ? "LZ4_RAW" : "GZIP";
            assertEquals(expected, column.get("codec").asText(), path);
        }
        // the level is applied: GZIP 1 and GZIP 9 give other sizes
        Path fast = dir.resolve("gzip1.parquet");
        Path small = dir.resolve("gzip9.parquet");
        Path big = CliRun.testing("lz4_raw_compressed_larger.parquet");
        CliRun.ok("rewrite", big.toString(), fast.toString(), "--codec", "GZIP", "--level", "1");
        CliRun.ok("rewrite", big.toString(), small.toString(), "--codec", "GZIP", "--level", "9");
        assertTrue(Files.size(small) < Files.size(fast), Files.size(small) + " vs " + Files.size(fast));
        assertSamePages(big, fast, "GZIP");
        assertSamePages(big, small, "GZIP");
    }

    @Test
    void columnsKeepTheirCodecWithoutCodec() throws Exception {
        Path in = CliRun.testing("alltypes_plain.snappy.parquet");
        Path out = dir.resolve("only-one.parquet");
        CliRun.ok("rewrite", in.toString(), out.toString(), "--column", "id=ZSTD");
        for (JsonNode column : CliRun.ok("inspect", "--json", out.toString())
                .json()
                .get("files")
                .get(0)
                .get("columns")) {
            assertEquals(
                    column.get("path").asText().equals("id") ? "ZSTD" : "SNAPPY",
                    column.get("codec").asText());
        }
    }

    @Test
    void errors() throws IOException {
        Path in = CliRun.testing("alltypes_plain.snappy.parquet");
        Path exists = Files.write(dir.resolve("exists.parquet"), new byte[] {1});
        ErrorsTest.fails(
                1, List.of("rewrite", in.toString(), exists.toString(), "--codec", "ZSTD"), "exists", "--force");
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(exists), "left alone");
        CliRun.ok("rewrite", in.toString(), exists.toString(), "--codec", "ZSTD", "--force");
        Path target = dir.resolve("never.parquet");
        ErrorsTest.fails(
                1, List.of("rewrite", in.toString(), target.toString(), "--column", "nope=ZSTD"), "no column 'nope'");
        ErrorsTest.fails(
                1,
                List.of("rewrite", dir.resolve("missing.parquet").toString(), target.toString(), "--codec", "ZSTD"),
                "no such file");
        ErrorsTest.fails(
                1, List.of("rewrite", in.toString(), in.toString(), "--codec", "ZSTD", "--force"), "is the input file");
        ErrorsTest.fails(2, List.of("rewrite", in.toString(), target.toString()), "give --codec");
        ErrorsTest.fails(
                2, List.of("rewrite", in.toString(), target.toString(), "--level", "3"), "--level needs --codec");
        ErrorsTest.fails(
                2, List.of("rewrite", in.toString(), target.toString(), "--codec", "ZIP"), "unknown codec 'ZIP'");
        ErrorsTest.fails(
                2,
                List.of("rewrite", in.toString(), target.toString(), "--codec", "GZIP", "--level", "10"),
                "GZIP level 10");
        ErrorsTest.fails(2, List.of("rewrite", in.toString(), "--codec", "ZSTD"), "takes IN and OUT");
        assertFalse(Files.exists(target), "nothing written on errors");
    }

    @Test
    void verificationFailsOnAnyDifference() {
        CliException e = org.junit.jupiter.api.Assertions.assertThrows(
                CliException.class,
                () -> Verifier.verify(
                        CliRun.testing("alltypes_plain.parquet"), CliRun.testing("alltypes_plain.snappy.parquet")));
        assertTrue(e.getMessage().startsWith("verification failed: row group 0 has 8 rows in, 2 out"), e.getMessage());

        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required double d; optional binary s (STRING); repeated group g { required int32 i; } }");
        SimpleGroupFactory factory = new SimpleGroupFactory(schema);
        Group a = factory.newGroup().append("d", Double.NaN).append("s", "x");
        a.addGroup("g").append("i", 1);
        a.addGroup("g").append("i", 2);
        Group same = factory.newGroup().append("d", Double.NaN).append("s", "x");
        same.addGroup("g").append("i", 1);
        same.addGroup("g").append("i", 2);
        assertNull(Verifier.difference(a, same, ""));
        Group otherNaN = factory.newGroup()
                .append("d", Double.longBitsToDouble(0x7ff8000000000001L))
                .append("s", "x");
        otherNaN.addGroup("g").append("i", 1);
        otherNaN.addGroup("g").append("i", 2);
        assertNotEquals(null, Verifier.difference(a, otherNaN, ""), "another NaN payload");
        Group nested = factory.newGroup().append("d", Double.NaN).append("s", "x");
        nested.addGroup("g").append("i", 1);
        nested.addGroup("g").append("i", 3);
        assertEquals("g[1].i (2 vs 3)", Verifier.difference(a, nested, ""));
        Group missing = factory.newGroup().append("d", Double.NaN);
        missing.addGroup("g").append("i", 1);
        missing.addGroup("g").append("i", 2);
        assertEquals("s (1 values vs 0)", Verifier.difference(a, missing, ""));
    }
}
