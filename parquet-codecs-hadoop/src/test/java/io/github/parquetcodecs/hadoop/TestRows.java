package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The rows every test writes, as exact lines ({@code id small ratio-bits name digest}, tab separated, doubles as
 * their raw bits, a null as {@code null}), and the writers and readers: stock parquet-java with Hadoop, and
 * parquet-codecs without it.
 */
final class TestRows {
    static final int ROWS = 30_000;
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message rows { required int64 id; required"
            + " int32 small; required double ratio; optional binary name (UTF8); required binary digest (UTF8); }");

    private TestRows() {}

    static String digest(long id) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(Long.toString(id).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (byte b : hash) {
                hex.append(String.format("%02x", b & 0xFF));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    static Group row(SimpleGroupFactory groups, long id) {
        Group g = groups.newGroup()
                .append("id", id)
                .append("small", (int) (id % 1000))
                .append("ratio", id / 7.0);
        if (id % 5 != 0) {
            g.append("name", "name-" + (id % 97));
        }
        return g.append("digest", digest(id));
    }

    static List<String> expected() {
        List<String> lines = new ArrayList<>();
        for (long id = 0; id < ROWS; id++) {
            lines.add(id + "\t" + (id % 1000) + "\t" + Double.doubleToRawLongBits(id / 7.0) + "\t"
                    + (id % 5 == 0 ? "null" : "name-" + (id % 97)) + "\t" + digest(id));
        }
        return lines;
    }

    static String line(Group g) {
        String name = g.getFieldRepetitionCount("name") == 0 ? "null" : g.getString("name", 0);
        return g.getLong("id", 0) + "\t" + g.getInteger("small", 0) + "\t"
                + Double.doubleToRawLongBits(g.getDouble("ratio", 0)) + "\t" + name + "\t" + g.getString("digest", 0);
    }

    private static void writeAll(ParquetWriter<Group> writer) throws IOException {
        try (ParquetWriter<Group> w = writer) {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            for (long id = 0; id < ROWS; id++) {
                w.write(row(groups, id));
            }
        }
    }

    /** Stock parquet-java with Hadoop: its {@code CodecFactory} loads the codec class by name. */
    static void writeStock(Path file, CompressionCodecName codec) throws IOException {
        writeStock(file, codec, null);
    }

    /**
     * The same at {@code level} for every column (parquet-java 1.18's {@code withCompressionLevel}: its {@code
     * CodecFactory} then creates the codec with the level in its configuration, for BROTLI {@code
     * compression.brotli.quality}); null: no level.
     */
    static void writeStock(Path file, CompressionCodecName codec, Integer level) throws IOException {
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
                .withConf(new Configuration())
                .withType(SCHEMA)
                .withCompressionCodec(codec)
                .withPageSize(512 * 1024);
        if (level != null) {
            for (org.apache.parquet.schema.Type column : SCHEMA.getFields()) {
                builder.withCompressionLevel(column.getName(), level);
            }
        }
        writeAll(builder.build());
    }

    /** parquet-codecs without Hadoop. */
    static void writeLibrary(Path file, CompressionCodecName codec) throws IOException {
        writeAll(ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(SCHEMA)
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new HadoopFreeCodecFactory())
                .withCompressionCodec(codec)
                .withPageSize(512 * 1024)
                .build());
    }

    static List<String> readStock(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        try (ParquetReader<Group> reader = ParquetReader.builder(
                        new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
                .withConf(new Configuration())
                .build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                lines.add(line(g));
            }
        }
        return lines;
    }

    static List<String> readLibrary(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                HadoopFreeParquet.localFile(file),
                new GroupReadSupport(),
                HadoopFreeParquet.readOptions().build())) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                lines.add(line(g));
            }
        }
        return lines;
    }

    /** The codecs of every column chunk in the footer. */
    static Set<CompressionCodecName> footerCodecs(Path file) throws IOException {
        Set<CompressionCodecName> codecs = new HashSet<>();
        try (ParquetFileReader reader = ParquetFileReader.open(
                HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
            for (BlockMetaData block : reader.getFooter().getBlocks()) {
                for (ColumnChunkMetaData column : block.getColumns()) {
                    codecs.add(column.getCodec());
                }
            }
        }
        return codecs;
    }

    /** The Python of dev/python-env (pyarrow, DuckDB): {@code -Dinterop.python}, else the project's .venv. */
    static Path python() {
        String configured = System.getProperty("interop.python", "").trim();
        Path python = !configured.isEmpty() && !configured.startsWith("${")
                ? Paths.get(configured)
                : Paths.get("").toAbsolutePath().getParent().resolve(".venv/bin/python");
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException("pyarrow and DuckDB read the files of these tests: " + python
                    + " is missing. Run dev/python-env (dev/test does), or pass -Dinterop.python=/path/to/python");
        }
        return python;
    }

    /** Runs {@code src/test/python/read_rows.py READER file}: the file's rows as {@link #line} prints them. */
    static List<String> readPython(String reader, Path file) throws IOException, InterruptedException {
        Path out = Files.createTempFile(file.getParent(), reader, ".txt");
        Process process = new ProcessBuilder(
                        python().toString(), "src/test/python/read_rows.py", reader, file.toString())
                .redirectOutput(out.toFile())
                .redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException(reader + " did not finish reading " + file);
        }
        assertEquals(0, process.exitValue(), reader + " failed on " + file);
        return Files.readAllLines(out, StandardCharsets.UTF_8);
    }
}
