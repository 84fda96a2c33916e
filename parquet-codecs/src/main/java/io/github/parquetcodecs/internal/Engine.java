package io.github.parquetcodecs.internal;

/**
 * One implementation of a codec: a library (native or pure Java) and the {@link PageCompressor} and {@link
 * PageDecompressor} classes around it. A codec descriptor lists its engines in order of preference and {@link
 * Codec#engine} picks one. Engine instances are constants of their codec's class; the engines themselves (native
 * contexts, scratch space) are created by {@link #compressor} and {@link #decompressor} and live in the {@link
 * EnginePool}.
 *
 * <p>Probing an engine never loads native code before it is asked to: {@link #missing()} only looks for the
 * library's classes, and {@link #loadFailure()} loads the native library once per JVM.
 */
public abstract class Engine {
    private final String library;
    private final String name;
    private final boolean nativeCode;

    /**
     * @param library the library, for messages, for example {@code "zstd-jni"}
     * @param nativeCode whether the engine runs native code (and so is skipped by {@link NativeMode#PURE_JAVA} when
     *     its codec has a pure-Java engine too)
     */
    protected Engine(String library, boolean nativeCode) {
        this.library = library;
        this.name = library + (nativeCode ? " (native)" : " (pure Java)");
        this.nativeCode = nativeCode;
    }

    /** The library, for example {@code "zstd-jni"}. */
    public final String library() {
        return library;
    }

    /** What {@code implementation()} reports, for example {@code "zstd-jni (native)"}. */
    public String name() {
        return name;
    }

    public final boolean isNative() {
        return nativeCode;
    }

    /**
     * Whether the engine belongs to the native tier of Java 25 ({@link NativeTier}), which {@link NativeMode#FFM_ONLY}
     * forces and {@link NativeMode#NO_FFM} forbids.
     */
    public boolean isTier() {
        return false;
    }

    /**
     * null when the engine's library is on the class path, else a message that names the Maven coordinates to add.
     * Looks for a class without initializing it.
     */
    public String missing() {
        return null;
    }

    /** The Maven coordinates of the engine's library when it is optional, else null. */
    public String coordinates() {
        return null;
    }

    /** What the optional library brings, for the hint that names its coordinates, for example "native LZ4". */
    public String purpose() {
        return name;
    }

    /** null when the native library loads here (asked only when {@link #missing()} is null), else why not. */
    public Throwable loadFailure() {
        return null;
    }

    /** A compressor at {@code level} (codecs without levels get 0), with the codec's {@code option}. */
    public abstract PageCompressor compressor(int level, int option);

    public abstract PageDecompressor decompressor();

    @Override
    public String toString() {
        return name;
    }

    /** Whether a class is on the class path, without initializing it or loading native code. */
    static boolean classPresent(String className) {
        try {
            Class.forName(className, false, Engine.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Runs a call that loads a native library; null when it works, else the reason, unwrapped from the initializer
     * errors that libraries wrap it in.
     */
    static Throwable probe(Runnable call) {
        try {
            call.run();
            return null;
        } catch (VirtualMachineError e) {
            throw e; // not the library's fault: out of memory, stack overflow
        } catch (Throwable e) { // UnsatisfiedLinkError, SnappyError, ExceptionInInitializerError, ...
            Throwable failure = e;
            while (failure.getCause() != null
                    && (failure instanceof ExceptionInInitializerError || failure instanceof AssertionError)) {
                failure = failure.getCause();
            }
            return failure;
        }
    }
}
