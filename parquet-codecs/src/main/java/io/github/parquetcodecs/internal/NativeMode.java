package io.github.parquetcodecs.internal;

import java.util.Locale;

/**
 * Which engine the codecs with a native engine use: SNAPPY (snappy-java) and ZSTD (zstd-jni) always, LZ4 and LZ4_RAW
 * (lz4-java) when the optional lz4-java is on the class path; without it they use aircompressor's pure-Java LZ4 in
 * every mode. Set with the configuration key {@value CodecSettings#NATIVE_MODE}; GZIP, LZO and BROTLI have one engine
 * each. {@link Codec#engine} applies it.
 */
public enum NativeMode {
    /** The native library when it loads, else aircompressor, with one warning per library. */
    AUTO,
    /** The native library only: requesting a codec fails when its native library is there but cannot load. */
    NATIVE_ONLY,
    /** aircompressor's pure Java for SNAPPY, ZSTD, LZ4 and LZ4_RAW: no native code for these codecs. */
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
                throw new IllegalArgumentException("Unknown value '" + value + "' for " + CodecSettings.NATIVE_MODE
                        + ": use auto, native-only or pure-java");
        }
    }
}
