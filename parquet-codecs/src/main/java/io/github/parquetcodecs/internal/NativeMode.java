package io.github.parquetcodecs.internal;

import java.util.Locale;

/**
 * Which engine the codecs with more than one use, set with the configuration key {@value CodecSettings#NATIVE_MODE};
 * {@link Codec#engine} applies it. The engines, preferred first:
 *
 * <ul>
 *   <li>on Java 25 and later with the optional aircompressor-v3, the native tier ({@link NativeTier}), through the FFM
 *       API: libdeflate for GZIP, liblz4 for LZ4 and LZ4_RAW, and libzstd for ZSTD, which comes after zstd-jni (it
 *       measured no faster);
 *   <li>the JNI libraries: snappy-java for SNAPPY, zstd-jni for ZSTD, and lz4-java for LZ4 and LZ4_RAW when the
 *       optional lz4-java is on the class path;
 *   <li>pure Java: aircompressor for SNAPPY, ZSTD, LZ4 and LZ4_RAW, the JDK's {@code java.util.zip} for GZIP.
 * </ul>
 *
 * LZO and BROTLI have one engine each.
 */
public enum NativeMode {
    /** The first engine that loads; a native one that is there but cannot load is logged once and skipped. */
    AUTO,
    /**
     * No pure-Java fallback for a JNI library: requesting a codec fails when its JNI library is there but cannot load.
     * The native tier is used when it loads, as under {@link #AUTO}.
     */
    NATIVE_ONLY,
    /** aircompressor's pure Java for SNAPPY, ZSTD, LZ4 and LZ4_RAW, and {@code java.util.zip} for GZIP. */
    PURE_JAVA,
    /**
     * The native tier for GZIP, LZ4, LZ4_RAW and ZSTD, or an error when it cannot run (before Java 25, without
     * aircompressor-v3, when its native libraries cannot load or native access is denied); the other codecs as under
     * {@link #AUTO}.
     */
    FFM_ONLY,
    /** Never the native tier: every codec as on Java 11 to 24, or without aircompressor-v3. */
    NO_FFM;

    /**
     * Parses {@code auto}, {@code native-only}, {@code pure-java}, {@code ffm-only} or {@code no-ffm} (case and {@code
     * -}/{@code _} insensitive).
     */
    public static NativeMode parse(String value) {
        String normalized = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        switch (normalized) {
            case "AUTO":
                return AUTO;
            case "NATIVE":
            case "NATIVE_ONLY":
                return NATIVE_ONLY;
            case "JAVA":
            case "PURE_JAVA":
            case "PURE_JAVA_ONLY":
                return PURE_JAVA;
            case "FFM":
            case "FFM_ONLY":
                return FFM_ONLY;
            case "NO_FFM":
                return NO_FFM;
            default:
                throw new IllegalArgumentException("Unknown value '" + value + "' for " + CodecSettings.NATIVE_MODE
                        + ": use auto, native-only, pure-java, ffm-only or no-ffm");
        }
    }
}
