package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * GZIP: one or more RFC 1952 members. Raw deflate comes from {@link Deflater} and {@link Inflater} with {@code
 * nowrap}; the member header and trailer are written and checked here, so that every member of a page is read, each
 * member's CRC32 and ISIZE are verified, and the optional header fields (FEXTRA, FNAME, FCOMMENT, FHCRC) are accepted.
 */
final class GzipCodec {
    private static final int HEADER_SIZE = 10;
    private static final int TRAILER_SIZE = 8;
    private static final int FHCRC = 0x02;
    private static final int FEXTRA = 0x04;
    private static final int FNAME = 0x08;
    private static final int FCOMMENT = 0x10;
    private static final int RESERVED_FLAGS = 0xe0;
    private static final byte OS_UNKNOWN = (byte) 0xff;

    private GzipCodec() {}

    static final class Compressor implements PageCompressor {
        private final Deflater deflater;
        private final CRC32 crc = new CRC32();
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        Compressor(int level) {
            deflater = new Deflater(level, true);
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            // zlib's conservative deflateBound, plus the member header and trailer
            long n = uncompressedSize;
            return Math.toIntExact(n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5 + HEADER_SIZE + TRAILER_SIZE);
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            if (dstCapacity < HEADER_SIZE + TRAILER_SIZE) {
                throw new IllegalArgumentException("output capacity " + dstCapacity + " is too small");
            }
            dst.put(dstOffset, (byte) 0x1f);
            dst.put(dstOffset + 1, (byte) 0x8b);
            dst.put(dstOffset + 2, (byte) 8); // CM = deflate
            for (int i = 3; i < 9; i++) {
                dst.put(dstOffset + i, (byte) 0); // FLG, MTIME, XFL
            }
            dst.put(dstOffset + 9, OS_UNKNOWN);

            // heap buffers go through the array calls, which need no ByteBuffer views (no allocation per page)
            int space = dstCapacity - HEADER_SIZE - TRAILER_SIZE;
            int deflated;
            try {
                if (src.hasArray()) {
                    deflater.setInput(src.array(), src.arrayOffset() + srcOffset, srcLength);
                } else {
                    deflater.setInput(in.narrow(src, srcOffset, srcLength));
                }
                deflater.finish();
                if (dst.hasArray()) {
                    byte[] out = dst.array();
                    int start = dst.arrayOffset() + dstOffset + HEADER_SIZE;
                    deflated = 0;
                    while (!deflater.finished()) {
                        int n = deflater.deflate(out, start + deflated, space - deflated);
                        if (n == 0 && deflated == space) {
                            throw overflow(dstCapacity, srcLength);
                        }
                        deflated += n;
                    }
                } else {
                    ByteBuffer output = out.narrow(dst, dstOffset + HEADER_SIZE, space);
                    while (!deflater.finished()) {
                        if (deflater.deflate(output) == 0 && !output.hasRemaining()) {
                            throw overflow(dstCapacity, srcLength);
                        }
                    }
                    deflated = output.position() - (dstOffset + HEADER_SIZE);
                }
            } finally {
                deflater.reset(); // drops its reference to the input buffer
                in.restore();
                out.restore();
            }
            crc.reset();
            if (src.hasArray()) {
                crc.update(src.array(), src.arrayOffset() + srcOffset, srcLength);
            } else {
                try {
                    crc.update(in.narrow(src, srcOffset, srcLength));
                } finally {
                    in.restore();
                }
            }
            int trailer = dstOffset + HEADER_SIZE + deflated;
            Buffers.putIntLittleEndian(dst, trailer, (int) crc.getValue());
            Buffers.putIntLittleEndian(dst, trailer + 4, srcLength);
            return HEADER_SIZE + deflated + TRAILER_SIZE;
        }

        private static IOException overflow(int dstCapacity, int srcLength) {
            return new IOException(
                    "deflate output exceeds the bound of " + dstCapacity + " bytes for " + srcLength + " input bytes");
        }

        @Override
        public void close() {
            deflater.end();
        }
    }

    static final class Decompressor implements PageDecompressor {
        private final Inflater inflater = new Inflater(true);
        private final CRC32 crc = new CRC32();
        private final byte[] probe = new byte[1];
        private final Buffers.Window srcWindow = new Buffers.Window();
        private final Buffers.Window dstWindow = new Buffers.Window();

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int in = srcOffset;
            int inEnd = srcOffset + srcLength;
            int out = dstOffset;
            int outEnd = dstOffset + dstLength;
            for (int member = 1; in < inEnd; member++) {
                in = skipHeader(src, in, inEnd, member);
                int produced;
                try {
                    // heap buffers go through the array calls, which need no ByteBuffer views
                    if (src.hasArray()) {
                        inflater.setInput(src.array(), src.arrayOffset() + in, inEnd - in);
                    } else {
                        inflater.setInput(srcWindow.narrow(src, in, inEnd - in));
                    }
                    produced = dst.hasArray()
                            ? inflateMember(dst.array(), dst.arrayOffset() + out, outEnd - out, member)
                            : inflateMember(dstWindow.narrow(dst, out, outEnd - out), member);
                    in = inEnd - inflater.getRemaining();
                } finally {
                    inflater.reset(); // drops its reference to the input buffer
                    srcWindow.restore();
                    dstWindow.restore();
                }
                if (inEnd - in < TRAILER_SIZE) {
                    throw new IOException(
                            "member " + member + " ends without its 8-byte trailer (" + (inEnd - in) + " bytes left)");
                }
                crc.reset();
                if (dst.hasArray()) {
                    crc.update(dst.array(), dst.arrayOffset() + out, produced);
                } else {
                    try {
                        crc.update(dstWindow.narrow(dst, out, produced));
                    } finally {
                        dstWindow.restore();
                    }
                }
                int expectedCrc = Buffers.getIntLittleEndian(src, in);
                int isize = Buffers.getIntLittleEndian(src, in + 4);
                if ((int) crc.getValue() != expectedCrc) {
                    throw new IOException(String.format(
                            "CRC32 mismatch in member %d: trailer says %08x, data gives %08x",
                            member, expectedCrc, (int) crc.getValue()));
                }
                if (isize != produced) {
                    throw new IOException("ISIZE mismatch in member " + member + ": trailer says "
                            + Integer.toUnsignedString(isize) + " bytes, member decoded to " + produced);
                }
                in += TRAILER_SIZE;
                out += produced;
            }
            return out - dstOffset;
        }

        private int inflateMember(ByteBuffer out, int member) throws IOException {
            int start = out.position();
            try {
                while (!inflater.finished()) {
                    if (inflater.inflate(out) == 0) {
                        stalled(!out.hasRemaining(), member);
                    }
                }
            } catch (DataFormatException e) {
                throw corrupt(member, e);
            }
            return out.position() - start;
        }

        private int inflateMember(byte[] out, int offset, int length, int member) throws IOException {
            int produced = 0;
            try {
                while (!inflater.finished()) {
                    int n = inflater.inflate(out, offset + produced, length - produced);
                    if (n == 0) {
                        stalled(produced == length, member);
                    }
                    produced += n;
                }
            } catch (DataFormatException e) {
                throw corrupt(member, e);
            }
            return produced;
        }

        /** Inflate made no progress: fine if the member just ended, else an error naming why. */
        private void stalled(boolean outputFull, int member) throws IOException, DataFormatException {
            if (inflater.finished()) {
                return;
            }
            if (inflater.needsDictionary()) {
                throw new IOException("member " + member + " needs a preset dictionary");
            }
            if (inflater.needsInput()) {
                throw new IOException("member " + member + " is truncated: deflate data ends early");
            }
            if (outputFull) {
                // The output slice is full; a member that still has data is larger than the page.
                if (inflater.inflate(probe, 0, 1) > 0) {
                    throw new PageSizeException("member " + member + " holds more bytes");
                }
                if (!inflater.finished()) {
                    throw new IOException("member " + member + " is truncated: deflate data ends early");
                }
            }
        }

        private static IOException corrupt(int member, DataFormatException e) {
            return new IOException("corrupt deflate data in member " + member + ": " + e.getMessage(), e);
        }

        private int skipHeader(ByteBuffer src, int start, int end, int member) throws IOException {
            if (end - start < HEADER_SIZE) {
                throw new IOException("member " + member + " header is truncated (" + (end - start) + " of 10 bytes)");
            }
            if (src.get(start) != (byte) 0x1f || src.get(start + 1) != (byte) 0x8b) {
                throw new IOException(String.format(
                        "member %d does not start with the GZIP magic 1f 8b (found %02x %02x)",
                        member, src.get(start) & 0xff, src.get(start + 1) & 0xff));
            }
            if (src.get(start + 2) != 8) {
                throw new IOException(
                        "member " + member + " uses compression method " + (src.get(start + 2) & 0xff) + ", not 8");
            }
            int flags = src.get(start + 3) & 0xff;
            if ((flags & RESERVED_FLAGS) != 0) {
                throw new IOException(String.format("member %d sets reserved header flags %02x", member, flags));
            }
            int p = start + HEADER_SIZE;
            if ((flags & FEXTRA) != 0) {
                require(src, p, 2, end, member, "FEXTRA length");
                int xlen = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8);
                p += 2;
                require(src, p, xlen, end, member, "FEXTRA field");
                p += xlen;
            }
            if ((flags & FNAME) != 0) {
                p = skipZeroTerminated(src, p, end, member, "FNAME");
            }
            if ((flags & FCOMMENT) != 0) {
                p = skipZeroTerminated(src, p, end, member, "FCOMMENT");
            }
            if ((flags & FHCRC) != 0) {
                require(src, p, 2, end, member, "FHCRC");
                crc.reset();
                crc.update(Buffers.view(src, start, p - start));
                int expected = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8);
                if (((int) crc.getValue() & 0xffff) != expected) {
                    throw new IOException("header CRC16 mismatch in member " + member);
                }
                p += 2;
            }
            return p;
        }

        private static void require(ByteBuffer src, int p, int length, int end, int member, String what)
                throws IOException {
            if (length > end - p) {
                throw new IOException("member " + member + " header is truncated in its " + what);
            }
        }

        private static int skipZeroTerminated(ByteBuffer src, int p, int end, int member, String what)
                throws IOException {
            while (p < end) {
                if (src.get(p++) == 0) {
                    return p;
                }
            }
            throw new IOException("member " + member + " header is truncated in its " + what);
        }

        @Override
        public void close() {
            inflater.end();
        }
    }
}
