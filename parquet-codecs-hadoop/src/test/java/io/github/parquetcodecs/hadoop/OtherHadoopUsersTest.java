package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.hadoop.compression.lzo.LzoCodec;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.BrotliCodec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hadoop users besides parquet-java: SequenceFile, with record and block compression, and Hadoop's {@code
 * CompressionCodecFactory}, which finds both codecs by file extension ({@code .lzo_deflate}, {@code .br}) through
 * this jar's {@code META-INF/services} entry, as text input formats do.
 */
class OtherHadoopUsersTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"LZO,RECORD", "LZO,BLOCK", "BROTLI,RECORD", "BROTLI,BLOCK"})
    void sequenceFile(String codecName, SequenceFile.CompressionType type) throws IOException {
        Configuration conf = new Configuration();
        CompressionCodec codec = codecName.equals("LZO") ? new LzoCodec() : new BrotliCodec();
        ((org.apache.hadoop.conf.Configurable) codec).setConf(conf);
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(
                dir.resolve("seq-" + codecName + "-" + type).toUri());
        int records = 20_000;
        try (SequenceFile.Writer writer = SequenceFile.createWriter(
                conf,
                SequenceFile.Writer.file(file),
                SequenceFile.Writer.keyClass(LongWritable.class),
                SequenceFile.Writer.valueClass(Text.class),
                SequenceFile.Writer.compression(type, codec))) {
            for (long i = 0; i < records; i++) {
                writer.append(new LongWritable(i), new Text(TestRows.digest(i) + " " + i));
            }
        }
        try (SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
            assertSame(codec.getClass(), reader.getCompressionCodec().getClass());
            assertEquals(type, reader.getCompressionType());
            LongWritable key = new LongWritable();
            Text value = new Text();
            long i = 0;
            while (reader.next(key, value)) {
                assertEquals(i, key.get());
                assertEquals(TestRows.digest(i) + " " + i, value.toString());
                i++;
            }
            assertEquals(records, i);
        }
    }

    @Test
    void codecFactoryFindsBothByExtension() {
        CompressionCodecFactory factory = new CompressionCodecFactory(new Configuration());
        assertSame(
                LzoCodec.class,
                factory.getCodec(new org.apache.hadoop.fs.Path("/x/part-0.lzo_deflate"))
                        .getClass());
        assertSame(
                BrotliCodec.class,
                factory.getCodec(new org.apache.hadoop.fs.Path("/x/part-0.br")).getClass());
        assertNull(factory.getCodec(new org.apache.hadoop.fs.Path("/x/part-0.txt")));
    }
}
