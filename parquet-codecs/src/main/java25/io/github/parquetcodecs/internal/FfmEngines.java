package io.github.parquetcodecs.internal;

import io.airlift.compress.v3.internal.NativeLoader;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

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

    /** Why an engine of the tier cannot run: native access first, then its library's own {@code failure}. */
    static Throwable loadFailure(java.util.function.Supplier<Throwable> failure) {
        return ACCESS != null ? ACCESS : failure.get();
    }

    /** One of aircompressor-v3's native libraries, for example {@code "deflate"}; throws when it cannot load. */
    static SymbolLookup load(String library) {
        return NativeLoader.loadLibrary(library);
    }

    /** A downcall to {@code symbol}; {@code critical} ones take heap segments and must be short. */
    static MethodHandle bind(SymbolLookup library, String symbol, FunctionDescriptor signature, boolean critical) {
        MemorySegment address =
                library.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError("symbol " + symbol + " not found"));
        return LINKER.downcallHandle(address, signature, critical ? CRITICAL : NONE);
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

    /** Refuses a native object that its engine's {@code close()} freed: a use after close must not reach C. */
    static void requireOpen(MemorySegment nativeObject) {
        if (nativeObject.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("the engine is closed");
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
