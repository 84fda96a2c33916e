package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole-file benchmark's smoke test: on small files (V1 and V2 pages), every reader gives the same checksums for
 * a scan and for a record read, every writer writes the same values, and {@link WholeFileMain} runs the JMH
 * benchmarks (one fork per reader, tiny iterations) and writes its table and JSON.
 */
class WholeFileSmokeTest {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message taxi {\n"
            + "  required int32 vendor_id;\n"
            + "  required int64 pickup (TIMESTAMP(MICROS,false));\n"
            + "  required double fare;\n"
            + "  optional int32 passengers;\n"
            + "  required binary zone (STRING);\n"
            + "  required binary trip_id (STRING);\n"
            + "}");

    @TempDir
    static Path dir;

    static List<Group> rows;

    @BeforeAll
    static void writeFiles() throws IOException {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            Group row = groups.newGroup()
                    .append("vendor_id", 1 + i % 2)
                    .append("pickup", 1_704_067_200_000_000L + i * 1_000_003L)
                    .append("fare", (i * 37 % 5000) / 100.0)
                    .append("zone", "zone-" + i % 260)
                    .append("trip_id", String.format("T%014d", i * 7919L % 20_000));
            if (i % 10 != 0) {
                row.append("passengers", 1 + i % 6);
            }
            rows.add(row);
        }
        for (WriterVersion version : WriterVersion.values()) {
            PlainParquetConfiguration conf = new PlainParquetConfiguration();
            conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
            Path file = dir.resolve("data/small-" + version + ".parquet");
            Files.createDirectories(file.getParent());
            try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                            new LocalOutputFile(file), new GroupWriteSupport(), conf)
                    .withCompressionCodec(CompressionCodecName.ZSTD)
                    .withWriterVersion(version)
                    .withPageSize(16 * 1024)
                    .withRowGroupSize(256 * 1024L)
                    .build()) {
                for (Group row : rows) {
                    writer.write(row);
                }
            }
        }
    }

    @Test
    void everyReaderAndWriterAgrees() throws IOException {
        for (WriterVersion version : WriterVersion.values()) {
            Path file = dir.resolve("data/small-" + version + ".parquet");
            long scan = scan(WholeFile.Reader.STOCK, file);
            for (WholeFile.Reader reader : WholeFile.Reader.values()) {
                assertEquals(scan, scan(reader, file), reader + " scan of " + file);
            }
            long records = WholeFile.records(WholeFile.Reader.STOCK, file);
            for (WholeFile.Reader reader : List.of(WholeFile.Reader.STOCK_LIB, WholeFile.Reader.HADOOP_FREE)) {
                assertEquals(records, WholeFile.records(reader, file), reader + " records of " + file);
            }
            for (WholeFile.Reader writer :
                    List.of(WholeFile.Reader.STOCK, WholeFile.Reader.STOCK_LIB, WholeFile.Reader.HADOOP_FREE)) {
                Path out = dir.resolve("written-" + writer + ".parquet");
                assertTrue(WholeFile.write(writer, WholeFile.groups(file), out, CompressionCodecName.SNAPPY) > 0);
                assertEquals(scan, scan(WholeFile.Reader.STOCK, out), writer + " wrote " + file);
            }
        }
        // the checksum sees every value: one changed fare in the last row changes it
        List<Group> changed = new ArrayList<>(rows);
        Group last = new SimpleGroupFactory(SCHEMA)
                .newGroup()
                .append("vendor_id", 1)
                .append("pickup", 0L)
                .append("fare", 0.5)
                .append("zone", "zone-0")
                .append("trip_id", "T00000000000000");
        changed.set(changed.size() - 1, last);
        Path other = dir.resolve("changed.parquet");
        WholeFile.write(WholeFile.Reader.HADOOP_FREE, changed, other, CompressionCodecName.ZSTD);
        assertTrue(
                scan(WholeFile.Reader.STOCK, other)
                        != scan(WholeFile.Reader.STOCK, dir.resolve("data/small-PARQUET_1_0.parquet")),
                "a changed value changes the scan's checksum");
    }

    @Test
    void theBenchmarkRunsAndReports() throws Exception {
        Path out = dir.resolve("out");
        WholeFileMain.run(
                dir.resolve("data"),
                out,
                Map.of("quick", "true", "rounds", "1", "reads", "scan", "files", "small-PARQUET_1_0", "write", "ZSTD"));
        String table = Files.readString(out.resolve("wholefile.md"));
        assertTrue(table.contains("| read scan small-PARQUET_1_0.parquet |"), table);
        assertTrue(table.contains("| write ZSTD (rows of small-PARQUET_1_0.parquet) |"), table);
        JsonNode json =
                new ObjectMapper().readTree(out.resolve("wholefile.json").toFile());
        for (String what :
                List.of("read scan small-PARQUET_1_0.parquet", "write ZSTD (rows of small-PARQUET_1_0.parquet)")) {
            for (String reader : List.of("STOCK", "STOCK_LIB", "HADOOP_FREE")) {
                JsonNode cells = json.path("results").path(what).path(reader);
                assertEquals(1, cells.size(), what + " " + reader + ": " + json);
                assertTrue(cells.get(0).path("millis").asDouble() > 0, what + " " + reader);
            }
        }
        // the record of the run: settings, engines, and each comparison's cells and geometric mean with intervals
        assertEquals(1, json.path("warmupIterations").asInt(), json.toString());
        assertTrue(
                json.path("engines").path("ZSTD").asText().contains("zstd"),
                json.path("engines").toString());
        assertTrue(json.has("commit") && json.has("loadBefore") && json.has("loadAfter"), json.toString());
        JsonNode summary = json.path("summary").path("HADOOP_FREE / STOCK_LIB");
        JsonNode cell = summary.path("cells").path("read scan small-PARQUET_1_0.parquet");
        assertTrue(cell.path("low").asDouble() <= cell.path("estimate").asDouble(), summary.toString());
        assertTrue(cell.path("estimate").asDouble() <= cell.path("high").asDouble(), summary.toString());
        assertTrue(summary.path("geometricMean").path("estimate").asDouble() > 0, summary.toString());
        assertTrue(table.contains("- HADOOP_FREE / STOCK_LIB: geometric mean over 2 cells "), table);
    }

    @Test
    void theDelayedFileChargesEachRequestAndChangesNoValue() throws IOException {
        Path file = dir.resolve("data/small-PARQUET_1_0.parquet");
        for (WholeFile.Reader reader : List.of(WholeFile.Reader.STOCK_LIB, WholeFile.Reader.HADOOP_FREE)) {
            long plain = scan(reader, file);
            long start = System.nanoTime();
            long delayed;
            try (ParquetFileReader in = WholeFile.open(reader, file, 50_000)) {
                delayed = WholeFile.scan(in);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(plain, delayed, reader + ": the delay changes no value");
            // a stream, the footer's length and the footer, then a row group at least: 4 requests of 50 ms
            assertTrue(millis >= 200, reader + ": " + millis + " ms for at least 4 requests of 50 ms");
        }
    }

    @Test
    void thePairedDiagnosticComparesReadersInOneJvm() throws IOException {
        Path file = dir.resolve("data/small-PARQUET_2_0.parquet");
        for (boolean records : new boolean[] {false, true}) {
            String report = WholeFile.pair(
                    file,
                    new WholeFile.Reader[] {WholeFile.Reader.HADOOP_FREE, WholeFile.Reader.STOCK_LIB},
                    3,
                    records);
            String[] lines = report.split("\n");
            assertEquals(3, lines.length, report);
            assertTrue(lines[0].matches("HADOOP_FREE: median [0-9.]+ ms over 3 passes"), report);
            assertTrue(lines[1].matches("STOCK_LIB: median [0-9.]+ ms over 3 passes"), report);
            assertTrue(
                    lines[2].matches("HADOOP_FREE / STOCK_LIB speed: [0-9.]+ \\(quartiles [0-9.]+–[0-9.]+\\)"), report);
        }
    }

    private static long scan(WholeFile.Reader reader, Path file) throws IOException {
        try (ParquetFileReader in = WholeFile.open(reader, file)) {
            return WholeFile.scan(in);
        }
    }

    @Test
    void namesTheForksJdkByItsReleaseFile(@TempDir Path dir) throws IOException {
        assertEquals(System.getProperty("java.version"), WholeFileMain.jdkVersion(null));
        Path java = Files.createDirectories(dir.resolve("jdk/bin")).resolve("java");
        Files.writeString(dir.resolve("jdk/release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"25.0.3\"\n");
        assertEquals("25.0.3", WholeFileMain.jdkVersion(java.toString()));
        String noRelease = dir.resolve("other/bin/java").toString();
        assertEquals(noRelease, WholeFileMain.jdkVersion(noRelease));
        assertEquals("/java", WholeFileMain.jdkVersion("/java"));
    }
}
