package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Decompresses one page. Implementations hold reusable state (native contexts, scratch space), live in the {@link
 * EnginePool} and are used by one thread at a time; {@link #close()} frees native state at once.
 *
 * <p>Buffers are addressed absolutely: positions and limits of the arguments are neither read nor changed. An
 * implementation never reads outside {@code src[srcOffset, srcOffset + srcLength)} and never writes outside {@code
 * dst[dstOffset, dstOffset + dstLength)}.
 */
public interface PageDecompressor extends AutoCloseable {

    /**
     * Decompresses the page and returns the number of bytes it decoded to. Content that does not fit into {@code
     * dstLength} bytes is an error ({@link PageSizeException}), never a write past the slice.
     */
    int decompress(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
            throws IOException;

    /**
     * Decompresses the page into output that grows with the bytes decoded, for codecs whose pages cannot bound their
     * own size ({@link Codec#checkDecodedSize} returned false). Engines that decode in a stream override this; the
     * default decodes into one array of the output's limit.
     */
    default void decompress(ByteBuffer src, int srcOffset, int srcLength, GrowingOutput out) throws IOException {
        byte[] page = new byte[out.limit()];
        out.adopt(page, decompress(src, srcOffset, srcLength, ByteBuffer.wrap(page), 0, page.length));
    }

    @Override
    default void close() {}
}
