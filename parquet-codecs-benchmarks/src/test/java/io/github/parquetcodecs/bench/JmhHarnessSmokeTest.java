package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** The JMH-generated harness of each benchmark class runs (unforked, one tiny iteration) and reports a score. */
class JmhHarnessSmokeTest {

    private static ChainedOptionsBuilder tiny(Class<?> benchmark) {
        return new OptionsBuilder()
                .include(benchmark.getName() + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .shouldFailOnError(true);
    }

    private static void assertScored(Collection<RunResult> results, int expected) {
        assertEquals(expected, results.size());
        for (RunResult r : results) {
            assertTrue(r.getPrimaryResult().getScore() > 0, r.getParams().toString());
        }
    }

    @Test
    void codecBenchmark() throws Exception {
        assertScored(
                new Runner(tiny(CodecBenchmark.class)
                                .param("codec", "SNAPPY")
                                .param("pageSize", "65536")
                                .param("impl", "LIB_HEAP")
                                .build())
                        .run(),
                2);
    }

    @Test
    void concurrencyBenchmarkOnTwoThreads() throws Exception {
        assertScored(
                new Runner(tiny(ConcurrencyBenchmark.class)
                                .param("codec", "LZ4_RAW")
                                .param("impl", "LIB_SHARED")
                                .threads(2)
                                .build())
                        .run(),
                1);
    }

    @Test
    void versionsAreReadFromJmhsJson() throws Exception {
        Collection<RunResult> results = new Runner(tiny(CodecBenchmark.class)
                        .param("codec", "SNAPPY")
                        .param("pageSize", "65536")
                        .param("impl", "LIB_HEAP")
                        .build())
                .run();
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ResultFormatFactory.getInstance(ResultFormatType.JSON, new PrintStream(json, true, StandardCharsets.UTF_8))
                .writeOut(results);
        Map<String, Object> runtime = BenchMain.runtime(BenchMain.Json.parse(json.toString(StandardCharsets.UTF_8)));
        BenchmarkParams params = results.iterator().next().getParams();
        assertEquals(params.getJmhVersion(), runtime.get("jmhVersion"));
        assertEquals(params.getJvm(), runtime.get("jvm"));
        assertEquals(params.getJdkVersion(), runtime.get("jdkVersion"));
        assertEquals(params.getVmName(), runtime.get("vmName"));
        assertEquals(params.getVmVersion(), runtime.get("vmVersion"));
    }

    /** What a suite's meta file records is what its JMH options run. */
    @Test
    void recordedSettingsAreTheOptionsRun() {
        for (boolean full : new boolean[] {false, true}) {
            for (BenchMain.Settings settings : List.of(
                    BenchMain.codecSettings(full),
                    BenchMain.concurrencySettings(full),
                    BenchMain.smallFilesSettings(full))) {
                Options options = settings.options(CodecBenchmark.class, null).build();
                Map<String, Object> recorded = settings.describe();
                assertEquals(recorded.get("forks"), options.getForkCount().get());
                assertEquals(
                        recorded.get("warmupIterations"),
                        options.getWarmupIterations().get());
                assertEquals(
                        recorded.get("measurementIterations"),
                        options.getMeasurementIterations().get());
                assertEquals(
                        recorded.get("measurementTime"),
                        options.getMeasurementTime().hasValue()
                                ? options.getMeasurementTime().get().toString()
                                : "single shot");
                assertEquals(
                        recorded.get("benchmarkMode").toString().split(",")[0],
                        options.getBenchModes().iterator().next().name());
                Map<?, ?> params = (Map<?, ?>) recorded.get("params");
                for (Map.Entry<?, ?> param : params.entrySet()) {
                    assertEquals(
                            param.getValue(),
                            List.copyOf(options.getParameter((String) param.getKey())
                                    .get()));
                }
            }
        }
    }

    @Test
    void jsonReadsWhatItWrites() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("a", List.of(1.0, 2.5, "x\"y\\z\n\u0001"));
        value.put("b", true);
        value.put("c", Map.of());
        value.put("d", List.of());
        assertEquals(value, BenchMain.Json.parse(BenchMain.Json.write(value)));
        assertEquals(List.of(-1.5e3, "NaN"), BenchMain.Json.parse(" [ -1.5e3 , \"NaN\" ] "));
        assertThrows(IllegalArgumentException.class, () -> BenchMain.Json.parse("{\"a\": 1,}"));
    }

    @Test
    void metaJsonIsWellFormed() {
        String json = BenchMain.Json.write(Map.of("a", List.of(1, 2.5, "x\"y"), "b", true));
        assertTrue(json.contains("\"a\": [1, 2.5, \"x\\\"y\"]"), json);
        assertTrue(json.contains("\"b\": true"), json);
    }
}
