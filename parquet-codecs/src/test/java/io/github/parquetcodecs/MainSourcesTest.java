package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library does not manage its users' JVM: its main sources force no collection, register no cleaner, keep nothing
 * per thread and catch no {@code OutOfMemoryError}.
 */
class MainSourcesTest {
    private static final String[] FORBIDDEN = {
        "System.gc",
        "Runtime.getRuntime().gc",
        "Cleaner",
        "WeakHashMap<Thread",
        "ThreadLocal",
        "OutOfMemoryError",
        "finalize(",
        "setDaemon("
    };

    /**
     * The one use of a forbidden word that keeps nothing: {@code DeferredDecompression}'s {@code ThreadLocal} is set by
     * {@code start()} and removed by {@code stop()} around a single call of parquet-java's {@code readPage()} (read-ahead
     * takes a page, in try/finally; {@code DeferredDecompressionTest} checks nothing is deferred after it), the only
     * way to reach the factory's decompressor from inside parquet-java's reader. Nothing stays on the thread.
     */
    private static final List<String> ALLOWED =
            List.of("java/io/github/parquetcodecs/internal/DeferredDecompression.java:ThreadLocal");

    @Test
    void noCollectionsCleanersPerThreadStateOrOutOfMemoryCatches() throws IOException {
        Path main = Paths.get("src", "main");
        // java: the library; java25: the native tier, in the multi-release jar's META-INF/versions/25
        List<Path> sources = new ArrayList<>();
        for (String root : new String[] {"java", "java25"}) {
            Path dir = main.resolve(root);
            assertTrue(Files.isDirectory(dir), dir.toAbsolutePath() + " (run from the parquet-codecs module)");
            try (Stream<Path> files = Files.walk(dir)) {
                List<Path> found =
                        files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
                assertTrue(found.size() > (root.equals("java") ? 20 : 3), "found " + found.size() + " in " + dir);
                sources.addAll(found);
            }
        }
        List<String> found = new ArrayList<>();
        java.util.Set<String> allowedSeen = new java.util.TreeSet<>();
        for (Path source : sources) {
            List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (String word : FORBIDDEN) {
                    String where = main.relativize(source).toString().replace('\\', '/') + ":" + word;
                    if (lines.get(i).contains(word) && ALLOWED.contains(where)) {
                        allowedSeen.add(where);
                    } else if (lines.get(i).contains(word)) {
                        found.add(main.relativize(source) + ":" + (i + 1) + ": " + word);
                    }
                }
            }
        }
        assertEquals(List.of(), found);
        assertEquals(new java.util.TreeSet<>(ALLOWED), allowedSeen, "an allowance no source needs any more");
    }
}
