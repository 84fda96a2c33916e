package io.github.parquetcodecs.internal;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import java.nio.ByteBuffer;

/**
 * ZSTD: one or more zstd frames, with or without the content size, through zstd-jni. Each (de)compressor owns one
 * native context, reused for every page and freed by {@link #close()}.
 */
final class ZstdCodec {
    private ZstdCodec() {}

    static final class Compressor extends ArrayOrDirectCompressor {
        private final ZstdCompressCtx context;

        Compressor(int level, int workers) {
            context = new ZstdCompressCtx();
            context.setLevel(level);
            context.setContentSize(true);
            if (workers > 0) {
                context.setWorkers(workers);
            }
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return Math.toIntExact(Zstd.compressBound(uncompressedSize));
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity) {
            return context.compressByteArray(dst, dstOffset, dstCapacity, src, srcOffset, srcLength);
        }

        @Override
        int compressDirect(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity) {
            return context.compressDirectByteBuffer(dst, dstOffset, dstCapacity, src, srcOffset, srcLength);
        }

        @Override
        public void close() {
            super.close();
            context.close();
        }
    }

    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final ZstdDecompressCtx context = new ZstdDecompressCtx();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws PageSizeException {
            try {
                return context.decompressByteArray(dst, dstOffset, dstLength, src, srcOffset, srcLength);
            } catch (ZstdException e) {
                throw translate(e);
            }
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws PageSizeException {
            try {
                return context.decompressDirectByteBuffer(dst, dstOffset, dstLength, src, srcOffset, srcLength);
            } catch (ZstdException e) {
                throw translate(e);
            }
        }

        /** A too-small destination means the frames hold more than the page declares; other errors pass on. */
        private static PageSizeException translate(ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                return new PageSizeException("the zstd frames hold more bytes (" + e.getMessage() + ")");
            }
            throw e;
        }

        @Override
        public void close() {
            super.close();
            context.close();
        }
    }
}
