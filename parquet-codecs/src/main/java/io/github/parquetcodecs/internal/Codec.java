package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything about one Parquet codec, in one place: its levels ({@link #levels()}), its engines in order of
 * preference ({@link #engines()}), its wire format ({@link #framing()}), and what a page of it states about its own
 * decoded size ({@link #checkDecodedSize}). One subclass per codec, registered with one line in {@link Codecs}; the
 * factory, the settings, {@code CompressionLevels} and the pool read these and never switch on the codec.
 */
public abstract class Codec {
    private static final Logger LOG = LoggerFactory.getLogger(Codec.class);
    /**
     * The libraries whose fallback was logged, with the reason: once per library, reason and JVM (LZ4 and LZ4_RAW share
     * lz4-java; the native tier's codecs share aircompressor-v3).
     */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final CompressionCodecName name;

    protected Codec(CompressionCodecName name) {
        this.name = name;
    }

    /** The Parquet codec this describes. */
    public final CompressionCodecName name() {
        return name;
    }

    /** The levels this codec takes, or null when it has none. */
    public Levels levels() {
        return null;
    }

    /** The wire format of one page, for example {@code "one raw Snappy block"}. */
    public abstract String framing();

    /** The engines, preferred first: a native one before the pure-Java one it falls back to. */
    protected abstract List<Engine> engines();

    /** Appended to the engine's name in {@link #implementation}, for example {@code ", Hadoop block framing"}. */
    protected String implementationSuffix() {
        return "";
    }

    /** The configuration keys of this codec besides its level keys, for {@link CodecSettings} to read. */
    public List<String> settingKeys() {
        return Collections.emptyList();
    }

    /** A setting of this codec besides the level that its compressors take (ZSTD: worker threads); 0 by default. */
    public int compressorOption(CodecSettings settings) {
        return 0;
    }

    /** True for UNCOMPRESSED only: pages are handed on as they are. */
    public boolean passThrough() {
        return false;
    }

    /**
     * Checks, before any memory is allocated for the page, that a page of {@code length} compressed bytes can decode
     * to the {@code declared} bytes its page header declares, using only what the page states about itself (a length
     * header, a frame's content size, block headers) and the codec's largest possible expansion. Must not allocate.
     *
     * @return true when the page bounds its own output, so that allocating {@code declared} bytes costs no more than
     *     the page can produce; false when it cannot (BROTLI), and the output must grow with the bytes decoded
     * @throws IOException when the page cannot decode to {@code declared} bytes; the message says what the page
     *     states, and is prefixed with the codec and sizes by the caller
     */
    public abstract boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException;

    /**
     * The engine that {@code mode} selects: the first engine whose library is on the class path and loads, skipping
     * native engines under {@link NativeMode#PURE_JAVA} when the codec has a pure-Java one, the native tier under
     * {@link NativeMode#NO_FFM}, and every engine but the native tier under {@link NativeMode#FFM_ONLY} when the codec
     * has one. A native engine that does not load is logged once (per library and reason) and skipped, but under
     * {@link NativeMode#NATIVE_ONLY} a JNI library that does not load is an error unless a native engine after it
     * (the native tier) serves, and under {@link NativeMode#FFM_ONLY} a native tier that does not run is one.
     *
     * @throws IllegalStateException under native-only, when a JNI library is present but cannot load; under ffm-only,
     *     when the native tier cannot run
     * @throws UnsupportedOperationException when no engine can run; the message names the Maven coordinates to add
     */
    public final Engine engine(NativeMode mode) {
        List<Engine> engines = engines();
        boolean choice =
                engines.stream().anyMatch(Engine::isNative) && engines.stream().anyMatch(engine -> !engine.isNative());
        boolean forceTier = mode == NativeMode.FFM_ONLY && engines.stream().anyMatch(Engine::isTier);
        String reason = null;
        String nativeOnly = null; // under native-only, the JNI library that did not load: no pure-Java fallback
        for (Engine engine : engines) {
            if (choice && mode == NativeMode.PURE_JAVA && engine.isNative()
                    || engine.isTier() && mode == NativeMode.NO_FFM
                    || forceTier && !engine.isTier()) {
                continue;
            }
            if (nativeOnly != null && !engine.isNative()) {
                break;
            }
            String missing = engine.missing();
            if (missing != null) {
                if (forceTier) {
                    throw new IllegalStateException(
                            name + ": " + missing + ", and " + CodecSettings.NATIVE_MODE + " is ffm-only");
                }
                reason = reason != null ? reason : missing;
                continue;
            }
            Throwable failure = engine.loadFailure();
            if (failure == null) {
                if (nativeOnly != null && WARNED.add(nativeOnly)) {
                    LOG.warn("{}: {}; using the next engine", name, nativeOnly);
                }
                return engine;
            }
            String cannotLoad = engine.library() + " cannot load its native library (" + failure + ")";
            if (forceTier) {
                throw new IllegalStateException(
                        name + ": " + cannotLoad + " and " + CodecSettings.NATIVE_MODE + " is ffm-only");
            }
            if (choice && mode == NativeMode.NATIVE_ONLY && !engine.isTier()) {
                nativeOnly = nativeOnly != null ? nativeOnly : cannotLoad;
                continue;
            }
            if (choice && WARNED.add(cannotLoad)) {
                LOG.warn("{}: {}; using the next engine", name, cannotLoad);
            }
            reason = reason != null
                    ? reason
                    : name + ": " + cannotLoad + (engine.coordinates() != null ? ": add " + engine.coordinates() : "");
        }
        if (nativeOnly != null) {
            throw new IllegalStateException(
                    name + ": " + nativeOnly + " and " + CodecSettings.NATIVE_MODE + " is native-only");
        }
        throw new UnsupportedOperationException(reason != null ? reason : name + " has no engine");
    }

    /**
     * Which engine serves this codec under {@code mode}, as shown to users, for example {@code "zstd-jni (native)"};
     * names the Maven coordinates of an optional native library that would serve it, or says why it cannot run.
     */
    public final String implementation(NativeMode mode) {
        Engine chosen;
        try {
            chosen = engine(mode);
        } catch (UnsupportedOperationException | IllegalStateException e) {
            return "unavailable: " + e.getMessage();
        }
        String name = chosen.name();
        if (mode != NativeMode.PURE_JAVA) {
            for (Engine engine : engines()) {
                if (engine == chosen) {
                    break;
                }
                if (engine.isTier() && mode == NativeMode.NO_FFM) {
                    continue;
                }
                if (engine.missing() != null && engine.coordinates() != null && name.endsWith(")")) {
                    name = name.substring(0, name.length() - 1) + "; add " + engine.coordinates() + " for "
                            + engine.purpose() + ")";
                }
            }
        }
        return name + implementationSuffix();
    }

    @Override
    public String toString() {
        return name.name();
    }
}
