package io.github.parquetcodecs.bench;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.airlift.compress.hadoop.HadoopStreams;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lz4.Lz4HadoopStreams;
import io.airlift.compress.lzo.LzoHadoopStreams;
import io.github.parquetcodecs.CompressionLevels;
import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
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
 * Whether hand-written page framing pays over the framing the codec libraries ship: LZ4 and LZO in Hadoop's block
 * framing, hand-written around aircompressor's block codecs ({@code HAND_WRITTEN}: {@link BareCodec.HadoopFramed}, the
 * shape of this library's and of the upstream series' code) against aircompressor's own Hadoop streams ({@code
 * LIBRARY}: {@link Lz4HadoopStreams}, {@link LzoHadoopStreams}, a stream per page, as a page codec would use them);
 * BROTLI decoded through brotli4j's JNI decoder in a loop that stops at the declared size ({@code HAND_WRITTEN}: this
 * library's factory on heap pages) against brotli4j's {@code Decoder.decompress(data, offset, length, maxSize)}, which
 * stops there too, copied into the page ({@code LIBRARY}). Heap pages of {@link PageSet}, one operation per page.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FramingBenchmark extends PageCodecBenchmark {
    /** Hadoop's buffer size for LZ4 and LZO (io.compression.codec.lz4.buffersize, io.compression.codec.lzo.buffersize). */
    static final int HADOOP_BUFFER = 256 * 1024;

    @Param({"LZ4", "LZO", "BROTLI"})
    public String codec;

    @Param({"65536", "1048576"})
    public int pageSize;

    @Param({"HAND_WRITTEN", "LIBRARY"})
    public String route;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        engine = create(
                CompressionCodecName.valueOf(codec), route, PageSet.of(pageSize).copyOfPages(), pageSize);
    }

    static CodecEngine create(CompressionCodecName codec, String route, byte[][] pages, int pageSize)
            throws IOException {
        byte[][] compressed = CodecEngine.compressedPages(codec, pages);
        boolean hand = route.equals("HAND_WRITTEN");
        switch (codec) {
            case LZ4:
                return hand
                        ? new CodecEngine.BareHeap(
                                new BareCodec.HadoopFramed(
                                        BareCodec.aircompressor(new Lz4Compressor(), new Lz4Decompressor()),
                                        BareCodec.LZ4_BLOCK),
                                codec,
                                pages,
                                compressed,
                                pageSize)
                        : new Streams(new Lz4HadoopStreams(HADOOP_BUFFER), codec, pages, compressed, pageSize);
            case LZO:
                return hand
                        ? new CodecEngine.BareHeap(BareCodec.of(codec), codec, pages, compressed, pageSize)
                        : new Streams(new LzoHadoopStreams(HADOOP_BUFFER), codec, pages, compressed, pageSize);
            case BROTLI:
                return hand
                        ? new CodecEngine.Factory(
                                new HadoopFreeCodecFactory(), false, codec, pages, compressed, pageSize)
                        : new BoundedBrotli(codec, pages, compressed, pageSize);
            default:
                throw new IllegalArgumentException("no framing to compare for " + codec);
        }
    }

    /** aircompressor's Hadoop streams, a stream per page, into a reused sink and out of the page's bytes. */
    static final class Streams extends CodecEngine {
        private final HadoopStreams streams;
        private final byte[][] pages;
        private final byte[][] compressed;
        private final ByteArrayOutputStream sink;
        private final byte[] out;
        private int lastOut;

        Streams(HadoopStreams streams, CompressionCodecName codec, byte[][] pages, byte[][] compressed, int pageSize) {
            super(codec, pageSize, pages.length);
            this.streams = streams;
            this.pages = pages;
            this.compressed = compressed;
            this.sink = new ByteArrayOutputStream(2 * pageSize);
            this.out = new byte[pageSize];
        }

        @Override
        public long compress(int i) throws IOException {
            sink.reset();
            try (OutputStream stream = streams.createOutputStream(sink)) {
                stream.write(pages[i], 0, pageSize);
            }
            return sink.size();
        }

        @Override
        public int decompress(int i) throws IOException {
            try (InputStream stream = streams.createInputStream(new ByteArrayInputStream(compressed[i]))) {
                int n = stream.readNBytes(out, 0, pageSize);
                if (stream.read() >= 0) {
                    throw new IOException(codec + " page decompresses to more than " + pageSize + " bytes");
                }
                return lastOut = n;
            }
        }

        @Override
        public byte[] lastCompressed() {
            return sink.toByteArray();
        }

        @Override
        public byte[] lastDecompressed() {
            return Arrays.copyOf(out, lastOut);
        }

        @Override
        public void close() {}
    }

    /** brotli4j's {@code Encoder.compress}, and {@code Decoder.decompress} bounded by the page size, copied out. */
    static final class BoundedBrotli extends CodecEngine {
        private final Encoder.Parameters parameters =
                new Encoder.Parameters().setQuality(CompressionLevels.BROTLI_DEFAULT_QUALITY);
        private final byte[][] pages;
        private final byte[][] compressed;
        private final byte[] out;
        private byte[] last = new byte[0];
        private int lastOut;

        BoundedBrotli(CompressionCodecName codec, byte[][] pages, byte[][] compressed, int pageSize) {
            super(codec, pageSize, pages.length);
            Brotli4jLoader.ensureAvailability();
            this.pages = pages;
            this.compressed = compressed;
            this.out = new byte[pageSize];
        }

        @Override
        public long compress(int i) throws IOException {
            last = Encoder.compress(pages[i], 0, pageSize, parameters);
            return last.length;
        }

        @Override
        public int decompress(int i) throws IOException {
            byte[] in = compressed[i];
            byte[] decoded = Decoder.decompress(in, 0, in.length, pageSize);
            System.arraycopy(decoded, 0, out, 0, decoded.length);
            return lastOut = decoded.length;
        }

        @Override
        public byte[] lastCompressed() {
            return last.clone();
        }

        @Override
        public byte[] lastDecompressed() {
            return Arrays.copyOf(out, lastOut);
        }

        @Override
        public void close() {}
    }
}
