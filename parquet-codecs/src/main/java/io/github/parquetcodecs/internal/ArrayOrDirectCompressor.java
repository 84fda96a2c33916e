package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The compressing counterpart of {@link ArrayOrDirectDecompressor}. A library that takes arrays only (brotli4j) says
 * so with {@link #takesDirect()}, and direct pairs are then staged through arrays too.
 */
abstract class ArrayOrDirectCompressor implements PageCompressor {
    private byte[] srcScratch;
    private byte[] dstScratch;

    abstract int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity)
            throws IOException;

    abstract int compressDirect(
            ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
            throws IOException;

    /** Whether {@link #compressDirect} works; when false, direct buffers are staged through arrays. */
    boolean takesDirect() {
        return true;
    }

    @Override
    public final int compress(
            ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
            throws IOException {
        if (dstCapacity < maxCompressedLength(srcLength)) {
            throw new IllegalArgumentException("output capacity " + dstCapacity + " is below the bound "
                    + maxCompressedLength(srcLength) + " for " + srcLength + " input bytes");
        }
        if (src.hasArray() && dst.hasArray()) {
            return compressArrays(
                    src.array(),
                    src.arrayOffset() + srcOffset,
                    srcLength,
                    dst.array(),
                    dst.arrayOffset() + dstOffset,
                    dstCapacity);
        }
        if (src.isDirect() && dst.isDirect() && takesDirect()) {
            return compressDirect(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
        }
        byte[] in;
        int inOffset;
        if (src.hasArray()) {
            in = src.array();
            inOffset = src.arrayOffset() + srcOffset;
        } else {
            in = srcScratch = Buffers.ensure(srcScratch, srcLength);
            inOffset = 0;
            Buffers.copyOut(src, srcOffset, in, srcLength);
        }
        if (dst.hasArray()) {
            return compressArrays(in, inOffset, srcLength, dst.array(), dst.arrayOffset() + dstOffset, dstCapacity);
        }
        byte[] out = dstScratch = Buffers.ensure(dstScratch, dstCapacity);
        int written = compressArrays(in, inOffset, srcLength, out, 0, dstCapacity);
        Buffers.copyIn(out, written, dst, dstOffset);
        return written;
    }

    @Override
    public void close() {
        srcScratch = null;
        dstScratch = null;
    }
}
