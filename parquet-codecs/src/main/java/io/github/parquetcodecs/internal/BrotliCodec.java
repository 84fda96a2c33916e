package io.github.parquetcodecs.internal;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * BROTLI: one Brotli stream, through brotli4j's {@code byte[]} API (its ByteBuffer API needs Netty). brotli4j is an
 * optional dependency: this class is only loaded after {@link BrotliSupport} has found it.
 */
final class BrotliCodec {
    private BrotliCodec() {}

    static final class Compressor extends ArrayOrDirectCompressor {
        private final Encoder.Parameters parameters;
        private byte[] scratch;

        Compressor(int quality) {
            parameters = new Encoder.Parameters().setQuality(quality);
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            // BrotliEncoderMaxCompressedSize: input + 4 bytes per 16 KiB block + a few bytes of stream header
            return Math.toIntExact(uncompressedSize + 4L * (uncompressedSize >> 14) + 16);
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity)
                throws IOException {
            byte[] compressed = encode(src, srcOffset, srcLength, dstCapacity);
            System.arraycopy(compressed, 0, dst, dstOffset, compressed.length);
            return compressed.length;
        }

        @Override
        int compressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            byte[] in = scratch = Buffers.ensure(scratch, srcLength);
            Buffers.copyOut(src, srcOffset, in, srcLength);
            byte[] compressed = encode(in, 0, srcLength, dstCapacity);
            Buffers.copyIn(compressed, compressed.length, dst, dstOffset);
            return compressed.length;
        }

        /** brotli4j's byte[] call, which returns the stream in a new array; checked against the caller's room. */
        private byte[] encode(byte[] src, int srcOffset, int srcLength, int dstCapacity) throws IOException {
            byte[] compressed = Encoder.compress(src, srcOffset, srcLength, parameters);
            if (compressed.length > dstCapacity) {
                throw new IOException("brotli4j produced " + compressed.length + " bytes, more than the bound "
                        + dstCapacity + " for " + srcLength + " input bytes");
            }
            return compressed;
        }

        @Override
        public void close() {
            super.close();
            scratch = null;
        }
    }

    /**
     * Decodes through brotli4j's JNI wrapper rather than {@code Decoder.decompress}, which collects unbounded output:
     * each chunk the decoder yields is copied straight into the page, and a stream that yields more than the page
     * declares is refused as soon as it does.
     */
    static final class Decompressor extends ArrayOrDirectDecompressor {
        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            return decode(ByteBuffer.wrap(src, srcOffset, srcLength), ByteBuffer.wrap(dst, dstOffset, dstLength));
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            return decode(Buffers.view(src, srcOffset, srcLength), Buffers.view(dst, dstOffset, dstLength));
        }

        private static int decode(ByteBuffer in, ByteBuffer out) throws IOException {
            int start = out.position();
            DecoderJNI.Wrapper decoder = new DecoderJNI.Wrapper(Math.max(1, in.remaining()));
            try {
                int length = in.remaining();
                decoder.getInputBuffer().put(in);
                decoder.push(length);
                while (true) {
                    DecoderJNI.Status status = decoder.getStatus();
                    if (status == DecoderJNI.Status.OK) {
                        decoder.push(0);
                    } else if (status == DecoderJNI.Status.NEEDS_MORE_OUTPUT
                            || (status == DecoderJNI.Status.DONE && decoder.hasOutput())) {
                        ByteBuffer chunk = decoder.pull();
                        if (chunk.remaining() > out.remaining()) {
                            throw new PageSizeException("the Brotli stream holds more than "
                                    + (out.position() - start + out.remaining()) + " bytes");
                        }
                        out.put(chunk);
                    } else if (status == DecoderJNI.Status.DONE) {
                        return out.position() - start;
                    } else if (status == DecoderJNI.Status.NEEDS_MORE_INPUT) {
                        throw new IOException(
                                "the Brotli stream is truncated after " + (out.position() - start) + " decoded bytes");
                    } else {
                        throw new IOException(
                                "corrupt Brotli stream after " + (out.position() - start) + " decoded bytes");
                    }
                }
            } finally {
                decoder.destroy();
            }
        }
    }
}
