package io.github.parquetcodecs.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
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

    static final Engine ENGINE = new Engine("aircompressor-v3", true) {
        @Override
        public String name() {
            return "libzstd (aircompressor-v3, FFM)";
        }

        @Override
        public boolean isTier() {
            return true;
        }

        @Override
        public Throwable loadFailure() {
            return FfmEngines.loadFailure(() -> NativeLoad.FAILURE);
        }

        @Override
        public PageCompressor compressor(int level, int workers) {
            return new Compressor(level, workers);
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    private static final int C_COMPRESSION_LEVEL = 100;
    private static final int C_CONTENT_SIZE_FLAG = 200;
    private static final int C_NB_WORKERS = 400;
    /** {@code ZSTD_error_dstSize_tooSmall}. */
    private static final int ERROR_DST_SIZE_TOO_SMALL = 70;
    /** {@code ZSTD_error_maxCode}: results above {@code (size_t) -maxCode} are errors. */
    private static final long ERROR_MAX_CODE = 120;

    /** libzstd's functions, bound when first used. */
    private static final class Native {
        static final MethodHandle CREATE_CCTX;
        static final MethodHandle FREE_CCTX;
        static final MethodHandle SET_PARAMETER;
        static final MethodHandle COMPRESS2;
        static final MethodHandle COMPRESS_BOUND;
        static final MethodHandle CREATE_DCTX;
        static final MethodHandle FREE_DCTX;
        static final MethodHandle DECOMPRESS_DCTX;
        static final MethodHandle GET_ERROR_NAME;

        static {
            SymbolLookup library = FfmEngines.load("zstd");
            CREATE_CCTX = FfmEngines.bind(library, "ZSTD_createCCtx", FunctionDescriptor.of(ADDRESS), false);
            FREE_CCTX = FfmEngines.bind(library, "ZSTD_freeCCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
            SET_PARAMETER = FfmEngines.bind(
                    library,
                    "ZSTD_CCtx_setParameter",
                    FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT),
                    false);
            COMPRESS2 = FfmEngines.bind(
                    library,
                    "ZSTD_compress2",
                    FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG),
                    true);
            COMPRESS_BOUND =
                    FfmEngines.bind(library, "ZSTD_compressBound", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), false);
            CREATE_DCTX = FfmEngines.bind(library, "ZSTD_createDCtx", FunctionDescriptor.of(ADDRESS), false);
            FREE_DCTX = FfmEngines.bind(library, "ZSTD_freeDCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
            DECOMPRESS_DCTX = FfmEngines.bind(
                    library,
                    "ZSTD_decompressDCtx",
                    FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG),
                    true);
            GET_ERROR_NAME =
                    FfmEngines.bind(library, "ZSTD_getErrorName", FunctionDescriptor.of(ADDRESS, JAVA_LONG), false);
        }

        /** Makes and frees one decompression context: the library loads, and native calls are allowed. */
        static void check() {
            try {
                MemorySegment context = (MemorySegment) CREATE_DCTX.invokeExact();
                if (context.equals(MemorySegment.NULL)) {
                    throw new IllegalStateException("ZSTD_createDCtx failed");
                }
                long freed = (long) FREE_DCTX.invokeExact(context);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
        }

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
        static final Throwable FAILURE = Engine.probe(Native::check);
    }

    static final class Compressor implements PageCompressor {
        private final Buffers.Window window = new Buffers.Window();
        private MemorySegment context;

        Compressor(int level, int workers) {
            try {
                context = (MemorySegment) Native.CREATE_CCTX.invokeExact();
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (context.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("ZSTD_createCCtx failed");
            }
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
                result = (long) Native.SET_PARAMETER.invokeExact(context, parameter, value);
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
            FfmEngines.requireOpen(context);
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset, dstCapacity, window);
            long written;
            try {
                written = (long) Native.COMPRESS2.invokeExact(context, out, (long) dstCapacity, in, (long) srcLength);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (Native.isError(written)) {
                throw new IOException("libzstd could not compress " + srcLength + " bytes into " + dstCapacity + ": "
                        + Native.errorName(written));
            }
            return (int) written;
        }

        @Override
        public void close() {
            MemorySegment c = context;
            context = MemorySegment.NULL;
            if (!c.equals(MemorySegment.NULL)) {
                try {
                    long freed = (long) Native.FREE_CCTX.invokeExact(c);
                } catch (Throwable e) {
                    throw FfmEngines.rethrow(e);
                }
            }
        }
    }

    static final class Decompressor implements PageDecompressor {
        private final Buffers.Window window = new Buffers.Window();
        private MemorySegment context;

        Decompressor() {
            try {
                context = (MemorySegment) Native.CREATE_DCTX.invokeExact();
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (context.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("ZSTD_createDCtx failed");
            }
        }

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            FfmEngines.requireOpen(context);
            MemorySegment in = FfmEngines.segment(src, srcOffset, srcLength, window);
            MemorySegment out = FfmEngines.segment(dst, dstOffset, dstLength, window);
            long produced;
            try {
                produced =
                        (long) Native.DECOMPRESS_DCTX.invokeExact(context, out, (long) dstLength, in, (long) srcLength);
            } catch (Throwable e) {
                throw FfmEngines.rethrow(e);
            }
            if (Native.isError(produced)) {
                if (Native.errorCode(produced) == ERROR_DST_SIZE_TOO_SMALL) {
                    throw new PageSizeException("the zstd frames hold more bytes (" + Native.errorName(produced) + ")");
                }
                throw new IOException("libzstd: " + Native.errorName(produced));
            }
            return (int) produced;
        }

        @Override
        public void close() {
            MemorySegment c = context;
            context = MemorySegment.NULL;
            if (!c.equals(MemorySegment.NULL)) {
                try {
                    long freed = (long) Native.FREE_DCTX.invokeExact(c);
                } catch (Throwable e) {
                    throw FfmEngines.rethrow(e);
                }
            }
        }
    }
}
