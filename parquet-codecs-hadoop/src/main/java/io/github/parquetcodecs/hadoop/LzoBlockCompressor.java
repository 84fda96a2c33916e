package io.github.parquetcodecs.hadoop;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.NativeMode;
import io.github.parquetcodecs.internal.PageCompressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The compressor of {@code com.hadoop.compression.lzo.LzoCodec}: collects up to 1 MiB of input and
 * compresses them with parquet-codecs' LZO engine, whose output is hadoop-lzo's block framing (a big-endian
 * uncompressed length, a big-endian compressed length, one LZO1X block; at most 245,693 input bytes per block, what
 * hadoop-lzo's 256 KiB buffers take). Its output is therefore a sequence of whole blocks, which any number of calls to
 * {@link #compress} hand out. Used by one thread at a time; pooled by Hadoop's {@code CodecPool}.
 */
public final class LzoBlockCompressor implements Compressor {
    /** Input collected before a compression call; the engine frames it into hadoop-lzo sized blocks. */
    static final int INPUT_BUFFER = 1 << 20;

    private final PageCompressor engine =
            Codecs.of(CompressionCodecName.LZO).engine(NativeMode.AUTO).compressor(0, 0);
    private final byte[] input = new byte[INPUT_BUFFER];
    private final byte[] output = new byte[engine.maxCompressedLength(INPUT_BUFFER)];
    private int filled;
    private byte[] user;
    private int userOffset;
    private int userLength;
    private int outputPosition;
    private int outputLength;
    private boolean finish;
    private long bytesRead;
    private long bytesWritten;

    @Override
    public void setInput(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        user = b;
        userOffset = off;
        userLength = len;
        absorb();
    }

    private void absorb() {
        int n = Math.min(userLength, input.length - filled);
        if (n > 0) {
            System.arraycopy(user, userOffset, input, filled, n);
            filled += n;
            userOffset += n;
            userLength -= n;
            bytesRead += n;
        }
    }

    @Override
    public boolean needsInput() {
        return outputPosition == outputLength && userLength == 0 && filled < input.length;
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
        throw new UnsupportedOperationException("LZO takes no dictionary");
    }

    @Override
    public long getBytesRead() {
        return bytesRead;
    }

    @Override
    public long getBytesWritten() {
        return bytesWritten;
    }

    @Override
    public void finish() {
        finish = true;
    }

    @Override
    public boolean finished() {
        return finish && userLength == 0 && filled == 0 && outputPosition == outputLength;
    }

    @Override
    public int compress(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        if (outputPosition == outputLength) {
            absorb();
            if (filled == input.length || (finish && filled > 0)) {
                outputLength =
                        engine.compress(ByteBuffer.wrap(input), 0, filled, ByteBuffer.wrap(output), 0, output.length);
                outputPosition = 0;
                filled = 0;
                absorb();
            }
        }
        int n = Math.min(len, outputLength - outputPosition);
        System.arraycopy(output, outputPosition, b, off, n);
        outputPosition += n;
        bytesWritten += n;
        return n;
    }

    @Override
    public void reset() {
        filled = 0;
        user = null;
        userOffset = 0;
        userLength = 0;
        outputPosition = 0;
        outputLength = 0;
        finish = false;
        bytesRead = 0;
        bytesWritten = 0;
    }

    @Override
    public void end() {
        reset();
        engine.close();
    }

    @Override
    public void reinit(Configuration conf) {
        reset(); // LZO has no level
    }
}
