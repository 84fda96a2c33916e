package io.github.parquetcodecs.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * GZIP through libdeflate: the same members as {@link GzipCodec}'s zlib engine writes and reads, with libdeflate
 * doing the raw deflate. The member header and trailer stay this library's: every member of a page is read, and each
 * member's CRC32 and ISIZE are checked.
 *
 * <p>Decoding calls {@code libdeflate_deflate_decompress_ex}, which reports how many input bytes a member's deflate
 * data took, so that the trailer and the next member are found. A page that libdeflate refuses (corrupt, truncated,
 * larger than the room given), or whose trailer does not match, is decoded again by the zlib engine, which says
 * exactly what is wrong with it: the messages, and what the page decodes to, are zlib's.
 *
 * <p>Levels: zlib's -1 (its default) is libdeflate's 6, its default too; 0 to 9 are libdeflate's 0 to 9, whose output
 * is within a few percent of zlib's at the same level (libdeflate's 10 to 12 are not reachable through {@code
 * zlib.compress.level}).
 *
 * <p>Pages shorter than {@link #ZLIB_BELOW} bytes are compressed by the zlib engine: libdeflate stores such short
 * inputs rather than deflating them (measured: under 64 bytes at level 1, under 32 at level 6, under 24 at level 9),
 * which made them up to 37 % larger than zlib's output, and a file of tiny pages 7.8 % larger. Those pages are byte
 * for byte what the library writes without the tier.
 */
final class FfmGzip {
    private FfmGzip() {}

    static final Engine ENGINE = FfmEngines.tierEngine(
            () -> NativeLoad.FAILURE, (level, option) -> new Compressor(level), Decompressor::new);

    private static final int SUCCESS = 0;

    /** Pages shorter than this are compressed by zlib (see the class comment). */
    static final int ZLIB_BELOW = 64;

    /** The libdeflate level for a zlib level: -1 (zlib's default, its 6) is libdeflate's default 6. */
    static int libdeflateLevel(int zlibLevel) {
        return zlibLevel < 0 ? 6 : zlibLevel;
    }

    /** libdeflate's functions, bound when first used. */
    private static final class Native {
        private static final FfmEngines.Library DEFLATE = new FfmEngines.Library("deflate");
        static final MethodHandle ALLOC_COMPRESSOR =
                DEFLATE.function("libdeflate_alloc_compressor", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        static final MethodHandle FREE_COMPRESSOR =
                DEFLATE.function("libdeflate_free_compressor", FunctionDescriptor.ofVoid(ADDRESS));
        static final MethodHandle COMPRESS = DEFLATE.critical(
                "libdeflate_deflate_compress",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
        static final MethodHandle COMPRESS_BOUND = DEFLATE.function(
                "libdeflate_deflate_compress_bound", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG));
        static final MethodHandle ALLOC_DECOMPRESSOR =
                DEFLATE.function("libdeflate_alloc_decompressor", FunctionDescriptor.of(ADDRESS));
        static final MethodHandle FREE_DECOMPRESSOR =
                DEFLATE.function("libdeflate_free_decompressor", FunctionDescriptor.ofVoid(ADDRESS));
        static final MethodHandle DECOMPRESS_EX = DEFLATE.critical(
                "libdeflate_deflate_decompress_ex",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    }

    private static final class NativeLoad {
        /** Makes and frees one decompressor: the library loads, and native calls are allowed. */
        static final Throwable FAILURE = Engine.probe(() -> FfmEngines.makeAndFree(
                "libdeflate_alloc_decompressor", Native.ALLOC_DECOMPRESSOR, Native.FREE_DECOMPRESSOR));
    }

    static final class Compressor extends FfmEngines.NativeObject implements PageCompressor {
        private final int zlibLevel;
        private final CRC32 crc = new CRC32();
        private final Buffers.Window window = new Buffers.Window();
        /** The zlib engine, for pages shorter than {@link #ZLIB_BELOW}; made on the first such page. */
        private GzipCodec.Compressor zlib;

        Compressor(int zlibLevel) {
            super(
                    "libdeflate_alloc_compressor(" + libdeflateLevel(zlibLevel) + ")",
                    Native.ALLOC_COMPRESSOR,
                    Native.FREE_COMPRESSOR,
                    libdeflateLevel(zlibLevel));
            this.zlibLevel = zlibLevel;
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            MemorySegment compressor = object();
            long bound;
            try {
                bound = (long) Native.COMPRESS_BOUND.invokeExact(compressor, (long) uncompressedSize);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            int libdeflate = Math.toIntExact(bound + GzipCodec.HEADER_SIZE + GzipCodec.TRAILER_SIZE);
            return uncompressedSize < ZLIB_BELOW
                    ? Math.max(libdeflate, GzipCodec.Compressor.bound(uncompressedSize))
                    : libdeflate;
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            MemorySegment compressor = object();
            if (srcLength < ZLIB_BELOW) {
                if (zlib == null) {
                    zlib = new GzipCodec.Compressor(zlibLevel);
                }
                return zlib.compress(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
            }
            int room = dstCapacity - GzipCodec.HEADER_SIZE - GzipCodec.TRAILER_SIZE;
            if (room < 0) {
                throw new IllegalArgumentException("output capacity " + dstCapacity + " is too small");
            }
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset + GzipCodec.HEADER_SIZE, room, window);
            long deflated;
            try {
                deflated = (long) Native.COMPRESS.invokeExact(compressor, in, (long) srcLength, out, (long) room);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (deflated == 0) { // libdeflate's answer when the output does not fit; deflate never makes 0 bytes
                throw new IOException("deflate output exceeds the bound of " + dstCapacity + " bytes for " + srcLength
                        + " input bytes");
            }
            GzipCodec.writeHeader(dst, dstOffset);
            crc.reset();
            try {
                crc.update(window.narrow(src, srcOffset, srcLength));
            } finally {
                window.restore();
            }
            int trailer = dstOffset + GzipCodec.HEADER_SIZE + (int) deflated;
            Buffers.putIntLittleEndian(dst, trailer, (int) crc.getValue());
            Buffers.putIntLittleEndian(dst, trailer + 4, srcLength);
            return GzipCodec.HEADER_SIZE + (int) deflated + GzipCodec.TRAILER_SIZE;
        }

        /** Frees the native object, and closes the zlib engine if one was made. */
        @Override
        public void close() {
            try (PageCompressor fallback = zlib) {
                zlib = null;
                super.close();
            }
        }
    }

    static final class Decompressor extends FfmEngines.NativeObject implements PageDecompressor {
        private final CRC32 crc = new CRC32();
        private final Buffers.Window window = new Buffers.Window();
        /** libdeflate's out-parameters: input bytes consumed and output bytes produced by one member. */
        private final long[] actual = new long[2];

        private final MemorySegment actualIn = MemorySegment.ofArray(actual).asSlice(0, 8);
        private final MemorySegment actualOut = MemorySegment.ofArray(actual).asSlice(8, 8);
        /** The zlib engine, for pages libdeflate refuses; made on the first such page. */
        private GzipCodec.Decompressor zlib;

        Decompressor() {
            super("libdeflate_alloc_decompressor", Native.ALLOC_DECOMPRESSOR, Native.FREE_DECOMPRESSOR);
        }

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            MemorySegment decompressor = object();
            int next = srcOffset;
            int inEnd = srcOffset + srcLength;
            int written = dstOffset;
            int outEnd = dstOffset + dstLength;
            for (int member = 1; next < inEnd; member++) {
                next = GzipCodec.skipHeader(src, next, inEnd, member, crc);
                MemorySegment in = FfmEngines.segment(src, next, inEnd - next, window);
                MemorySegment out = FfmEngines.segment(dst, written, outEnd - written, window);
                int result;
                try {
                    result = (int) Native.DECOMPRESS_EX.invokeExact(
                            decompressor,
                            in,
                            (long) (inEnd - next),
                            out,
                            (long) (outEnd - written),
                            actualIn,
                            actualOut);
                } catch (Throwable e) {
                    throw FfmEngines.rethrow(e);
                }
                if (result != SUCCESS) {
                    return byZlib(src, srcOffset, srcLength, dst, dstOffset, dstLength);
                }
                int consumed = (int) actual[0];
                int produced = (int) actual[1];
                next += consumed;
                if (inEnd - next < GzipCodec.TRAILER_SIZE) {
                    return byZlib(src, srcOffset, srcLength, dst, dstOffset, dstLength);
                }
                crc.reset();
                try {
                    crc.update(window.narrow(dst, written, produced));
                } finally {
                    window.restore();
                }
                if ((int) crc.getValue() != Buffers.getIntLittleEndian(src, next)
                        || produced != Buffers.getIntLittleEndian(src, next + 4)) {
                    return byZlib(src, srcOffset, srcLength, dst, dstOffset, dstLength);
                }
                next += GzipCodec.TRAILER_SIZE;
                written += produced;
            }
            return written - dstOffset;
        }

        /** The whole page again through zlib, which names what is wrong with it (or decodes what libdeflate would not). */
        private int byZlib(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            if (zlib == null) {
                zlib = new GzipCodec.Decompressor();
            }
            return zlib.decompress(src, srcOffset, srcLength, dst, dstOffset, dstLength);
        }

        /** Frees the native object, and closes the zlib engine if one was made. */
        @Override
        public void close() {
            try (PageDecompressor fallback = zlib) {
                zlib = null;
                super.close();
            }
        }
    }
}
