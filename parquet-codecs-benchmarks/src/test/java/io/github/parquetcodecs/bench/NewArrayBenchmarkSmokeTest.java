package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Checks that both rows of {@link NewArrayBenchmark} do the work they claim, page by page: the compressed pages
 * decompress (through the library, a decompressor the row did not use) to the originals, and the decompressed pages
 * are the originals, in arrays of their own; and that JMH runs every benchmark of it.
 */
class NewArrayBenchmarkSmokeTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "SNAPPY, LIB, pages",
        "SNAPPY, BARE, random",
        "ZSTD, LIB, random",
        "ZSTD, BARE, pages",
        "LZ4_RAW, LIB, pages",
        "LZ4_RAW, LIB, random",
        "LZ4_RAW, BARE, pages",
        "LZ4_RAW, BARE, random"
    })
    void everyPageRoundTrips(String codec, String impl, String data) throws Exception {
        NewArrayBenchmark benchmark = new NewArrayBenchmark();
        benchmark.codec = codec;
        benchmark.impl = impl;
        benchmark.data = data;
        benchmark.pageSize = 8192;
        benchmark.setUp();
        HadoopFreeCodecFactory reference = new HadoopFreeCodecFactory();
        try {
            BytesInputDecompressor check = reference.getDecompressor(CompressionCodecName.valueOf(codec));
            Set<Object> outputs = new HashSet<>();
            for (int i = 0; i < PageSet.COUNT; i++) {
                byte[] page = benchmark.page(i);
                assertEquals(benchmark.pageSize, page.length);
                byte[] compressed = benchmark.compressPage(i);
                assertArrayEquals(
                        page,
                        check.decompress(BytesInput.from(compressed), page.length)
                                .toByteArray(),
                        "compressed page " + i);
                Object out = benchmark.decompressPage(i);
                byte[] bytes = out instanceof BytesInput ? ((BytesInput) out).toByteArray() : (byte[]) out;
                assertArrayEquals(page, bytes, "decompressed page " + i);
                assertTrue(outputs.add(out), "page " + i + " has an output of its own");
            }
        } finally {
            benchmark.tearDown();
            reference.release();
        }
    }

    @Test
    void jmhRunsEveryBenchmark() throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include(NewArrayBenchmark.class.getName() + "\\.")
                        .param("codec", "LZ4_RAW")
                        .param("pageSize", "8192")
                        .param("data", "random")
                        .forks(0)
                        .warmupIterations(0)
                        .measurementIterations(1)
                        .measurementTime(org.openjdk.jmh.runner.options.TimeValue.milliseconds(100))
                        .shouldFailOnError(true)
                        .build())
                .run();
        Set<String> ran = new HashSet<>();
        for (RunResult result : results) {
            ran.add(result.getParams().getBenchmark().replaceAll(".*\\.", "") + " "
                    + result.getParams().getParam("impl"));
            assertTrue(
                    result.getPrimaryResult().getScore() > 0, result.getParams().toString());
        }
        assertEquals(Set.of("compress LIB", "compress BARE", "decompress LIB", "decompress BARE"), ran);
    }
}
