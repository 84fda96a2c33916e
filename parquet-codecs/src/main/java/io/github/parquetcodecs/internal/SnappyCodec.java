package io.github.parquetcodecs.internal;

import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;
import org.xerial.snappy.SnappyError;

/**
 * SNAPPY: one raw Snappy block, through snappy-java's native library, or aircompressor's pure Java when it cannot
 * load. The block starts with its uncompressed length (a varint), which must equal the declared page size before
 * anything is allocated or snappy-java is called (its array call does not bound the output).
 */
final class SnappyCodec extends Codec {
    static final SnappyCodec INSTANCE = new SnappyCodec();

    /**
     * Snappy's largest expansion: a 3-byte copy element yields at most 64 bytes, and no element yields more per byte,
     * so a block of n bytes decodes to at most 64 n / 3 bytes.
     */
    static long maxDecodedSize(int length) {
        return 64L * length / 3 + 64;
    }

    private static final Engine SNAPPY_JAVA = new Engine("snappy-java", true) {
        @Override
        public Throwable loadFailure() {
            return NativeLoad.FAILURE;
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return new Compressor();
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    private static final Engine AIRCOMPRESSOR = new Engine("aircompressor", false) {
        @Override
        public PageCompressor compressor(int level, int option) {
            return new AircompressorCodec.BlockCompressor(new SnappyCompressor());
        }

        @Override
        public PageDecompressor decompressor() {
            return new AircompressorCodec.BlockDecompressor(new SnappyDecompressor());
        }
    };

    private SnappyCodec() {
        super(CompressionCodecName.SNAPPY);
    }

    @Override
    public String framing() {
        return "one raw Snappy block";
    }

    @Override
    protected List<Engine> engines() {
        return Arrays.asList(SNAPPY_JAVA, AIRCOMPRESSOR);
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        long stated = declaredLength(src, offset, length);
        if (stated != declared) {
            throw new IOException("its Snappy header states " + stated + " bytes");
        }
        if (declared > maxDecodedSize(length)) {
            throw new IOException(
                    "a Snappy block of that size decodes to at most " + maxDecodedSize(length) + " bytes");
        }
        return true;
    }

    private static final class NativeLoad {
        static final Throwable FAILURE = Engine.probe(() -> Snappy.maxCompressedLength(1));
    }

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

    /** snappy-java; the handle has checked the block's declared length against the page before the call. */
    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final byte[] header = new byte[5];
        private final ByteBuffer headerBuffer = ByteBuffer.wrap(header);
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            int headerLength = Math.min(header.length, srcLength);
            System.arraycopy(src, srcOffset, header, 0, headerLength);
            checkFits(headerLength, dstLength);
            try {
                return Snappy.uncompress(src, srcOffset, srcLength, dst, dstOffset);
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int headerLength = Math.min(header.length, srcLength);
            for (int i = 0; i < headerLength; i++) {
                header[i] = src.get(srcOffset + i);
            }
            checkFits(headerLength, dstLength);
            try {
                return Snappy.uncompress(in.narrow(src, srcOffset, srcLength), out.narrow(dst, dstOffset, dstLength));
            } catch (SnappyError e) {
                throw new IOException(e.getMessage(), e);
            } finally {
                in.restore();
                out.restore();
            }
        }

        /**
         * The engine's own guard against a header that declares more than the room given, for callers that did not
         * check: snappy-java's array call trusts the header.
         */
        private void checkFits(int headerLength, int dstLength) throws IOException {
            long declared = declaredLength(headerBuffer, 0, headerLength);
            if (declared > dstLength) {
                throw new PageSizeException("the Snappy block declares " + declared + " bytes");
            }
        }
    }

    /**
     * The uncompressed length a Snappy block starts with: a little-endian base-128 varint of at most 5 bytes. Read in
     * Java (a native call would cost a JNI transition per page, a measurable share on fast pages).
     */
    static long declaredLength(ByteBuffer src, int offset, int length) throws IOException {
        long value = 0;
        for (int i = 0; i < 5; i++) {
            if (i >= length) {
                throw new IOException("the Snappy block ends inside its " + (i + 1) + "-byte length header");
            }
            int b = src.get(offset + i) & 0xff;
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
