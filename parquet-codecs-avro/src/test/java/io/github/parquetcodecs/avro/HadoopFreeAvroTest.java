package io.github.parquetcodecs.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.parquetcodecs.nohadoop.HadoopFreeFileReader;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import test.avro.Order;
import test.avro.Trade;

/**
 * A consumer of {@link HadoopFreeAvro}, compiled and run with no Hadoop jar (the module's enforcer rule bans every
 * {@code org.apache.hadoop} artifact): generic, specific and reflect records through every codec, each value read
 * back equal to the value written and every column chunk's codec checked in the footer.
 */
class HadoopFreeAvroTest {
    static final int ROWS = 3_000;
    private static final Schema EVENT = new Schema.Parser()
            .parse("{\"type\":\"record\",\"name\":\"Event\",\"namespace\":\"test.generic\",\"fields\":["
                    + "{\"name\":\"id\",\"type\":\"long\"},"
                    + "{\"name\":\"name\",\"type\":\"string\"},"
                    + "{\"name\":\"score\",\"type\":[\"null\",\"double\"],\"default\":null},"
                    + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}}]}");

    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.hadoop.conf.Configuration"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.hadoop.fs.Path"));
    }

    private static GenericRecord event(long i) {
        GenericRecord r = new GenericData.Record(EVENT);
        r.put("id", i);
        r.put("name", "event-" + (i * 7919 % 1000));
        r.put("score", i % 4 == 0 ? null : i / 3.0);
        List<String> tags = new ArrayList<>();
        for (int t = 0; t < i % 4; t++) {
            tags.add("t" + (i + t) % 13);
        }
        r.put("tags", tags);
        return r;
    }

    static Trade trade(long i) {
        return new Trade(i, "SYM" + (i % 37), 100 + i / 8.0, i % 5 == 0 ? null : "note " + i % 11);
    }

    private static Order order(long i) {
        List<String> items = new ArrayList<>();
        for (int t = 0; t <= i % 3; t++) {
            items.add("item-" + (i * 31 + t) % 101);
        }
        return new Order(i, "customer-" + i % 97, i * 1.25, items, i % 6 == 0 ? "SAVE" + i % 4 : null);
    }

    static Map<String, CompressionCodecName> codecs(Path file) throws IOException {
        Map<String, CompressionCodecName> codecs = new HashMap<>();
        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                HadoopFreeParquet.localFile(file),
                HadoopFreeParquet.readOptions().build())) {
            for (BlockMetaData block : reader.getFooter().getBlocks()) {
                for (ColumnChunkMetaData column : block.getColumns()) {
                    codecs.put(column.getPath().toDotString(), column.getCodec());
                }
            }
        }
        return codecs;
    }

    private static void assertAll(Map<String, CompressionCodecName> codecs, CompressionCodecName expected) {
        codecs.forEach((column, codec) -> assertEquals(expected, codec, column));
    }

    static <T> List<T> readAll(HadoopFreeRecordReader<T> reader) throws IOException {
        List<T> records = new ArrayList<>();
        try (reader) {
            for (T record = reader.read(); record != null; record = reader.read()) {
                records.add(record);
            }
        }
        return records;
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void genericRecords(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve("generic-" + codec + ".parquet");
        List<GenericRecord> written = new ArrayList<>();
        try (ParquetWriter<GenericRecord> writer = HadoopFreeAvro.genericWriter(
                        new LocalOutputFile(file), EVENT, new PlainParquetConfiguration())
                .withCompressionCodec(codec)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                written.add(event(i));
                writer.write(written.get(written.size() - 1));
            }
        }
        List<GenericRecord> read = readAll(HadoopFreeAvro.genericReader(
                HadoopFreeParquet.localFile(file),
                HadoopFreeParquet.readOptions().build()));
        assertEquals(ROWS, read.size());
        for (int i = 0; i < ROWS; i++) {
            // generic strings come back as Utf8: compare through Avro's own equality, which is by value
            assertEquals(0, GenericData.get().compare(written.get(i), read.get(i), EVENT), "row " + i);
            assertEquals(
                    written.get(i).get("name").toString(),
                    read.get(i).get("name").toString());
        }
        Map<String, CompressionCodecName> codecs = codecs(file);
        assertEquals(4, codecs.size(), codecs.toString());
        assertAll(codecs, codec);
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void specificRecords(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve("specific-" + codec + ".parquet");
        try (ParquetWriter<Trade> writer = HadoopFreeAvro.specificWriter(
                        new LocalOutputFile(file), Trade.class, new PlainParquetConfiguration())
                .withCompressionCodec(codec)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                writer.write(trade(i));
            }
        }
        List<Trade> read = readAll(HadoopFreeAvro.specificReader(
                HadoopFreeParquet.localFile(file),
                Trade.class,
                HadoopFreeParquet.readOptions().build()));
        assertEquals(ROWS, read.size());
        for (int i = 0; i < ROWS; i++) {
            assertEquals(Trade.class, read.get(i).getClass());
            assertEquals(trade(i), read.get(i), "row " + i); // SpecificRecordBase equality: field by field
        }
        assertAll(codecs(file), codec);
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void reflectRecords(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve("reflect-" + codec + ".parquet");
        try (ParquetWriter<Order> writer = HadoopFreeAvro.reflectWriter(
                        new LocalOutputFile(file), Order.class, new PlainParquetConfiguration())
                .withCompressionCodec(codec)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                writer.write(order(i));
            }
        }
        List<Order> read = readAll(HadoopFreeAvro.reflectReader(
                HadoopFreeParquet.localFile(file),
                Order.class,
                HadoopFreeParquet.readOptions().build()));
        assertEquals(ROWS, read.size());
        for (int i = 0; i < ROWS; i++) {
            assertEquals(order(i), read.get(i), "row " + i);
        }
        assertAll(codecs(file), codec);
    }
}
