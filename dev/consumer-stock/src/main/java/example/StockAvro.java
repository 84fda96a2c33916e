package example;

import java.io.File;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Stock parquet-avro 1.18.1 with Hadoop 3.4.1 and Hadoop's codecs, the other side of {@code AvroConsumer}:
 *
 * <ul>
 *   <li>{@code write DIR} writes {@code stock-CODEC.parquet} for every codec stock parquet-java writes here;
 *   <li>{@code read DIR} reads {@code CODEC.parquet}, written by the library without Hadoop, for every codec, and
 *       checks each record. Stock has no LZO or BROTLI codec (hadoop-lzo and jitpack's brotli-codec are not on Maven
 *       Central): those two must fail with the missing Hadoop codec, and every other codec must read.
 * </ul>
 *
 * The records are {@code AvroConsumer}'s: the same schema and the same generator. Exits non-zero on a difference.
 */
public final class StockAvro {
    static final int ROWS = 10_000;
    static final Schema SCHEMA = new Schema.Parser()
            .parse("{\"type\": \"record\", \"name\": \"Trade\", \"fields\": ["
                    + "{\"name\": \"id\", \"type\": \"long\"},"
                    + "{\"name\": \"symbol\", \"type\": \"string\"},"
                    + "{\"name\": \"price\", \"type\": [\"null\", \"double\"], \"default\": null}]}");

    /**
     * The codecs stock parquet-java writes and reads with Hadoop 3.4.1 and lz4-java, without hadoop-lzo or brotli; all
     * of them when parquet-codecs-hadoop's jar is on the class path (dev/release's second run).
     */
    static final Set<CompressionCodecName> STOCK_CODECS = hadoopCodecsJar()
            ? EnumSet.allOf(CompressionCodecName.class)
            : EnumSet.complementOf(EnumSet.of(CompressionCodecName.LZO, CompressionCodecName.BROTLI));

    /** Whether parquet-codecs-hadoop's LZO and BROTLI classes are on the class path. */
    static boolean hadoopCodecsJar() {
        try {
            Class.forName(CompressionCodecName.LZO.getHadoopCompressionCodecClassName()).getField("IMPLEMENTATION");
            Class.forName(CompressionCodecName.BROTLI.getHadoopCompressionCodecClassName());
            return true;
        } catch (ClassNotFoundException | NoSuchFieldException e) {
            return false;
        }
    }

    private StockAvro() {}

    static GenericRecord trade(long id) {
        GenericRecord r = new GenericData.Record(SCHEMA);
        r.put("id", id);
        r.put("symbol", "SYM" + (id * 2_654_435_761L % 500));
        r.put("price", id % 4 == 0 ? null : id / 16.0);
        return r;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !(args[0].equals("write") || args[0].equals("read"))) {
            throw new IllegalArgumentException("usage: StockAvro write|read DIR");
        }
        File dir = new File(args[1]);
        Configuration conf = new Configuration();
        if (hadoopCodecsJar()) {
            System.out.println("stock parquet-avro with Hadoop and parquet-codecs-hadoop's jar: LZO and BROTLI too");
        }
        if (args[0].equals("write")) {
            if (!dir.isDirectory() && !dir.mkdirs()) {
                throw new IOException("cannot create " + dir);
            }
            for (CompressionCodecName codec : STOCK_CODECS) {
                File file = new File(dir, "stock-" + codec + ".parquet");
                try (ParquetWriter<GenericRecord> writer = AvroParquetWriter.<GenericRecord>builder(
                                new Path(file.getAbsolutePath()))
                        .withSchema(SCHEMA)
                        .withConf(conf)
                        .withCompressionCodec(codec)
                        .build()) {
                    for (long id = 0; id < ROWS; id++) {
                        writer.write(trade(id));
                    }
                }
                System.out.printf("stock writes %-12s %,10d bytes  %,d GenericRecords (parquet-avro with Hadoop)%n",
                        codec, file.length(), ROWS);
            }
            return;
        }
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            File file = new File(dir, codec + ".parquet");
            if (!file.isFile()) {
                throw new AssertionError(file + " is missing: AvroConsumer writes one per codec");
            }
            if (STOCK_CODECS.contains(codec)) {
                read(codec, file, conf);
                System.out.printf("stock reads  %-12s %,d GenericRecords written by the library without Hadoop, equal%n",
                        codec, ROWS);
            } else {
                try {
                    read(codec, file, conf);
                    throw new AssertionError(codec + ": stock parquet-java read it, but has no " + codec + " codec here");
                } catch (RuntimeException | IOException e) {
                    String why = String.valueOf(e.getMessage());
                    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                        why = c.getClass().getSimpleName() + ": " + c.getMessage();
                    }
                    if (!why.contains("Codec")) {
                        throw new AssertionError(codec + ": expected the missing Hadoop codec, got " + why, e);
                    }
                    System.out.printf("stock reads  %-12s cannot, as expected: %s%n", codec, why);
                }
            }
        }
        System.out.println("stock parquet-avro with Hadoop: read every file the library wrote that it has a codec for");
    }

    private static void read(CompressionCodecName codec, File file, Configuration conf) throws IOException {
        long id = 0;
        try (ParquetReader<GenericRecord> reader = AvroParquetReader.<GenericRecord>builder(
                        HadoopInputFile.fromPath(new Path(file.getAbsolutePath()), conf))
                .withConf(conf)
                .build()) {
            for (GenericRecord r = reader.read(); r != null; r = reader.read(), id++) {
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
