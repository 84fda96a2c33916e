package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs a benchmark suite the way the published numbers are made, and stores JMH's JSON plus what the report needs
 * beside it: {@code OUT/SUITE.json} (JMH results of every run of the suite, merged) and {@code OUT/SUITE-meta.json}
 * (mode and settings, machine, load averages sampled during the run, page-set facts, what stock cannot do and why).
 *
 * <pre>
 * BenchMain [--mode quick|full] [--suite all|codec,e2e,concurrency] [--out docs/bench]
 * </pre>
 *
 * <p>Every suite is one invocation in which the implementations being compared run side by side. {@code quick} runs
 * the full matrix unforked with very short iterations (a check that everything runs, minutes; indicative numbers
 * only); {@code full} forks a JVM per benchmark and is what docs/BENCHMARKS.md publishes.
 */
public final class BenchMain {
    private static final String[] PAGE_SIZES = {"65536", "1048576"};

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        String mode = "quick";
        String suites = "all";
        Path out = Paths.get("docs", "bench");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mode" -> mode = args[++i];
                case "--suite" -> suites = args[++i];
                case "--out" -> out = Paths.get(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; usage: BenchMain [--mode quick|full] [--suite all|codec,e2e,concurrency] [--out DIR]");
            }
        }
        if (!mode.equals("quick") && !mode.equals("full")) {
            throw new IllegalArgumentException("--mode is quick or full, not " + mode);
        }
        List<String> selected =
                suites.equals("all") ? List.of("codec", "concurrency", "e2e") : List.of(suites.split(","));
        Files.createDirectories(out);
        for (String suite : selected) {
            run(suite.trim(), mode.equals("full"), out.toAbsolutePath());
        }
    }

    private static void run(String suite, boolean full, Path out) throws IOException, RunnerException {
        LoadSampler load = new LoadSampler();
        load.start();
        Instant start = Instant.now();
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("suite", suite);
        meta.put("mode", full ? "full" : "quick");
        meta.put("started", start.toString());
        meta.put("machine", machine());
        List<RunResult> results = new ArrayList<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        Path sizes = out.resolve("e2e-sizes.jsonl");
        switch (suite) {
            case "codec" -> {
                settings.putAll(codecSettings(full));
                // one JMH run per operation and set of implementations able to do it; stock's gaps are listed
                List<Map<String, Object>> skipped = new ArrayList<>();
                for (String operation : new String[] {"compress", "decompress"}) {
                    Map<List<String>, List<String>> codecsByImpls = new LinkedHashMap<>();
                    for (String codec : codecs(false)) {
                        List<String> able = new ArrayList<>();
                        for (CodecEngine.Impl impl : CodecEngine.Impl.values()) {
                            String reason =
                                    CodecEngine.unsupported(impl, CompressionCodecName.valueOf(codec), operation);
                            if (reason == null) {
                                able.add(impl.name());
                            } else {
                                Map<String, Object> gap = new LinkedHashMap<>();
                                gap.put("codec", codec);
                                gap.put("impl", impl.name());
                                gap.put("operation", operation);
                                gap.put("reason", reason);
                                skipped.add(gap);
                            }
                        }
                        codecsByImpls
                                .computeIfAbsent(able, k -> new ArrayList<>())
                                .add(codec);
                    }
                    for (Map.Entry<List<String>, List<String>> group : codecsByImpls.entrySet()) {
                        results.addAll(runner(codecOptions(full, operation)
                                .param("codec", group.getValue().toArray(new String[0]))
                                .param("impl", group.getKey().toArray(new String[0]))));
                    }
                }
                meta.put("notRun", skipped);
                meta.put("pageSets", pageSetFacts());
            }
            case "e2e" -> {
                Files.deleteIfExists(sizes);
                System.setProperty("bench.meta.dir", out.toString());
                int rows = full ? 1_000_000 : 50_000;
                List<String> supported = new ArrayList<>();
                List<String> unsupported = new ArrayList<>();
                for (String codec : codecs(true)) {
                    (Stock.unsupportedReason(CompressionCodecName.valueOf(codec)) == null ? supported : unsupported)
                            .add(codec);
                }
                settings.putAll(e2eSettings(full, rows));
                results.addAll(runner(e2eOptions(full, rows, out)
                        .param("codec", supported.toArray(new String[0]))
                        .param("impl", "LIB", "STOCK")));
                if (!unsupported.isEmpty()) {
                    results.addAll(runner(e2eOptions(full, rows, out)
                            .param("codec", unsupported.toArray(new String[0]))
                            .param("impl", "LIB")));
                }
                BenchData data = BenchData.rows(rows);
                meta.put("e2e", Map.of("rows", rows, "plainBytes", data.plainBytes()));
                if (Files.exists(sizes)) {
                    meta.put("e2eSizes", Files.readAllLines(sizes, StandardCharsets.UTF_8));
                }
            }
            case "concurrency" -> {
                settings.putAll(concurrencySettings(full));
                for (int threads : new int[] {1, 2, 4}) {
                    results.addAll(runner(concurrencyOptions(full).threads(threads)));
                }
            }
            default -> throw new IllegalArgumentException("unknown suite " + suite);
        }
        load.stop();
        Instant end = Instant.now();
        meta.put("finished", end.toString());
        meta.put("seconds", end.getEpochSecond() - start.getEpochSecond());
        meta.put("settings", settings);
        meta.put("load", load.summary());
        meta.put("stockUnsupported", stockUnsupported());
        meta.put("implementations", implementations());
        Path json = out.resolve(suite + ".json");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, stream).writeOut(results);
        }
        Files.writeString(out.resolve(suite + "-meta.json"), Json.write(meta) + "\n");
        System.out.println("wrote " + json + " and " + suite + "-meta.json (" + meta.get("seconds") + " s)");
    }

    private static Collection<RunResult> runner(ChainedOptionsBuilder options) throws RunnerException {
        return new Runner(options.build()).run();
    }

    private static String[] codecs(boolean withUncompressed) {
        List<String> codecs = new ArrayList<>();
        if (withUncompressed) {
            codecs.add("UNCOMPRESSED");
        }
        codecs.addAll(List.of("SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"));
        return codecs.toArray(new String[0]);
    }

    // ---- options per suite and mode

    /**
     * Two JVM forks per codec benchmark in the full run: on a shared 2-core machine the spread between forks is larger
     * than the spread between the iterations of one, so a single fork can make one implementation look 10% off.
     */
    private static final int CODEC_FORKS = 2;

    private static Map<String, Object> codecSettings(boolean full) {
        return full
                ? settings(CODEC_FORKS, 2, "750 ms", 3, "750 ms", "Throughput, ops = pages", "-prof gc")
                : settings(0, 1, "50 ms", 2, "50 ms", "Throughput, ops = pages", "-prof gc");
    }

    private static ChainedOptionsBuilder codecOptions(boolean full, String operation) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(CodecBenchmark.class.getName() + "\\." + operation + "$")
                .param("pageSize", PAGE_SIZES)
                .addProfiler(GCProfiler.class)
                .jvmArgsPrepend(cacheProperty(), QUIET_LOGS)
                .shouldFailOnError(true);
        return full
                ? options.forks(CODEC_FORKS)
                        .warmupIterations(2)
                        .warmupTime(TimeValue.milliseconds(750))
                        .measurementIterations(3)
                        .measurementTime(TimeValue.milliseconds(750))
                : options.forks(0)
                        .warmupIterations(1)
                        .warmupTime(TimeValue.milliseconds(50))
                        .measurementIterations(2)
                        .measurementTime(TimeValue.milliseconds(50));
    }

    private static Map<String, Object> e2eSettings(boolean full, int rows) {
        Map<String, Object> settings = full
                ? settings(1, 1, "single shot", 2, "single shot", "SingleShotTime, op = write + full read", "")
                : settings(0, 1, "single shot", 1, "single shot", "SingleShotTime, op = write + full read", "");
        settings.put("rows", rows);
        return settings;
    }

    private static ChainedOptionsBuilder e2eOptions(boolean full, int rows, Path out) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(EndToEndBenchmark.class.getName() + "\\.")
                .param("rows", Integer.toString(rows))
                .jvmArgsPrepend(cacheProperty(), QUIET_LOGS, "-Dbench.meta.dir=" + out)
                .shouldFailOnError(true);
        return full
                ? options.forks(1).warmupIterations(1).measurementIterations(2)
                : options.forks(0).warmupIterations(1).measurementIterations(1);
    }

    private static Map<String, Object> concurrencySettings(boolean full) {
        Map<String, Object> settings = full
                ? settings(1, 1, "1 s", 3, "750 ms", "Throughput, ops = page round trips, all threads", "")
                : settings(0, 1, "100 ms", 2, "100 ms", "Throughput, ops = page round trips, all threads", "");
        settings.put("threads", List.of(1, 2, 4));
        return settings;
    }

    private static ChainedOptionsBuilder concurrencyOptions(boolean full) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(ConcurrencyBenchmark.class.getName() + "\\.")
                .jvmArgsPrepend(cacheProperty(), QUIET_LOGS)
                .shouldFailOnError(true);
        return full
                ? options.forks(1)
                        .warmupIterations(1)
                        .warmupTime(TimeValue.seconds(1))
                        .measurementIterations(3)
                        .measurementTime(TimeValue.milliseconds(750))
                : options.forks(0)
                        .warmupIterations(1)
                        .warmupTime(TimeValue.milliseconds(100))
                        .measurementIterations(2)
                        .measurementTime(TimeValue.milliseconds(100));
    }

    private static Map<String, Object> settings(
            int forks, int warmups, String warmupTime, int iterations, String iterationTime, String mode, String prof) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("forks", forks);
        settings.put("warmupIterations", warmups);
        settings.put("warmupTime", warmupTime);
        settings.put("measurementIterations", iterations);
        settings.put("measurementTime", iterationTime);
        settings.put("benchmarkMode", mode);
        settings.put("profilers", prof);
        return settings;
    }

    private static String cacheProperty() {
        return "-Dbench.cache=" + System.getProperty("bench.cache", System.getProperty("java.io.tmpdir"));
    }

    /** Hadoop's CodecPool logs every new compressor at INFO. */
    private static final String QUIET_LOGS = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn";

    // ---- facts for the report

    private static Map<String, Object> machine() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        String model = "unknown";
        int cpus = 0;
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    model = line.substring(line.indexOf(':') + 1).trim();
                    cpus++;
                }
            }
        } catch (IOException e) {
            // not Linux: leave unknown
        }
        machine.put("cpuModel", model);
        machine.put("cpuinfoProcessors", cpus);
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/meminfo"))) {
                if (line.startsWith("MemTotal")) {
                    machine.put(
                            "memTotal", line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        machine.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        machine.put("jmh", "1.37");
        return machine;
    }

    private static Map<String, Object> stockUnsupported() {
        Map<String, Object> reasons = new LinkedHashMap<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            String reason = Stock.unsupportedReason(codec);
            if (reason != null) {
                reasons.put(codec.name(), reason);
            }
        }
        return reasons;
    }

    private static Map<String, Object> implementations() {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        Map<String, Object> impls = new LinkedHashMap<>();
        for (String codec : codecs(false)) {
            CompressionCodecName name = CompressionCodecName.valueOf(codec);
            impls.put(codec, Map.of("library", factory.implementation(name), "bare", BareCodec.describe(name)));
        }
        return impls;
    }

    private static Map<String, Object> pageSetFacts() throws IOException {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("shapes", List.of(PageSet.SHAPES));
        Map<String, Object> ratios = new LinkedHashMap<>();
        for (String size : PAGE_SIZES) {
            int pageSize = Integer.parseInt(size);
            byte[][] pages = PageSet.of(pageSize).copyOfPages();
            Map<String, Object> perCodec = new LinkedHashMap<>();
            for (String codec : codecs(false)) {
                byte[][] compressed = CodecEngine.compressedPages(CompressionCodecName.valueOf(codec), pages);
                long total = 0;
                for (byte[] page : compressed) {
                    total += page.length;
                }
                perCodec.put(codec, (double) total / ((long) pageSize * pages.length));
            }
            ratios.put(size, perCodec);
        }
        facts.put("compressedOverUncompressed", ratios);
        return facts;
    }

    /** Samples the 1-minute load average every 10 seconds while a suite runs. */
    static final class LoadSampler implements Runnable {
        private final List<Double> samples = new ArrayList<>();
        private Thread thread;
        private volatile boolean running;

        void start() {
            running = true;
            sample();
            thread = new Thread(this, "load-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() {
            running = false;
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sample();
        }

        @Override
        public void run() {
            while (running) {
                try {
                    TimeUnit.SECONDS.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
                sample();
            }
        }

        private synchronized void sample() {
            try {
                String[] fields =
                        Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
                samples.add(Double.parseDouble(fields[0]));
            } catch (IOException | RuntimeException e) {
                // no /proc: no samples
            }
        }

        synchronized Map<String, Object> summary() {
            Map<String, Object> summary = new LinkedHashMap<>();
            if (samples.isEmpty()) {
                return summary;
            }
            double min = Double.MAX_VALUE;
            double max = 0;
            double sum = 0;
            for (double s : samples) {
                min = Math.min(min, s);
                max = Math.max(max, s);
                sum += s;
            }
            summary.put("oneMinuteLoadMin", min);
            summary.put("oneMinuteLoadMean", Math.round(sum / samples.size() * 100) / 100.0);
            summary.put("oneMinuteLoadMax", max);
            summary.put("samples", samples.size());
            summary.put("intervalSeconds", 10);
            summary.put("oneMinuteLoadSamples", new ArrayList<>(samples));
            return summary;
        }
    }

    /** Just enough JSON for the meta files: maps, lists, strings, numbers, booleans. */
    static final class Json {
        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out, "");
            return out.toString();
        }

        private static void write(Object value, StringBuilder out, String indent) {
            if (value == null) {
                out.append("null");
            } else if (value instanceof Map<?, ?> map) {
                out.append("{");
                String inner = indent + "  ";
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(first ? "\n" : ",\n").append(inner);
                    string(String.valueOf(entry.getKey()), out);
                    out.append(": ");
                    write(entry.getValue(), out, inner);
                    first = false;
                }
                out.append(first ? "}" : "\n" + indent + "}");
            } else if (value instanceof Collection<?> list) {
                out.append("[");
                boolean first = true;
                for (Object item : list) {
                    out.append(first ? "" : ", ");
                    write(item, out, indent);
                    first = false;
                }
                out.append("]");
            } else if (value instanceof String s && s.startsWith("{") && s.endsWith("}")) {
                out.append(s); // a JSON object line (e2e-sizes.jsonl)
            } else if (value instanceof Number || value instanceof Boolean) {
                out.append(String.format(Locale.ROOT, "%s", value));
            } else {
                string(value.toString(), out);
            }
        }

        private static void string(String s, StringBuilder out) {
            out.append('"');
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }
    }
}
