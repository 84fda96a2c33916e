package io.github.parquetcodecs.bench;

import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The two measured operations of the page benchmarks ({@link CodecBenchmark}, {@link ZstdLevelBenchmark}): one
 * operation is one page, compressed or decompressed by the {@link CodecEngine} the subclass sets up; each invocation
 * walks the {@link PageSet#COUNT} column shapes of the page set. JMH runs these methods under each subclass's name.
 */
public abstract class PageCodecBenchmark {
    CodecEngine engine;

    @TearDown(Level.Trial)
    public void tearDown() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    @Benchmark
    @OperationsPerInvocation(PageSet.COUNT)
    public long compress() throws IOException {
        CodecEngine e = engine;
        long total = 0;
        for (int i = 0; i < PageSet.COUNT; i++) {
            total += e.compress(i);
        }
        return total;
    }

    @Benchmark
    @OperationsPerInvocation(PageSet.COUNT)
    public long decompress() throws IOException {
        CodecEngine e = engine;
        long total = 0;
        for (int i = 0; i < PageSet.COUNT; i++) {
            total += e.decompress(i);
        }
        return total;
    }
}
