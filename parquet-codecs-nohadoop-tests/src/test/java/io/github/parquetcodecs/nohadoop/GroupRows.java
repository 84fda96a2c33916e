package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Example-model rows whose every value is a function of the row's id, so that a reader can check each value it reads
 * without keeping the written rows. Covers every physical type but INT96, optional, repeated and nested fields, and
 * awkward values (NaN, -0.0, infinities, extreme integers, empty and non-ASCII strings).
 */
final class GroupRows {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message row {\n"
            + "  required int64 id;\n"
            + "  required boolean flag;\n"
            + "  required int32 small;\n"
            + "  optional int32 maybe;\n"
            + "  required int64 ts (TIMESTAMP(MILLIS,true));\n"
            + "  required float f;\n"
            + "  required double d;\n"
            + "  required binary name (STRING);\n"
            + "  optional binary note (STRING);\n"
            + "  required fixed_len_byte_array(16) uuid;\n"
            + "  required int32 day (DATE);\n"
            + "  repeated int32 tags;\n"
            + "  optional group point {\n"
            + "    required double x;\n"
            + "    required double y;\n"
            + "  }\n"
            + "}");

    private static final String[] NAMES = {"alpha", "beta", "gamma", "", "délta", "日本語", "emoji \uD83D\uDE00"};
    private static final double[] SPECIAL_DOUBLES = {
        Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE
    };
    private static final long TS_BASE = 1_700_000_000_000L;

    private GroupRows() {}

    /** The row with this id; {@link #check} expects exactly these values. */
    static Group row(SimpleGroupFactory factory, long id) {
        SplittableRandom random = new SplittableRandom(id * 0x9E3779B97F4A7C15L);
        Group group = factory.newGroup();
        group.append("id", id);
        group.append("flag", random.nextBoolean());
        group.append("small", small(id));
        int maybe = random.nextInt();
        if (id % 3 != 0) {
            group.append("maybe", id % 7 == 0 ? Integer.MIN_VALUE : maybe);
        }
        group.append("ts", TS_BASE + id * 1000 + random.nextInt(1000));
        group.append("f", id % 11 == 0 ? Float.NaN : (float) random.nextDouble(-1e6, 1e6));
        group.append("d", double_(id, random));
        group.append("name", NAMES[(int) (id % NAMES.length)]);
        String note = "note-" + Long.toHexString(random.nextLong());
        if (id % 4 != 1) {
            group.append("note", note);
        }
        byte[] uuid = new byte[16];
        random.nextBytes(uuid);
        group.append("uuid", Binary.fromConstantByteArray(uuid));
        group.append("day", 19_000 + (int) (id / 100));
        int tags = (int) (id % 4);
        for (int i = 0; i < tags; i++) {
            group.append("tags", random.nextInt(1000));
        }
        double x = random.nextDouble();
        double y = random.nextDouble();
        if (id % 5 != 0) {
            group.addGroup("point").append("x", x).append("y", y);
        }
        return group;
    }

    /** The value of column {@code small}: 0 to 99, a good filter target. */
    static int small(long id) {
        return (int) ((id * 37) % 100);
    }

    private static double double_(long id, SplittableRandom random) {
        double value = random.nextDouble(-1e12, 1e12);
        return id % 13 == 0 ? SPECIAL_DOUBLES[(int) ((id / 13) % SPECIAL_DOUBLES.length)] : value;
    }

    /** Asserts that {@code actual} is exactly the row {@code id}, field by field. */
    static void check(long id, Group actual) {
        SplittableRandom random = new SplittableRandom(id * 0x9E3779B97F4A7C15L);
        String at = "row " + id + ", field ";
        assertEquals(id, actual.getLong("id", 0), at + "id");
        assertEquals(random.nextBoolean(), actual.getBoolean("flag", 0), at + "flag");
        assertEquals(small(id), actual.getInteger("small", 0), at + "small");
        int maybe = random.nextInt();
        if (id % 3 != 0) {
            assertEquals(1, actual.getFieldRepetitionCount("maybe"), at + "maybe");
            assertEquals(id % 7 == 0 ? Integer.MIN_VALUE : maybe, actual.getInteger("maybe", 0), at + "maybe");
        } else {
            assertEquals(0, actual.getFieldRepetitionCount("maybe"), at + "maybe (null)");
        }
        assertEquals(TS_BASE + id * 1000 + random.nextInt(1000), actual.getLong("ts", 0), at + "ts");
        float f = id % 11 == 0 ? Float.NaN : (float) random.nextDouble(-1e6, 1e6);
        assertEquals(f, actual.getFloat("f", 0), at + "f");
        assertEquals(double_(id, random), actual.getDouble("d", 0), at + "d");
        assertEquals(NAMES[(int) (id % NAMES.length)], actual.getString("name", 0), at + "name");
        String note = "note-" + Long.toHexString(random.nextLong());
        if (id % 4 != 1) {
            assertEquals(note, actual.getString("note", 0), at + "note");
        } else {
            assertEquals(0, actual.getFieldRepetitionCount("note"), at + "note (null)");
        }
        byte[] uuid = new byte[16];
        random.nextBytes(uuid);
        assertArrayEquals(uuid, actual.getBinary("uuid", 0).getBytes(), at + "uuid");
        assertEquals(19_000 + (int) (id / 100), actual.getInteger("day", 0), at + "day");
        int tags = (int) (id % 4);
        assertEquals(tags, actual.getFieldRepetitionCount("tags"), at + "tags count");
        for (int i = 0; i < tags; i++) {
            assertEquals(random.nextInt(1000), actual.getInteger("tags", i), at + "tags[" + i + "]");
        }
        double x = random.nextDouble();
        double y = random.nextDouble();
        if (id % 5 != 0) {
            Group point = actual.getGroup("point", 0);
            assertEquals(x, point.getDouble("x", 0), at + "point.x");
            assertEquals(y, point.getDouble("y", 0), at + "point.y");
        } else {
            assertEquals(0, actual.getFieldRepetitionCount("point"), at + "point (null)");
        }
    }

    /** A configuration that tells {@link GroupWriteSupport} the schema, as {@code GroupWriteSupport.setSchema} would. */
    static PlainParquetConfiguration conf() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
        return conf;
    }

    /** Writes rows 0 to {@code rows - 1} in order, in small row groups and pages so that filters have work to do. */
    static void write(Path file, CompressionCodecName codec, int rows, ParquetConfiguration conf) throws IOException {
        SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .withRowGroupSize(128 * 1024L)
                .withPageSize(8 * 1024)
                .withPageRowCountLimit(1000)
                .build()) {
            for (long id = 0; id < rows; id++) {
                writer.write(row(factory, id));
            }
        }
    }

    /** Reads every record of {@code file} with {@code options}. */
    static List<Group> read(Path file, ParquetReadOptions options) throws IOException {
        List<Group> groups = new ArrayList<>();
        try (HadoopFreeRecordReader<Group> reader =
                HadoopFreeParquet.openReader(new LocalInputFile(file), new GroupReadSupport(), options)) {
            for (Group group = reader.read(); group != null; group = reader.read()) {
                groups.add(group);
            }
        }
        return groups;
    }
}
