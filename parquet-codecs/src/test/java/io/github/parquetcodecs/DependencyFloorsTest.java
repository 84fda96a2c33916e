package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * The codec libraries this module is built and tested with are at or above their CVE floors (the parent pom lists
 * them). maven-enforcer's {@code bannedDependencies} checks the same floors, but it does not see this module's
 * optional dependencies: with {@code -Dlz4-java.version=1.10.0} it passes here and fails only in the modules that
 * depend on lz4-java outright. This test reads the versions of the jars the classes were loaded from.
 */
class DependencyFloorsTest {
    @Test
    void codecLibrariesAreAtOrAboveTheirCveFloors() throws Exception {
        // CVE-2023-34453, -34454, -34455 (fixed in 1.1.10.1) and CVE-2023-43642 (1.1.10.4)
        assertAtLeast(Class.forName("org.xerial.snappy.Snappy"), "snappy-java", "1.1.10.4");
        // CVE-2025-66566 (fixed in at.yawk.lz4 1.10.1; every org.lz4 release is older)
        Class<?> lz4 = Class.forName("net.jpountz.lz4.LZ4Factory");
        assertAtLeast(lz4, "lz4-java", "1.10.1");
        assertTrue(
                jar(lz4).toString().replace('\\', '/').contains("/at/yawk/lz4/"),
                "lz4-java should be at.yawk.lz4's, not org.lz4's: " + jar(lz4));
    }

    @Test
    void versionsCompareNumerically() {
        assertEquals(0, compare("1.10.1", "1.10.1"));
        assertTrue(compare("1.10.0", "1.10.1") < 0);
        assertTrue(compare("1.10.4", "1.10.1") > 0);
        assertTrue(compare("1.9.9", "1.10.1") < 0);
        assertTrue(compare("1.1.10.12", "1.1.10.4") > 0);
        assertTrue(compare("1.1.10", "1.1.10.4") < 0);
        assertFalse(compare("1.5.7-28", "1.5.7-15") <= 0);
    }

    private static void assertAtLeast(Class<?> type, String artifactId, String floor) throws URISyntaxException {
        String name = jar(type).getFileName().toString();
        assertTrue(
                name.startsWith(artifactId + "-") && name.endsWith(".jar"),
                type.getName() + " was not loaded from a " + artifactId + " jar: " + jar(type));
        String version = name.substring(artifactId.length() + 1, name.length() - ".jar".length());
        assertTrue(
                compare(version, floor) >= 0,
                artifactId + " " + version + " is below its CVE floor " + floor + " (see the parent pom's properties)");
    }

    private static Path jar(Class<?> type) throws URISyntaxException {
        return Paths.get(
                type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Compares dotted versions number by number ("-" counts as a dot); a missing number is lower than any. */
    static int compare(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            if (i >= x.length || i >= y.length) {
                return x.length - y.length;
            }
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
