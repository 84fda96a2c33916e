package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.parquet.Version;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes and reads a generated file with every Parquet codec through parquet-java, with no Hadoop jar on the class
 * path, and prints a table. Every value read is checked against the value written. Run by {@code dev/demo}.
 */
public final class Demo {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message event {\n"
            + "  required int64 ts (TIMESTAMP(MILLIS,true));\n"
            + "  required int32 quantity;\n"
            + "  required double price;\n"
            + "  required binary country (STRING);\n"
            + "  required binary session (STRING);\n"
            + "  optional binary comment (STRING);\n"
            + "}");

    private static final String[] COUNTRIES = {
        "US", "DE", "FR", "GB", "JP", "BR", "IN", "CN", "CA", "AU", "ES", "IT", "NL", "SE", "PL", "MX", "KR", "ZA"
    };
    private static final String[] COMMENTS = {
        "ok", "late delivery", "gift", "returned", "damaged box", "express", "Überweisung", "à la carte", "再注文"
    };
    private static final long START = 1_735_689_600_000L; // 2025-01-01T00:00:00Z

    private Demo() {}

    /** The values of row {@code i}, a function of {@code i} alone so that the reader can recompute them. */
    private static final class Row {
        final long ts;
        final int quantity;
        final double price;
        final String country;
        final String session;
        final String comment;

        Row(long i) {
            SplittableRandom random = new SplittableRandom(0x2545F4914F6CDD1DL ^ i);
            ts = START + i * 137 + random.nextInt(100); // increasing, with jitter
            int q = random.nextInt(100);
            quantity = q < 70 ? 1 : q < 90 ? 2 + random.nextInt(4) : random.nextInt(1000); // small ints, skewed
            price = Math.round(random.nextDouble(0.5, 500.0) * 100) / 100.0;
            country = COUNTRIES[Math.min(COUNTRIES.length - 1, (int) Math.abs(random.nextGaussian() * 4))];
            session = Long.toHexString(random.nextLong()) + "-" + Long.toHexString(i); // unique per row
            comment = random.nextInt(100) < 60 ? null : COMMENTS[random.nextInt(COMMENTS.length)] + " #" + (i % 97);
        }

        Group toGroup(SimpleGroupFactory factory) {
            Group group = factory.newGroup()
                    .append("ts", ts)
                    .append("quantity", quantity)
                    .append("price", price)
                    .append("country", country)
                    .append("session", session);
            if (comment != null) {
                group.append("comment", comment);
            }
            return group;
        }

        boolean matches(Group group) {
            boolean hasComment = group.getFieldRepetitionCount("comment") == 1;
            return group.getLong("ts", 0) == ts
                    && group.getInteger("quantity", 0) == quantity
                    && Double.compare(group.getDouble("price", 0), price) == 0
                    && group.getString("country", 0).equals(country)
                    && group.getString("session", 0).equals(session)
                    && (comment == null
                            ? !hasComment
                            : hasComment && group.getString("comment", 0).equals(comment));
        }
    }

    private static final class Result {
        final CompressionCodecName codec;
        final long bytes;
        final long writeMillis;
        final long readMillis;
        final long read;
        final long verified;

        Result(CompressionCodecName codec, long bytes, long writeMillis, long readMillis, long read, long verified) {
            this.codec = codec;
            this.bytes = bytes;
            this.writeMillis = writeMillis;
            this.readMillis = readMillis;
            this.read = read;
            this.verified = verified;
        }
    }

    private static Result run(CompressionCodecName codec, Path file, int rows) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
        SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);

        long start = System.nanoTime();
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .build()) {
            for (long i = 0; i < rows; i++) {
                writer.write(new Row(i).toGroup(factory));
            }
        }
        long writeMillis = (System.nanoTime() - start) / 1_000_000;

        start = System.nanoTime();
        long verified = 0;
        long index = 0;
        try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                new LocalInputFile(file),
                new GroupReadSupport(),
                HadoopFreeParquet.readOptions(conf).build())) {
            for (Group group = reader.read(); group != null; group = reader.read()) {
                if (new Row(index).matches(group)) {
                    verified++;
                } else {
                    System.err.println(codec + ": row " + index + " differs: " + group);
                }
                index++;
            }
        }
        long readMillis = (System.nanoTime() - start) / 1_000_000;
        if (index != rows) {
            System.err.println(codec + ": read " + index + " rows, wrote " + rows);
        }
        return new Result(codec, Files.size(file), writeMillis, readMillis, index, verified);
    }

    /** Fails unless Hadoop is absent: no Hadoop class loads and no Hadoop jar is on the class path. */
    private static void requireNoHadoop() {
        try {
            Class.forName("org.apache.hadoop.conf.Configuration");
            throw new IllegalStateException("Hadoop is on the class path; this demo must run without it");
        } catch (ClassNotFoundException expected) {
            // the point of the demo
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty() && Paths.get(entry).getFileName().toString().startsWith("hadoop-")) {
                throw new IllegalStateException("Hadoop jar on the class path: " + entry);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        int rows = 500_000;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--rows") && i + 1 < args.length) {
                rows = Integer.parseInt(args[++i]);
            } else {
                System.err.println("usage: dev/demo [--rows N]");
                System.exit(2);
            }
        }
        requireNoHadoop();
        System.out.printf(
                Locale.ROOT,
                "parquet-java %s, Java %s; Hadoop: absent (org.apache.hadoop.conf.Configuration cannot be loaded)%n",
                Version.VERSION_NUMBER,
                System.getProperty("java.version"));
        System.out.printf(
                Locale.ROOT,
                "%,d rows: ts (timestamp), quantity (small int), price (double), country (18 values), "
                        + "session (unique string), comment (nullable, 60%% null)%n%n",
                rows);

        Path dir = Files.createTempDirectory("parquet-codecs-demo");
        List<Result> results = new ArrayList<>();
        try {
            // Warm up the JIT on every codec, so that the first codecs' timings are comparable with the last ones'.
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                Path file = dir.resolve("warmup.parquet");
                run(codec, file, Math.min(rows, 50_000));
                Files.delete(file);
            }
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                Path file = dir.resolve(codec.name().toLowerCase(Locale.ROOT) + ".parquet");
                results.add(run(codec, file, rows));
                Files.delete(file);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }

        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        // the implementation column is as wide as its longest entry (names that say what to add are long)
        int width = "implementation".length();
        for (Result result : results) {
            width = Math.max(width, factory.implementation(result.codec).length());
        }
        String format = "%-13s %-" + width + "s %10s %9s %8s %17s%n";
        System.out.printf(
                Locale.ROOT, format, "codec", "implementation", "file size", "write ms", "read ms", "rows verified");
        boolean allVerified = true;
        for (Result result : results) {
            System.out.printf(
                    Locale.ROOT,
                    format,
                    result.codec,
                    factory.implementation(result.codec),
                    String.format(Locale.ROOT, "%,.1f MB", result.bytes / 1e6),
                    result.writeMillis,
                    result.readMillis,
                    String.format(Locale.ROOT, "%,d/%,d", result.verified, rows));
            allVerified &= result.read == rows && result.verified == rows;
        }
        if (!allVerified) {
            System.err.println("Some rows differ from what was written");
            System.exit(1);
        }
    }
}
