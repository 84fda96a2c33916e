package example;

import io.github.parquetcodecs.avro.HadoopFreeAvro;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Avro GenericRecords through the released {@code parquet-codecs-avro}, every codec, no Hadoop jar: each record read
 * back must equal the one written. Exits non-zero on the first difference.
 */
public final class AvroConsumer {
    private static final int ROWS = 10_000;
    private static final Schema SCHEMA = new Schema.Parser()
            .parse("{\"type\": \"record\", \"name\": \"Trade\", \"fields\": ["
                    + "{\"name\": \"id\", \"type\": \"long\"},"
                    + "{\"name\": \"symbol\", \"type\": \"string\"},"
                    + "{\"name\": \"price\", \"type\": [\"null\", \"double\"], \"default\": null}]}");

    private AvroConsumer() {}

    static GenericRecord trade(long id) {
        GenericRecord r = new GenericData.Record(SCHEMA);
        r.put("id", id);
        r.put("symbol", "SYM" + (id * 2_654_435_761L % 500));
        r.put("price", id % 4 == 0 ? null : id / 16.0);
        return r;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("parquet-codecs-avro-consumer");
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            Path file = dir.resolve(codec + ".parquet");
            roundTrip(codec, file);
            System.out.printf("avro %-12s %,10d bytes  %,d GenericRecords written and read back equal%n",
                    codec, Files.size(file), ROWS);
        }
        System.out.println("avro consumer: all codecs OK without Hadoop");
    }

    private static void roundTrip(CompressionCodecName codec, Path file) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        try (ParquetWriter<GenericRecord> writer = HadoopFreeAvro.genericWriter(new LocalOutputFile(file), SCHEMA, conf)
                .withCompressionCodec(codec)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                writer.write(trade(id));
            }
        }
        long id = 0;
        try (HadoopFreeRecordReader<GenericRecord> reader = HadoopFreeAvro.genericReader(
                HadoopFreeParquet.localFile(file), HadoopFreeParquet.readOptions(conf).build())) {
            for (GenericRecord r = reader.read(); r != null; r = reader.read(), id++) {
                // GenericData's equality compares strings as text (the reader gives Utf8, the writer had String)
                if (GenericData.get().compare(r, trade(id), SCHEMA) != 0) {
                    throw new AssertionError(codec + ": record " + id + " reads back as " + r);
                }
            }
        }
        if (id != ROWS) {
            throw new AssertionError(codec + ": read " + id + " records, wrote " + ROWS);
        }
    }
}
