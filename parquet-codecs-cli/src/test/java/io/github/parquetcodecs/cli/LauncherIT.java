package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/parquet-codecs} as a user runs it: a separate process on the runnable jar, after {@code package} (Surefire
 * runs this class in the integration-test phase). The jar holds no Hadoop class, and the JVM's class-loading log shows
 * that none was loaded while parquet-java's reader was.
 */
class LauncherIT {
    @TempDir
    Path dir;

    static Path projectRoot() {
        return Paths.get("").toAbsolutePath().getParent();
    }

    static Path jar() {
        Path jar = Paths.get(System.getProperty("cli.jar", "target/parquet-codecs-cli.jar"));
        assertTrue(Files.isRegularFile(jar), "the runnable jar " + jar + " (built by mvn package)");
        return jar;
    }

    static final class Result {
        int exitCode;
        String out;
        String err;
    }

    Result launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(projectRoot().resolve("bin/parquet-codecs").toString());
        command.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("PARQUET_CODECS_JAR", jar().toAbsolutePath().toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("CLASSPATH");
        builder.environment().putAll(env);
        Process process = builder.start();
        assertTrue(process.waitFor(180, TimeUnit.SECONDS), "the launcher finished");
        Result result = new Result();
        result.exitCode = process.exitValue();
        result.out = Files.readString(out);
        result.err = Files.readString(err);
        return result;
    }

    @Test
    void theJarHoldsNoHadoop() throws IOException {
        try (JarFile jar = new JarFile(jar().toFile())) {
            List<String> hadoop = jar.stream()
                    .map(entry -> entry.getName())
                    .filter(name -> name.startsWith("org/apache/hadoop/")
                            || name.matches("(.*/)?hadoop-[^/]*\\.jar")
                            || name.startsWith("META-INF/maven/org.apache.hadoop"))
                    .collect(Collectors.toList());
            assertEquals(List.of(), hadoop);
            assertTrue(jar.getEntry("org/apache/parquet/hadoop/ParquetFileReader.class") != null);
            assertTrue(jar.getEntry("io/github/parquetcodecs/HadoopFreeCodecFactory.class") != null);
            assertEquals(
                    "io.github.parquetcodecs.cli.Main",
                    jar.getManifest().getMainAttributes().getValue("Main-Class"));
            assertEquals(null, jar.getManifest().getMainAttributes().getValue("Class-Path"), "no other class path");
        }
    }

    @Test
    void inspectAndBenchLoadNoHadoopClass() throws Exception {
        Path file = CliRun.testing("datapage_v1-snappy-compressed-checksum.parquet");
        Path classLog = dir.resolve("classes.log");
        Result inspect =
                launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog), "inspect", file.toString());
        assertEquals(0, inspect.exitCode, inspect.err);
        assertTrue(inspect.out.contains("row groups: 1, rows: 5,120"), inspect.out);
        String loaded = Files.readString(classLog, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("org.apache.parquet.hadoop.ParquetFileReader "), "the log lists loaded classes");
        assertTrue(loaded.contains("io.github.parquetcodecs.HadoopFreeCodecFactory "), "the log lists loaded classes");
        assertFalse(loaded.contains("org.apache.hadoop."), "a Hadoop class was loaded");

        Path benchLog = dir.resolve("bench-classes.log");
        Result bench = launch(
                Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + benchLog),
                "bench",
                file.toString(),
                "--time",
                "300ms",
                "--bare");
        assertEquals(0, bench.exitCode, bench.err);
        assertTrue(bench.out.contains("\nRecommendation: "), bench.out);
        assertTrue(bench.out.contains("SNAPPY bare"), bench.out);
        assertEquals("", bench.err, "no progress bar when the output is not a terminal");
        String benchLoaded = Files.readString(benchLog, StandardCharsets.UTF_8);
        assertTrue(benchLoaded.contains("com.github.luben.zstd."), "zstd-jni was loaded");
        assertFalse(benchLoaded.contains("org.apache.hadoop."), "a Hadoop class was loaded");
    }

    @Test
    void rewriteLoadsNoHadoopClass() throws Exception {
        Path in = CliRun.testing("alltypes_tiny_pages.parquet");
        Path out = dir.resolve("rewritten.parquet");
        Path log = dir.resolve("rewrite-classes.log");
        Result rewrite = launch(
                Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + log),
                "rewrite",
                in.toString(),
                out.toString(),
                "--codec",
                "ZSTD");
        assertEquals(0, rewrite.exitCode, rewrite.err);
        assertTrue(rewrite.out.contains("Verified: 7,300 records"), rewrite.out);
        String loaded = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("org.apache.parquet.hadoop.ParquetFileWriter "), "the writer was loaded");
        assertFalse(loaded.contains("org.apache.hadoop."), "a Hadoop class was loaded");
    }

    /** On a terminal (a pseudo-terminal made by util-linux's script), bench draws a progress bar on stderr. */
    @Test
    void progressBarOnATerminal() throws Exception {
        Path script = Paths.get("/usr/bin/script");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isExecutable(script), "SKIPPED: no /usr/bin/script to run the launcher on a pseudo-terminal");
        String command = projectRoot().resolve("bin/parquet-codecs") + " bench "
                + CliRun.testing("lz4_raw_compressed_larger.parquet") + " --time 300ms --codecs SNAPPY";
        Path out = dir.resolve("terminal.txt");
        ProcessBuilder builder = new ProcessBuilder(script.toString(), "-qc", command, "/dev/null")
                .redirectOutput(out.toFile())
                .redirectErrorStream(true);
        builder.environment().put("PARQUET_CODECS_JAR", jar().toAbsolutePath().toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "finished");
        String terminal = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), terminal);
        assertTrue(terminal.contains("\r[#") && terminal.contains(" %"), "a progress bar: " + terminal);
        assertTrue(terminal.contains("Recommendation: "), terminal);
        assertTrue(terminal.contains(" s left"), "an ETA: " + terminal);
    }

    @Test
    void errorsThroughTheLauncher() throws Exception {
        Result missing = launch(Map.of(), "inspect", dir.resolve("nope.parquet").toString());
        assertEquals(1, missing.exitCode);
        assertEquals(1, missing.err.strip().split("\n").length, missing.err);
        assertTrue(missing.err.contains("no such file"), missing.err);
        Result help = launch(Map.of(), "bench", "--help");
        assertEquals(0, help.exitCode, help.err);
        assertTrue(help.out.startsWith("Usage: parquet-codecs bench"), help.out);
    }
}
