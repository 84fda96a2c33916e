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
            ByteBuffer out = Buffers.view(dst, dstOffset, dstCapacity);
            compressor.compress(Buffers.view(src, srcOffset, srcLength), out);
            return out.position() - dstOffset;
        }
    }

    static final class BlockDecompressor extends ArrayOrDirectDecompressor {
        private final Decompressor decompressor;

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
            ByteBuffer out = Buffers.view(dst, dstOffset, dstLength);
            decompressor.decompress(Buffers.view(src, srcOffset, srcLength), out);
            return out.position() - dstOffset;
        }
    }
}
