package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hadoop.compression.lzo.LzoCodec;
import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.NativeMode;
import io.github.parquetcodecs.internal.PageCompressor;
import io.github.parquetcodecs.internal.PageDecompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BlockCompressorStream;
import org.apache.hadoop.io.compress.BlockDecompressorStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * The LZO codec's wire format against things this module did not write: parquet-codecs' LZO pages (exact bytes),
 * aircompressor's hadoop-lzo compatible Hadoop codec, and Hadoop's {@code BlockCompressorStream} and {@code
 * BlockDecompressorStream}, the two stream classes hadoop-lzo's {@code LzoCodec} returns, around raw LZO1X blocks:
 * they write a block of several chunks when one write exceeds their buffer, and a zero block header when a stream
 * closes after such a write.
 */
class LzoFramingTest {
    /** hadoop-lzo's default: io.compression.codec.lzo.buffersize 256 KiB, overhead bufferSize / 16 + 64 + 3. */
    private static final int HADOOP_LZO_BUFFER = 256 * 1024;

    private static final int HADOOP_LZO_OVERHEAD = HADOOP_LZO_BUFFER / 16 + 64 + 3;

    private final LzoCodec codec = TestStreams.codec(new LzoCodec());

    @Test
    void streamIsTheLibrarysPage() throws IOException {
        for (int length : new int[] {0, 1, 1000, 245_693, 245_694, 700_000, 1 << 20}) {
            byte[] data = TestStreams.data(length, length);
            byte[] stream = TestStreams.compress(codec, data);
            PageCompressor library =
                    Codecs.of(CompressionCodecName.LZO).engine(NativeMode.AUTO).compressor(0, 0);
            byte[] page = new byte[library.maxCompressedLength(length)];
            int pageLength = library.compress(ByteBuffer.wrap(data), 0, length, ByteBuffer.wrap(page), 0, page.length);
            assertArrayEquals(Arrays.copyOf(page, pageLength), stream, "LZO stream of " + length + " bytes");
            PageDecompressor decoder =
                    Codecs.of(CompressionCodecName.LZO).engine(NativeMode.AUTO).decompressor();
            byte[] decoded = new byte[length];
            assertEquals(
                    length,
                    decoder.decompress(ByteBuffer.wrap(stream), 0, stream.length, ByteBuffer.wrap(decoded), 0, length));
            assertArrayEquals(data, decoded);
            assertArrayEquals(data, TestStreams.decompress(codec, stream));
        }
    }

    /**
     * aircompressor's own Hadoop LZO codec writes blocks of about 61 KiB, which this codec reads. The other way is not
     * checked: aircompressor 2.0.3's LZO input stream fails (MalformedInputException) on any block of more than about
     * 64 KiB, so also on what Hadoop's BlockCompressorStream writes with hadoop-lzo's default 256 KiB buffer, which
     * {@link #hadoopBlockStreamsBothWays} checks instead.
     */
    @Test
    void readsAircompressorsHadoopLzoCodec() throws IOException {
        io.airlift.compress.lzo.LzoCodec airlift = new io.airlift.compress.lzo.LzoCodec();
        airlift.setConf(new Configuration());
        byte[] data = TestStreams.data(3_000_000, 7);
        assertArrayEquals(data, TestStreams.decompress(codec, TestStreams.compress(airlift, data)));
    }

    @Test
    void hadoopBlockStreamsBothWays() throws IOException {
        byte[] data = TestStreams.data(1_500_000, 11);
        // one write larger than the buffer: one block of several chunks, then a zero block header at close
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out =
                new BlockCompressorStream(bytes, new RawLzo1x(), HADOOP_LZO_BUFFER, HADOOP_LZO_OVERHEAD)) {
            out.write(data);
        }
        byte[] hadoop = bytes.toByteArray();
        int maxInput = HADOOP_LZO_BUFFER - HADOOP_LZO_OVERHEAD;
        int chunks = (data.length + maxInput - 1) / maxInput;
        assertEquals(data.length, ByteBuffer.wrap(hadoop).getInt(0), "one block header for the whole write");
        assertEquals(0, ByteBuffer.wrap(hadoop).getInt(hadoop.length - 4), "the zero block header at close");
        assertEquals(7, chunks);
        assertArrayEquals(data, TestStreams.decompress(codec, hadoop));

        // small writes: a block per buffer
        bytes.reset();
        try (OutputStream out =
                new BlockCompressorStream(bytes, new RawLzo1x(), HADOOP_LZO_BUFFER, HADOOP_LZO_OVERHEAD)) {
            for (int off = 0; off < data.length; off += 10_000) {
                out.write(data, off, Math.min(10_000, data.length - off));
            }
        }
        assertArrayEquals(data, TestStreams.decompress(codec, bytes.toByteArray()));

        try (InputStream in = new BlockDecompressorStream(
                new ByteArrayInputStream(TestStreams.compress(codec, data)),
                new RawLzo1x.Decoder(),
                HADOOP_LZO_BUFFER)) {
            assertArrayEquals(data, TestStreams.readAll(in));
        }
    }

    /** A raw LZO1X compressor as hadoop-lzo's LzoCompressor behaves under BlockCompressorStream (aircompressor's). */
    static final class RawLzo1x implements Compressor {
        private final io.airlift.compress.lzo.LzoCompressor lzo = new io.airlift.compress.lzo.LzoCompressor();
        private final ByteArrayOutputStream input = new ByteArrayOutputStream();
        private byte[] output;
        private int outputPosition;
        private boolean finish;
        private long read;

        @Override
        public void setInput(byte[] b, int off, int len) {
            input.write(b, off, len);
            read += len;
        }

        @Override
        public boolean needsInput() {
            return !finish;
        }

        @Override
        public void setDictionary(byte[] b, int off, int len) {}

        @Override
        public long getBytesRead() {
            return read;
        }

        @Override
        public long getBytesWritten() {
            return 0;
        }

        @Override
        public void finish() {
            finish = true;
        }

        @Override
        public boolean finished() {
            return finish && (input.size() == 0 || output != null && outputPosition == output.length);
        }

        @Override
        public int compress(byte[] b, int off, int len) {
            if (output == null) {
                byte[] in = input.toByteArray();
                byte[] out = new byte[lzo.maxCompressedLength(in.length)];
                output = Arrays.copyOf(out, lzo.compress(in, 0, in.length, out, 0, out.length));
            }
            int n = Math.min(len, output.length - outputPosition);
            System.arraycopy(output, outputPosition, b, off, n);
            outputPosition += n;
            return n;
        }

        @Override
        public void reset() {
            input.reset();
            output = null;
            outputPosition = 0;
            finish = false;
            read = 0;
        }

        @Override
        public void end() {}

        @Override
        public void reinit(Configuration conf) {
            reset();
        }

        /** The raw LZO1X decompressor for BlockDecompressorStream: one chunk per setInput. */
        static final class Decoder implements Decompressor {
            private final io.airlift.compress.lzo.LzoDecompressor lzo = new io.airlift.compress.lzo.LzoDecompressor();
            private final byte[] output = new byte[HADOOP_LZO_BUFFER];
            private int outputLength;
            private int outputPosition;

            @Override
            public void setInput(byte[] b, int off, int len) {
                outputLength = lzo.decompress(b, off, len, output, 0, output.length);
                outputPosition = 0;
            }

            @Override
            public boolean needsInput() {
                return outputPosition == outputLength;
            }

            @Override
            public void setDictionary(byte[] b, int off, int len) {}

            @Override
            public boolean needsDictionary() {
                return false;
            }

            @Override
            public boolean finished() {
                return false;
            }

            @Override
            public int decompress(byte[] b, int off, int len) {
                int n = Math.min(len, outputLength - outputPosition);
                System.arraycopy(output, outputPosition, b, off, n);
                outputPosition += n;
                return n;
            }

            @Override
            public int getRemaining() {
                return 0;
            }

            @Override
            public void reset() {
                outputLength = 0;
                outputPosition = 0;
            }

            @Override
            public void end() {}
        }
    }
}
