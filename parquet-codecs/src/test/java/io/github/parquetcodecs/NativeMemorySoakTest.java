package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A short native memory soak in the normal suite ({@value #DEFAULT_CYCLES} cycles per mode, or {@code
 * -Dparquet.codecs.soak.cycles=N}); {@code dev/soak} runs a million. Each mode runs {@link NativeMemorySoak} in a JVM of
 * its own with a fixed, pre-touched heap, and resident and direct-buffer memory may grow by at most {@value
 * #MAX_GROWTH_MIB} MiB. The {@code unreleased} mode holds the library's safety net for factories dropped without
 * {@code release()} to the same bound.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class NativeMemorySoakTest {
    static final int DEFAULT_CYCLES = 12_000;
    static final int MAX_GROWTH_MIB = 32;

    @ParameterizedTest
    @ValueSource(strings = {"released", "unreleased"})
    void nativeAndDirectMemoryStayFlat(String mode) throws Exception {
        long cycles = Long.getLong("parquet.codecs.soak.cycles", DEFAULT_CYCLES);
        // Resident memory of a short run on a shared machine also moves with the JIT, malloc arenas and the collector's
        // pace, so a run that overshoots is repeated (up to three times) and the least growth counts: a leak grows in
        // every run, noise does not.
        long rssGrowth = Long.MAX_VALUE;
        long directGrowth = Long.MAX_VALUE;
        for (int attempt = 0;
                attempt < 3 && (rssGrowth > MAX_GROWTH_MIB << 20 || directGrowth > MAX_GROWTH_MIB << 20);
                attempt++) {
            Map<String, Long> figures = soak(mode, cycles, "256m");
            rssGrowth = Math.min(rssGrowth, figures.get("rss.after") - figures.get("rss.before"));
            directGrowth = Math.min(directGrowth, figures.get("direct.after") - figures.get("direct.before"));
        }
        assertTrue(rssGrowth <= MAX_GROWTH_MIB << 20, mode + ": resident memory grew by " + (rssGrowth >> 10) + " KiB");
        assertTrue(
                directGrowth <= MAX_GROWTH_MIB << 20,
                mode + ": direct memory grew by " + (directGrowth >> 10) + " KiB");
    }

    /** Runs {@link NativeMemorySoak} in a child JVM and returns the figures it printed. */
    static Map<String, Long> soak(String mode, long cycles, String heap) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-Xms" + heap);
        command.add("-Xmx" + heap);
        command.add("-XX:+AlwaysPreTouch");
        command.add("-XX:MaxDirectMemorySize=256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(NativeMemorySoak.class.getName());
        command.add(mode);
        command.add(String.valueOf(cycles));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), output);
        assertEquals(0, process.exitValue(), output);
        System.out.print(output);
        Map<String, Long> figures = new HashMap<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("soak ")) {
                for (String field : line.substring(5).trim().split(" ")) {
                    String[] pair = field.split("=", 2);
                    if (!pair[0].equals("mode")) {
                        figures.put(pair[0], Long.parseLong(pair[1]));
                    }
                }
            }
        }
        assertTrue(figures.containsKey("rss.after"), output);
        return figures;
    }
}
