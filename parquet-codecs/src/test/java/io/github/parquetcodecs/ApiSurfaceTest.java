package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's API is its two API packages; everything else is internal. The jar is the automatic module {@code
 * io.github.parquetcodecs} (its manifest's {@code Automatic-Module-Name}), and an automatic module exports every
 * package, so nothing but this test keeps the internal packages from growing a public surface: it lists every type of
 * the main classes that code outside its package can reach (public, and nested only in public types) and fails when
 * one outside the API packages is not in {@link #INTERNAL_PUBLIC}, or when an entry there no longer exists. A new
 * entry is a decision: a type other modules of this project need, documented in its package as not API.
 */
class ApiSurfaceTest {
    /** The packages whose public types are the API (japicmp guards their changes across releases). */
    static final Set<String> API_PACKAGES = Set.of("io.github.parquetcodecs", "io.github.parquetcodecs.nohadoop");

    /**
     * Public types outside the API packages. {@code internal}: the codec core, public because the library's other
     * package ({@code HadoopFreeCodecFactory}) and this project's modules (parquet-codecs-hadoop, the CLI, the
     * benchmarks) build on it; its package-info says it is not API. {@code nohadoop.checks}: the corrupt-file checks,
     * public because the Hadoop-free reader in {@code nohadoop} reads through them; its package-info says it is not
     * API.
     */
    static final Set<String> INTERNAL_PUBLIC = Set.of(
            "io.github.parquetcodecs.internal.Codec",
            "io.github.parquetcodecs.internal.CodecSettings",
            "io.github.parquetcodecs.internal.Codecs",
            "io.github.parquetcodecs.internal.CompressorHandle",
            "io.github.parquetcodecs.internal.DecompressorHandle",
            "io.github.parquetcodecs.internal.DeferredDecompression",
            "io.github.parquetcodecs.internal.Engine",
            "io.github.parquetcodecs.internal.EnginePool",
            "io.github.parquetcodecs.internal.EnginePool$Key",
            "io.github.parquetcodecs.internal.GrowingOutput",
            "io.github.parquetcodecs.internal.Levels",
            "io.github.parquetcodecs.internal.NativeMode",
            "io.github.parquetcodecs.internal.PageCompressor",
            "io.github.parquetcodecs.internal.PageDecompressor",
            "io.github.parquetcodecs.internal.PageSizeException",
            "io.github.parquetcodecs.nohadoop.checks.CheckedInputFile",
            "io.github.parquetcodecs.nohadoop.checks.CheckedPageReadStore",
            "io.github.parquetcodecs.nohadoop.checks.CheckedPageReadStore$Pages");

    @Test
    void noPublicTypeOutsideTheApiPackagesButTheListedOnes() throws Exception {
        Set<String> reachable = reachableTypes();
        Set<String> outside = reachable.stream()
                .filter(name -> !API_PACKAGES.contains(packageOf(name)))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> unlisted = new TreeSet<>(outside);
        unlisted.removeAll(INTERNAL_PUBLIC);
        Set<String> stale = new TreeSet<>(INTERNAL_PUBLIC);
        stale.removeAll(outside);
        assertEquals(
                Set.of(),
                unlisted,
                "public types outside the API packages " + API_PACKAGES + " that are not in INTERNAL_PUBLIC: make"
                        + " them package-private, or add them there if another module needs them");
        assertEquals(Set.of(), stale, "INTERNAL_PUBLIC lists types that are no longer public or no longer exist");
    }

    @Test
    void theScanSeesTheApiAndNotPackagePrivateTypes() throws Exception {
        Set<String> reachable = reachableTypes();
        assertTrue(reachable.contains(HadoopFreeCodecFactory.class.getName()), reachable.toString());
        assertTrue(reachable.contains(CompressionLevels.class.getName()), reachable.toString());
        assertTrue(reachable.contains("io.github.parquetcodecs.nohadoop.HadoopFreeParquet"), reachable.toString());
        // package-private classes of the codec core and of the Hadoop-free reader
        assertFalse(reachable.contains("io.github.parquetcodecs.internal.ZstdCodec"), reachable.toString());
        assertFalse(reachable.contains("io.github.parquetcodecs.internal.SnappyCodec"), reachable.toString());
    }

    /** Every main type that code in another package can name: public, and each enclosing type public too. */
    private static Set<String> reachableTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Paths.get(HadoopFreeCodecFactory.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        assertTrue(Files.isDirectory(classes), "expected the module's target/classes, got " + classes);
        int feature = Runtime.version().feature();
        List<String> names;
        try (Stream<Path> files = Files.walk(classes)) {
            names = files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> classes.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> !f.endsWith("package-info.class"))
                    .map(f -> classNameOf(f, feature))
                    .filter(name -> name != null)
                    .collect(Collectors.toList());
        }
        assertTrue(names.size() > 20, "too few classes under " + classes + ": " + names);
        Set<String> reachable = new TreeSet<>();
        for (String name : names) {
            Class<?> type = Class.forName(name, false, ApiSurfaceTest.class.getClassLoader());
            if (type.isAnonymousClass() || type.isLocalClass() || type.isSynthetic()) {
                continue;
            }
            boolean visible = true;
            for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
                visible &= Modifier.isPublic(t.getModifiers());
            }
            if (visible) {
                reachable.add(type.getName());
            }
        }
        return reachable;
    }

    /**
     * The binary name of a class file's type, or null for a multi-release class a JVM of this feature release does not
     * read (the native tier's classes are checked when the tests run on JDK 25).
     */
    private static String classNameOf(String relative, int feature) {
        String path = relative;
        if (path.startsWith("META-INF/versions/")) {
            String[] parts = path.split("/", 4);
            if (Integer.parseInt(parts[2]) > feature) {
                return null;
            }
            path = parts[3];
        } else if (path.startsWith("META-INF/")) {
            return null;
        }
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }

    private static String packageOf(String name) {
        String outer = name.contains("$") ? name.substring(0, name.indexOf('$')) : name;
        return outer.substring(0, outer.lastIndexOf('.'));
    }

    @Test
    void packageOfNestedTypes() {
        assertEquals("io.github.parquetcodecs.internal", packageOf("io.github.parquetcodecs.internal.Codecs$Entry"));
        assertEquals(
                Arrays.asList("a.B", null),
                Arrays.asList(classNameOf("a/B.class", 17), classNameOf("META-INF/versions/25/a/B.class", 17)));
    }
}
