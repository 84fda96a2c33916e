package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * lz4-java is an optional dependency of the library (Hadoop declares it {@code provided} and brings none): LZ4 and
 * LZ4_RAW run on aircompressor's pure Java, and the factory names the artifact that would make them native; on JDK 25
 * the native tier (aircompressor-v3, a dependency here) serves them unless {@code no-ffm} forbids it.
 */
class OptionalLibrariesTest {
    @Test
    void withoutLz4JavaLz4RunsInPureJavaAndNamesTheArtifact() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("net.jpountz.lz4.LZ4Factory"));
        // on JDK 25 aircompressor-v3 (a dependency here) brings native LZ4: the native tier, unless no-ffm forbids it
        PlainParquetConfiguration noFfm = new PlainParquetConfiguration();
        noFfm.set(HadoopFreeCodecFactory.NATIVE_MODE, "no-ffm");
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(noFfm);
        try {
            assertEquals(
                    "aircompressor (pure Java; add at.yawk.lz4:lz4-java:1.10.4 for native LZ4)",
                    factory.implementation(CompressionCodecName.LZ4_RAW));
            assertEquals(
                    "aircompressor (pure Java; add at.yawk.lz4:lz4-java:1.10.4 for native LZ4), Hadoop block framing",
                    factory.implementation(CompressionCodecName.LZ4));
            roundTrips(factory);
        } finally {
            factory.release();
        }
        factory = new HadoopFreeCodecFactory();
        try {
            if (Runtime.version().feature() >= 25) {
                assertEquals("liblz4 (aircompressor-v3, FFM)", factory.implementation(CompressionCodecName.LZ4_RAW));
                assertEquals(
                        "liblz4 (aircompressor-v3, FFM), Hadoop block framing",
                        factory.implementation(CompressionCodecName.LZ4));
                assertEquals("libdeflate (aircompressor-v3, FFM)", factory.implementation(CompressionCodecName.GZIP));
                assertEquals("zstd-jni (native)", factory.implementation(CompressionCodecName.ZSTD));
            } else {
                assertEquals(
                        "aircompressor (pure Java; add at.yawk.lz4:lz4-java:1.10.4 for native LZ4)",
                        factory.implementation(CompressionCodecName.LZ4_RAW));
            }
            roundTrips(factory);
        } finally {
            factory.release();
        }
    }

    private static void roundTrips(HadoopFreeCodecFactory factory) throws Exception {
        byte[] page = new byte[600_000];
        Random random = new Random(7);
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (random.nextInt(16) + (i / 1000));
        }
        for (CompressionCodecName codec :
                new CompressionCodecName[] {CompressionCodecName.LZ4, CompressionCodecName.LZ4_RAW}) {
            byte[] compressed =
                    factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
            assertArrayEquals(
                    page,
                    factory.getDecompressor(codec)
                            .decompress(BytesInput.from(compressed), page.length)
                            .toByteArray(),
                    codec.name());
        }
    }
}
