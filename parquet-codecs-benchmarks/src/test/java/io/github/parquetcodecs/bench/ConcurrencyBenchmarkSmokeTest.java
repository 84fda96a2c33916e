package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs {@link ConcurrencyBenchmark#roundTrip} once on each of four threads sharing one factory, and checks it. */
class ConcurrencyBenchmarkSmokeTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "SNAPPY, LIB_SHARED", "ZSTD, LIB_SHARED", "GZIP, LIB_SHARED", "LZ4_RAW, LIB_SHARED",
        "SNAPPY, BARE_PER_THREAD", "ZSTD, BARE_PER_THREAD", "GZIP, BARE_PER_THREAD", "LZ4_RAW, BARE_PER_THREAD"
    })
    void fourThreadsRoundTripTheirPages(String codec, String impl) throws Exception {
        ConcurrencyBenchmark.Shared shared = new ConcurrencyBenchmark.Shared();
        shared.codec = codec;
        shared.impl = impl;
        shared.pageSize = 65536;
        shared.setUp();
        ConcurrencyBenchmark benchmark = new ConcurrencyBenchmark();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ConcurrencyBenchmark.PerThread>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> {
                    ConcurrencyBenchmark.PerThread mine = new ConcurrencyBenchmark.PerThread();
                    mine.setUp(shared);
                    try {
                        assertEquals((long) PageSet.COUNT * shared.pageSize, benchmark.roundTrip(shared, mine));
                    } finally {
                        mine.tearDown();
                    }
                    return mine;
                }));
            }
            byte[] last = shared.pages.page(PageSet.COUNT - 1);
            for (Future<ConcurrencyBenchmark.PerThread> future : futures) {
                ConcurrencyBenchmark.PerThread mine = future.get();
                byte[] decompressed = shared.lib ? mine.out.array() : mine.decompressed;
                assertArrayEquals(last, decompressed, "the last page a thread decompressed");
            }
        } finally {
            pool.shutdown();
            shared.tearDown();
        }
    }
}
