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
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.openjdk.jmh.annotations.Mode;
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
 * (mode and settings, machine, load averages sampled during the run, page-set facts, what stock cannot do and why, the
 * JMH and JVM versions as read back from {@code SUITE.json}, and the parquet-java and Hadoop versions).
 *
 * <p>Each suite's JMH settings (forks, iterations, times, parameters, threads) are stated once, per mode, in its
 * {@code *Settings} method; the JMH options and the recorded settings are both made from that {@link Settings}.
 *
 * <pre>
 * BenchMain [--mode quick|full] [--suite all|codec,concurrency,smallfiles|jdk25] [--out docs/bench]
 * </pre>
 *
 * <p>Every suite is one invocation in which the implementations being compared run side by side. {@code quick} runs
 * the full matrix unforked with very short iterations (a check that everything runs, minutes; indicative numbers
 * only); {@code full} forks a JVM per benchmark and is what docs/BENCHMARKS.md publishes.
 */
public final class BenchMain {
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
                        + "; usage: BenchMain [--mode quick|full] [--suite all|codec,concurrency,smallfiles|jdk25]"
                        + " [--out DIR]");
            }
        }
        if (!mode.equals("quick") && !mode.equals("full")) {
            throw new IllegalArgumentException("--mode is quick or full, not " + mode);
        }
        List<String> selected =
                suites.equals("all") ? List.of("codec", "concurrency", "smallfiles") : List.of(suites.split(","));
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
        Settings settings =
                switch (suite) {
                    case "codec" -> codecSettings(full);
                    case "jdk25" -> jdk25Settings(full);
                    case "concurrency" -> concurrencySettings(full);
                    case "smallfiles" -> smallFilesSettings(full);
                    default -> throw new IllegalArgumentException("unknown suite " + suite);
                };
        if (suite.equals("jdk25") && Runtime.version().feature() < 25) {
            throw new IllegalStateException("the jdk25 suite measures the native tier: run it on JDK 25 or later"
                    + " (dev/bench does, with JDK25_HOME), not on " + Runtime.version());
        }
        switch (suite) {
            case "codec", "jdk25" -> {
                // one JMH run per operation and set of implementations able to do it; stock's gaps are listed
                List<Map<String, Object>> skipped = new ArrayList<>();
                for (String operation : new String[] {"compress", "decompress"}) {
                    Map<List<String>, List<String>> codecsByImpls = new LinkedHashMap<>();
                    for (String codec : settings.param("codec")) {
                        List<String> able = new ArrayList<>();
                        for (String impl : settings.param("impl")) {
                            String reason = CodecEngine.unsupported(
                                    CodecEngine.Impl.valueOf(impl), CompressionCodecName.valueOf(codec), operation);
                            if (reason == null) {
                                able.add(impl);
                            } else {
                                Map<String, Object> gap = new LinkedHashMap<>();
                                gap.put("codec", codec);
                                gap.put("impl", impl);
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
                        results.addAll(runner(settings.options(CodecBenchmark.class, operation)
                                .param("codec", group.getValue().toArray(new String[0]))
                                .param("impl", group.getKey().toArray(new String[0]))));
                    }
                }
                meta.put("notRun", skipped);
                meta.put("pageSets", pageSetFacts(settings));
                if (suite.equals("jdk25")) {
                    // ZSTD's engine on JDK 25, level by level, and with workers (the library's engines only)
                    Settings sweep = zstdSweepSettings(full);
                    results.addAll(runner(sweep.options(ZstdLevelBenchmark.class, null)));
                    Settings workers = zstdWorkersSettings(full);
                    results.addAll(runner(workers.options(ZstdLevelBenchmark.class, "compress")));
                    meta.put("zstdSweep", sweep.describe());
                    meta.put("zstdWorkers", workers.describe());
                }
            }
            case "concurrency" -> {
                for (int threads : settings.threads()) {
                    results.addAll(runner(
                            settings.options(ConcurrencyBenchmark.class, null).threads(threads)));
                }
            }
            case "smallfiles" -> {
                results.addAll(runner(settings.options(SmallFilesBenchmark.class, null)));
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("files", Integer.parseInt(settings.param("files").get(0)));
                facts.put("rowsPerFile", SmallFilesBenchmark.ROWS_PER_FILE);
                facts.put("columns", SmallFilesBenchmark.COLUMNS);
                facts.put("schema", SmallFilesBenchmark.SCHEMA.toString());
                meta.put("smallFiles", facts);
            }
            default -> throw new IllegalStateException(suite);
        }
        load.stop();
        Instant end = Instant.now();
        meta.put("finished", end.toString());
        meta.put("seconds", end.getEpochSecond() - start.getEpochSecond());
        meta.put("settings", settings.describe());
        meta.put("load", load.summary());
        meta.put("stockUnsupported", stockUnsupported());
        meta.put("implementations", implementations());
        Path json = out.resolve(suite + ".json");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, stream).writeOut(results);
        }
        meta.put("runtime", runtime(Json.parse(Files.readString(json, StandardCharsets.UTF_8))));
        meta.put("libraries", libraries());
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

    private static String[] names(Enum<?>[] values) {
        String[] names = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            names[i] = values[i].name();
        }
        return names;
    }

    // ---- the settings of each suite, in each mode: the one place they are stated

    /**
     * Two JVM forks per codec benchmark in the full run: on a shared 2-core machine the spread between forks is larger
     * than the spread between the iterations of one, so a single fork can make one implementation look 10% off.
     */
    static Settings codecSettings(boolean full) {
        Settings settings = full
                ? new Settings(Mode.Throughput, "ops = pages", 2, 2, ms(750), 3, ms(750))
                : new Settings(Mode.Throughput, "ops = pages", 0, 1, ms(50), 2, ms(50));
        return settings.withGcProfiler()
                .withCacheProperty()
                .param("codec", codecs(false))
                .param("pageSize", PAGE_SIZES)
                .param(
                        "impl",
                        names(Arrays.stream(CodecEngine.Impl.values())
                                .filter(impl -> !impl.isBareFfm()) // JDK 25 only: the jdk25 suite's
                                .toArray(CodecEngine.Impl[]::new)));
    }

    /**
     * The native tier on JDK 25: the codecs it serves (GZIP on libdeflate, LZ4 and LZ4_RAW on liblz4; ZSTD stays on
     * zstd-jni, shown to confirm nothing changed), 8 KiB pages beside 64 KiB and 1 MiB, heap buffers, and side by side
     * in one invocation: the library with the tier (LIB_HEAP), the library without it (LIB_NO_FFM_HEAP: today's
     * engines), the bare libraries of today (BARE_HEAP) and stock parquet-java (STOCK_HEAP). One fork per cell in the
     * full run to keep it near 15 minutes; re-run a surprising cell with more forks.
     */
    static Settings jdk25Settings(boolean full) {
        Settings settings = full
                ? new Settings(Mode.Throughput, "ops = pages", 1, 2, ms(750), 3, ms(750))
                : new Settings(Mode.Throughput, "ops = pages", 0, 1, ms(50), 2, ms(50));
        return settings.withCacheProperty()
                .param("codec", "GZIP", "LZ4_RAW", "LZ4", "ZSTD")
                .param("pageSize", "8192", "65536", "1048576")
                .param("impl", "LIB_HEAP", "LIB_NO_FFM_HEAP", "BARE_FFM_HEAP", "BARE_HEAP", "STOCK_HEAP");
    }

    /**
     * The jdk25 suite's ZSTD sweep ({@link ZstdLevelBenchmark}): levels -1, 1, 3, 9 and 19 on 1 MiB pages, zstd-jni
     * against the tier's libzstd, bare and in the library, compress and decompress.
     */
    static Settings zstdSweepSettings(boolean full) {
        Settings settings = full
                ? new Settings(Mode.Throughput, "ops = pages", 1, 2, ms(750), 3, ms(750))
                : new Settings(Mode.Throughput, "ops = pages", 0, 1, ms(50), 2, ms(50));
        return settings.withCacheProperty()
                .param("level", "-1", "1", "3", "9", "19")
                .param("workers", "0")
                .param("pageSize", "1048576")
                .param("impl", "LIB", "LIB_FFM", "BARE_JNI", "BARE_FFM");
    }

    /** The same with two zstd workers, compress only: the library on zstd-jni, and forced onto the tier's libzstd. */
    static Settings zstdWorkersSettings(boolean full) {
        return zstdSweepSettings(full)
                .param("level", "3", "9")
                .param("workers", "2")
                .param("impl", "LIB", "LIB_FFM");
    }

    private static final String ROUND_TRIPS = "ops = page round trips, all threads";

    static Settings concurrencySettings(boolean full) {
        Settings settings = full
                ? new Settings(Mode.Throughput, ROUND_TRIPS, 1, 1, TimeValue.seconds(1), 3, ms(750))
                : new Settings(Mode.Throughput, ROUND_TRIPS, 0, 1, ms(100), 2, ms(100));
        return settings.withCacheProperty()
                .withThreads(1, 2, 4)
                .param("codec", "SNAPPY", "ZSTD", "GZIP", "LZ4_RAW")
                .param("impl", "LIB_SHARED", "BARE_PER_THREAD")
                .param("pageSize", "65536");
    }

    /**
     * Single shots: one pass over 2,000 files takes seconds. The first two or three passes of a JVM are much slower
     * (JIT), hence four warm-up passes. Two forks, as for the codec suite: the spread between JVMs on this shared machine
     * is larger than within one. About 15 minutes in all (each fork first writes its files).
     */
    static Settings smallFilesSettings(boolean full) {
        Settings settings = full
                ? new Settings(Mode.SingleShotTime, "op = open and read every file", 2, 4, null, 4, null)
                : new Settings(Mode.SingleShotTime, "op = open and read every file", 0, 1, null, 1, null);
        return settings.param("codec", "ZSTD", "SNAPPY", "GZIP")
                .param("mode", names(SmallFilesBenchmark.FactoryMode.values()))
                .param("files", full ? "2000" : "200");
    }

    private static final String[] PAGE_SIZES = {"65536", "1048576"};

    private static TimeValue ms(int milliseconds) {
        return TimeValue.milliseconds(milliseconds);
    }

    /** Hadoop's CodecPool logs every new compressor at INFO. */
    private static final String QUIET_LOGS = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn";

    /**
     * A suite's JMH settings in one mode: {@link #options} turns them into JMH options, {@link #describe} into what the
     * meta file records, so the two cannot disagree. {@code operation} says what one JMH operation is; the iteration
     * times are null in {@link Mode#SingleShotTime}.
     */
    static final class Settings {
        final Mode mode;
        final String operation;
        final int forks;
        final int warmupIterations;
        final TimeValue warmupTime;
        final int measurementIterations;
        final TimeValue measurementTime;
        private boolean gcProfiler;
        private boolean cacheProperty;
        private List<Integer> threads = List.of(1);
        private final Map<String, List<String>> params = new LinkedHashMap<>();

        Settings(
                Mode mode,
                String operation,
                int forks,
                int warmupIterations,
                TimeValue warmupTime,
                int measurementIterations,
                TimeValue measurementTime) {
            if ((mode == Mode.SingleShotTime) != (warmupTime == null && measurementTime == null)) {
                throw new IllegalArgumentException("iteration times are for timed modes, not " + mode);
            }
            this.mode = mode;
            this.operation = operation;
            this.forks = forks;
            this.warmupIterations = warmupIterations;
            this.warmupTime = warmupTime;
            this.measurementIterations = measurementIterations;
            this.measurementTime = measurementTime;
        }

        Settings withGcProfiler() {
            gcProfiler = true;
            return this;
        }

        /** Passes {@code -Dbench.cache} (where PageSet keeps its pages) on to the forks. */
        Settings withCacheProperty() {
            cacheProperty = true;
            return this;
        }

        Settings withThreads(Integer... counts) {
            threads = List.of(counts);
            return this;
        }

        Settings param(String name, String... values) {
            params.put(name, List.of(values));
            return this;
        }

        List<String> param(String name) {
            List<String> values = params.get(name);
            if (values == null) {
                throw new IllegalArgumentException("no parameter " + name);
            }
            return values;
        }

        List<Integer> threads() {
            return threads;
        }

        /**
         * JMH options for {@code benchmark}'s methods ({@code method} alone when not null), with every parameter
         * stated here; a caller may narrow a parameter to a subset with {@code .param(name, ...)} afterwards.
         */
        ChainedOptionsBuilder options(Class<?> benchmark, String method, String... jvmArgs) {
            List<String> args = new ArrayList<>();
            if (cacheProperty) {
                args.add(cacheProperty());
            }
            args.add(QUIET_LOGS);
            args.addAll(List.of(jvmArgs));
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include(benchmark.getName() + "\\." + (method == null ? "" : method + "$"))
                    .jvmArgsPrepend(args.toArray(new String[0]))
                    .shouldFailOnError(true)
                    .mode(mode)
                    .forks(forks)
                    .warmupIterations(warmupIterations)
                    .measurementIterations(measurementIterations);
            if (warmupTime != null) {
                options.warmupTime(warmupTime);
            }
            if (measurementTime != null) {
                options.measurementTime(measurementTime);
            }
            if (gcProfiler) {
                options.addProfiler(GCProfiler.class);
            }
            for (Map.Entry<String, List<String>> param : params.entrySet()) {
                options.param(param.getKey(), param.getValue().toArray(new String[0]));
            }
            return options;
        }

        /** What the meta file records; dev/bench-report.py reads these keys. */
        Map<String, Object> describe() {
            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("forks", forks);
            settings.put("warmupIterations", warmupIterations);
            settings.put("warmupTime", warmupTime == null ? "single shot" : warmupTime.toString());
            settings.put("measurementIterations", measurementIterations);
            settings.put("measurementTime", measurementTime == null ? "single shot" : measurementTime.toString());
            settings.put("benchmarkMode", mode.name() + ", " + operation);
            settings.put("profilers", gcProfiler ? "-prof gc" : "");
            if (threads.size() > 1) {
                settings.put("threads", threads);
            }
            settings.put("params", params);
            return settings;
        }
    }

    private static String cacheProperty() {
        return "-Dbench.cache=" + System.getProperty("bench.cache", System.getProperty("java.io.tmpdir"));
    }

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
        return machine;
    }

    /** The fields of JMH's JSON that say what ran the benchmarks; each value once, or the list of those seen. */
    static final List<String> RUNTIME_FIELDS = List.of("jmhVersion", "jvm", "jdkVersion", "vmName", "vmVersion");

    /** The JMH and JVM versions, read from JMH's JSON result (a list of results, as {@code -rf json} writes it). */
    static Map<String, Object> runtime(Object jmhJson) {
        Map<String, Object> runtime = new LinkedHashMap<>();
        for (String field : RUNTIME_FIELDS) {
            java.util.Set<Object> seen = new java.util.LinkedHashSet<>();
            for (Object result : (List<?>) jmhJson) {
                Object value = ((Map<?, ?>) result).get(field);
                if (value != null) {
                    seen.add(value);
                }
            }
            if (!seen.isEmpty()) {
                runtime.put(field, seen.size() == 1 ? seen.iterator().next() : new ArrayList<>(seen));
            }
        }
        return runtime;
    }

    /** The versions of the libraries stock parquet-java runs on, as their own version classes report them. */
    private static Map<String, Object> libraries() {
        Map<String, Object> libraries = new LinkedHashMap<>();
        libraries.put("parquet-java", org.apache.parquet.Version.VERSION_NUMBER);
        libraries.put("hadoop", org.apache.hadoop.util.VersionInfo.getVersion());
        return libraries;
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
            Map<String, Object> calls = new LinkedHashMap<>();
            calls.put("library", factory.implementation(name));
            calls.put("bare", BareRows.describe(name));
            if (BareRows.ffmUnsupported(name) == null) {
                calls.put("bareFfm", BareRows.describeFfm(name));
            }
            impls.put(codec, calls);
        }
        return impls;
    }

    private static Map<String, Object> pageSetFacts(Settings settings) throws IOException {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("shapes", List.of(PageSet.SHAPES));
        Map<String, Object> ratios = new LinkedHashMap<>();
        for (String size : settings.param("pageSize")) {
            int pageSize = Integer.parseInt(size);
            byte[][] pages = PageSet.of(pageSize).copyOfPages();
            Map<String, Object> perCodec = new LinkedHashMap<>();
            for (String codec : settings.param("codec")) {
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

        /** Parses JSON into maps, lists, strings, doubles, booleans and nulls. */
        static Object parse(String text) {
            Reader reader = new Reader(text);
            Object value = reader.value();
            reader.skipSpace();
            if (reader.at < text.length()) {
                throw reader.error("trailing text");
            }
            return value;
        }

        private static final class Reader {
            private final String text;
            private int at;

            Reader(String text) {
                this.text = text;
            }

            Object value() {
                skipSpace();
                if (at >= text.length()) {
                    throw error("a value");
                }
                char c = text.charAt(at);
                switch (c) {
                    case '{' -> {
                        at++;
                        Map<String, Object> map = new LinkedHashMap<>();
                        skipSpace();
                        if (peek() == '}') {
                            at++;
                            return map;
                        }
                        do {
                            skipSpace();
                            String key = string();
                            skipSpace();
                            expect(':');
                            map.put(key, value());
                            skipSpace();
                        } while (next(','));
                        expect('}');
                        return map;
                    }
                    case '[' -> {
                        at++;
                        List<Object> list = new ArrayList<>();
                        skipSpace();
                        if (peek() == ']') {
                            at++;
                            return list;
                        }
                        do {
                            list.add(value());
                            skipSpace();
                        } while (next(','));
                        expect(']');
                        return list;
                    }
                    case '"' -> {
                        return string();
                    }
                    default -> {
                        for (String word : new String[] {"true", "false", "null"}) {
                            if (text.startsWith(word, at)) {
                                at += word.length();
                                return word.equals("null") ? null : Boolean.valueOf(word);
                            }
                        }
                        int start = at;
                        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                            at++;
                        }
                        if (start == at) {
                            throw error("a value");
                        }
                        return Double.valueOf(text.substring(start, at));
                    }
                }
            }

            private String string() {
                expect('"');
                StringBuilder out = new StringBuilder();
                while (true) {
                    if (at >= text.length()) {
                        throw error("the end of a string");
                    }
                    char c = text.charAt(at++);
                    if (c == '"') {
                        return out.toString();
                    }
                    if (c != '\\') {
                        out.append(c);
                        continue;
                    }
                    char e = text.charAt(at++);
                    switch (e) {
                        case 'n' -> out.append('\n');
                        case 'r' -> out.append('\r');
                        case 't' -> out.append('\t');
                        case 'b' -> out.append('\b');
                        case 'f' -> out.append('\f');
                        case 'u' -> {
                            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                            at += 4;
                        }
                        default -> out.append(e); // \" \\ \/
                    }
                }
            }

            void skipSpace() {
                while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                    at++;
                }
            }

            private char peek() {
                return at < text.length() ? text.charAt(at) : 0;
            }

            private boolean next(char c) {
                if (peek() == c) {
                    at++;
                    return true;
                }
                return false;
            }

            private void expect(char c) {
                if (!next(c)) {
                    throw error("'" + c + "'");
                }
            }

            IllegalArgumentException error(String expected) {
                return new IllegalArgumentException("JSON: expected " + expected + " at offset " + at);
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
