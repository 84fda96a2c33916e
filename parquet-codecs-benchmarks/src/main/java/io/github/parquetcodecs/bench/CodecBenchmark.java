package io.github.parquetcodecs.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Page compression and decompression, one page at a time, for every codec, two page sizes and the implementations of
 * {@link CodecEngine.Impl} side by side. One operation is one page of exactly {@code pageSize} uncompressed bytes
 * (each invocation walks the {@link PageSet#COUNT} column shapes of the page set), so uncompressed MB/s = ops/s x
 * pageSize, and {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes allocated per page.
 *
 * <p>Stock parquet-java cannot do LZO (GPL hadoop-lzo) or BROTLI (jbrotli) here: {@link BenchMain} does not run those
 * pairs and the report lists them with stock's own error. Run through JMH directly, their setup throws saying so.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:MaxDirectMemorySize=1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CodecBenchmark extends PageCodecBenchmark {
    @Param({"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"})
    public String codec;

    @Param({"8192", "65536", "1048576"})
    public int pageSize;

    @Param({
        "BARE_HEAP",
        "LIB_HEAP",
        "LIB_NO_FFM_HEAP",
        "STOCK_HEAP",
        "BARE_DIRECT",
        "LIB_DIRECT",
        "LIB_NO_FFM_DIRECT",
        "STOCK_DIRECT"
    })
    public String impl;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        PageSet pages = PageSet.of(pageSize);
        engine = CodecEngine.create(
                CodecEngine.Impl.valueOf(impl), CompressionCodecName.valueOf(codec), pages.copyOfPages(), pageSize);
    }
}
