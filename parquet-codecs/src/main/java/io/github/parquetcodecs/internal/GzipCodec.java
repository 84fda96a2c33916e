package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * GZIP: one or more RFC 1952 members. Raw deflate comes from {@link Deflater} and {@link Inflater} with {@code
 * nowrap}; the member header and trailer are written and checked here, so that every member of a page is read, each
 * member's CRC32 and ISIZE are verified, and the optional header fields (FEXTRA, FNAME, FCOMMENT, FHCRC) are accepted.
 * The JDK's zlib takes heap and direct buffers alike, so there is one code path for every kind of buffer. On Java 25
 * with aircompressor-v3, libdeflate does the raw deflate instead ({@link NativeTier}), with the same framing and
 * checks.
 *
 * <p>A page bounds its own size: the last member's ISIZE cannot exceed the declared size, and deflate expands at most
 * 1032-fold (a 258-byte match in two bits), so the declared size must fit in what the page's bytes can produce.
 */
final class GzipCodec extends Codec {
    static final GzipCodec INSTANCE = new GzipCodec();

    static final String LEVEL = "zlib.compress.level";
    /** zlib's {@code Z_DEFAULT_COMPRESSION}, which zlib maps to level 6. */
    static final int DEFAULT_LEVEL = -1;

    static final int HEADER_SIZE = 10;
    static final int TRAILER_SIZE = 8;
    private static final int FHCRC = 0x02;
    private static final int FEXTRA = 0x04;
    private static final int FNAME = 0x08;
    private static final int FCOMMENT = 0x10;
    private static final int RESERVED_FLAGS = 0xe0;
    private static final byte OS_UNKNOWN = (byte) 0xff;
    /** Deflate's largest expansion: 258 bytes from a two-bit match. */
    private static final int MAX_DEFLATE_RATIO = 1032;

    /** Hadoop stores {@code zlib.compress.level} as a {@code ZlibCompressor.CompressionLevel} name; numbers work too. */
    private static final Levels LEVELS = new Levels("GZIP", -1, 9, DEFAULT_LEVEL, LEVEL) {
        @Override
        public int parse(String key, String value) {
            return parseZlibLevel(value);
        }
    };

    private static final Engine ZLIB = new Engine("java.util.zip", false) {
        @Override
        public String name() {
            return "java.util.zip (JDK zlib)";
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return new Compressor(level);
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    private GzipCodec() {
        super(CompressionCodecName.GZIP);
    }

    @Override
    public Levels levels() {
        return LEVELS;
    }

    @Override
    public String framing() {
        return "one or more RFC 1952 members, every member read, CRC32 and ISIZE checked";
    }

    @Override
    protected List<Engine> engines() {
        return Arrays.asList(NativeTier.GZIP, ZLIB);
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        int deflate = skipHeader(src, offset, offset + length, 1, null);
        if (offset + length - deflate < TRAILER_SIZE) {
            throw new IOException("member 1 ends without its 8-byte trailer");
        }
        long isize = Buffers.getIntLittleEndian(src, offset + length - 4) & 0xffffffffL;
        if (isize > declared) {
            throw new IOException(
                    "the ISIZE in its last 4 bytes (the last member's trailer) states " + isize + " bytes");
        }
        long bound = (long) MAX_DEFLATE_RATIO * length;
        if (declared > bound) {
            throw new IOException("GZIP data of that size decodes to at most " + bound + " bytes");
        }
        return true;
    }

    /** Parses a level: a number, or a name of Hadoop's {@code ZlibCompressor.CompressionLevel}. */
    static int parseZlibLevel(String value) {
        String name = value.trim().toUpperCase(Locale.ROOT);
        switch (name) {
            case "NO_COMPRESSION":
                return 0;
            case "BEST_SPEED":
            case "ONE":
                return 1;
            case "TWO":
                return 2;
            case "THREE":
                return 3;
            case "FOUR":
                return 4;
            case "FIVE":
                return 5;
            case "SIX":
                return 6;
            case "SEVEN":
                return 7;
            case "EIGHT":
                return 8;
            case "NINE":
            case "BEST_COMPRESSION":
                return 9;
            case "DEFAULT_COMPRESSION":
                return -1;
            default:
                try {
                    return Integer.parseInt(name);
                } catch (NumberFormatException e) {
                    throw new BadConfigurationException("GZIP: invalid value '" + value + "' for " + LEVEL
                            + "; use a number from -1 to 9 or a name such as "
                            + "BEST_SPEED, SIX, BEST_COMPRESSION or DEFAULT_COMPRESSION");
                }
        }
    }

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
            return bound(uncompressedSize);
        }

        /** zlib's conservative deflateBound, plus the member header and trailer. */
        static int bound(int uncompressedSize) {
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
            writeHeader(dst, dstOffset);

            int deflated;
            try {
                ByteBuffer input = in.narrow(src, srcOffset, srcLength);
                ByteBuffer output = out.narrow(dst, dstOffset + HEADER_SIZE, dstCapacity - HEADER_SIZE - TRAILER_SIZE);
                deflater.setInput(input);
                deflater.finish();
                while (!deflater.finished()) {
                    if (deflater.deflate(output) == 0 && !output.hasRemaining()) {
                        throw new IOException("deflate output exceeds the bound of " + dstCapacity + " bytes for "
                                + srcLength + " input bytes");
                    }
                }
                deflated = output.position() - (dstOffset + HEADER_SIZE);
                crc.reset();
                crc.update(in.narrow(src, srcOffset, srcLength));
            } finally {
                deflater.reset(); // drops its reference to the input buffer
                in.restore();
                out.restore();
            }
            int trailer = dstOffset + HEADER_SIZE + deflated;
            Buffers.putIntLittleEndian(dst, trailer, (int) crc.getValue());
            Buffers.putIntLittleEndian(dst, trailer + 4, srcLength);
            return HEADER_SIZE + deflated + TRAILER_SIZE;
        }

        @Override
        public void close() {
            deflater.end();
        }
    }

    static final class Decompressor implements PageDecompressor {
        private final Inflater inflater = new Inflater(true);
        private final CRC32 crc = new CRC32();
        private final ByteBuffer probe = ByteBuffer.allocate(1);
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int next = srcOffset;
            int inEnd = srcOffset + srcLength;
            int written = dstOffset;
            int outEnd = dstOffset + dstLength;
            for (int member = 1; next < inEnd; member++) {
                next = skipHeader(src, next, inEnd, member, crc);
                int produced;
                try {
                    inflater.setInput(in.narrow(src, next, inEnd - next));
                    ByteBuffer output = out.narrow(dst, written, outEnd - written);
                    inflateMember(output, member);
                    produced = output.position() - written;
                    next = inEnd - inflater.getRemaining();
                    if (inEnd - next < TRAILER_SIZE) {
                        throw new IOException("member " + member + " ends without its 8-byte trailer (" + (inEnd - next)
                                + " bytes left)");
                    }
                    crc.reset();
                    crc.update(out.narrow(dst, written, produced));
                } finally {
                    inflater.reset(); // drops its reference to the input buffer
                    in.restore();
                    out.restore();
                }
                int expectedCrc = Buffers.getIntLittleEndian(src, next);
                int isize = Buffers.getIntLittleEndian(src, next + 4);
                if ((int) crc.getValue() != expectedCrc) {
                    throw new IOException(String.format(
                            "CRC32 mismatch in member %d: trailer says %08x, data gives %08x",
                            member, expectedCrc, (int) crc.getValue()));
                }
                if (isize != produced) {
                    throw new IOException("ISIZE mismatch in member " + member + ": trailer says "
                            + Integer.toUnsignedString(isize) + " bytes, member decoded to " + produced);
                }
                next += TRAILER_SIZE;
                written += produced;
            }
            return written - dstOffset;
        }

        private void inflateMember(ByteBuffer output, int member) throws IOException {
            try {
                while (!inflater.finished()) {
                    if (inflater.inflate(output) == 0) {
                        stalled(!output.hasRemaining(), member);
                    }
                }
            } catch (DataFormatException e) {
                throw new IOException("corrupt deflate data in member " + member + ": " + e.getMessage(), e);
            }
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
                probe.clear();
                if (inflater.inflate(probe) > 0) {
                    throw new PageSizeException("member " + member + " holds more bytes");
                }
                if (!inflater.finished()) {
                    throw new IOException("member " + member + " is truncated: deflate data ends early");
                }
            }
        }

        @Override
        public void close() {
            inflater.end();
        }
    }

    /** Writes the 10-byte member header this library writes: no optional fields, no time, OS unknown. */
    static void writeHeader(ByteBuffer dst, int offset) {
        dst.put(offset, (byte) 0x1f);
        dst.put(offset + 1, (byte) 0x8b);
        dst.put(offset + 2, (byte) 8); // CM = deflate
        for (int i = 3; i < 9; i++) {
            dst.put(offset + i, (byte) 0); // FLG, MTIME, XFL
        }
        dst.put(offset + 9, OS_UNKNOWN);
    }

    /**
     * Checks the member header at {@code start} and returns where its deflate data begins; verifies the header's
     * CRC16 when there is one and {@code crc} is given.
     */
    static int skipHeader(ByteBuffer src, int start, int end, int member, CRC32 crc) throws IOException {
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
            require(p, 2, end, member, "FEXTRA length");
            int xlen = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8);
            p += 2;
            require(p, xlen, end, member, "FEXTRA field");
            p += xlen;
        }
        if ((flags & FNAME) != 0) {
            p = skipZeroTerminated(src, p, end, member, "FNAME");
        }
        if ((flags & FCOMMENT) != 0) {
            p = skipZeroTerminated(src, p, end, member, "FCOMMENT");
        }
        if ((flags & FHCRC) != 0) {
            require(p, 2, end, member, "FHCRC");
            if (crc != null) {
                crc.reset();
                for (int i = start; i < p; i++) {
                    crc.update(src.get(i));
                }
                int expected = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8);
                if (((int) crc.getValue() & 0xffff) != expected) {
                    throw new IOException("header CRC16 mismatch in member " + member);
                }
            }
            p += 2;
        }
        return p;
    }

    private static void require(int p, int length, int end, int member, String what) throws IOException {
        if (length > end - p) {
            throw new IOException("member " + member + " header is truncated in its " + what);
        }
    }

    private static int skipZeroTerminated(ByteBuffer src, int p, int end, int member, String what) throws IOException {
        while (p < end) {
            if (src.get(p++) == 0) {
                return p;
            }
        }
        throw new IOException("member " + member + " header is truncated in its " + what);
    }
}
