package io.github.parquetcodecs.hadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;

/**
 * dev/spark-check --hadoop-codecs, the library's side, without Hadoop: writes the rows of dev/spark-check.py's {@code
 * frame} with every codec for Spark to read ({@code write DIR}), and reads every file Spark wrote, checking each value
 * against the same rows ({@code read DIR}); prints one JSON line per codec.
 */
public final class SparkCrossCheck {
    static final int ROWS = 20_000;
    static final String[] CODECS = {"none", "uncompressed", "snappy", "gzip", "lzo", "brotli", "lz4", "lz4_raw", "zstd"
    };
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message spark_schema { required int64 id;"
            + " required int32 small; required int64 big; required double ratio; optional binary name (UTF8);"
            + " optional double maybe; optional binary digest (UTF8); }");

    private SparkCrossCheck() {}

    /** The row of {@code id} as dev/spark-check.py's frame() makes it, one value per column, null as "null". */
    static String expected(long id) {
        return id + "\t" + (id % 1000) + "\t" + (id * 2654435761L % 1000003) + "\t" + (id / 7.0) + "\t"
                + (id % 5 == 0 ? "null" : "name-" + (id % 97)) + "\t" + (id % 3 == 0 ? "null" : (id * 1.5)) + "\t"
                + TestRows.digest(id);
    }

    static String line(Group g) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < SCHEMA.getFieldCount(); i++) {
            Type field = SCHEMA.getType(i);
            int index = g.getType().getFieldIndex(field.getName());
            if (i > 0) {
                line.append('\t');
            }
            if (g.getFieldRepetitionCount(index) == 0) {
                line.append("null");
                continue;
            }
            switch (field.asPrimitiveType().getPrimitiveTypeName()) {
                case INT64:
                    line.append(g.getLong(index, 0));
                    break;
                case INT32:
                    line.append(g.getInteger(index, 0));
                    break;
                case DOUBLE:
                    line.append(g.getDouble(index, 0));
                    break;
                default:
                    line.append(g.getString(index, 0));
            }
        }
        return line.toString();
    }

    static CompressionCodecName codec(String spark) {
        return spark.equals("none")
                ? CompressionCodecName.UNCOMPRESSED
                : CompressionCodecName.valueOf(spark.toUpperCase());
    }

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args[1]);
        for (String codec : CODECS) {
            if (args[0].equals("write")) {
                Path file = dir.resolve(codec).resolve("part-00000.parquet");
                Files.createDirectories(file.getParent());
                Files.deleteIfExists(file);
                try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                        .withType(SCHEMA)
                        .withConf(new PlainParquetConfiguration())
                        .withCodecFactory(new HadoopFreeCodecFactory())
                        .withCompressionCodec(codec(codec))
                        .build()) {
                    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
                    for (long id = 0; id < ROWS; id++) {
                        Group g = groups.newGroup()
                                .append("id", id)
                                .append("small", (int) (id % 1000))
                                .append("big", id * 2654435761L % 1000003)
                                .append("ratio", id / 7.0);
                        if (id % 5 != 0) {
                            g.append("name", "name-" + (id % 97));
                        }
                        if (id % 3 != 0) {
                            g.append("maybe", id * 1.5);
                        }
                        writer.write(g.append("digest", TestRows.digest(id)));
                    }
                }
                System.out.printf(
                        "{\"mode\": \"library\", \"check\": \"writes\", \"codec\": \"%s\", \"ok\": true}%n", codec);
            } else {
                System.out.println(read(dir.resolve(codec), codec));
            }
        }
    }

    private static String read(Path dir, String codec) {
        String head = "{\"mode\": \"library\", \"check\": \"reads hadoop-codecs'\", \"codec\": \"" + codec + "\"";
        try {
            List<String> lines = new ArrayList<>();
            List<Path> parts;
            try (Stream<Path> files = Files.list(dir)) {
                parts = files.filter(p -> p.toString().endsWith(".parquet"))
                        .sorted()
                        .collect(Collectors.toList());
            }
            java.util.Set<CompressionCodecName> footer = new java.util.TreeSet<>();
            for (Path part : parts) {
                try (org.apache.parquet.hadoop.ParquetFileReader reader = HadoopFreeParquet.openFile(
                        HadoopFreeParquet.localFile(part),
                        HadoopFreeParquet.readOptions().build())) {
                    reader.getFooter().getBlocks().forEach(b -> b.getColumns().forEach(c -> footer.add(c.getCodec())));
                }
                try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                        HadoopFreeParquet.localFile(part),
                        new GroupReadSupport(),
                        HadoopFreeParquet.readOptions().build())) {
                    for (Group g = reader.read(); g != null; g = reader.read()) {
                        lines.add(line(g));
                    }
                }
            }
            lines.sort(Comparator.comparingLong(l -> Long.parseLong(l.substring(0, l.indexOf('\t')))));
            int mismatches = 0;
            String first = null;
            for (int i = 0; i < Math.max(lines.size(), ROWS); i++) {
                String want = i < ROWS ? expected(i) : "(none)";
                String got = i < lines.size() ? lines.get(i) : "(none)";
                if (!want.equals(got)) {
                    mismatches++;
                    first = first != null ? first : "row " + i + ": " + got + " instead of " + want;
                }
            }
            boolean footerOk = footer.size() == 1 && footer.contains(codec(codec));
            return head + ", \"rows\": " + lines.size() + ", \"values\": "
                    + ((long) lines.size() * SCHEMA.getFieldCount())
                    + ", \"footer\": \"" + footer + "\", \"ok\": " + (mismatches == 0 && footerOk)
                    + (mismatches == 0
                            ? ""
                            : ", \"error\": \"" + mismatches + " rows differ, first " + json(first) + "\"")
                    + (footerOk ? "" : ", \"error\": \"footer says " + footer + "\"") + "}";
        } catch (IOException | RuntimeException e) {
            return head + ", \"ok\": false, \"error\": \"" + json(e.toString()) + "\"}";
        }
    }

    private static String json(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", " ").replace("\n", " ");
    }
}
