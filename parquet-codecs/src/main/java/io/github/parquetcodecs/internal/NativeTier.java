package io.github.parquetcodecs.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * The native tier: libdeflate for GZIP, liblz4 for LZ4 and LZ4_RAW, libzstd for ZSTD, all bundled in the optional
 * {@value #COORDINATES} and called through the Foreign Function and Memory API of Java 25.
 *
 * <p>Its classes are Java 25 classes in the jar's {@code META-INF/versions/25} (sources in {@code src/main/java25}),
 * which a JVM before 25 never reads. This class, compiled for Java 11 like the rest of the library, never names them:
 * each codec lists a {@link Slot} among its engines, and a slot looks its engine up by class name only when the JVM
 * is 25 or later and aircompressor-v3 is on the class path. Otherwise the slot reports itself missing and the codec
 * uses its next engine, exactly as without the tier.
 */
final class NativeTier {
    /** The optional library that brings the tier's native libraries. */
    static final String COORDINATES = "io.airlift:aircompressor-v3:3.14";

    /**
     * The Java 25 class that makes the tier's engines, in this package: in {@code META-INF/versions/25} of the jar. (A
     * copy of this package without it, as in the upstream patch, has no tier.)
     */
    private static final String ENGINES = NativeTier.class.getPackageName() + ".FfmEngines";

    private static final int FEATURE = Runtime.version().feature();

    static final Slot GZIP = new Slot("GZIP", "libdeflate (aircompressor-v3, FFM)");
    static final Slot LZ4_RAW = new Slot("LZ4_RAW", "liblz4 (aircompressor-v3, FFM)");
    static final Slot ZSTD = new Slot("ZSTD", "libzstd (aircompressor-v3, FFM)");

    private NativeTier() {}

    /** Why the tier cannot run on this JVM and class path, or null when its classes are there. */
    static String missing() {
        if (FEATURE < 25) {
            return "the native tier needs Java 25 or later (this is Java " + FEATURE + ")";
        }
        if (!Classes.ENGINES) {
            return "this build has no native tier (no Java 25 classes in META-INF/versions/25)";
        }
        if (!Classes.AIRCOMPRESSOR_V3) {
            return "aircompressor-v3 is not on the class path: add " + COORDINATES;
        }
        return null;
    }

    /** Whether the tier's classes and aircompressor-v3's are there; looked for once, without initializing them. */
    private static final class Classes {
        static final boolean ENGINES = FEATURE >= 25 && Engine.classPresent(NativeTier.ENGINES);
        static final boolean AIRCOMPRESSOR_V3 =
                FEATURE >= 25 && Engine.classPresent("io.airlift.compress.v3.Compressor");
    }

    /** An engine of the tier, standing in for the Java 25 class that implements it. */
    static final class Slot extends Engine {
        private final String codec;
        private final String name;

        Slot(String codec, String name) {
            super("aircompressor-v3", true);
            this.codec = codec;
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean isTier() {
            return true;
        }

        @Override
        public String missing() {
            return NativeTier.missing();
        }

        @Override
        public String coordinates() {
            return Classes.ENGINES ? COORDINATES : null;
        }

        @Override
        public String purpose() {
            return "the native tier";
        }

        @Override
        public Throwable loadFailure() {
            Lookup lookup = Lookup.RESULT;
            if (lookup.failure != null) {
                return lookup.failure;
            }
            return engine().loadFailure();
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return engine().compressor(level, option);
        }

        @Override
        public PageDecompressor decompressor() {
            return engine().decompressor();
        }

        private Engine engine() {
            Lookup lookup = Lookup.RESULT;
            if (lookup.failure != null) {
                throw new IllegalStateException(codec + ": the native tier cannot load", lookup.failure);
            }
            return lookup.engine(codec);
        }
    }

    /** The reflective lookup of the Java 25 engines, done once, when a slot is first asked to load. */
    private static final class Lookup {
        static final Lookup RESULT = new Lookup();

        private final Map<String, Engine> engines = new HashMap<>();
        private final Throwable failure;

        private Lookup() {
            Throwable failed = null;
            try {
                Method engine = Class.forName(ENGINES, true, NativeTier.class.getClassLoader())
                        .getDeclaredMethod("engine", String.class);
                for (Slot slot : new Slot[] {GZIP, LZ4_RAW, ZSTD}) {
                    engines.put(slot.codec, (Engine) engine.invoke(null, slot.codec));
                }
            } catch (InvocationTargetException e) {
                failed = e.getCause();
            } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
                failed = e;
            }
            failure = failed;
        }

        Engine engine(String codec) {
            return engines.get(codec);
        }
    }
}
