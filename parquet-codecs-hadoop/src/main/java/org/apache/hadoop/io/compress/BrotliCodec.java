package org.apache.hadoop.io.compress;

import io.github.parquetcodecs.hadoop.Brotli;
import io.github.parquetcodecs.hadoop.BrotliStreamCompressor;
import io.github.parquetcodecs.hadoop.BrotliStreamDecompressor;
import io.github.parquetcodecs.hadoop.CodecStreams;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * BROTLI for stock parquet-java with Hadoop (Spark, Hive, {@code AvroParquetReader}), SequenceFile and text output,
 * under the class name parquet-java loads for BROTLI: a stream is one Brotli stream, as parquet-java's BROTLI pages
 * and parquet-codecs' are. Runs on brotli4j, which the user adds ({@code com.aayushatharva.brotli4j:brotli4j} and the
 * native jar of the platform); without it, creating a compressor, decompressor or stream fails with a message naming
 * both coordinates.
 *
 * <p>The quality (0 to 11, default 1) comes from {@code compression.brotli.quality}, the key parquet-java sets for a
 * BROTLI level. Files get the extension {@code .br}.
 */
public class BrotliCodec implements Configurable, CompressionCodec {
    /** Names this implementation. */
    public static final String IMPLEMENTATION = "parquet-codecs-hadoop (brotli4j)";

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
        return CodecStreams.output(out, compressor(), true);
    }

    @Override
    public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) throws IOException {
        requireBrotli4j();
        if (compressor instanceof BrotliStreamCompressor) {
            // CodecPool hands out compressors made by any BrotliCodec, and parquet-java's CodecFactory passes no
            // configuration to reinit: the quality is this codec's
            ((BrotliStreamCompressor) compressor).setQuality(Brotli.quality(conf));
        }
        return CodecStreams.output(out, compressor, false);
    }

    @Override
    public Class<? extends Compressor> getCompressorType() {
        return BrotliStreamCompressor.class;
    }

    /** @throws UnsupportedOperationException when brotli4j is missing, naming its Maven coordinates */
    @Override
    public Compressor createCompressor() {
        Brotli.requireBrotli4j();
        return new BrotliStreamCompressor(Brotli.quality(conf));
    }

    @Override
    public CompressionInputStream createInputStream(InputStream in) throws IOException {
        return CodecStreams.input(in, decompressor(), true);
    }

    @Override
    public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
        requireBrotli4j();
        return CodecStreams.input(in, decompressor, false);
    }

    @Override
    public Class<? extends Decompressor> getDecompressorType() {
        return BrotliStreamDecompressor.class;
    }

    /** @throws UnsupportedOperationException when brotli4j is missing, naming its Maven coordinates */
    @Override
    public Decompressor createDecompressor() {
        Brotli.requireBrotli4j();
        return new BrotliStreamDecompressor();
    }

    @Override
    public String getDefaultExtension() {
        return ".br";
    }

    private Compressor compressor() throws IOException {
        requireBrotli4j();
        return createCompressor();
    }

    private Decompressor decompressor() throws IOException {
        requireBrotli4j();
        return createDecompressor();
    }

    private static void requireBrotli4j() throws IOException {
        try {
            Brotli.requireBrotli4j();
        } catch (UnsupportedOperationException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
