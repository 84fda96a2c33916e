package io.github.parquetcodecs.hadoop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.CompressorStream;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.DecompressorStream;

/**
 * The streams of both codecs: Hadoop's own {@link CompressorStream} and {@link DecompressorStream} around this
 * module's compressors. A truncated stream is Hadoop's {@code EOFException}; a compressor or decompressor the
 * stream made itself (no pooled one given) is ended when the stream closes.
 */
public final class CodecStreams {
    /** The buffer between the stream and the compressor or decompressor. */
    public static final int BUFFER_SIZE = 64 * 1024;

    private CodecStreams() {}

    /** A stream writing through {@code compressor}; {@code owned}: end it on close. */
    public static CompressionOutputStream output(OutputStream out, Compressor compressor, boolean owned) {
        return new CompressorStream(out, compressor, BUFFER_SIZE) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    if (owned) {
                        compressor.end();
                    }
                }
            }
        };
    }

    /** A stream reading through {@code decompressor}; {@code owned}: end it on close. */
    public static CompressionInputStream input(InputStream in, Decompressor decompressor, boolean owned)
            throws IOException {
        return new DecompressorStream(in, decompressor, BUFFER_SIZE) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    if (owned) {
                        decompressor.end();
                    }
                }
            }
        };
    }
}
