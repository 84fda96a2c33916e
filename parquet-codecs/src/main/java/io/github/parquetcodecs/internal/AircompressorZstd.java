package io.github.parquetcodecs.internal;

import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * ZSTD in pure Java, the fallback when zstd-jni cannot load: aircompressor decodes the frames, and this class walks
 * them first, so that pages are checked as zstd itself checks them. aircompressor alone refuses skippable frames,
 * ignores the content size a frame declares, and returns 0 bytes for any input, valid or not, when the output is empty.
 */
final class AircompressorZstd {
    private static final int MAGIC = 0xFD2FB528;
    private static final int SKIPPABLE_MAGIC = 0x184D2A50;
    private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
    private static final int[] DICTIONARY_ID_SIZES = {0, 1, 2, 4};
    private static final int[] CONTENT_SIZE_SIZES = {0, 2, 4, 8};

    private AircompressorZstd() {}

    static final class Decompressor implements PageDecompressor {
        private final PageDecompressor frames = new AircompressorCodec.BlockDecompressor(new ZstdDecompressor());
        private final ByteBuffer probe = ByteBuffer.allocate(1);
        /** The Frame_Content_Size of the frame last walked, or -1; unsigned. */
        private long contentSize;

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int in = srcOffset;
            int inEnd = srcOffset + srcLength;
            int out = dstOffset;
            int outEnd = dstOffset + dstLength;
            for (int frame = 1; in < inEnd; frame++) {
                require(4, in, inEnd, frame, "magic number");
                int magic = Buffers.getIntLittleEndian(src, in);
                if ((magic & SKIPPABLE_MASK) == SKIPPABLE_MAGIC) {
                    require(8, in, inEnd, frame, "skippable frame header");
                    long size = Buffers.getIntLittleEndian(src, in + 4) & 0xffffffffL;
                    if (size > inEnd - in - 8) {
                        throw new IOException("skippable frame " + frame + " declares " + size + " bytes where "
                                + (inEnd - in - 8) + " are left");
                    }
                    in += 8 + (int) size;
                    continue;
                }
                if (magic != MAGIC) {
                    throw new IOException(String.format("frame %d starts with %08x, not the zstd magic", frame, magic));
                }
                int end = walk(src, in, inEnd, frame);
                if (contentSize != -1 && Long.compareUnsigned(contentSize, outEnd - out) > 0) {
                    throw new PageSizeException("frame " + frame + " declares " + Long.toUnsignedString(contentSize)
                            + " bytes where " + (outEnd - out) + " are left in the page");
                }
                int produced;
                if (out == outEnd) {
                    // the page is full: aircompressor would report 0 for anything, so decode into a 1-byte probe
                    if (frames.decompress(src, in, end - in, probe, 0, 1) > 0) {
                        throw new PageSizeException("frame " + frame + " holds more bytes");
                    }
                    produced = 0;
                } else {
                    produced = frames.decompress(src, in, end - in, dst, out, outEnd - out);
                }
                if (contentSize != -1 && produced != contentSize) {
                    throw new IOException(
                            "frame " + frame + " declares " + contentSize + " bytes but decodes to " + produced);
                }
                in = end;
                out += produced;
            }
            return out - dstOffset;
        }

        /**
         * Walks the frame header and block headers of the frame at {@code start}; returns where the frame ends and
         * sets {@link #contentSize}.
         */
        private int walk(ByteBuffer src, int start, int end, int frame) throws IOException {
            int p = start + 4;
            require(1, p, end, frame, "frame header");
            int descriptor = src.get(p++) & 0xff;
            if ((descriptor & 0x08) != 0) {
                throw new IOException("frame " + frame + " sets the reserved bit of its header");
            }
            boolean singleSegment = (descriptor & 0x20) != 0;
            int fcsFlag = descriptor >>> 6;
            int contentSizeBytes = fcsFlag == 0 ? (singleSegment ? 1 : 0) : CONTENT_SIZE_SIZES[fcsFlag];
            int skip = (singleSegment ? 0 : 1) + DICTIONARY_ID_SIZES[descriptor & 3];
            require(skip + contentSizeBytes, p, end, frame, "frame header");
            p += skip;
            long size = -1;
            if (contentSizeBytes > 0) {
                size = 0;
                for (int i = 0; i < contentSizeBytes; i++) {
                    size |= (src.get(p + i) & 0xffL) << (8 * i);
                }
                if (contentSizeBytes == 2) {
                    size += 256;
                }
                p += contentSizeBytes;
            }
            contentSize = size;
            while (true) {
                require(3, p, end, frame, "block header");
                int header = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8) | ((src.get(p + 2) & 0xff) << 16);
                p += 3;
                int type = (header >>> 1) & 3;
                if (type == 3) {
                    throw new IOException("frame " + frame + " has a block of the reserved type 3");
                }
                int payload = type == 1 ? 1 : header >>> 3; // an RLE block holds one byte
                require(payload, p, end, frame, "block");
                p += payload;
                if ((header & 1) != 0) {
                    break;
                }
            }
            if ((descriptor & 0x04) != 0) {
                require(4, p, end, frame, "content checksum");
                p += 4;
            }
            return p;
        }

        private static void require(int length, int p, int end, int frame, String what) throws IOException {
            if (length > end - p) {
                throw new IOException("frame " + frame + " is truncated in its " + what + " (" + (end - p)
                        + " bytes left, " + length + " needed)");
            }
        }

        @Override
        public void close() {
            frames.close();
        }
    }
}
