package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
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
    void endToEndBenchmark() throws Exception {
        assertScored(
                new Runner(tiny(EndToEndBenchmark.class)
                                .param("codec", "SNAPPY")
                                .param("pages", "V1")
                                .param("dictionary", "true")
                                .param("impl", "LIB")
                                .param("rows", "2000")
                                .build())
                        .run(),
                1);
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
    void metaJsonIsWellFormed() {
        String json = BenchMain.Json.write(Map.of("a", List.of(1, 2.5, "x\"y"), "b", true));
        assertTrue(json.contains("\"a\": [1, 2.5, \"x\\\"y\"]"), json);
        assertTrue(json.contains("\"b\": true"), json);
    }
}
