package io.github.parquetcodecs.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;
import shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper;
import test.avro.Order;
import test.avro.Trade;

/**
 * Files written by {@link HadoopFreeAvro} read by an implementation we did not write: pyarrow (the pinned version of
 * dev/interop-requirements.txt) reads specific and reflect records, and every value equals the one written. The
 * interpreter is {@code -Dinterop.python} (dev/test passes it) or the project's {@code .venv/bin/python}; without
 * either the test is skipped with a message, except under {@code CI=true}, where it fails.
 */
class PyarrowReadsAvroFilesTest {
    private static final int ROWS = 2_000;

    @TempDir
    Path dir;

    private static Path python() {
        String configured = System.getProperty("interop.python", "").trim();
        if (!configured.isEmpty() && !configured.startsWith("${")) {
            return Paths.get(configured);
        }
        Path venv = Paths.get("").toAbsolutePath().getParent().resolve(".venv/bin/python");
        if (Files.isExecutable(venv)) {
            return venv;
        }
        String message = "pyarrow is needed: -Dinterop.python is not set and " + venv + " does not exist";
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort("SKIPPED: " + message);
        return null;
    }

    /** pyarrow's rows of {@code file}, as JSON objects. */
    private JsonNode pyarrowRows(Path file) throws IOException, InterruptedException {
        Path out = dir.resolve(file.getFileName() + ".json");
        String script = "import json, sys, pyarrow.parquet as pq\n"
                + "t = pq.read_table(sys.argv[1])\n"
                + "json.dump(t.to_pylist(), open(sys.argv[2], 'w'))\n";
        Process p = new ProcessBuilder(python().toString(), "-c", script, file.toString(), out.toString())
                .redirectErrorStream(true)
                .start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail("pyarrow could not read " + file + ": " + log);
        }
        return new ObjectMapper().readTree(out.toFile());
    }

    @Test
    void specificRecordsInZstd() throws Exception {
        Path file = dir.resolve("trades.parquet");
        List<Trade> written = new ArrayList<>();
        try (ParquetWriter<Trade> writer = HadoopFreeAvro.specificWriter(
                        new LocalOutputFile(file), Trade.class, new PlainParquetConfiguration())
                .withCompressionCodec(CompressionCodecName.ZSTD)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                Trade t = new Trade(i, "SYM" + i % 37, 100 + i / 8.0, i % 5 == 0 ? null : "note " + i % 11);
                written.add(t);
                writer.write(t);
            }
        }
        JsonNode rows = pyarrowRows(file);
        assertEquals(ROWS, rows.size());
        for (int i = 0; i < ROWS; i++) {
            JsonNode row = rows.get(i);
            Trade t = written.get(i);
            assertEquals((long) t.get(0), row.get("id").asLong(), "row " + i);
            assertEquals(t.get(1), row.get("symbol").asText(), "row " + i);
            assertEquals((double) t.get(2), row.get("price").asDouble(), 0.0, "row " + i);
            assertEquals(
                    t.get(3), row.get("note").isNull() ? null : row.get("note").asText(), "row " + i);
        }
    }

    @Test
    void reflectRecordsInBrotli() throws Exception {
        Path file = dir.resolve("orders.parquet");
        try (ParquetWriter<Order> writer = HadoopFreeAvro.reflectWriter(
                        new LocalOutputFile(file), Order.class, new PlainParquetConfiguration())
                .withCompressionCodec(CompressionCodecName.BROTLI)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                writer.write(new Order(i, "c" + i % 97, i * 1.25, List.of("a" + i % 5, "b" + i % 3), null));
            }
        }
        JsonNode rows = pyarrowRows(file);
        assertEquals(ROWS, rows.size());
        for (int i = 0; i < ROWS; i++) {
            JsonNode row = rows.get(i);
            assertEquals(i, row.get("id").asLong());
            assertEquals("c" + i % 97, row.get("customer").asText());
            assertEquals(i * 1.25, row.get("amount").asDouble(), 0.0);
            // parquet-avro writes Avro arrays in its old two-level list structure: pyarrow reads it as a list
            assertEquals(
                    "[\"a" + i % 5 + "\",\"b" + i % 3 + "\"]", row.get("items").toString(), "row " + i);
            assertEquals(true, row.get("coupon").isNull());
        }
    }
}
