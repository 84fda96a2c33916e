package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The two rows of the CLI's {@code bench --bare} that issue #23 compares, as JMH: {@code LIB} is parquet-java's byte[]
 * path through this library ({@code decompress(BytesInput, int)}, which returns a new page each call, and {@code
 * compress(BytesInput)} copied out with {@code toByteArray()}); {@code BARE} calls the codec library directly, into a
 * new array per decompressed page, and compresses into a reused scratch array copied out into a new array. Both do the
 * work a parquet-java reader and writer need. One operation is one page of {@code pageSize} bytes; {@code data} is the
 * {@link PageSet} pages or random bytes (incompressible, as most of the taxi file's columns are).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class NewArrayBenchmark {
    @Param({"SNAPPY", "ZSTD", "LZ4_RAW"})
    public String codec;

    @Param({"8192", "163840"})
    public int pageSize;

    @Param({"pages", "random"})
    public String data;

    @Param({"LIB", "BARE"})
    public String impl;

    private byte[][] pages;
    private byte[][] compressed;
    private HadoopFreeCodecFactory factory;
    private BytesInputCompressor compressor;
    private BytesInputDecompressor decompressor;
    private BareCodec bare;
    private byte[] scratch;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        CompressionCodecName name = CompressionCodecName.valueOf(codec);
        if (data.equals("random")) {
            Random random = new Random(42);
            pages = new byte[PageSet.COUNT][pageSize];
            for (byte[] page : pages) {
                random.nextBytes(page);
            }
        } else {
            pages = PageSet.of(pageSize).copyOfPages();
        }
        compressed = CodecEngine.compressedPages(name, pages);
        if (impl.equals("LIB")) {
            factory = new HadoopFreeCodecFactory();
            compressor = factory.getCompressor(name);
            decompressor = factory.getDecompressor(name);
        } else {
            bare = BareCodec.of(name);
            scratch = new byte[bare.maxCompressedLength(pageSize)];
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (factory != null) {
            factory.release();
        }
        if (bare != null) {
            bare.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(PageSet.COUNT)
    public void decompress(Blackhole blackhole) throws IOException {
        for (int i = 0; i < PageSet.COUNT; i++) {
            blackhole.consume(decompressPage(i));
        }
    }

    @Benchmark
    @OperationsPerInvocation(PageSet.COUNT)
    public void compress(Blackhole blackhole) throws IOException {
        for (int i = 0; i < PageSet.COUNT; i++) {
            blackhole.consume(compressPage(i));
        }
    }

    /** Page {@code i} decompressed: the library's {@link BytesInput}, or the bare row's new array. */
    Object decompressPage(int i) throws IOException {
        byte[] in = compressed[i];
        if (decompressor != null) {
            return decompressor.decompress(BytesInput.from(in), pageSize);
        }
        byte[] out = new byte[pageSize];
        int n = bare.decompress(in, in.length, out, pageSize);
        if (n != pageSize) {
            throw new IOException("decompressed " + n + " bytes, expected " + pageSize);
        }
        return out;
    }

    /** Page {@code i} compressed, in a new array of its own. */
    byte[] compressPage(int i) throws IOException {
        if (compressor != null) {
            return compressor.compress(BytesInput.from(pages[i])).toByteArray();
        }
        return Arrays.copyOf(scratch, bare.compress(pages[i], pageSize, scratch));
    }

    byte[] page(int i) {
        return pages[i];
    }
}
