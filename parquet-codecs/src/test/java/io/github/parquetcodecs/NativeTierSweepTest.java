package io.github.parquetcodecs;

import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The codec sweep on the native tier of JDK 25 ({@code parquet.codecs.native=ffm-only}: libdeflate, liblz4, libzstd
 * for GZIP, LZ4, LZ4_RAW and ZSTD, the other codecs as by default). {@link CodecSweepTest} sweeps the default engines
 * (the tier for GZIP, LZ4 and LZ4_RAW on JDK 25, zstd-jni for ZSTD) and the pure-Java ones; this sweeps the tier's
 * ZSTD too. Before JDK 25 there is no tier to sweep, and {@link NativeTierTest} checks that nothing changes.
 */
@EnabledIf("tierRuns")
class NativeTierSweepTest extends CodecSweep {
    private final HadoopFreeCodecFactory factory = factory("ffm-only");
    private final HadoopFreeCodecFactory pureJava = factory("pure-java");

    static boolean tierRuns() {
        return Runtime.version().feature() >= 25;
    }

    private static HadoopFreeCodecFactory factory(String mode) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, mode);
        return new HadoopFreeCodecFactory(conf);
    }

    @Override
    CompressionCodecFactory factory() {
        return factory;
    }

    @Override
    CompressionCodecFactory pureJavaFactory() {
        return pureJava;
    }

    /** The pure-Java engines are CodecSweepTest's. */
    @Override
    boolean hasPureJavaVariant(CompressionCodecName codec) {
        return false;
    }
}
