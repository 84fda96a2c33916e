package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The whole-file benchmark (dev/wholefile): {@link WholeFileReadBenchmark} and {@link WholeFileWriteBenchmark}, each
 * reader or writer in a JVM of its own (one JMH fork), interleaved: in each round every file is read by every reader
 * in turn, the readers' order rotated from round to round. A whole-file fork's time scatters by about 10 % from JVM
 * to JVM, so a cell's ratio pools every round's JVMs: the ratio of the mean times, with a 95 % bootstrap interval
 * (each reader's JVMs resampled); a cell counts as slower only when its interval's upper end is below {@link
 * #SLOWER}. Over all cells, the geometric mean of the ratios, with its 95 % bootstrap interval (every cell's JVMs
 * resampled together). Every run is reported as it came out.
 *
 * <pre>
 * WholeFileMain data DIR                      writes parquet-java's files into DIR from DIR/pyarrow-v1-NONE.parquet
 * WholeFileMain run DIR OUT [key=value ...]   runs the benchmark on DIR's files, writes OUT/wholefile.json and
 *                                             OUT/wholefile.md
 * </pre>
 *
 * Keys of {@code run}: {@code rounds} (3), {@code files} (a comma list of name prefixes; all), {@code reads}
 * (scan,records), {@code readers} (STOCK,STOCK_LIB,HADOOP_FREE), {@code write} (the codecs of the write benchmark;
 * ZSTD,SNAPPY,GZIP,LZ4_RAW,UNCOMPRESSED; "none" for none), {@code warmup} and {@code measure} (iterations of 2 s; 5
 * and 3: a scan keeps getting faster until about 6 s into a JVM, so a shorter warm-up measures the JIT's last
 * compilations rather than the reader), {@code jvm} (the JVM of the forks; this one's), {@code latency}
 * (microseconds each request to the file waits, as on an object store: {@link WholeFile.DelayedInputFile}; scans only;
 * 0), {@code commit} (recorded in the JSON), {@code quick} (true: one iteration of 100 ms each, a smoke run).
 */
public final class WholeFileMain {
    private WholeFileMain() {}

    static final String[] CODECS = {"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "UNCOMPRESSED"};

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("data")) {
            data(Path.of(args[1]));
        } else if (args.length >= 3 && args[0].equals("run")) {
            Map<String, String> keys = new LinkedHashMap<>();
            for (int i = 3; i < args.length; i++) {
                int eq = args[i].indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("not key=value: " + args[i]);
                }
                keys.put(args[i].substring(0, eq), args[i].substring(eq + 1));
            }
            run(Path.of(args[1]), Path.of(args[2]), keys);
        } else {
            System.err.println("usage: WholeFileMain data DIR | run DIR OUT [key=value ...]");
            System.exit(2);
        }
    }

    /**
     * Writes {@code parquet-java-v1-CODEC.parquet} and {@code parquet-java-v2-CODEC.parquet} for every codec into
     * {@code dir}, with the rows of {@code dir/pyarrow-v1-NONE.parquet}, through parquet-java's writer (example model,
     * parquet-java's defaults: 1 MiB pages, dictionary encoding, one row group per 128 MiB).
     */
    static void data(Path dir) throws IOException {
        List<Group> rows = WholeFile.groups(dir.resolve("pyarrow-v1-NONE.parquet"));
        MessageType schema = (MessageType) rows.get(0).getType();
        for (WriterVersion version : WriterVersion.values()) {
            for (String codec : CODECS) {
                String v = version == WriterVersion.PARQUET_1_0 ? "v1" : "v2";
                Path out = dir.resolve(
                        "parquet-java-" + v + "-" + (codec.equals("UNCOMPRESSED") ? "NONE" : codec) + ".parquet");
                PlainParquetConfiguration conf = new PlainParquetConfiguration();
                conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
                try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                                new LocalOutputFile(out), new GroupWriteSupport(), conf)
                        .withCompressionCodec(CompressionCodecName.valueOf(codec))
                        .withWriterVersion(version)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                        .build()) {
                    for (Group row : rows) {
                        writer.write(row);
                    }
                }
                System.out.println(out + ": " + Files.size(out) + " bytes");
            }
        }
    }

    /** One JMH fork's result: its mean time per operation and the half-width of JMH's 99.9 % interval. */
    record Cell(double millis, double error) {}

    static void run(Path dir, Path out, Map<String, String> keys) throws IOException, RunnerException {
        // before this JVM's own work (the checksums below): the load the machine had, not what this run adds
        String loadBefore = load();
        int rounds = Integer.parseInt(keys.getOrDefault("rounds", "3"));
        List<String> prefixes = list(keys.getOrDefault("files", ""));
        List<String> reads = list(keys.getOrDefault("reads", "scan,records"));
        List<String> readers = list(keys.getOrDefault("readers", "STOCK,STOCK_LIB,HADOOP_FREE"));
        List<String> writeCodecs = list(keys.getOrDefault("write", String.join(",", CODECS)));
        if (writeCodecs.equals(List.of("none"))) {
            writeCodecs = List.of();
        }
        boolean quick = Boolean.parseBoolean(keys.getOrDefault("quick", "false"));
        int warmup = Integer.parseInt(keys.getOrDefault("warmup", "5"));
        int measure = Integer.parseInt(keys.getOrDefault("measure", "3"));
        String jvm = keys.get("jvm");
        String latency = keys.getOrDefault("latency", "0");
        if (!latency.equals("0") && !reads.equals(List.of("scan"))) {
            throw new IllegalArgumentException("latency=" + latency + " needs reads=scan");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .filter(p -> prefixes.isEmpty()
                            || prefixes.stream()
                                    .anyMatch(x -> p.getFileName().toString().startsWith(x)))
                    .sorted()
                    .collect(Collectors.toList());
        }
        if (files.isEmpty()) {
            throw new IOException("no .parquet files in " + dir + " (prefixes " + prefixes + ")");
        }
        // every reader must give the same checksum: it is computed here once, and checked in every fork
        Map<Path, String> checksums = new LinkedHashMap<>();
        for (Path file : files) {
            long sum;
            try (ParquetFileReader reader = WholeFile.open(WholeFile.Reader.STOCK_LIB, file)) {
                sum = WholeFile.scan(reader);
            }
            checksums.put(file, Long.toHexString(sum));
            if (reads.contains("records")) {
                checksums.put(
                        file.resolveSibling(file.getFileName() + "#records"),
                        Long.toHexString(WholeFile.records(WholeFile.Reader.STOCK_LIB, file)));
            }
        }
        Files.createDirectories(out);
        Path json = out.resolve("wholefile.json");
        long start = System.nanoTime();
        // results.get(what).get(reader) = one cell per round
        Map<String, Map<String, List<Cell>>> results = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            List<String> order = rotated(readers, round);
            for (Path file : files) {
                for (String read : reads) {
                    String what = "read " + read + " " + file.getFileName();
                    String sum = checksums.get(
                            read.equals("scan") ? file : file.resolveSibling(file.getFileName() + "#records"));
                    for (String reader : order) {
                        Cell cell = fork(
                                WholeFileReadBenchmark.class,
                                Map.of(
                                        "file",
                                        file.toString(),
                                        "reader",
                                        reader,
                                        "read",
                                        read,
                                        "checksum",
                                        sum,
                                        "latency",
                                        latency),
                                quick,
                                warmup,
                                measure,
                                jvm);
                        results.computeIfAbsent(what, k -> new LinkedHashMap<>())
                                .computeIfAbsent(reader, k -> new ArrayList<>())
                                .add(cell);
                        progress(round, what, reader, cell);
                    }
                }
            }
            Path source = files.stream()
                    .filter(p -> p.getFileName().toString().equals("pyarrow-v1-NONE.parquet"))
                    .findFirst()
                    .orElse(files.get(0));
            for (String codec : writeCodecs) {
                String what = "write " + codec + " (rows of " + source.getFileName() + ")";
                for (String writer : order) {
                    Cell cell = fork(
                            WholeFileWriteBenchmark.class,
                            Map.of(
                                    "file",
                                    source.toString(),
                                    "writer",
                                    writer,
                                    "codec",
                                    codec,
                                    "checksum",
                                    checksums.get(source)),
                            quick,
                            warmup,
                            measure,
                            jvm);
                    results.computeIfAbsent(what, k -> new LinkedHashMap<>())
                            .computeIfAbsent(writer, k -> new ArrayList<>())
                            .add(cell);
                    progress(round, what, writer, cell);
                }
            }
        }
        String loadAfter = load();
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("commit", keys.getOrDefault("commit", "?"));
        settings.put("warmupIterations", quick ? 1 : warmup);
        settings.put("measurementIterations", quick ? 1 : measure);
        settings.put("iterationTime", quick ? "100 ms" : "2 s");
        settings.put("forksPerReaderAndRound", 1);
        settings.put("latencyMicrosPerRequest", Long.parseLong(latency));
        settings.put("engines", engines(jvm));
        writeJson(json, results, rounds, loadBefore, loadAfter, seconds, jvm, settings);
        String table = table(results, readers, loadBefore, loadAfter, rounds, seconds, jvm);
        Files.writeString(out.resolve("wholefile.md"), table, StandardCharsets.UTF_8);
        System.out.println(table);
    }

    private static void progress(int round, String what, String reader, Cell cell) {
        System.err.printf(
                Locale.ROOT,
                "wholefile: round %d, %s, %s: %.1f ± %.1f ms%n",
                round + 1,
                what,
                reader,
                cell.millis(),
                cell.error());
    }

    /** Runs {@code benchmark} with {@code params} in one fork, and returns its result. */
    static Cell fork(Class<?> benchmark, Map<String, String> params, boolean quick, int warmup, int measure, String jvm)
            throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(benchmark.getName().replace(".", "\\.") + "\\.")
                .forks(1)
                .shouldFailOnError(true)
                .verbosity(org.openjdk.jmh.runner.options.VerboseMode.SILENT)
                .jvmArgsPrepend("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        if (jvm != null) {
            options.jvm(jvm);
            if (Runtime.version().feature() < 25 && jvm.contains("25")) {
                options.jvmArgsPrepend(
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "--enable-native-access=ALL-UNNAMED");
            }
        } else if (Runtime.version().feature() >= 25) {
            options.jvmArgsPrepend(
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "--enable-native-access=ALL-UNNAMED");
        }
        if (quick) {
            options.warmupIterations(1)
                    .warmupTime(TimeValue.milliseconds(100))
                    .measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(100));
        } else {
            options.warmupIterations(warmup).measurementIterations(measure);
        }
        for (Map.Entry<String, String> param : params.entrySet()) {
            options.param(param.getKey(), param.getValue());
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        if (results.size() != 1) {
            throw new IllegalStateException("expected one result for " + params + ", got " + results.size());
        }
        RunResult result = results.iterator().next();
        double error = result.getPrimaryResult().getScoreError();
        return new Cell(result.getPrimaryResult().getScore(), Double.isNaN(error) ? 0 : error);
    }

    private static List<String> list(String csv) {
        return csv.isEmpty() ? List.of() : Arrays.asList(csv.split(","));
    }

    private static List<String> rotated(List<String> items, int by) {
        List<String> rotated = new ArrayList<>(items);
        java.util.Collections.rotate(rotated, -by);
        return rotated;
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split(" ", 4)[0];
        } catch (IOException e) {
            return "?";
        }
    }

    /** A cell counts as slower than its comparison's reference when its interval's upper end is below this. */
    static final double SLOWER = 0.97;

    /** The comparisons reported: numerator reader, denominator reader. */
    static final String[][] COMPARISONS = {
        {"STOCK_LIB", "STOCK"},
        {"HADOOP_FREE", "STOCK_LIB"},
        {"HADOOP_FREE", "STOCK"},
        {"HADOOP_FREE_AHEAD", "HADOOP_FREE"},
        {"HADOOP_FREE_AHEAD", "STOCK"}
    };

    /** The comparisons of {@link #COMPARISONS} whose two readers ran. */
    static List<String[]> comparisons(List<String> readers) {
        List<String[]> run = new ArrayList<>();
        for (String[] comparison : COMPARISONS) {
            if (readers.contains(comparison[0]) && readers.contains(comparison[1])) {
                run.add(comparison);
            }
        }
        return run;
    }

    static String table(
            Map<String, Map<String, List<Cell>>> results,
            List<String> readers,
            String loadBefore,
            String loadAfter,
            int rounds,
            long seconds,
            String jvm) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(
                Locale.ROOT,
                "%d rounds, each reader or writer in its own JVM, interleaved; load average %s before, %s after;"
                        + " %d s; forks on %s.%n%n",
                rounds,
                loadBefore,
                loadAfter,
                seconds,
                "JDK " + jdkVersion(jvm)));
        md.append("Speed ratios over every round's JVMs pooled: ratio of the mean times, with its 95 % bootstrap"
                + " interval; * marks a cell whose interval lies below " + SLOWER + ". Times: mean of the JVMs, ms"
                + " per file.\n\n");
        List<String> columns = new ArrayList<>();
        for (String reader : List.of("STOCK", "STOCK_LIB", "HADOOP_FREE", "HADOOP_FREE_AHEAD", "PLAIN_NO_HADOOP")) {
            if (readers.contains(reader)) {
                columns.add(reader);
            }
        }
        List<String[]> comparisons = comparisons(readers);
        md.append("| what |");
        for (String reader : columns) {
            md.append(' ').append(reader).append(" ms |");
        }
        for (String[] comparison : comparisons) {
            md.append(' ')
                    .append(comparison[0])
                    .append(" / ")
                    .append(comparison[1])
                    .append(" |");
        }
        md.append('\n')
                .append("|---|")
                .append("---|".repeat(columns.size() + comparisons.size()))
                .append('\n');
        for (Map.Entry<String, Map<String, List<Cell>>> row : results.entrySet()) {
            Map<String, List<Cell>> cells = row.getValue();
            md.append("| ").append(row.getKey());
            for (String reader : columns) {
                List<Cell> c = cells.get(reader);
                md.append(" | ")
                        .append(c == null ? "–" : String.format(Locale.ROOT, "%.0f", Bootstrap.mean(millis(c))));
            }
            for (String[] comparison : comparisons) {
                Bootstrap.Interval ratio = pooled(cells, comparison[0], comparison[1]);
                md.append(" | ").append(ratio == null ? "–" : ratio + (ratio.high() < SLOWER ? " *" : ""));
            }
            md.append(" |\n");
        }
        md.append('\n');
        for (String[] comparison : comparisons) {
            Bootstrap.Interval mean = geometricMean(results, comparison[0], comparison[1]);
            if (mean == null) {
                continue;
            }
            List<String> slower = new ArrayList<>();
            int cells = 0;
            for (Map.Entry<String, Map<String, List<Cell>>> row : results.entrySet()) {
                Bootstrap.Interval ratio = pooled(row.getValue(), comparison[0], comparison[1]);
                if (ratio != null) {
                    cells++;
                    if (ratio.high() < SLOWER) {
                        slower.add(row.getKey() + " " + ratio);
                    }
                }
            }
            md.append(String.format(
                    Locale.ROOT,
                    "- %s / %s: geometric mean over %d cells %s; cells below %.2f: %s%n",
                    comparison[0],
                    comparison[1],
                    cells,
                    mean,
                    SLOWER,
                    slower.isEmpty() ? "none" : String.join("; ", slower)));
        }
        md.append(againstUncompressed(results, columns));
        return md.toString();
    }

    /**
     * For each compressed file of the reads, its speed through each reader relative to the uncompressed file of the
     * same writer and page version ({@code ...-NONE.parquet}) through the same reader: 1 is as fast, 0.91 is 1.10 x the
     * uncompressed file's time.
     */
    static String againstUncompressed(Map<String, Map<String, List<Cell>>> results, List<String> columns) {
        StringBuilder md = new StringBuilder();
        for (Map.Entry<String, Map<String, List<Cell>>> row : results.entrySet()) {
            String what = row.getKey();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(read \\S+ .*-)([A-Z0-9_]+)(\\.parquet)$")
                    .matcher(what);
            if (!m.matches() || m.group(2).equals("NONE")) {
                continue;
            }
            Map<String, List<Cell>> none = results.get(m.group(1) + "NONE" + m.group(3));
            if (none == null) {
                continue;
            }
            if (md.length() == 0) {
                md.append("\nSpeed of each compressed file relative to the uncompressed file of the same writer and"
                                + " pages, through the same reader (1.00: as fast; 0.91: 1.10 x its time):\n\n")
                        .append("| what |");
                for (String reader : columns) {
                    md.append(' ').append(reader).append(" |");
                }
                md.append('\n')
                        .append("|---|")
                        .append("---|".repeat(columns.size()))
                        .append('\n');
            }
            md.append("| ").append(what);
            for (String reader : columns) {
                List<Cell> compressed = row.getValue().get(reader);
                List<Cell> plain = none.get(reader);
                md.append(" | ")
                        .append(
                                compressed == null || plain == null
                                        ? "–"
                                        : Bootstrap.ratio(millis(compressed), millis(plain))
                                                .toString());
            }
            md.append(" |\n");
        }
        return md.toString();
    }

    /** The pooled speed ratio {@code numerator / denominator} of one cell, or {@code null} when one is missing. */
    static Bootstrap.Interval pooled(Map<String, List<Cell>> cells, String numerator, String denominator) {
        List<Cell> n = cells.get(numerator);
        List<Cell> d = cells.get(denominator);
        return n == null || d == null ? null : Bootstrap.ratio(millis(n), millis(d));
    }

    /** The geometric mean over the cells that have both readers, or {@code null} when none has. */
    static Bootstrap.Interval geometricMean(
            Map<String, Map<String, List<Cell>>> results, String numerator, String denominator) {
        List<double[][]> pairs = new ArrayList<>();
        for (Map<String, List<Cell>> cells : results.values()) {
            List<Cell> n = cells.get(numerator);
            List<Cell> d = cells.get(denominator);
            if (n != null && d != null) {
                pairs.add(new double[][] {millis(n), millis(d)});
            }
        }
        return pairs.isEmpty() ? null : Bootstrap.geometricMean(pairs);
    }

    static double[] millis(List<Cell> cells) {
        return cells.stream().mapToDouble(Cell::millis).toArray();
    }

    /**
     * What the forks' factory runs each codec on ({@code WholeFile engines} in a JVM like the forks'), or the error
     * that JVM printed.
     */
    static Map<String, String> engines(String jvm) {
        Map<String, String> engines = new LinkedHashMap<>();
        List<String> command = new ArrayList<>();
        command.add(
                jvm != null
                        ? jvm
                        : Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString());
        if (jdkVersion(jvm).startsWith("25")) {
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(List.of(
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                WholeFile.class.getName(),
                "engines"));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                engines.put("error", output.trim());
                return engines;
            }
            for (String line : output.split("\n")) {
                int equals = line.indexOf('=');
                if (equals > 0) {
                    engines.put(
                            line.substring(0, equals),
                            line.substring(equals + 1).trim());
                }
            }
        } catch (IOException e) {
            engines.put("error", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            engines.put("error", e.toString());
        }
        return engines;
    }

    /**
     * The version of the forks' JVM: this one's, or the JAVA_VERSION in the {@code release} file of the JDK whose
     * bin/java {@code jvm} is; {@code jvm} itself when it has no such file.
     */
    static String jdkVersion(String jvm) {
        if (jvm == null) {
            return System.getProperty("java.version");
        }
        Path bin = Path.of(jvm).toAbsolutePath().getParent();
        if (bin == null || bin.getParent() == null) {
            return jvm;
        }
        try (Stream<String> lines = Files.lines(bin.getParent().resolve("release"))) {
            return lines.filter(line -> line.startsWith("JAVA_VERSION="))
                    .map(line -> line.substring("JAVA_VERSION=".length()).replace("\"", ""))
                    .findFirst()
                    .orElse(jvm);
        } catch (IOException e) {
            return jvm;
        }
    }

    private static void writeJson(
            Path json,
            Map<String, Map<String, List<Cell>>> results,
            int rounds,
            String loadBefore,
            String loadAfter,
            long seconds,
            String jvm,
            Map<String, Object> settings)
            throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("jdk", jdkVersion(jvm));
        root.put("rounds", rounds);
        root.put("loadBefore", loadBefore);
        root.put("loadAfter", loadAfter);
        root.put("seconds", seconds);
        root.putAll(settings);
        Map<String, Object> summary = new LinkedHashMap<>();
        for (String[] comparison : COMPARISONS) {
            Bootstrap.Interval mean = geometricMean(results, comparison[0], comparison[1]);
            if (mean == null) {
                continue;
            }
            Map<String, Object> of = new LinkedHashMap<>();
            of.put("geometricMean", mean);
            Map<String, Object> cells = new LinkedHashMap<>();
            for (Map.Entry<String, Map<String, List<Cell>>> row : results.entrySet()) {
                Bootstrap.Interval ratio = pooled(row.getValue(), comparison[0], comparison[1]);
                if (ratio != null) {
                    cells.put(row.getKey(), ratio);
                }
            }
            of.put("cells", cells);
            summary.put(comparison[0] + " / " + comparison[1], of);
        }
        root.put("summary", summary);
        root.put("results", results);
        try (PrintStream p = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            p.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        }
    }
}
