package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Compresses one page. Implementations hold reusable state (native contexts, scratch space), live in the {@link
 * EnginePool} and are used by one thread at a time; {@link #close()} frees native state at once.
 *
 * <p>Buffers are addressed absolutely: positions and limits of the arguments are neither read nor changed.
 */
public interface PageCompressor extends AutoCloseable {

    /** Upper bound of the compressed size of {@code uncompressedSize} bytes. */
    int maxCompressedLength(int uncompressedSize);

    /**
     * Compresses {@code src[srcOffset, srcOffset + srcLength)} into {@code dst} starting at {@code dstOffset}, writing
     * at most {@code dstCapacity} bytes, and returns the compressed size.
     */
    int compress(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
            throws IOException;

    @Override
    default void close() {}
}
