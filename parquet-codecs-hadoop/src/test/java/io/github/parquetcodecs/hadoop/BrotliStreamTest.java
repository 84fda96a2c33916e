package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.GrowingOutput;
import io.github.parquetcodecs.internal.NativeMode;
import io.github.parquetcodecs.internal.PageCompressor;
import io.github.parquetcodecs.internal.PageDecompressor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hadoop.io.compress.BrotliCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/** The BROTLI codec's streams against parquet-codecs' BROTLI pages, both ways, and concatenated streams. */
class BrotliStreamTest {
    private final BrotliCodec codec = TestStreams.codec(new BrotliCodec());

    @Test
    void libraryPagesBothWays() throws IOException {
        for (int length : new int[] {0, 1, 1000, 100_000, 3_000_000}) {
            byte[] data = TestStreams.data(length, length);
            byte[] stream = TestStreams.compress(codec, data);
            PageDecompressor decoder = Codecs.of(CompressionCodecName.BROTLI)
                    .engine(NativeMode.AUTO)
                    .decompressor();
            GrowingOutput decoded = new GrowingOutput(length);
            decoder.decompress(ByteBuffer.wrap(stream), 0, stream.length, decoded);
            assertArrayEquals(data, decoded.toArray(), "the library decodes the stream of " + length + " bytes");

            PageCompressor library = Codecs.of(CompressionCodecName.BROTLI)
                    .engine(NativeMode.AUTO)
                    .compressor(1, 0);
            byte[] page = new byte[library.maxCompressedLength(length)];
            int pageLength = library.compress(ByteBuffer.wrap(data), 0, length, ByteBuffer.wrap(page), 0, page.length);
            assertArrayEquals(
                    data,
                    TestStreams.decompress(codec, Arrays.copyOf(page, pageLength)),
                    "the stream decodes the library's page of " + length + " bytes");
        }
    }

    /**
     * finish() and resetState() between parts, as SequenceFile's block compression does: each part is a whole Brotli
     * stream of its own, which a new input stream reads. (One input stream over concatenated Brotli streams is not
     * supported: brotli4j does not say where a stream ended in its input.)
     */
    @Test
    void finishAndResetStateMakeWholeStreams() throws IOException {
        byte[] first = TestStreams.data(200_000, 1);
        byte[] second = TestStreams.data(50_000, 2);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int firstLength;
        try (CompressionOutputStream out = codec.createOutputStream(bytes)) {
            out.write(first);
            out.finish();
            firstLength = bytes.size();
            out.resetState();
            out.write(second);
        }
        byte[] all = bytes.toByteArray();
        assertArrayEquals(first, TestStreams.decompress(codec, Arrays.copyOf(all, firstLength)));
        assertArrayEquals(second, TestStreams.decompress(codec, Arrays.copyOfRange(all, firstLength, all.length)));
        assertEquals(".br", codec.getDefaultExtension());
    }
}
