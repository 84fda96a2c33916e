package io.github.parquetcodecs;

import io.github.parquetcodecs.ConcurrencyTest.SharedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ConcurrencyTest}'s readers sharing one factory while another reader closes, on a single file that has one
 * column per codec ({@code ParquetWriter.Builder.withCompressionCodec(column, codec)}, parquet-java 1.18 on), so that
 * each {@code ParquetFileReader} switches codecs from column to column. {@link ConcurrencyTest} runs the same readers
 * on one file per codec, which every release can write. Only compiled and run against parquet-java 1.18 (see the
 * parquet-1.18-tests profile in the module's pom).
 */
class PerColumnCodecConcurrencyTest {
    /** Holds the file that the test writes once and reads in both of its runs. */
    @TempDir
    static Path dir;

    private static SharedFiles file;

    private static synchronized SharedFiles file() throws IOException {
        if (file == null) {
            List<CompressionCodecName> codecs = Arrays.asList(CompressionCodecName.values());
            file = new SharedFiles().add(dir.resolve("shared.parquet"), codecs, builder -> {
                for (CompressionCodecName codec : codecs) {
                    builder.withCompressionCodec(ConcurrencyTest.column(codec), codec);
                }
                return builder;
            });
        }
        return file;
    }

    @ParameterizedTest(name = "direct buffers: {0}")
    @ValueSource(booleans = {false, true})
    void readersSharingOneFactoryGoOnWhileAnotherCloses(boolean direct) throws Exception {
        ConcurrencyTest.readersSharingOneFactoryGoOnWhileAnotherCloses(file(), direct);
    }
}
