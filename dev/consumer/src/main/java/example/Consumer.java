package example;

import io.github.parquetcodecs.nohadoop.HadoopFreeFileReader;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes and reads a file with every codec through the released library, with no Hadoop jar, and checks every value
 * and each column chunk's codec in the footer. Exits non-zero on the first difference.
 */
public final class Consumer {
    private static final int ROWS = 20_000;
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 id; required binary name (STRING); optional double score; }");

    private Consumer() {}

    private static String name(long id) {
        return "row-" + (id * 2_654_435_761L % 1_000) + "-" + (id % 7);
    }

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("org.apache.hadoop.conf.Configuration");
            throw new AssertionError("a Hadoop class is on the class path; this consumer must run without Hadoop");
        } catch (ClassNotFoundException expected) {
            // as a Hadoop-free user has it
        }
        Path dir = Files.createTempDirectory("parquet-codecs-consumer");
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            Path file = dir.resolve(codec + ".parquet");
            long bytes = roundTrip(codec, file);
            System.out.printf("%-12s %,10d bytes  %,d rows written and read back, codec in footer checked%n",
                    codec, bytes, ROWS);
        }
        System.out.println("consumer: all codecs OK without Hadoop");
    }

    private static long roundTrip(CompressionCodecName codec, Path file) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                Group g = groups.newGroup().append("id", id).append("name", name(id));
                if (id % 3 != 0) {
                    g.append("score", id / 8.0);
                }
                writer.write(g);
            }
        }
        try (HadoopFreeFileReader reader =
                HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(file), HadoopFreeParquet.readOptions().build())) {
            for (BlockMetaData block : reader.getFooter().getBlocks()) {
                for (ColumnChunkMetaData column : block.getColumns()) {
                    if (column.getCodec() != codec) {
                        throw new AssertionError(file + ": column " + column.getPath() + " is " + column.getCodec());
                    }
                }
            }
        }
        long id = 0;
        try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                HadoopFreeParquet.localFile(file), new GroupReadSupport(), HadoopFreeParquet.readOptions(conf).build())) {
            for (Group g = reader.read(); g != null; g = reader.read(), id++) {
                boolean hasScore = g.getFieldRepetitionCount("score") == 1;
                if (g.getLong("id", 0) != id
                        || !g.getString("name", 0).equals(name(id))
                        || hasScore != (id % 3 != 0)
                        || (hasScore && Double.compare(g.getDouble("score", 0), id / 8.0) != 0)) {
                    throw new AssertionError(codec + ": row " + id + " reads back as " + g);
                }
            }
        }
        if (id != ROWS) {
            throw new AssertionError(codec + ": read " + id + " rows, wrote " + ROWS);
        }
        return Files.size(file);
    }
}
