package io.github.parquetcodecs;

import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * dev/upstream-check's stand-in for the library's factory, so that the library's codec sweep (CodecSweepTest: every
 * codec, page sizes up to 8 MiB, heap, direct, mixed and read-only buffers, guard bytes) runs unchanged against the
 * patched parquet-java factories: {@code -Dupstream.factory=heap} for {@code CodecFactory}, {@code direct} for the
 * direct codec factory. Compiled with CodecSweepTest and TestData only, never with the library.
 */
public final class HadoopFreeCodecFactory implements CompressionCodecFactory {
    private final CompressionCodecFactory delegate;

    public HadoopFreeCodecFactory() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        delegate = "direct".equals(System.getProperty("upstream.factory"))
                ? CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), 0)
                : new CodecFactory(conf, 0);
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
