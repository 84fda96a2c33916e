package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

/** The machine and JVM a benchmark ran on, as the report states them. */
final class Machine {
    final int cores = Runtime.getRuntime().availableProcessors();
    final String os = System.getProperty("os.name") + " " + System.getProperty("os.version");
    final String arch = System.getProperty("os.arch");
    final String cpu = cpuModel();
    final String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version", "") + " ("
            + System.getProperty("java.vm.vendor") + ")";
    final long maxHeap = Runtime.getRuntime().maxMemory();

    String line() {
        return cores + " cores" + (cpu == null ? "" : " (" + cpu + ")") + ", " + os + " " + arch + "; JVM: " + jvm;
    }

    private static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8);
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the cores, OS and architecture still describe the machine
        }
        return null;
    }
}
