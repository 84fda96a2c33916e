package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Decompresses one page. Implementations hold reusable state (native contexts, scratch space) and are used by one
 * thread at a time; {@link #close()} frees native state at once.
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

    @Override
    default void close() {}
}
