package io.github.parquetcodecs.hadoop;

import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.Compressor;

/**
 * The compressor of {@code org.apache.hadoop.io.compress.BrotliCodec}: one Brotli stream from {@link #setInput} to
 * {@link #finish}, through brotli4j's streaming encoder (the library parquet-codecs' BROTLI runs on), so that memory
 * stays at the encoder's window whatever the stream's length. Used by one thread at a time; pooled by Hadoop's {@code
 * CodecPool}; {@link #end} frees the native encoder at once.
 */
public final class BrotliStreamCompressor implements Compressor {
    private static final int INPUT_BUFFER = 64 * 1024;

    private int quality;
    private EncoderJNI.Wrapper encoder;
    private ByteBuffer pendingOutput;
    private byte[] user;
    private int userOffset;
    private int userLength;
    private boolean finish;
    private long bytesRead;
    private long bytesWritten;

    /** A compressor at {@code quality} (0 to 11); brotli4j must be there ({@link Brotli#requireBrotli4j}). */
    public BrotliStreamCompressor(int quality) {
        this.quality = quality;
    }

    /** The quality of the next stream; the current one, if started, keeps its own. */
    public void setQuality(int quality) {
        if (quality != this.quality) {
            this.quality = quality;
            if (encoder != null && bytesRead == 0 && bytesWritten == 0) {
                destroy();
            }
        }
    }

    private EncoderJNI.Wrapper encoder() throws IOException {
        if (encoder == null) {
            Encoder.Parameters parameters = new Encoder.Parameters().setQuality(quality);
            encoder = new EncoderJNI.Wrapper(INPUT_BUFFER, parameters.quality(), parameters.lgwin(), parameters.mode());
        }
        return encoder;
    }

    @Override
    public void setInput(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        user = b;
        userOffset = off;
        userLength = len;
    }

    private boolean outputPending() {
        return pendingOutput != null && pendingOutput.hasRemaining();
    }

    @Override
    public boolean needsInput() {
        return userLength == 0
                && !finish
                && !outputPending()
                && (encoder == null || !encoder.hasMoreOutput() && !encoder.hasRemainingInput());
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
        throw new UnsupportedOperationException("BROTLI: no dictionary");
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
        return finish
                && userLength == 0
                && !outputPending()
                && encoder != null
                && encoder.isFinished()
                && !encoder.hasMoreOutput();
    }

    @Override
    public int compress(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        int n = 0;
        while (n < len) {
            if (outputPending()) {
                int k = Math.min(len - n, pendingOutput.remaining());
                pendingOutput.get(b, off + n, k);
                n += k;
                continue;
            }
            EncoderJNI.Wrapper e = encoder();
            if (e.hasMoreOutput()) {
                pendingOutput = e.pull();
            } else if (e.hasRemainingInput()) {
                push(e, EncoderJNI.Operation.PROCESS, 0);
            } else if (userLength > 0) {
                ByteBuffer in = e.getInputBuffer();
                in.clear();
                int k = Math.min(userLength, in.remaining());
                in.put(user, userOffset, k);
                userOffset += k;
                userLength -= k;
                bytesRead += k;
                push(e, EncoderJNI.Operation.PROCESS, k);
            } else if (finish && !e.isFinished()) {
                push(e, EncoderJNI.Operation.FINISH, 0);
            } else {
                break;
            }
        }
        bytesWritten += n;
        return n;
    }

    private static void push(EncoderJNI.Wrapper e, EncoderJNI.Operation operation, int length) throws IOException {
        e.push(operation, length);
        if (!e.isSuccess()) {
            throw new IOException("BROTLI: brotli4j's encoder failed");
        }
    }

    @Override
    public void reset() {
        destroy();
        pendingOutput = null;
        user = null;
        userOffset = 0;
        userLength = 0;
        finish = false;
        bytesRead = 0;
        bytesWritten = 0;
    }

    private void destroy() {
        if (encoder != null) {
            encoder.destroy();
            encoder = null;
        }
    }

    @Override
    public void end() {
        reset();
    }

    /** Takes the quality of {@code conf} ({@code compression.brotli.quality}) when it sets one. */
    @Override
    public void reinit(Configuration conf) {
        reset();
        if (conf != null) {
            quality = Brotli.quality(conf);
        }
    }
}
