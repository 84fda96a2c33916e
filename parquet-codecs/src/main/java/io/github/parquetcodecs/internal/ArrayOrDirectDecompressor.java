package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Base for codec libraries that offer a {@code byte[]}-with-offset call and a direct-buffer call. Heap pairs and
 * direct pairs go straight to the library; a mixed pair, or a read-only heap buffer (which exposes no array), is
 * staged through reusable scratch arrays.
 */
abstract class ArrayOrDirectDecompressor implements PageDecompressor {
    private byte[] srcScratch;
    private byte[] dstScratch;

    abstract int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
            throws IOException;

    abstract int decompressDirect(
            ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
            throws IOException;

    @Override
    public final int decompress(
            ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
            throws IOException {
        if (src.hasArray() && dst.hasArray()) {
            return decompressArrays(
                    src.array(),
                    src.arrayOffset() + srcOffset,
                    srcLength,
                    dst.array(),
                    dst.arrayOffset() + dstOffset,
                    dstLength);
        }
        if (src.isDirect() && dst.isDirect()) {
            return decompressDirect(src, srcOffset, srcLength, dst, dstOffset, dstLength);
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
            return decompressArrays(in, inOffset, srcLength, dst.array(), dst.arrayOffset() + dstOffset, dstLength);
        }
        byte[] out = dstScratch = Buffers.ensure(dstScratch, dstLength);
        int produced = decompressArrays(in, inOffset, srcLength, out, 0, dstLength);
        Buffers.copyIn(out, Math.min(produced, dstLength), dst, dstOffset);
        return produced;
    }

    @Override
    public void close() {
        srcScratch = null;
        dstScratch = null;
    }
}
