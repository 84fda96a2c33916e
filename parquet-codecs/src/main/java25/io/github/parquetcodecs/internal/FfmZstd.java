package io.github.parquetcodecs.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * ZSTD through libzstd: one compression context per compressor ({@code ZSTD_compress2}, at any level from {@value
 * ZstdCodec#MIN_LEVEL} to 22, with worker threads when asked, the content size in every frame) and one decompression
 * context per decompressor ({@code ZSTD_decompressDCtx}, which reads every frame of a page, skippable frames too,
 * and never writes past the room it is given). The frames are the same as zstd-jni's at the same level.
 */
final class FfmZstd {
    private FfmZstd() {}

    static final Engine ENGINE = FfmEngines.tierEngine(() -> NativeLoad.FAILURE, Compressor::new, Decompressor::new);

    private static final int C_COMPRESSION_LEVEL = 100;
    private static final int C_CONTENT_SIZE_FLAG = 200;
    private static final int C_NB_WORKERS = 400;
    /** {@code ZSTD_error_dstSize_tooSmall}. */
    private static final int ERROR_DST_SIZE_TOO_SMALL = 70;
    /** {@code ZSTD_error_maxCode}: results above {@code (size_t) -maxCode} are errors. */
    private static final long ERROR_MAX_CODE = 120;

    /** libzstd's functions, bound when first used. */
    private static final class Native {
        private static final FfmEngines.Library ZSTD = new FfmEngines.Library("zstd");
        static final MethodHandle CREATE_CCTX = ZSTD.function("ZSTD_createCCtx", FunctionDescriptor.of(ADDRESS));
        static final MethodHandle FREE_CCTX = ZSTD.function("ZSTD_freeCCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        static final MethodHandle SET_PARAMETER =
                ZSTD.function("ZSTD_CCtx_setParameter", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT));
        /** {@code ZSTD_compress2} and {@code ZSTD_decompressDCtx} take the same: context, dst, capacity, src, size. */
        private static final FunctionDescriptor CONTEXT_CALL =
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);

        static final MethodHandle COMPRESS2 = ZSTD.critical("ZSTD_compress2", CONTEXT_CALL);
        static final MethodHandle COMPRESS_BOUND =
                ZSTD.function("ZSTD_compressBound", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));
        static final MethodHandle CREATE_DCTX = ZSTD.function("ZSTD_createDCtx", FunctionDescriptor.of(ADDRESS));
        static final MethodHandle FREE_DCTX = ZSTD.function("ZSTD_freeDCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        static final MethodHandle DECOMPRESS_DCTX = ZSTD.critical("ZSTD_decompressDCtx", CONTEXT_CALL);
        static final MethodHandle GET_ERROR_NAME =
                ZSTD.function("ZSTD_getErrorName", FunctionDescriptor.of(ADDRESS, JAVA_LONG));

        static boolean isError(long result) {
            return Long.compareUnsigned(result, -ERROR_MAX_CODE) > 0;
        }

        static int errorCode(long result) {
            return (int) -result;
        }

        static String errorName(long result) {
            try {
                MemorySegment name = (MemorySegment) GET_ERROR_NAME.invokeExact(result);
                return name.reinterpret(256).getString(0);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
        }
    }

    private static final class NativeLoad {
        /** Makes and frees one decompression context: the library loads, and native calls are allowed. */
        static final Throwable FAILURE =
                Engine.probe(() -> FfmEngines.makeAndFree("ZSTD_createDCtx", Native.CREATE_DCTX, Native.FREE_DCTX));
    }

    /** A libzstd context, for compression or decompression. */
    private abstract static class Context extends FfmEngines.NativeObject {
        private final Buffers.Window window = new Buffers.Window();

        Context(String function, MethodHandle create, MethodHandle free) {
            super(function, create, free);
        }

        /**
         * {@code function}, {@link Native#COMPRESS2} or {@link Native#DECOMPRESS_DCTX}, on this context from {@code
         * src[srcOffset, srcOffset + srcLength)} into {@code dst[dstOffset, dstOffset + dstLength)}: the bytes written,
         * or an error code.
         */
        final long call(
                MethodHandle function,
                ByteBuffer src,
                int srcOffset,
                int srcLength,
                ByteBuffer dst,
                int dstOffset,
                int dstLength) {
            MemorySegment context = object();
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset, dstLength, window);
            try {
                return (long) function.invokeExact(context, out, (long) dstLength, in, (long) srcLength);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
        }
    }

    static final class Compressor extends Context implements PageCompressor {
        Compressor(int level, int workers) {
            super("ZSTD_createCCtx", Native.CREATE_CCTX, Native.FREE_CCTX);
            try {
                set(C_COMPRESSION_LEVEL, level, "level");
                set(C_CONTENT_SIZE_FLAG, 1, "content size flag");
                if (workers > 0) {
                    set(C_NB_WORKERS, workers, "workers");
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        private void set(int parameter, int value, String what) {
            long result;
            try {
                result = (long) Native.SET_PARAMETER.invokeExact(object(), parameter, value);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (Native.isError(result)) {
                throw new IllegalArgumentException(
                        "libzstd refuses " + what + " " + value + ": " + Native.errorName(result));
            }
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            long bound;
            try {
                bound = (long) Native.COMPRESS_BOUND.invokeExact((long) uncompressedSize);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            return Math.toIntExact(bound);
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            long written = call(Native.COMPRESS2, src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
            if (Native.isError(written)) {
                throw new IOException("libzstd could not compress " + srcLength + " bytes into " + dstCapacity + ": "
                        + Native.errorName(written));
            }
            return (int) written;
        }
    }

    static final class Decompressor extends Context implements PageDecompressor {
        Decompressor() {
            super("ZSTD_createDCtx", Native.CREATE_DCTX, Native.FREE_DCTX);
        }

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            long produced = call(Native.DECOMPRESS_DCTX, src, srcOffset, srcLength, dst, dstOffset, dstLength);
            if (Native.isError(produced)) {
                if (Native.errorCode(produced) == ERROR_DST_SIZE_TOO_SMALL) {
                    throw new PageSizeException("the zstd frames hold more bytes (" + Native.errorName(produced) + ")");
                }
                throw new IOException("libzstd: " + Native.errorName(produced));
            }
            return (int) produced;
        }
    }
}
