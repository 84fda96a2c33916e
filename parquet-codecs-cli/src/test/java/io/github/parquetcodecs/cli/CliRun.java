package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;
import shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper;

/** Runs the command in this JVM and keeps what it printed; test helpers around it. */
final class CliRun {
    final int exitCode;
    final String out;
    final String err;

    private CliRun(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static CliRun of(int exitCode, String out, String err) {
        return new CliRun(exitCode, out, err);
    }

    static CliRun run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Cli.run(args, o, e);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs and expects exit code 0 and nothing on stderr. */
    static CliRun ok(String... args) {
        CliRun run = run(args);
        assertEquals(0, run.exitCode, () -> "exit code of " + Arrays.toString(args) + "; stderr: " + run.err);
        assertEquals("", run.err, "stderr of " + Arrays.toString(args));
        return run;
    }

    JsonNode json() throws IOException {
        return new ObjectMapper().readTree(out);
    }

    /** The shared parquet-testing directory (../shared/parquet-testing beside the checkout). */
    static Path testingDir() {
        String configured = System.getProperty("parquet.testing.dir");
        Path dir = configured != null ? Paths.get(configured) : Paths.get("../../shared/parquet-testing");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("parquet-testing files not found at " + dir.toAbsolutePath());
        }
        return dir.toAbsolutePath().normalize();
    }

    static Path testing(String name) {
        return testingDir().resolve(name);
    }

    static List<Path> testingFiles() throws IOException {
        try (Stream<Path> files = Files.list(testingDir())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The precondition of every test here: no Hadoop class can be loaded and no Hadoop jar is on the class path. */
    static void assertNoHadoop() {
        for (String name : List.of(
                "org.apache.hadoop.conf.Configuration",
                "org.apache.hadoop.fs.Path",
                "org.apache.hadoop.io.compress.CompressionCodec")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name + " must not be loadable");
        }
        List<String> hadoopJars = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> Paths.get(entry).getFileName().toString())
                .filter(name -> name.startsWith("hadoop-"))
                .collect(Collectors.toList());
        assertEquals(List.of(), hadoopJars, "Hadoop jars on the class path");
        assertFalse(System.getProperty("java.class.path").isEmpty());
    }
}
