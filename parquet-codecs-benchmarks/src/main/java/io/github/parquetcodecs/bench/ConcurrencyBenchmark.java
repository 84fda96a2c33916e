package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Several threads sharing one {@link HadoopFreeCodecFactory}, each compressing its own pages and decompressing what it
 * compressed (a round trip per page). Each invocation is one "column chunk" of {@link PageSet#COUNT} pages: the thread
 * asks the shared factory for its compressor and decompressor, as parquet-java does per column chunk, then runs the
 * pages. Run with JMH's {@code -t 1}, {@code -t 2} and {@code -t 4} ({@link BenchMain} does): the score is the
 * total over all threads, in pages per second; uncompressed MB/s = score x pageSize. {@code BARE_PER_THREAD} is the
 * same work with a bare codec per thread (no factory at all): the yardstick for how far the machine itself scales.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:MaxDirectMemorySize=1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ConcurrencyBenchmark {

    @State(Scope.Benchmark)
    public static class Shared {
        @Param({"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
        public String codec;

        @Param({"LIB_SHARED", "BARE_PER_THREAD"})
        public String impl;

        @Param({"65536"})
        public int pageSize;

        CompressionCodecName codecName;
        boolean lib;
        HadoopFreeCodecFactory factory;
        PageSet pages;

        @Setup(Level.Trial)
        public void setUp() {
            codecName = CompressionCodecName.valueOf(codec);
            lib = switch (impl) {
                case "LIB_SHARED" -> true;
                case "BARE_PER_THREAD" -> false;
                default -> throw new IllegalArgumentException("impl " + impl);
            };
            factory = new HadoopFreeCodecFactory();
            pages = PageSet.of(pageSize);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            factory.release();
        }
    }

    @State(Scope.Thread)
    public static class PerThread {
        byte[][] pages;
        BytesInput[] inputs;
        ByteBuffer out;
        BareCodec bare;
        byte[] compressed;
        byte[] decompressed;

        @Setup(Level.Trial)
        public void setUp(Shared shared) {
            pages = shared.pages.copyOfPages();
            inputs = new BytesInput[pages.length];
            for (int i = 0; i < pages.length; i++) {
                inputs[i] = BytesInput.from(ByteBuffer.wrap(pages[i]));
            }
            out = ByteBuffer.allocate(shared.pageSize);
            if (!shared.lib) {
                bare = BareCodec.of(shared.codecName);
                compressed = new byte[bare.maxCompressedLength(shared.pageSize)];
                decompressed = new byte[shared.pageSize];
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (bare != null) {
                bare.close();
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(PageSet.COUNT)
    public long roundTrip(Shared shared, PerThread mine) throws IOException {
        long total = 0;
        int pageSize = shared.pageSize;
        if (shared.lib) {
            // as parquet-java does per column chunk: fetch this thread's handles, then run the chunk's pages
            BytesInputCompressor compressor = shared.factory.getCompressor(shared.codecName);
            BytesInputDecompressor decompressor = shared.factory.getDecompressor(shared.codecName);
            for (int i = 0; i < PageSet.COUNT; i++) {
                BytesInput compressed = compressor.compress(mine.inputs[i]);
                ByteBuffer in = compressed.toByteBuffer();
                ByteBuffer out = mine.out;
                out.clear();
                decompressor.decompress(in, in.remaining(), out, pageSize);
                total += out.position();
            }
        } else {
            BareCodec bare = mine.bare;
            for (int i = 0; i < PageSet.COUNT; i++) {
                int length = bare.compress(mine.pages[i], pageSize, mine.compressed);
                total += bare.decompress(mine.compressed, length, mine.decompressed, pageSize);
            }
        }
        return total;
    }
}
