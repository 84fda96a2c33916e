package io.github.parquetcodecs.internal;

import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;
import java.nio.ByteBuffer;

/**
 * A raw block codec from aircompressor (pure Java): LZ4_RAW, the LZ4 and LZO blocks inside Hadoop framing, and the
 * pure-Java fallback for SNAPPY and ZSTD. aircompressor bounds every write by the output length it is given.
 */
final class AircompressorCodec {
    private AircompressorCodec() {}

    static final class BlockCompressor extends ArrayOrDirectCompressor {
        private final Compressor compressor;
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        BlockCompressor(Compressor compressor) {
            this.compressor = compressor;
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return compressor.maxCompressedLength(uncompressedSize);
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity) {
            return compressor.compress(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
        }

        @Override
        int compressDirect(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity) {
            try {
                compressor.compress(in.narrow(src, srcOffset, srcLength), out.narrow(dst, dstOffset, dstCapacity));
                return dst.position() - dstOffset;
            } finally {
                in.restore();
                out.restore();
            }
        }
    }

    static final class BlockDecompressor extends ArrayOrDirectDecompressor {
        private final Decompressor decompressor;
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        BlockDecompressor(Decompressor decompressor) {
            this.decompressor = decompressor;
        }

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength) {
            return decompressor.decompress(src, srcOffset, srcLength, dst, dstOffset, dstLength);
        }

        @Override
        int decompressDirect(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength) {
            try {
                decompressor.decompress(in.narrow(src, srcOffset, srcLength), out.narrow(dst, dstOffset, dstLength));
                return dst.position() - dstOffset;
            } finally {
                in.restore();
                out.restore();
            }
        }
    }
}
