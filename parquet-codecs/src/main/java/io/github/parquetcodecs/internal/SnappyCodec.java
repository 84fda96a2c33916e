package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.xerial.snappy.Snappy;
import org.xerial.snappy.SnappyError;

/**
 * SNAPPY: one raw Snappy block, through snappy-java's native library. The declared length in the block header is
 * checked against the page size before snappy-java is called, because its array call does not bound the output.
 */
final class SnappyCodec {
    private SnappyCodec() {}

    static final class Compressor extends ArrayOrDirectCompressor {
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return Snappy.maxCompressedLength(uncompressedSize);
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity)
                throws IOException {
            return Snappy.compress(src, srcOffset, srcLength, dst, dstOffset);
        }

        @Override
        int compressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            try {
                return Snappy.compress(in.narrow(src, srcOffset, srcLength), out.narrow(dst, dstOffset, dstCapacity));
            } finally {
                in.restore();
                out.restore();
            }
        }
    }

    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                checkDeclared(Snappy.uncompressedLength(src, srcOffset, srcLength), dstLength);
                return Snappy.uncompress(src, srcOffset, srcLength, dst, dstOffset);
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                ByteBuffer input = in.narrow(src, srcOffset, srcLength);
                checkDeclared(Snappy.uncompressedLength(input), dstLength);
                return Snappy.uncompress(input, out.narrow(dst, dstOffset, dstLength));
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            } finally {
                in.restore();
                out.restore();
            }
        }
    }

    static void checkDeclared(int declared, int dstLength) throws PageSizeException {
        if (declared < 0 || declared > dstLength) {
            throw new PageSizeException("the Snappy block declares " + (declared & 0xffffffffL) + " bytes");
        }
    }
}
