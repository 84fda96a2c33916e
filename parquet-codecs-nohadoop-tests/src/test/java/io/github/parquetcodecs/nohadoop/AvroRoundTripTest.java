package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * parquet-avro works without Hadoop when it is given its data model (otherwise it instantiates the model supplier
 * with Hadoop's {@code ReflectionUtils}): Avro {@link GenericRecord}s with every Avro type, through every codec.
 */
class AvroRoundTripTest {
    private static final int ROWS = 5_000;

    static final Schema SCHEMA = new Schema.Parser()
            .parse(
                    """
            {"type": "record", "name": "Event", "namespace": "test", "fields": [
              {"name": "id", "type": "long"},
              {"name": "count", "type": "int"},
              {"name": "flag", "type": "boolean"},
              {"name": "ratio", "type": "float"},
              {"name": "value", "type": "double"},
              {"name": "name", "type": "string"},
              {"name": "note", "type": ["null", "string"], "default": null},
              {"name": "payload", "type": "bytes"},
              {"name": "hash", "type": {"type": "fixed", "name": "Hash", "size": 8}},
              {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["A", "B", "C"]}},
              {"name": "scores", "type": {"type": "array", "items": "int"}},
              {"name": "attrs", "type": {"type": "map", "values": "long"}},
              {"name": "location", "type": ["null", {"type": "record", "name": "Location", "fields": [
                {"name": "lat", "type": "double"},
                {"name": "lon", "type": "double"}]}], "default": null},
              {"name": "created", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "day", "type": {"type": "int", "logicalType": "date"}},
              {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 18, "scale": 2}}
            ]}
            """);

    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        NoHadoop.assertAbsent();
    }

    static GenericRecord record(long id) {
        SplittableRandom random = new SplittableRandom(id ^ 0x5DEECE66DL);
        Schema location = SCHEMA.getField("location").schema().getTypes().get(1);
        GenericData.Record record = new GenericData.Record(SCHEMA);
        record.put("id", id);
        record.put("count", id % 9 == 0 ? Integer.MAX_VALUE : random.nextInt());
        record.put("flag", random.nextBoolean());
        record.put("ratio", id % 17 == 0 ? Float.NEGATIVE_INFINITY : (float) random.nextDouble());
        record.put("value", id % 19 == 0 ? Double.NaN : random.nextDouble(-1e300, 1e300));
        record.put("name", "name-" + (id % 50) + (id % 7 == 0 ? " ü" : ""));
        record.put("note", id % 3 == 0 ? null : "note " + random.nextLong());
        byte[] payload = new byte[(int) (id % 40)];
        random.nextBytes(payload);
        record.put("payload", ByteBuffer.wrap(payload));
        byte[] hash = new byte[8];
        random.nextBytes(hash);
        record.put("hash", new GenericData.Fixed(SCHEMA.getField("hash").schema(), hash));
        record.put(
                "kind",
                new GenericData.EnumSymbol(
                        SCHEMA.getField("kind").schema(), "ABC".substring((int) (id % 3), (int) (id % 3) + 1)));
        List<Integer> scores = new ArrayList<>();
        for (int i = 0; i < id % 6; i++) {
            scores.add(random.nextInt(100));
        }
        record.put("scores", scores);
        Map<String, Long> attrs = new HashMap<>();
        for (int i = 0; i < id % 4; i++) {
            attrs.put("k" + i, random.nextLong());
        }
        record.put("attrs", attrs);
        if (id % 5 != 0) {
            GenericData.Record point = new GenericData.Record(location);
            point.put("lat", random.nextDouble(-90, 90));
            point.put("lon", random.nextDouble(-180, 180));
            record.put("location", point);
        }
        record.put("created", 1_600_000_000_000L + id * 997);
        record.put("day", 18_000 + (int) id);
        record.put(
                "amount", ByteBuffer.wrap(BigInteger.valueOf(random.nextLong()).toByteArray()));
        return record;
    }

    /**
     * A plain-Java view of an Avro value that compares exactly: strings and enum symbols as their text (the reader
     * returns {@code Utf8}), bytes and fixed as lists of bytes, floating point as bits, maps sorted, records as lists
     * of their fields.
     */
    static Object plain(Object value) {
        if (value instanceof IndexedRecord) {
            IndexedRecord record = (IndexedRecord) value;
            List<Object> fields = new ArrayList<>();
            for (Schema.Field field : record.getSchema().getFields()) {
                fields.add(field.name());
                fields.add(plain(record.get(field.pos())));
            }
            return fields;
        } else if (value instanceof CharSequence || value instanceof GenericEnumSymbol) {
            // parquet-avro's generic model reads an enum symbol back as a string: compare the symbol's text
            return "string:" + value;
        } else if (value instanceof ByteBuffer) {
            ByteBuffer buffer = ((ByteBuffer) value).duplicate();
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return "bytes:" + Arrays.toString(bytes);
        } else if (value instanceof GenericFixed) {
            return "fixed:" + Arrays.toString(((GenericFixed) value).bytes());
        } else if (value instanceof Map) {
            Map<String, Object> sorted = new TreeMap<>();
            ((Map<?, ?>) value).forEach((key, item) -> sorted.put(key.toString(), plain(item)));
            return sorted;
        } else if (value instanceof Collection) {
            List<Object> items = new ArrayList<>();
            for (Object item : (Collection<?>) value) {
                items.add(plain(item));
            }
            return items;
        } else if (value instanceof Float) {
            return "float:" + Float.floatToIntBits((Float) value);
        } else if (value instanceof Double) {
            return "double:" + Double.doubleToLongBits((Double) value);
        }
        return value; // Integer, Long, Boolean, null: exact with equals
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void genericRecordsRoundTrip(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve(codec + ".avro.parquet");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        AvroWriteSupport<GenericRecord> writeSupport =
                new AvroWriteSupport<>(new AvroSchemaConverter().convert(SCHEMA), SCHEMA, GenericData.get());
        try (ParquetWriter<GenericRecord> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), writeSupport, conf)
                .withCompressionCodec(codec)
                .withRowGroupSize(256 * 1024L)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                writer.write(record(id));
            }
        }

        int read = 0;
        try (HadoopFreeRecordReader<GenericRecord> reader = HadoopFreeParquet.openReader(
                new LocalInputFile(file),
                new AvroReadSupport<>(GenericData.get()),
                HadoopFreeParquet.readOptions(conf).build())) {
            for (GenericRecord actual = reader.read(); actual != null; actual = reader.read()) {
                assertEquals(SCHEMA, actual.getSchema(), "the Avro schema stored in the file");
                assertEquals(plain(record(read)), plain(actual), "record " + read);
                read++;
            }
        }
        assertEquals(ROWS, read);
    }

    /** {@link #plain} must tell apart values that differ only where a loose comparison would not look. */
    @Test
    void plainViewIsExact() {
        assertNotEquals(plain(-0.0), plain(0.0));
        assertNotEquals(plain(ByteBuffer.wrap(new byte[] {1})), plain(ByteBuffer.wrap(new byte[] {2})));
        assertNotEquals(plain(record(1)), plain(record(2)));
        assertEquals(plain(new Utf8("x")), plain("x"));
    }
}
