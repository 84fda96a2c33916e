package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code inspect} on every parquet-testing file, against facts from elsewhere: rows, codec and writer from the table
 * in parquet-testing's README (taken from each file's footer by whoever copied them), and the page counts that
 * parquet-java's own page reader finds (inspect reads page headers itself).
 */
class InspectTest {
    @BeforeAll
    static void noHadoop() {
        CliRun.assertNoHadoop();
    }

    /** README rows: file -> {rows, codec, written by}. */
    static Map<String, String[]> readmeTable() throws IOException {
        Map<String, String[]> table = new HashMap<>();
        for (String line : Files.readAllLines(CliRun.testingDir().resolve("README.md"), StandardCharsets.UTF_8)) {
            String[] cells = line.split("\\|");
            if (cells.length >= 6 && cells[1].trim().endsWith(".parquet")) {
                table.put(cells[1].trim(), new String[] {cells[3].trim(), cells[4].trim(), cells[5].trim()});
            }
        }
        return table;
    }

    @Test
    void everyParquetTestingFileAgainstTheReadmeAndParquetJavasPageReader() throws Exception {
        Map<String, String[]> readme = readmeTable();
        int checked = 0;
        for (Path file : CliRun.testingFiles()) {
            String name = file.getFileName().toString();
            JsonNode json = CliRun.ok("inspect", "--json", file.toString()).json();
            JsonNode info = json.get("files").get(0);
            String[] expected = readme.get(name);
            assertTrue(expected != null, name + " is in parquet-testing's README");
            assertEquals(Long.parseLong(expected[0]), info.get("rows").asLong(), name + " rows");
            assertEquals(Files.size(file), info.get("bytes").asLong(), name + " bytes");
            assertTrue(
                    info.get("created_by").isNull()
                            ? expected[2].equals("null")
                            : info.get("created_by").asText().startsWith(expected[2]),
                    name + " created_by " + info.get("created_by") + " vs " + expected[2]);
            for (JsonNode column : info.get("columns")) {
                assertEquals(expected[1], column.get("codec").asText(), name + " codec");
            }
            assertEquals(expected[1], json.get("totals_per_codec").fieldNames().next(), name + " totals");

            // page counts, per row group and column, from parquet-java's page reader
            Map<String, int[]> pages = pagesByParquetJava(file);
            for (JsonNode column : info.get("columns")) {
                String key = column.get("row_group").asInt() + "/"
                        + column.get("path").asText();
                int[] counts = pages.get(key);
                assertTrue(counts != null, name + " " + key);
                assertEquals(counts[0], column.get("dictionary_pages").asInt(), name + " " + key + " dictionary pages");
                assertEquals(counts[1], column.get("data_pages_v1").asInt(), name + " " + key + " V1 pages");
                assertEquals(counts[2], column.get("data_pages_v2").asInt(), name + " " + key + " V2 pages");
                double ratio = column.get("uncompressed_bytes").asDouble()
                        / column.get("compressed_bytes").asDouble();
                assertEquals(ratio, column.get("ratio").asDouble(), ratio * 1e-5, name + " ratio");
            }
            assertEquals(pages.size(), info.get("columns").size(), name + " column chunks");
            checked++;
        }
        assertTrue(checked >= 20, "parquet-testing files checked: " + checked);
    }

    static Map<String, int[]> pagesByParquetJava(Path file) throws IOException {
        Map<String, int[]> pages = new HashMap<>();
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), ParquetInput.readOptions())) {
            int rowGroup = 0;
            for (PageReadStore store = reader.readNextRowGroup(); store != null; store = reader.readNextRowGroup()) {
                for (ColumnDescriptor descriptor :
                        reader.getFileMetaData().getSchema().getColumns()) {
                    PageReader pageReader = store.getPageReader(descriptor);
                    int[] counts = new int[3];
                    counts[0] = pageReader.readDictionaryPage() == null ? 0 : 1;
                    for (DataPage page = pageReader.readPage(); page != null; page = pageReader.readPage()) {
                        counts[page instanceof DataPageV1 ? 1 : page instanceof DataPageV2 ? 2 : 0]++;
                    }
                    pages.put(rowGroup + "/" + String.join(".", descriptor.getPath()), counts);
                }
                rowGroup++;
            }
        }
        return pages;
    }

    @Test
    void textShowsEveryColumnAndTheTotals() {
        Path file = CliRun.testing("datapage_v2.snappy.parquet");
        String out = CliRun.ok("inspect", file.toString()).out;
        assertTrue(out.contains("created by: parquet-mr version 1.8.1"), out);
        assertTrue(out.contains("row groups: 1, rows: 5"), out);
        for (String column : new String[] {"a ", "b ", "c ", "d ", "e.list.element "}) {
            assertTrue(out.contains("  " + column), column + " in\n" + out);
        }
        assertTrue(out.matches("(?s).*\\n  SNAPPY +5 +317 +311 +0\\.98\\n.*"), out);
    }

    @Test
    void severalFilesAddUpPerCodec() throws IOException {
        JsonNode json = CliRun.ok(
                        "inspect",
                        "--json",
                        CliRun.testing("alltypes_plain.parquet").toString(),
                        CliRun.testing("alltypes_plain.snappy.parquet").toString(),
                        CliRun.testing("nulls.snappy.parquet").toString())
                .json();
        assertEquals(3, json.get("files").size());
        long snappy = 0;
        for (JsonNode file : json.get("files")) {
            for (JsonNode column : file.get("columns")) {
                if (column.get("codec").asText().equals("SNAPPY")) {
                    snappy += column.get("compressed_bytes").asLong();
                }
            }
        }
        assertTrue(snappy > 0);
        assertEquals(
                snappy,
                json.get("totals_per_codec")
                        .get("SNAPPY")
                        .get("compressed_bytes")
                        .asLong());
        assertTrue(json.get("totals_per_codec").has("UNCOMPRESSED"));
    }
}
