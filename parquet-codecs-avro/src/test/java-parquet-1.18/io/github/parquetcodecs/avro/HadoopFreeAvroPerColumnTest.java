package io.github.parquetcodecs.avro;

import static io.github.parquetcodecs.avro.HadoopFreeAvroTest.ROWS;
import static io.github.parquetcodecs.avro.HadoopFreeAvroTest.codecs;
import static io.github.parquetcodecs.avro.HadoopFreeAvroTest.readAll;
import static io.github.parquetcodecs.avro.HadoopFreeAvroTest.trade;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import test.avro.Trade;

/**
 * Per-column codecs and levels through {@link HadoopFreeAvro}'s writer: parquet-java 1.18's builder methods, so this
 * class is in src/test/java-parquet-1.18, left out of dev/test's version matrix ({@code -Dparquet.matrix=true}).
 */
class HadoopFreeAvroPerColumnTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        HadoopFreeAvroTest.noHadoop();
    }

    @Test
    void perColumnCodecsAndLevels() throws IOException {
        Path file = dir.resolve("per-column.parquet");
        try (ParquetWriter<Trade> writer = HadoopFreeAvro.specificWriter(
                        new LocalOutputFile(file), Trade.class, new PlainParquetConfiguration())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withCompressionCodec("symbol", CompressionCodecName.ZSTD)
                .withCompressionLevel("symbol", 9)
                .withCompressionCodec("note", CompressionCodecName.GZIP)
                .build()) {
            for (long i = 0; i < ROWS; i++) {
                writer.write(trade(i));
            }
        }
        Map<String, CompressionCodecName> codecs = codecs(file);
        assertEquals(
                Map.of(
                        "id", CompressionCodecName.SNAPPY,
                        "symbol", CompressionCodecName.ZSTD,
                        "price", CompressionCodecName.SNAPPY,
                        "note", CompressionCodecName.GZIP),
                codecs);
        List<Trade> read = readAll(HadoopFreeAvro.specificReader(
                HadoopFreeParquet.localFile(file),
                Trade.class,
                HadoopFreeParquet.readOptions().build()));
        assertEquals(Arrays.asList(trade(0), trade(1)), read.subList(0, 2));
        assertEquals(trade(ROWS - 1), read.get(ROWS - 1));
    }
}
