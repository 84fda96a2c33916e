package io.github.parquetcodecs.internal;

import java.util.Locale;

/**
 * Finds brotli4j, an optional dependency, without touching it until BROTLI is used: the probe looks for the class
 * first and only then asks brotli4j to load its native library. Every failure names the Maven coordinates to add.
 */
final class BrotliSupport {
    static final String VERSION = "1.20.0";
    private static final String LOADER = "com.aayushatharva.brotli4j.Brotli4jLoader";

    private static volatile String unavailableReason;
    private static volatile boolean probed;

    private BrotliSupport() {}

    /** Returns null when brotli4j and its native library are usable, else the reason, with coordinates. */
    static String unavailableReason() {
        if (!probed) {
            synchronized (BrotliSupport.class) {
                if (!probed) {
                    unavailableReason = probe();
                    probed = true;
                }
            }
        }
        return unavailableReason;
    }

    private static String probe() {
        try {
            Class.forName(LOADER, false, BrotliSupport.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return "BROTLI needs brotli4j, an optional dependency of parquet-codecs: add "
                    + "com.aayushatharva.brotli4j:brotli4j:" + VERSION + " and " + nativeCoordinates();
        }
        try {
            if (BrotliNative.isAvailable()) {
                return null;
            }
            return "brotli4j could not load its native library (" + BrotliNative.cause() + "): add "
                    + nativeCoordinates();
        } catch (LinkageError e) {
            return "brotli4j could not load its native library (" + e + "): add " + nativeCoordinates();
        }
    }

    /** The native jar for this platform, as brotli4j names it. */
    static String nativeCoordinates() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch;
        String platform;
        if (os.startsWith("linux")) {
            platform = "linux-" + cpu;
        } else if (os.startsWith("mac") || os.startsWith("darwin")) {
            platform = "osx-" + cpu;
        } else if (os.startsWith("windows")) {
            platform = "windows-" + cpu;
        } else {
            platform = os + "-" + cpu;
        }
        return "com.aayushatharva.brotli4j:native-" + platform + ":" + VERSION;
    }

    /** Touches brotli4j classes; loaded only after the class probe succeeded. */
    private static final class BrotliNative {
        static boolean isAvailable() {
            return com.aayushatharva.brotli4j.Brotli4jLoader.isAvailable();
        }

        static String cause() {
            Throwable cause = com.aayushatharva.brotli4j.Brotli4jLoader.getUnavailabilityCause();
            return String.valueOf(cause);
        }
    }
}
