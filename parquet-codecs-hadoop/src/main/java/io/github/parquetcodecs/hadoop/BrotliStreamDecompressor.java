package io.github.parquetcodecs.hadoop;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * The decompressor of {@code org.apache.hadoop.io.compress.BrotliCodec}: one Brotli stream, through brotli4j's
 * streaming decoder, as parquet-codecs' BROTLI decodes pages. Output is handed out as the decoder yields it, so memory
 * stays at the decoder's window whatever the stream claims; a corrupt stream is an {@link IOException} saying how
 * many bytes decoded before it. Used by one thread at a time; {@link #end} frees the native decoder at once.
 */
public final class BrotliStreamDecompressor implements Decompressor {
    private static final int INPUT_BUFFER = 64 * 1024;

    private DecoderJNI.Wrapper decoder;
    private ByteBuffer pendingOutput;
    private byte[] user;
    private int userOffset;
    private int userLength;
    private boolean done;
    private long decoded;

    /** brotli4j must be there ({@link Brotli#requireBrotli4j}). */
    public BrotliStreamDecompressor() {}

    private DecoderJNI.Wrapper decoder() throws IOException {
        if (decoder == null) {
            decoder = new DecoderJNI.Wrapper(INPUT_BUFFER);
        }
        return decoder;
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
        if (done || outputPending() || userLength > 0) {
            return false;
        }
        return decoder == null || decoder.getStatus() == DecoderJNI.Status.NEEDS_MORE_INPUT && !decoder.hasOutput();
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
        throw new UnsupportedOperationException("BROTLI: no dictionary");
    }

    @Override
    public boolean needsDictionary() {
        return false;
    }

    @Override
    public boolean finished() {
        return done && !outputPending();
    }

    @Override
    public int decompress(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        while (true) {
            if (outputPending()) {
                int k = Math.min(len, pendingOutput.remaining());
                pendingOutput.get(b, off, k);
                decoded += k;
                return k;
            }
            if (done) {
                return 0;
            }
            DecoderJNI.Wrapper d = decoder();
            DecoderJNI.Status status = d.getStatus();
            if (status == DecoderJNI.Status.NEEDS_MORE_OUTPUT || d.hasOutput()) {
                pendingOutput = d.pull();
            } else if (status == DecoderJNI.Status.DONE) {
                done = true;
            } else if (status == DecoderJNI.Status.OK) {
                d.push(0);
            } else if (status == DecoderJNI.Status.NEEDS_MORE_INPUT) {
                if (userLength == 0) {
                    return 0;
                }
                ByteBuffer in = d.getInputBuffer();
                in.clear();
                int k = Math.min(userLength, in.remaining());
                in.put(user, userOffset, k);
                userOffset += k;
                userLength -= k;
                d.push(k);
            } else {
                throw new IOException("BROTLI: corrupt Brotli stream after " + decoded + " decoded bytes");
            }
        }
    }

    /** Input given but not yet passed to the decoder when the stream ended (for concatenated streams). */
    @Override
    public int getRemaining() {
        return userLength;
    }

    @Override
    public void reset() {
        if (decoder != null) {
            decoder.destroy();
            decoder = null;
        }
        pendingOutput = null;
        user = null;
        userOffset = 0;
        userLength = 0;
        done = false;
        decoded = 0;
    }

    @Override
    public void end() {
        reset();
    }
}
