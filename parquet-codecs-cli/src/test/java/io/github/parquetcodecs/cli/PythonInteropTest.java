package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;
import shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The commands on files that pyarrow and DuckDB write, and the results read by pyarrow and DuckDB, through {@code
 * src/test/python/cli_interop.py} in the pinned Python environment of {@code dev/interop-requirements.txt}.
 *
 * <p>The interpreter is {@code -Dinterop.python} (dev/test passes it), else the project's {@code .venv/bin/python}
 * (which {@code dev/python-env} builds). Without either, these tests are skipped with a message saying so, except under
 * {@code CI=true}, where they fail.
 */
class PythonInteropTest {
    static final String TIME = "200ms";

    @TempDir
    static Path dir;

    static Path python;
    /** The files pyarrow and DuckDB wrote, with their rows. */
    static final Map<Path, Long> written = new LinkedHashMap<>();

    static Path projectRoot() {
        return Paths.get("").toAbsolutePath().getParent();
    }

    static Path findPython() {
        String configured = System.getProperty("interop.python", "").trim();
        if (!configured.isEmpty() && !configured.startsWith("${")) {
            Path path = Paths.get(configured);
            if (!Files.isExecutable(path)) {
                fail("interop.python is " + configured + ", which is not an executable file; run dev/python-env");
            }
            return path;
        }
        Path venv = projectRoot().resolve(".venv/bin/python");
        if (Files.isExecutable(venv)) {
            return venv;
        }
        String message = "the pyarrow/DuckDB tests of parquet-codecs-cli need the pinned Python environment:"
                + " -Dinterop.python is not set and " + venv + " does not exist (dev/test passes -Dinterop.python;"
                + " or run dev/python-env once)";
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort("SKIPPED: " + message);
        return null;
    }

    static JsonNode runPython(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(python.toString());
        command.add(projectRoot()
                .resolve("parquet-codecs-cli/src/test/python/cli_interop.py")
                .toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "py", ".json");
        Path err = Files.createTempFile(dir, "py", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("cli_interop.py did not finish in 5 minutes");
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), () -> "cli_interop.py " + args[0] + " failed:\n" + stderr);
        return new ObjectMapper().readTree(Files.readString(out, StandardCharsets.UTF_8));
    }

    @BeforeAll
    static void writeFiles() throws Exception {
        CliRun.assertNoHadoop();
        python = findPython();
        Path files = Files.createDirectory(dir.resolve("written"));
        JsonNode rows = runPython("write", files.toString());
        for (Iterator<String> it = rows.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            written.put(files.resolve(name), rows.get(name).asLong());
        }
        assertEquals(5, written.size(), "pyarrow wrote three files (one empty) and DuckDB two: " + rows);
    }

    @Test
    void inspectAgreesWithPyarrow() throws Exception {
        List<Path> files = new ArrayList<>(written.keySet());
        files.addAll(CliRun.testingFiles());
        List<String> args = new ArrayList<>(List.of("meta"));
        files.forEach(f -> args.add(f.toString()));
        JsonNode pyarrow = runPython(args.toArray(new String[0]));
        int compared = 0;
        for (Path file : files) {
            JsonNode expected = pyarrow.get(file.toString());
            if (expected.has("error")) {
                // pyarrow cannot read this footer; only this parquet-testing file is known to be such
                assertEquals("incorrect_map_schema.parquet", file.getFileName().toString(), expected.toString());
                continue;
            }
            JsonNode info = CliRun.ok("inspect", "--json", file.toString())
                    .json()
                    .get("files")
                    .get(0);
            String name = file.getFileName().toString();
            assertEquals(expected.get("rows").asLong(), info.get("rows").asLong(), name);
            assertEquals(
                    expected.get("row_groups").asInt(), info.get("row_groups").asInt(), name);
            String createdBy = expected.get("created_by").asText();
            assertEquals(
                    createdBy.isEmpty() ? null : createdBy,
                    info.get("created_by").textValue(),
                    name);
            JsonNode columns = info.get("columns");
            assertEquals(expected.get("columns").size(), columns.size(), name);
            for (int i = 0; i < columns.size(); i++) {
                JsonNode e = expected.get("columns").get(i);
                JsonNode c = columns.get(i);
                String where = name + " " + e;
                assertEquals(e.get("row_group").asInt(), c.get("row_group").asInt(), where);
                assertEquals(e.get("path").asText(), c.get("path").asText(), where);
                assertEquals(e.get("codec").asText(), c.get("codec").asText(), where);
                assertEquals(
                        e.get("compressed_bytes").asLong(),
                        c.get("compressed_bytes").asLong(),
                        where);
                assertEquals(
                        e.get("uncompressed_bytes").asLong(),
                        c.get("uncompressed_bytes").asLong(),
                        where);
            }
            compared++;
        }
        assertEquals(files.size() - 1, compared);

        // the page versions each writer was asked for
        for (Path file : written.keySet()) {
            if (written.get(file) == 0) {
                continue;
            }
            JsonNode info = CliRun.ok("inspect", "--json", file.toString())
                    .json()
                    .get("files")
                    .get(0);
            boolean v2 = file.getFileName().toString().contains("_v2");
            for (JsonNode c : info.get("columns")) {
                assertEquals(0, c.get(v2 ? "data_pages_v1" : "data_pages_v2").asInt(), file + " " + c);
                assertTrue(c.get(v2 ? "data_pages_v2" : "data_pages_v1").asInt() >= 1, file + " " + c);
            }
        }
    }

    @Test
    void benchOnTheirFiles() throws Exception {
        List<String> args = new ArrayList<>(List.of("bench", "--time", TIME, "--json", "--codecs", "SNAPPY,ZSTD"));
        long uncompressed = 0;
        long snappy = 0;
        for (Path file : written.keySet()) {
            args.add(file.toString());
            for (byte[] page : BenchTest.pages(file)) {
                uncompressed += page.length;
                snappy += Snappy.compress(page).length;
            }
        }
        JsonNode json = CliRun.ok(args.toArray(new String[0])).json();
        assertEquals(5, json.get("files").size());
        assertEquals(uncompressed, json.get("sampled_bytes").asLong());
        if (json.get("sized_bytes").asLong() == uncompressed) { // every sampled page sized
            assertEquals(
                    snappy,
                    BenchTest.byLabel(json)
                            .get("SNAPPY")
                            .get("compressed_bytes")
                            .asLong());
        }
        assertTrue(
                json.get("data_pages_v2").asInt() > 0
                        && json.get("data_pages_v1").asInt() > 0,
                json.toString());
        for (JsonNode result : json.get("results")) {
            assertTrue(result.get("decompress_mb_s").asDouble() > 0, result.toString());
        }

        Path zstdV2 = written.keySet().stream()
                .filter(p -> p.getFileName().toString().equals("pyarrow_zstd_v2.parquet"))
                .findFirst()
                .get();
        String text = CliRun.ok("bench", zstdV2.toString(), "--time", TIME).out;
        assertTrue(text.contains("Files' codecs: ZSTD 100 %"), text);
        assertTrue(text.matches("(?s).*\\n  ZSTD 3 [^\\n]*files' codec.*"), text);
        assertTrue(text.contains("\nRecommendation: "), text);
        assertTrue(text.contains("\nRunner-up: "), text);
    }

    static final String[] CODECS = {"ZSTD", "GZIP", "BROTLI", "LZ4_RAW", "SNAPPY", "UNCOMPRESSED"};

    @Test
    void rewrittenFilesReadIdenticallyInPyarrowAndDuckDB() throws Exception {
        List<String> pairs = new ArrayList<>(List.of("compare"));
        int i = 0;
        for (Path in : written.keySet()) {
            for (int k = 0; k < 2; k++) {
                String codec = CODECS[(i + k) % CODECS.length];
                Path out = dir.resolve(codec + "-" + in.getFileName());
                CliRun run = CliRun.ok("rewrite", in.toString(), out.toString(), "--codec", codec);
                assertEquals((long) written.get(in), RewriteTest.verifiedRecords(run.out), in.toString());
                if (written.get(in) == 0) {
                    assertTrue(run.out.contains("1 row group(s) of no rows in the input were left out"), run.out);
                } else {
                    RewriteTest.assertSamePages(in, out, codec);
                }
                pairs.add(in.toString());
                pairs.add(out.toString());
            }
            i += 2;
        }
        for (Path in : CliRun.testingFiles()) {
            Path out = dir.resolve("zstd-" + in.getFileName());
            CliRun.ok("rewrite", in.toString(), out.toString(), "--codec", "ZSTD");
            pairs.add(in.toString());
            pairs.add(out.toString());
        }
        JsonNode verdicts = runPython(pairs.toArray(new String[0]));
        int equal = 0;
        List<String> problems = new ArrayList<>();
        for (Iterator<String> it = verdicts.fieldNames(); it.hasNext(); ) {
            String out = it.next();
            for (String reader : Set.of("pyarrow", "duckdb")) {
                String verdict = verdicts.get(out).get(reader).asText();
                if (verdict.equals("equal")) {
                    equal++;
                } else if (!verdict.startsWith("both fail: ")) {
                    problems.add(out + " in " + reader + ": " + verdict);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertEquals((pairs.size() - 1) / 2, verdicts.size());
        // every pair is compared by both; only inputs that a reader cannot read at all are not
        assertTrue(equal >= 2 * verdicts.size() - 4, equal + " equal verdicts of " + 2 * verdicts.size());
    }
}
