package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rewrite} in a JVM of its own, stopped by SIGTERM while it writes: nothing is left at OUT, and its temporary
 * file is gone too. Then a failing rewrite (verification of a file that cannot be read back is not the point here: a
 * codec that fails) leaves nothing either, and a finished one leaves OUT only.
 */
class RewriteInterruptTest {
    @TempDir
    Path dir;

    /** An uncompressed file of about 24 MB of random text: BROTLI 11 takes many seconds on it. */
    static Path writeInput(Path file) throws IOException {
        MessageType schema =
                MessageTypeParser.parseMessageType("message m { required int64 id; required binary text (STRING); }");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        Random random = new Random(23);
        char[] text = new char[40];
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withDictionaryEncoding(false)
                .build()) {
            for (long id = 0; id < 500_000; id++) {
                for (int i = 0; i < text.length; i++) {
                    text[i] = (char) ('a' + random.nextInt(26));
                }
                writer.write(groups.newGroup().append("id", id).append("text", new String(text)));
            }
        }
        return file;
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void sigtermWhileWritingLeavesNothingAtOut() throws Exception {
        Path in = writeInput(dir.resolve("in.parquet"));
        Path outDir = Files.createDirectory(dir.resolve("out"));
        Path out = outDir.resolve("out.parquet");
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "rewrite",
                        in.toString(),
                        out.toString(),
                        "--codec",
                        "BROTLI",
                        "--level",
                        "11")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        // wait until it writes its temporary file beside OUT, and a little longer: it is writing pages
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (names(outDir).isEmpty() && child.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<String> writing = names(outDir);
        assertEquals(1, writing.size(), "a temporary file while writing: " + writing);
        assertTrue(writing.get(0).startsWith(".out.parquet.") && writing.get(0).endsWith(".tmp"), writing.get(0));
        Thread.sleep(2000);
        assertTrue(child.isAlive(), "still writing after 2 s: " + Files.readString(log, StandardCharsets.UTF_8));

        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child ended");
        assertEquals(143, child.exitValue(), "ended by SIGTERM");
        assertFalse(Files.exists(out), "nothing at OUT");
        assertEquals(List.of(), names(outDir), "no temporary file left");
    }

    @Test
    void aGroupPathSetsItsColumnsAndLzoIsWarnedOf() throws Exception {
        Path nested = CliRun.testing("nested_structs.rust.parquet");
        Set<String> leaves = Columns.paths(ParquetInput.footer(nested));
        long inGroup = leaves.stream().filter(p -> p.startsWith("roll_num.")).count();
        assertTrue(inGroup >= 2, leaves.toString());
        Path out = dir.resolve("group.parquet");
        CliRun run = CliRun.ok("rewrite", nested.toString(), out.toString(), "--column", "roll_num=GZIP:9");
        try (org.apache.parquet.hadoop.ParquetFileReader reader = ParquetInput.open(out)) {
            for (org.apache.parquet.hadoop.metadata.ColumnChunkMetaData chunk :
                    reader.getFooter().getBlocks().get(0).getColumns()) {
                boolean member = chunk.getPath().toDotString().startsWith("roll_num.");
                assertEquals(
                        member,
                        chunk.getCodec() == CompressionCodecName.GZIP,
                        chunk.getPath() + " " + chunk.getCodec() + "\n" + run.out);
            }
        }
        CliRun lzo = CliRun.ok(
                "rewrite",
                CliRun.testing("alltypes_plain.parquet").toString(),
                dir.resolve("lzo.parquet").toString(),
                "--codec",
                "LZO");
        assertTrue(lzo.out.contains("Warning: LZO is deprecated"), lzo.out);
    }

    @Test
    void aFinishedRewriteLeavesOnlyOut() throws Exception {
        Path outDir = Files.createDirectory(dir.resolve("done"));
        Path out = outDir.resolve("x.parquet");
        CliRun run = CliRun.ok(
                "rewrite", CliRun.testing("alltypes_plain.parquet").toString(), out.toString(), "--codec", "ZSTD");
        assertEquals(List.of("x.parquet"), names(outDir));
        assertTrue(run.out.contains(" pages rewritten in ") && run.out.contains(", verified in "), run.out);
        assertTrue(run.out.contains("Verified: 8 records read back"), run.out);
        // a failure (OUT exists, no --force) before writing leaves OUT as it was
        CliRun again = CliRun.run(
                "rewrite", CliRun.testing("alltypes_plain.parquet").toString(), out.toString(), "--codec", "GZIP");
        assertEquals(1, again.exitCode, again.err);
        assertEquals(List.of("x.parquet"), names(outDir));
        assertFalse(new File(out.toString() + ".tmp").exists());
    }
}
