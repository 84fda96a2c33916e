package example;

import io.github.parquetcodecs.avro.HadoopFreeAvro;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
 *
 * <p>{@code AvroConsumer [OUT_DIR [STOCK_DIR]]}: keeps the files it writes in {@code OUT_DIR} (as {@code CODEC.parquet},
 * for {@code dev/consumer-stock}'s stock parquet-avro with Hadoop to read), and reads the {@code stock-CODEC.parquet}
 * files that stock wrote into {@code STOCK_DIR}, checking each record the same way.
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
        Path dir = args.length > 0
                ? Files.createDirectories(Paths.get(args[0]))
                : Files.createTempDirectory("parquet-codecs-avro-consumer");
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            Path file = dir.resolve(codec + ".parquet");
            write(codec, file);
            read(codec, file);
            System.out.printf("avro %-12s %,10d bytes  %,d GenericRecords written and read back equal%n",
                    codec, Files.size(file), ROWS);
        }
        System.out.println("avro consumer: all codecs OK without Hadoop");
        if (args.length > 1) {
            // stock parquet-java writes every codec but LZO and BROTLI, whose Hadoop codecs are not on Maven Central,
            // unless parquet-codecs-hadoop is on its class path: then it writes those two as well
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                if (codec != CompressionCodecName.LZO && codec != CompressionCodecName.BROTLI
                        || Files.exists(Paths.get(args[1]).resolve("stock-" + codec + ".parquet"))) {
                    read(codec, Paths.get(args[1]).resolve("stock-" + codec + ".parquet"));
                    System.out.printf("avro %-12s %,d GenericRecords written by stock parquet-avro with Hadoop, "
                            + "read without Hadoop, equal%n", codec, ROWS);
                }
            }
        }
    }

    private static void write(CompressionCodecName codec, Path file) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        try (ParquetWriter<GenericRecord> writer = HadoopFreeAvro.genericWriter(new LocalOutputFile(file), SCHEMA, conf)
                .withCompressionCodec(codec)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                writer.write(trade(id));
            }
        }
    }

    private static void read(CompressionCodecName codec, Path file) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
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
