package io.github.parquetcodecs;

import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** The codec sweep on this library's factory. */
class CodecSweepTest extends CodecSweep {
    private final HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
    private final HadoopFreeCodecFactory pureJava = pureJava();

    private static HadoopFreeCodecFactory pureJava() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "pure-java");
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

    @Override
    boolean hasPureJavaVariant(CompressionCodecName codec) {
        return !factory.implementation(codec).equals(pureJava.implementation(codec));
    }
}
