package io.github.parquetcodecs;

import java.lang.reflect.Method;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * dev/upstream-check's codec sweep: the library's {@link CodecSweep} (every codec, page sizes up to 8 MiB, heap,
 * direct, mixed and read-only buffers, guard bytes) on the patched parquet-java factories, {@code
 * -Dupstream.factory=heap} for {@code CodecFactory} and {@code direct} for the direct codec factory. Compiled with
 * CodecSweep and TestData against the patched parquet-hadoop jar, never with the library.
 */
public class PatchedCodecSweepTest extends CodecSweep {
    /** The patched parquet-java's key for the library's {@code parquet.codecs.native}. */
    private static final String NATIVE_MODE = "parquet.compression.codec.native";

    private final CompressionCodecFactory factory = create(new PlainParquetConfiguration());
    private final CompressionCodecFactory pureJava = create(pureJavaConf());

    private static ParquetConfiguration pureJavaConf() {
        ParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(NATIVE_MODE, "pure-java");
        return conf;
    }

    private static CompressionCodecFactory create(ParquetConfiguration conf) {
        return "direct".equals(System.getProperty("upstream.factory"))
                ? CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), 0)
                : new CodecFactory(conf, 0);
    }

    @Override
    CompressionCodecFactory factory() {
        return factory;
    }

    @Override
    CompressionCodecFactory pureJavaFactory() {
        return pureJava;
    }

    @Override
    boolean hasPureJavaVariant(CompressionCodecName codec) {
        return !implementation(codec, "AUTO").equals(implementation(codec, "PURE_JAVA"));
    }

    /**
     * {@code Codecs.of(codec).implementation(NativeMode.valueOf(mode))}: the patch's codec classes are
     * package-private in {@code org.apache.parquet.hadoop} (no new public type), so this test reaches them by
     * reflection.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String implementation(CompressionCodecName codec, String mode) {
        try {
            Class<?> modeType = Class.forName("org.apache.parquet.hadoop.NativeMode");
            Method of = Class.forName("org.apache.parquet.hadoop.Codecs")
                    .getDeclaredMethod("of", CompressionCodecName.class);
            Method implementation = Class.forName("org.apache.parquet.hadoop.Codec")
                    .getDeclaredMethod("implementation", modeType);
            of.setAccessible(true);
            implementation.setAccessible(true);
            return (String) implementation.invoke(of.invoke(null, codec), Enum.valueOf((Class) modeType, mode));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the patch's codec classes changed: update PatchedCodecSweepTest", e);
        }
    }
}
