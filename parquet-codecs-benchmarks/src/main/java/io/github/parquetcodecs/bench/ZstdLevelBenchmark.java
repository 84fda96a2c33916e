package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
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
 * ZSTD across levels and workers on JDK 25: zstd-jni against libzstd through FFM, each bare and inside the library. It
 * is what the library's choice of ZSTD engine on JDK 25 rests on (zstd-jni first, the native tier's libzstd when
 * zstd-jni cannot load): for every level, negative ones included, which is faster.
 *
 * <p>{@code impl}: LIB (the library at {@code level} with {@code workers}: zstd-jni), LIB_FFM (the same with {@code
 * parquet.codecs.native=ffm-only}: the tier's libzstd), BARE_JNI (zstd-jni's ZstdCompressCtx at {@code level}, reused),
 * BARE_FFM (aircompressor-v3's ZstdNativeCompressor at {@code level}). The bare engines have no workers. Pages to
 * decompress are compressed at {@code level}. One operation is one page, as in {@link CodecBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ZstdLevelBenchmark extends PageCodecBenchmark {
    @Param({"-1", "1", "3", "9", "19"})
    public int level;

    @Param({"0"})
    public int workers;

    @Param({"1048576"})
    public int pageSize;

    @Param({"LIB", "LIB_FFM", "BARE_JNI", "BARE_FFM"})
    public String impl;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        if (workers > 0 && impl.startsWith("BARE")) {
            throw new UnsupportedOperationException("the bare rows have no workers: " + impl);
        }
        byte[][] pages = PageSet.of(pageSize).copyOfPages();
        HadoopFreeCodecFactory reference = factory("no-ffm");
        byte[][] compressed = new byte[pages.length][];
        try {
            BytesInputCompressor compressor = reference.getCompressor(CompressionCodecName.ZSTD);
            for (int i = 0; i < pages.length; i++) {
                compressed[i] = compressor.compress(BytesInput.from(pages[i])).toByteArray();
            }
        } finally {
            reference.release();
        }
        CompressionCodecName zstd = CompressionCodecName.ZSTD;
        switch (impl) {
            case "LIB":
                engine = new CodecEngine.Factory(factory("auto"), false, zstd, pages, compressed, pageSize);
                break;
            case "LIB_FFM":
                engine = new CodecEngine.Factory(factory("ffm-only"), false, zstd, pages, compressed, pageSize);
                break;
            case "BARE_JNI":
                engine = new CodecEngine.BareHeap(BareCodec.of(zstd, level), zstd, pages, compressed, pageSize);
                break;
            case "BARE_FFM":
                engine = new CodecEngine.BareHeap(BareRows.ffmZstd(level), zstd, pages, compressed, pageSize);
                break;
            default:
                throw new IllegalArgumentException("impl " + impl);
        }
    }

    /** The library at this state's level and workers, in native mode {@code mode}. */
    HadoopFreeCodecFactory factory(String mode) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.setInt(HadoopFreeCodecFactory.ZSTD_LEVEL, level);
        conf.setInt(HadoopFreeCodecFactory.ZSTD_WORKERS, workers);
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, mode);
        return new HadoopFreeCodecFactory(conf);
    }
}
