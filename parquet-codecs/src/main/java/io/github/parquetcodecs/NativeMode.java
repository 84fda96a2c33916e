package io.github.parquetcodecs;

import java.util.Locale;

/**
 * Which implementation SNAPPY and ZSTD use. Set with the configuration key {@value
 * HadoopFreeCodecFactory#NATIVE_MODE}; the other codecs have one implementation each.
 */
public enum NativeMode {
    /** snappy-java and zstd-jni when their native libraries load, else aircompressor, with one warning. */
    AUTO,
    /** snappy-java and zstd-jni only: requesting SNAPPY or ZSTD fails when their native library cannot load. */
    NATIVE_ONLY,
    /** aircompressor's pure-Java SNAPPY and ZSTD, never native code for these two codecs. */
    PURE_JAVA;

    /** Parses {@code auto}, {@code native-only} or {@code pure-java} (case and {@code -}/{@code _} insensitive). */
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
            default:
                throw new IllegalArgumentException("Unknown value '" + value + "' for "
                        + HadoopFreeCodecFactory.NATIVE_MODE + ": use auto, native-only or pure-java");
        }
    }
}
