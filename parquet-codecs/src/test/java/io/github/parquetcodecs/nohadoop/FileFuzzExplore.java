package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.nohadoop.FileFuzzHarness.Choices;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.EntryPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs the file fuzzer's corruptions from seeded random choices instead of Jazzer's, without stopping at a finding:
 * {@code java ... FileFuzzExplore <inputs> <first seed> [OPEN_READER|OPEN_FILE|OPEN_READER_AHEAD|OPEN_FILE_AHEAD]}. Prints each distinct finding (by
 * the first lines of its stack trace) once, with the seed that makes it, and writes its file to
 * target/file-fuzz-findings/. For triage; {@code dev/fuzz files} runs the coverage-guided fuzzer.
 */
final class FileFuzzExplore {
    private FileFuzzExplore() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("suite")) {
            // each file of a directory: its outcome through both entry points, and the least heap of three reads
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            try (java.util.stream.Stream<Path> list = Files.list(Paths.get(args[1]))) {
                for (Path path : (Iterable<Path>) list.sorted()::iterator) {
                    if (!path.toString().endsWith(".parquet")) {
                        continue;
                    }
                    byte[] bytes = Files.readAllBytes(path);
                    StringBuilder line = new StringBuilder(path.getFileName().toString())
                            .append(' ')
                            .append(bytes.length);
                    for (EntryPoint entryPoint : EntryPoint.values()) {
                        long least = Long.MAX_VALUE;
                        Object outcome = null;
                        for (int i = 0; i < 3; i++) {
                            long before = threads.getThreadAllocatedBytes(
                                    Thread.currentThread().getId());
                            try {
                                outcome = CorruptFileSuiteTest.read(
                                        entryPoint, new BytesInputFile("corrupt-files/" + path.getFileName(), bytes));
                            } catch (Throwable e) {
                                outcome = e;
                            }
                            least = Math.min(
                                    least,
                                    threads.getThreadAllocatedBytes(
                                                    Thread.currentThread().getId())
                                            - before);
                        }
                        line.append(' ').append(outcome).append(' ').append(least);
                    }
                    System.out.println(line);
                }
            }
            return;
        }
        if (args[0].equals("baseline")) {
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            for (int round = 0; round < 2; round++) {
                for (FileCorpus.File file : FileCorpus.files()) {
                    long before = threads.getThreadAllocatedBytes(
                            Thread.currentThread().getId());
                    long rows = FileFuzzHarness.readRecords(new BytesInputFile(file.name, file.bytes), false);
                    long records = threads.getThreadAllocatedBytes(
                                    Thread.currentThread().getId())
                            - before;
                    before = threads.getThreadAllocatedBytes(
                            Thread.currentThread().getId());
                    FileFuzzHarness.readPages(new BytesInputFile(file.name, file.bytes), false);
                    long pages = threads.getThreadAllocatedBytes(
                                    Thread.currentThread().getId())
                            - before;
                    if (round == 1) {
                        System.out.printf(
                                "%-50s %8d bytes %6d rows  records %10d (%5d x)  pages %10d (%5d x)%n",
                                file.name,
                                file.bytes.length,
                                rows,
                                records,
                                records / file.bytes.length,
                                pages,
                                pages / file.bytes.length);
                    }
                }
            }
            return;
        }
        long inputs = Long.parseLong(args[0]);
        long firstSeed = Long.parseLong(args[1]);
        EntryPoint[] entryPoints = args.length > 2
                ? java.util.Arrays.stream(args[2].split(","))
                        .map(EntryPoint::valueOf)
                        .toArray(EntryPoint[]::new)
                : EntryPoint.values();
        List<FileCorpus.File> corpus = FileCorpus.files();
        Path findings = Paths.get("target", "file-fuzz-findings");
        Files.createDirectories(findings);
        Map<String, Long> distinct = new LinkedHashMap<>();
        Map<String, Integer> smallest = new LinkedHashMap<>();
        for (long seed = firstSeed; seed < firstSeed + inputs; seed++) {
            byte[] bytes = FileFuzzHarness.corrupt(Choices.of(new SplittableRandom(seed)), corpus);
            for (EntryPoint entryPoint : entryPoints) {
                try {
                    FileFuzzHarness.read(entryPoint, "fuzzed.parquet", bytes);
                } catch (AssertionError e) {
                    if (inputs == 1) {
                        e.printStackTrace(System.out);
                    }
                    String key = signature(e);
                    if (!distinct.containsKey(key)) {
                        System.out.println("FINDING seed " + seed + " " + entryPoint + ": " + key);
                    }
                    if (!distinct.containsKey(key) || bytes.length < smallest.get(key)) {
                        // the smallest file of each finding, as finding-<n>.parquet, n in order of discovery
                        int n = distinct.containsKey(key)
                                ? new java.util.ArrayList<>(distinct.keySet()).indexOf(key)
                                : distinct.size();
                        distinct.put(key, seed);
                        smallest.put(key, bytes.length);
                        Files.write(findings.resolve(String.format("finding-%03d.parquet", n)), bytes);
                    }
                }
            }
            if ((seed - firstSeed + 1) % 5000 == 0) {
                System.out.println((seed - firstSeed + 1) + " inputs: " + FileFuzzHarness.counts());
            }
        }
        System.out.println("done: " + FileFuzzHarness.counts() + "; " + distinct.size() + " distinct findings");
        int n = 0;
        for (Map.Entry<String, Long> finding : distinct.entrySet()) {
            System.out.printf(
                    "SMALLEST finding-%03d.parquet seed %d %d bytes: %s%n",
                    n++, finding.getValue(), smallest.get(finding.getKey()), finding.getKey());
        }
    }

    private static String signature(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String message = String.valueOf(e.getMessage());
        String first = message.split("\n")[0];
        StringBuilder key = new StringBuilder(root.getClass().getSimpleName());
        StackTraceElement[] stack = root.getStackTrace();
        for (int i = 0; i < Math.min(3, stack.length); i++) {
            key.append(" @")
                    .append(stack[i].getClassName().replaceAll(".*\\.", ""))
                    .append('.')
                    .append(stack[i].getMethodName())
                    .append(':')
                    .append(stack[i].getLineNumber());
        }
        if (first.contains("did not end") || first.contains("allocated")) {
            key.append(" ").append(first.replaceAll("[0-9]+", "N"));
        }
        return key.toString();
    }
}
