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
        private final byte[] header = new byte[5];
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                checkDeclared(declaredLength(src, srcOffset, srcLength), dstLength);
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
                int headerLength = Math.min(header.length, srcLength);
                for (int i = 0; i < headerLength; i++) {
                    header[i] = src.get(srcOffset + i);
                }
                checkDeclared(declaredLength(header, 0, headerLength), dstLength);
                return Snappy.uncompress(input, out.narrow(dst, dstOffset, dstLength));
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            } finally {
                in.restore();
                out.restore();
            }
        }
    }

    static void checkDeclared(long declared, int dstLength) throws PageSizeException {
        if (declared > dstLength) {
            throw new PageSizeException("the Snappy block declares " + declared + " bytes");
        }
    }

    /**
     * The uncompressed length a Snappy block starts with: a little-endian base-128 varint of at most 5 bytes. Read in
     * Java (a native call would cost a JNI transition per page, a measurable share on fast pages).
     */
    static long declaredLength(byte[] src, int offset, int length) throws IOException {
        long value = 0;
        for (int i = 0; i < 5; i++) {
            if (i >= length) {
                throw new IOException("the Snappy block ends inside its " + (i + 1) + "-byte length header");
            }
            int b = src[offset + i] & 0xff;
            value |= (long) (b & 0x7f) << (7 * i);
            if (b < 0x80) {
                if (value > 0xffffffffL) {
                    break;
                }
                return value;
            }
        }
        throw new IOException("the Snappy block's length header is not a valid 32-bit varint");
    }
}
