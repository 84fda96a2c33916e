package io.github.parquetcodecs.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * LZ4 blocks through liblz4, the reference C library: LZ4_RAW's pages and the blocks inside LZ4's Hadoop framing.
 * Compression is {@code LZ4_compress_fast_extState} at acceleration 1 (what {@code LZ4_compress_default} does) with
 * one reusable state per engine; decoding is {@code LZ4_decompress_safe}, which bounds every read and write by the
 * lengths it is given.
 */
final class FfmLz4 {
    private FfmLz4() {}

    static final Engine ENGINE =
            FfmEngines.tierEngine(() -> NativeLoad.FAILURE, (level, option) -> new Compressor(), Decompressor::new);

    /** {@code LZ4_MAX_INPUT_SIZE}: larger inputs cannot be one block. */
    private static final int MAX_INPUT_SIZE = 0x7E000000;

    /** liblz4's functions, bound when first used. */
    private static final class Native {
        private static final FfmEngines.Library LZ4 = new FfmEngines.Library("lz4");
        static final MethodHandle CREATE_STREAM = LZ4.function("LZ4_createStream", FunctionDescriptor.of(ADDRESS));
        static final MethodHandle FREE_STREAM =
                LZ4.function("LZ4_freeStream", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle COMPRESS = LZ4.critical(
                "LZ4_compress_fast_extState",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle DECOMPRESS = LZ4.critical(
                "LZ4_decompress_safe", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT));
    }

    private static final class NativeLoad {
        /** Makes and frees one state: the library loads, and native calls are allowed. */
        static final Throwable FAILURE = Engine.probe(
                () -> FfmEngines.makeAndFree("LZ4_createStream", Native.CREATE_STREAM, Native.FREE_STREAM));
    }

    static final class Compressor extends FfmEngines.NativeObject implements PageCompressor {
        private final Buffers.Window window = new Buffers.Window();

        Compressor() {
            super("LZ4_createStream", Native.CREATE_STREAM, Native.FREE_STREAM);
        }

        /** {@code LZ4_COMPRESSBOUND}. */
        @Override
        public int maxCompressedLength(int uncompressedSize) {
            if (uncompressedSize < 0 || uncompressedSize > MAX_INPUT_SIZE) {
                throw new IllegalArgumentException(
                        "an LZ4 block holds at most " + MAX_INPUT_SIZE + " bytes, not " + uncompressedSize);
            }
            return uncompressedSize + uncompressedSize / 255 + 16;
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            MemorySegment state = object();
            if (dstCapacity < maxCompressedLength(srcLength)) {
                throw new IllegalArgumentException("output capacity " + dstCapacity + " is below the bound "
                        + maxCompressedLength(srcLength) + " for " + srcLength + " input bytes");
            }
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset, dstCapacity, window);
            int written;
            try {
                written = (int) Native.COMPRESS.invokeExact(state, in, out, srcLength, dstCapacity, 1);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (written <= 0) {
                throw new IOException("liblz4 could not compress " + srcLength + " bytes into " + dstCapacity);
            }
            return written;
        }
    }

    static final class Decompressor implements PageDecompressor {
        private final Buffers.Window window = new Buffers.Window();

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset, dstLength, window);
            int produced;
            try {
                produced = (int) Native.DECOMPRESS.invokeExact(in, out, srcLength, dstLength);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (produced < 0) {
                // LZ4 cannot tell a corrupt block from one that decodes to more than the room given; say both
                throw new IOException("malformed LZ4 block of " + srcLength + " bytes, or it decodes to more than "
                        + dstLength + " bytes (liblz4: error at input byte " + (-produced - 1) + ")");
            }
            return produced;
        }
    }
}
