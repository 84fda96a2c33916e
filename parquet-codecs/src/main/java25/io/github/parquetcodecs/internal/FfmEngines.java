package io.github.parquetcodecs.internal;

import io.airlift.compress.v3.internal.NativeLoader;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * The native tier's engines (Java 25, in {@code META-INF/versions/25}): found by {@link NativeTier} by name, never
 * named by the Java 11 classes. The native libraries are the ones aircompressor-v3 bundles, loaded through its loader;
 * the functions are bound here, so that every native object is freed when its engine is closed, with no cleaner.
 *
 * <p>Page data is passed as memory segments over the caller's buffers (heap arrays, direct buffers, read-only or not,
 * in any mix) to downcalls linked {@linkplain Linker.Option#critical(boolean) critical with heap access}: no copy of a
 * page, no native buffer. Those calls run without a safepoint, as zstd-jni's and lz4-java's JNI calls hold the arrays
 * critical: one page each.
 */
final class FfmEngines {
    private FfmEngines() {}

    /** Called reflectively by {@link NativeTier}: the engine for {@code codec}. */
    static Engine engine(String codec) {
        switch (codec) {
            case "GZIP":
                return FfmGzip.ENGINE;
            case "LZ4_RAW":
                return FfmLz4.ENGINE;
            case "ZSTD":
                return FfmZstd.ENGINE;
            default:
                throw new IllegalArgumentException(codec + " has no native tier engine");
        }
    }

    static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option[] NONE = {};
    private static final Linker.Option[] CRITICAL = {Linker.Option.critical(true)};

    /**
     * null when this JVM lets the library link native functions, else why not: {@code --illegal-native-access=deny}
     * without {@code --enable-native-access} for the library's module. One reason for the whole tier, so that the
     * fallback is logged once.
     */
    static final Throwable ACCESS = Engine.probe(() -> LINKER.downcallHandle(FunctionDescriptor.ofVoid()));

    /** Makes a compressor of a tier engine: at {@code level}, with the codec's {@code option}. */
    interface CompressorMaker {
        PageCompressor make(int level, int option);
    }

    /**
     * An engine of the tier: what its {@link NativeTier.Slot} (which has the engine's name) calls. It cannot run when
     * the library may not link native functions, or when its native library's own {@code failure} (asked only then)
     * is not null.
     */
    static Engine tierEngine(
            Supplier<Throwable> failure, CompressorMaker compressor, Supplier<PageDecompressor> decompressor) {
        return new Engine("aircompressor-v3", true) {
            @Override
            public Throwable loadFailure() {
                return ACCESS != null ? ACCESS : failure.get();
            }

            @Override
            public PageCompressor compressor(int level, int option) {
                return compressor.make(level, option);
            }

            @Override
            public PageDecompressor decompressor() {
                return decompressor.get();
            }
        };
    }

    /** One of aircompressor-v3's native libraries, loaded through its loader, whose functions are bound here. */
    static final class Library {
        private final SymbolLookup symbols;

        /** The library {@code name}, for example {@code "deflate"}; throws when it cannot load. */
        Library(String name) {
            symbols = NativeLoader.loadLibrary(name);
        }

        /** A downcall to {@code symbol}. */
        MethodHandle function(String symbol, FunctionDescriptor signature) {
            return bind(symbol, signature, NONE);
        }

        /** A downcall to {@code symbol} that takes heap segments: it runs without a safepoint, so it must be short. */
        MethodHandle critical(String symbol, FunctionDescriptor signature) {
            return bind(symbol, signature, CRITICAL);
        }

        private MethodHandle bind(String symbol, FunctionDescriptor signature, Linker.Option[] options) {
            MemorySegment address =
                    symbols.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError("symbol " + symbol + " not found"));
            return LINKER.downcallHandle(address, signature, options);
        }
    }

    /** {@code buffer[offset, offset + length)} as a segment, without copying; {@code window} is the caller's. */
    static MemorySegment segment(ByteBuffer buffer, int offset, int length, Buffers.Window window) {
        if (buffer.hasArray()) {
            return MemorySegment.ofArray(buffer.array()).asSlice(buffer.arrayOffset() + offset, length);
        }
        try {
            return MemorySegment.ofBuffer(window.narrow(buffer, offset, length));
        } finally {
            window.restore();
        }
    }

    /** {@code array[offset, offset + length)} as a segment. */
    static MemorySegment segment(byte[] array, int offset, int length) {
        return MemorySegment.ofArray(array).asSlice(offset, length);
    }

    /**
     * Calls {@code create}, a function of a native library that makes a native object ({@code arguments} are its
     * arguments), and returns the object; throws when the function returns NULL ({@code function} names it).
     */
    static MemorySegment make(String function, MethodHandle create, Object... arguments) {
        MemorySegment object;
        try {
            object = (MemorySegment) create.invokeWithArguments(arguments);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        if (object.equals(MemorySegment.NULL)) {
            throw new IllegalStateException(function + " failed");
        }
        return object;
    }

    /** Frees {@code object} with {@code free} (whose result, if any, is dropped), unless it is NULL. */
    static void free(MethodHandle free, MemorySegment object) {
        if (!object.equals(MemorySegment.NULL)) {
            try {
                free.invoke(object);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }
    }

    /** Makes one native object and frees it: its library loads, and native calls are allowed (for {@link Engine#probe}). */
    static void makeAndFree(String function, MethodHandle create, MethodHandle free) {
        free(free, make(function, create));
    }

    /**
     * The native object of an engine (a compression context, a stream state): made when the engine is, and freed by
     * the engine's {@link #close()}, with no cleaner.
     */
    abstract static class NativeObject implements AutoCloseable {
        private final MethodHandle free;
        private MemorySegment object;

        /** The object that {@code create} makes from {@code arguments} ({@link #make}); {@code free} frees it. */
        NativeObject(String function, MethodHandle create, MethodHandle free, Object... arguments) {
            this.object = make(function, create, arguments);
            this.free = free;
        }

        /** The native object; refuses it after {@link #close()}: a use after close must not reach C. */
        final MemorySegment object() {
            MemorySegment o = object;
            if (o.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("the engine is closed");
            }
            return o;
        }

        @Override
        public void close() {
            MemorySegment o = object;
            object = MemorySegment.NULL;
            free(free, o);
        }
    }

    /** The throwable of a downcall, which declares {@code Throwable}: errors and runtime exceptions pass on. */
    static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException(e);
    }
}
