package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gives one line on stderr and a non-zero exit code; a stack trace only with --debug. */
class ErrorsTest {
    @TempDir
    static Path dir;

    static Path textFile;
    static Path truncated;
    static Path badFooter;
    static final String GOOD = CliRun.testing("alltypes_plain.snappy.parquet").toString();

    @BeforeAll
    static void files() throws IOException {
        CliRun.assertNoHadoop();
        textFile = Files.write(dir.resolve("notes.txt"), "not a parquet file\n".getBytes(StandardCharsets.UTF_8));
        byte[] real = Files.readAllBytes(Paths.get(GOOD));
        truncated = Files.write(dir.resolve("truncated.parquet"), Arrays.copyOf(real, real.length / 2));
        // PAR1 at both ends, but the footer length points at garbage
        byte[] garbage = new byte[100];
        Arrays.fill(garbage, (byte) 0x5a);
        System.arraycopy("PAR1".getBytes(StandardCharsets.US_ASCII), 0, garbage, 0, 4);
        garbage[92] = 40;
        System.arraycopy("PAR1".getBytes(StandardCharsets.US_ASCII), 0, garbage, 96, 4);
        badFooter = Files.write(dir.resolve("bad-footer.parquet"), garbage);
    }

    /** Exit code, and exactly one line on stderr that contains every one of {@code parts}, and no stack trace. */
    static CliRun fails(int exitCode, List<String> args, String... parts) {
        CliRun run = CliRun.run(args.toArray(new String[0]));
        assertEquals(exitCode, run.exitCode, () -> args + " exit code; stderr: " + run.err);
        String[] lines = run.err.split("\n");
        assertEquals(1, lines.length, () -> args + ": one line on stderr, got:\n" + run.err);
        assertTrue(lines[0].startsWith("parquet-codecs " + args.get(0) + ": error: "), lines[0]);
        for (String part : parts) {
            assertTrue(lines[0].contains(part), () -> args + ": '" + part + "' in " + lines[0]);
        }
        assertFalse(run.err.contains("\tat "), run.err);
        assertEquals("", run.out, "nothing on stdout");
        return run;
    }

    @Test
    void missingFile() {
        String missing = dir.resolve("missing.parquet").toString();
        fails(1, List.of("inspect", missing), missing + ": no such file");
        fails(1, List.of("bench", missing, "--time", "100ms"), missing + ": no such file");
        fails(1, List.of("inspect", GOOD, missing), "no such file");
    }

    @Test
    void notParquet() {
        fails(1, List.of("inspect", textFile.toString()), "notes.txt: not a Parquet file");
        fails(1, List.of("bench", truncated.toString()), "truncated.parquet: not a Parquet file, or truncated");
        fails(1, List.of("inspect", dir.toString()), "is a directory");
        fails(1, List.of("inspect", badFooter.toString()), "bad-footer.parquet: cannot read the Parquet footer");
    }

    @Test
    void unknownColumn() {
        fails(1, List.of("bench", GOOD, "--column", "no_such_col", "--time", "100ms"), "no column 'no_such_col'", "id");
    }

    @Test
    void badArguments() {
        fails(2, List.of("bench", GOOD, "--codecs", "SNAPPY,FOO"), "unknown codec 'FOO'", "ZSTD");
        fails(2, List.of("bench", GOOD, "--levels", "ZSTD=99"), "ZSTD level 99 is outside its range");
        fails(2, List.of("bench", GOOD, "--levels", "SNAPPY=1"), "SNAPPY has no levels");
        // GZIP's default is named as --help names it, 6
        fails(2, List.of("bench", GOOD, "--levels", "GZIP=10"), "GZIP level 10 is outside its range -1..9 (default 6");
        fails(2, List.of("bench", GOOD, "--time", "fast"), "--time");
        fails(2, List.of("inspect", GOOD, "--frobnicate"), "unknown option --frobnicate");
        CliRun once = CliRun.run("inspect", "--frobnicate");
        assertFalse(once.err.contains("inspect: error: inspect:"), "the command named once: " + once.err);
        fails(2, List.of("inspect"), "no FILE given");
        fails(2, List.of("bench"), "no FILE given");
        CliRun run = CliRun.run("transmogrify", GOOD);
        assertEquals(2, run.exitCode);
        assertTrue(run.err.startsWith("parquet-codecs transmogrify: error: unknown command"), run.err);
    }

    @Test
    void debugPrintsTheStackTrace() {
        CliRun run = CliRun.run("inspect", badFooter.toString(), "--debug");
        assertEquals(1, run.exitCode);
        assertTrue(run.err.contains("cannot read the Parquet footer"), run.err);
        assertTrue(run.err.contains("\tat "), run.err);
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"inspect", "bench", "rewrite"}) {
            CliRun run = CliRun.ok(command, "--help");
            assertTrue(run.out.startsWith("Usage: parquet-codecs " + command), run.out);
            assertTrue(run.out.contains("--debug"), command + " help mentions --debug");
        }
        CliRun top = CliRun.ok("--help");
        assertTrue(top.out.contains("inspect") && top.out.contains("bench") && top.out.contains("rewrite"), top.out);
        CliRun completion = CliRun.ok("generate-completion");
        assertTrue(
                completion.out.contains("complete -F") && completion.out.contains("--max-bytes"),
                "a bash completion script for every command and option");
        CliRun version = CliRun.ok("--version");
        assertTrue(version.out.startsWith("parquet-codecs "), version.out);
        CliRun none = CliRun.run();
        assertEquals(2, none.exitCode);
        assertTrue(none.out.startsWith("Usage: parquet-codecs"), none.out);
    }

    /** The command in a JVM of its own, with the test class path minus the entries whose path contains {@code without}. */
    static CliRun runWithout(String without, String... args) throws IOException, InterruptedException {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains(without))
                .collect(Collectors.joining(File.pathSeparator));
        assertFalse(classPath.contains(without));
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                classPath,
                Main.class.getName()));
        command.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "finished");
        return CliRun.of(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void brotliWithoutBrotli4j() throws Exception {
        CliRun asked = runWithout("brotli4j", "bench", GOOD, "--codecs", "BROTLI", "--time", "100ms");
        assertEquals(1, asked.exitCode, asked.err);
        String[] lines = asked.err.strip().split("\n");
        assertEquals(1, lines.length, asked.err);
        assertTrue(lines[0].startsWith("parquet-codecs bench: error: BROTLI is not available"), lines[0]);
        assertTrue(
                lines[0].contains("com.aayushatharva.brotli4j:brotli4j:"), "names the Maven coordinates: " + lines[0]);
        assertFalse(asked.err.contains("\tat "), asked.err);

        Path out = dir.resolve("brotli.parquet");
        CliRun rewrite = runWithout("brotli4j", "rewrite", GOOD, out.toString(), "--codec", "BROTLI");
        assertEquals(1, rewrite.exitCode, rewrite.err);
        assertTrue(rewrite.err.startsWith("parquet-codecs rewrite: error: BROTLI is not available"), rewrite.err);
        assertTrue(rewrite.err.contains("com.aayushatharva.brotli4j:brotli4j:"), rewrite.err);
        assertFalse(Files.exists(out), "nothing written");

        // by default BROTLI is one of several codecs: it is left out, with a note
        CliRun defaults = runWithout("brotli4j", "bench", GOOD, "--time", "100ms");
        assertEquals(0, defaults.exitCode, defaults.err);
        assertTrue(defaults.out.contains("Note: BROTLI level 1 skipped: "), defaults.out);
        assertTrue(defaults.out.contains("\n  ZSTD 3 "), defaults.out);
        assertFalse(defaults.out.contains("\n  BROTLI"), defaults.out);
    }
}
