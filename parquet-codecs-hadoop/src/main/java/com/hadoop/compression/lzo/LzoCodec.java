package com.hadoop.compression.lzo;

import io.github.parquetcodecs.hadoop.CodecStreams;
import io.github.parquetcodecs.hadoop.LzoBlockCompressor;
import io.github.parquetcodecs.hadoop.LzoBlockDecompressor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * LZO for stock parquet-java with Hadoop (Spark, Hive, {@code AvroParquetReader}), SequenceFile and text output, under
 * the class name they load for LZO: hadoop-lzo's block framing (a big-endian uncompressed length, then chunks of a
 * big-endian compressed length and one LZO1X block), wire-compatible both ways with hadoop-lzo's {@code LzoCodec} and
 * with parquet-codecs' LZO pages. Pure Java (aircompressor, Apache 2.0): no native liblzo2, no GPL code.
 *
 * <p>LZO has no level. Files get the extension {@code .lzo_deflate}, as with hadoop-lzo.
 *
 * <p>This is not hadoop-lzo: if hadoop-lzo's jar is also on the class path, the class loader takes whichever jar
 * comes first for this name. {@link #IMPLEMENTATION} exists only in this class; {@code
 * Class.forName("com.hadoop.compression.lzo.LzoCodec").getProtectionDomain().getCodeSource()} names the jar that won.
 */
public class LzoCodec implements Configurable, CompressionCodec {
    /** Names this implementation; hadoop-lzo's class has no such field. */
    public static final String IMPLEMENTATION = "parquet-codecs-hadoop (aircompressor, pure Java)";

    private Configuration conf;

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public CompressionOutputStream createOutputStream(OutputStream out) throws IOException {
        return CodecStreams.output(out, createCompressor(), true);
    }

    @Override
    public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) throws IOException {
        return CodecStreams.output(out, compressor, false);
    }

    @Override
    public Class<? extends Compressor> getCompressorType() {
        return LzoBlockCompressor.class;
    }

    @Override
    public Compressor createCompressor() {
        return new LzoBlockCompressor();
    }

    @Override
    public CompressionInputStream createInputStream(InputStream in) throws IOException {
        return CodecStreams.input(in, createDecompressor(), true);
    }

    @Override
    public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
        return CodecStreams.input(in, decompressor, false);
    }

    @Override
    public Class<? extends Decompressor> getDecompressorType() {
        return LzoBlockDecompressor.class;
    }

    @Override
    public Decompressor createDecompressor() {
        return new LzoBlockDecompressor();
    }

    @Override
    public String getDefaultExtension() {
        return ".lzo_deflate";
    }
}
