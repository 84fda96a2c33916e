package io.github.parquetcodecs.internal;

/**
 * Whether snappy-java and zstd-jni can load their native libraries here. Each probe runs once per JVM and catches
 * every linkage failure (musl, a {@code noexec} temporary directory, an unsupported platform).
 */
final class NativeLibraries {
    private NativeLibraries() {}

    private static final class Snappy {
        static final Throwable FAILURE = probe(() -> org.xerial.snappy.Snappy.maxCompressedLength(1));
    }

    private static final class Zstd {
        static final Throwable FAILURE = probe(() -> com.github.luben.zstd.Zstd.compressBound(1));
    }

    /** null when snappy-java's native library is loaded, else why it is not. */
    static Throwable snappyFailure() {
        return Snappy.FAILURE;
    }

    /** null when zstd-jni's native library is loaded, else why it is not. */
    static Throwable zstdFailure() {
        return Zstd.FAILURE;
    }

    private static Throwable probe(Runnable call) {
        try {
            call.run();
            return null;
        } catch (Throwable e) { // SnappyError, UnsatisfiedLinkError, ExceptionInInitializerError, ...
            return e;
        }
    }
}
