package io.github.parquetcodecs;

import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.codec.direct.CodecSettings;
import org.apache.parquet.hadoop.codec.direct.Codecs;
import org.apache.parquet.hadoop.codec.direct.NativeMode;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * dev/upstream-check's stand-in for the library's factory, so that the library's codec sweep (CodecSweepTest: every
 * codec, page sizes up to 8 MiB, heap, direct, mixed and read-only buffers, guard bytes) runs unchanged against the
 * patched parquet-java factories: {@code -Dupstream.factory=heap} for {@code CodecFactory}, {@code direct} for the
 * direct codec factory. Compiled with CodecSweepTest and TestData only, never with the library.
 */
public final class HadoopFreeCodecFactory implements CompressionCodecFactory {
    /** The patched parquet-java's key for the library's {@code parquet.codecs.native}. */
    public static final String NATIVE_MODE = CodecSettings.NATIVE_MODE;

    private final CompressionCodecFactory delegate;
    private final NativeMode mode;

    public HadoopFreeCodecFactory() {
        this(new PlainParquetConfiguration());
    }

    public HadoopFreeCodecFactory(ParquetConfiguration conf) {
        delegate = "direct".equals(System.getProperty("upstream.factory"))
                ? CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), 0)
                : new CodecFactory(conf, 0);
        mode = NativeMode.parse(conf.get(NATIVE_MODE, "auto"));
    }

    /** Which library serves {@code codec}, as the patched factories decide. */
    public String implementation(CompressionCodecName codec) {
        return Codecs.implementation(codec, mode);
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return delegate.getCompressor(codec);
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return delegate.getDecompressor(codec);
    }

    @Override
    public void release() {
        delegate.release();
    }
}
