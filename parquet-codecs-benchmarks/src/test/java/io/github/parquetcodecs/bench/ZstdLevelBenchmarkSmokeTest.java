package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.nio.ByteBuffer;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs each {@link ZstdLevelBenchmark} method once per engine at a negative and a high level, and with workers, and
 * checks what it produced. The FFM engines run on JDK 25 and later; before it, they fail saying why.
 */
class ZstdLevelBenchmarkSmokeTest {

    @ParameterizedTest(name = "{0} level {1} workers {2}")
    @CsvSource({
        "LIB, -1, 0",
        "LIB, 19, 0",
        "LIB, 3, 2",
        "LIB_FFM, -1, 0",
        "LIB_FFM, 19, 0",
        "LIB_FFM, 3, 2",
        "BARE_JNI, -1, 0",
        "BARE_JNI, 19, 0",
        "BARE_FFM, -1, 0",
        "BARE_FFM, 19, 0"
    })
    void compressAndDecompressOnce(String impl, int level, int workers) throws Exception {
        ZstdLevelBenchmark benchmark = new ZstdLevelBenchmark();
        benchmark.impl = impl;
        benchmark.level = level;
        benchmark.workers = workers;
        benchmark.pageSize = 65536;
        if (impl.endsWith("FFM") && Runtime.version().feature() < 25) {
            Exception e = assertThrows(RuntimeException.class, benchmark::setUp);
            // the tier cannot run here: the library refuses ffm-only, the bare row needs JDK 25
            assertEquals(
                    impl.equals("BARE_FFM") ? UnsupportedOperationException.class : IllegalStateException.class,
                    e.getClass(),
                    e.toString());
            return;
        }
        benchmark.setUp();
        HadoopFreeCodecFactory reference = new HadoopFreeCodecFactory();
        try {
            PageSet pages = PageSet.of(benchmark.pageSize);
            BytesInputDecompressor check = reference.getDecompressor(CompressionCodecName.ZSTD);
            benchmark.compress();
            for (int i = 0; i < PageSet.COUNT; i++) {
                benchmark.engine.compress(i);
                byte[] bytes = benchmark.engine.lastCompressed();
                ByteBuffer out = ByteBuffer.allocate(benchmark.pageSize);
                check.decompress(ByteBuffer.wrap(bytes), bytes.length, out, benchmark.pageSize);
                assertArrayEquals(pages.page(i), out.array(), "compressed page " + i + " does not round-trip");
            }
            assertEquals((long) PageSet.COUNT * benchmark.pageSize, benchmark.decompress());
            for (int i = 0; i < PageSet.COUNT; i++) {
                assertEquals(benchmark.pageSize, benchmark.engine.decompress(i));
                assertArrayEquals(pages.page(i), benchmark.engine.lastDecompressed(), "page " + i);
            }
        } finally {
            benchmark.tearDown();
            reference.release();
        }
    }
}
