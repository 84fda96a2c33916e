package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.ToyRleCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * Adding a codec is one file ({@link ToyRleCodec}) and one line (the {@code with(...)} below, or a line of {@code
 * Codecs.STANDARD}): the factory then gives it levels from its configuration key, a pooled engine, heap, direct and
 * mixed buffers, and the size check, with nothing else changed.
 */
class AddACodecTest {
    private static final CompressionCodecName NAME = CompressionCodecName.LZO;

    private final ToyRleCodec toy = new ToyRleCodec(NAME);
    private final Codecs codecs = Codecs.standard().with(toy); // the one line

    private HadoopFreeCodecFactory factory(String level) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        if (level != null) {
            conf.set(ToyRleCodec.LEVEL_KEY, level);
        }
        return new HadoopFreeCodecFactory(conf, codecs);
    }

    private static byte[] page() {
        byte[] page = new byte[10_000];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i / 300);
        }
        return page;
    }

    @Test
    void theFactoryServesTheToyCodecThroughEveryPath() throws IOException {
        HadoopFreeCodecFactory factory = factory(null);
        assertEquals("toy-rle (pure Java)", factory.implementation(NAME));
        byte[] page = page();
        byte[] compressed =
                factory.getCompressor(NAME).compress(BytesInput.from(page)).toByteArray();
        // default level 7: runs of at most 128 bytes; 33 runs of 300 bytes take three pairs each, the last 100 one
        assertEquals(4 + 2 * (33 * 3 + 1), compressed.length);

        BytesInputDecompressor decompressor = factory.getDecompressor(NAME);
        assertArrayEquals(
                page,
                decompressor
                        .decompress(BytesInput.from(compressed), page.length)
                        .toByteArray());
        for (boolean directIn : new boolean[] {false, true}) {
            for (boolean directOut : new boolean[] {false, true}) {
                ByteBuffer in = buffer(compressed.length + 8, directIn);
                in.position(3);
                in.put(compressed).flip().position(3);
                ByteBuffer out = buffer(page.length + 10, directOut);
                out.position(5);
                decompressor.decompress(in, compressed.length, out, page.length);
                assertEquals(5 + page.length, out.position());
                byte[] decoded = new byte[page.length];
                out.position(5);
                out.get(decoded);
                assertArrayEquals(page, decoded, "direct in " + directIn + ", direct out " + directOut);
            }
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(page.length);
        direct.put(page).flip();
        assertArrayEquals(
                compressed,
                factory.getCompressor(NAME).compress(BytesInput.from(direct)).toByteArray());
    }

    @Test
    void levelsComeFromTheCodecsKeyAndRange() throws IOException {
        byte[] page = page();
        byte[] level1 =
                factory("1").getCompressor(NAME).compress(BytesInput.from(page)).toByteArray();
        assertEquals(4 + 2 * page.length / 2, level1.length, "runs of at most 2 bytes");
        assertArrayEquals(
                level1,
                factory(null)
                        .getCompressor(NAME, 1)
                        .compress(BytesInput.from(page))
                        .toByteArray());
        BadConfigurationException e = assertThrows(
                BadConfigurationException.class, () -> factory(null).getCompressor(NAME, 9));
        assertTrue(e.getMessage().contains("1 to 8 (default 7)"), e.getMessage());
        e = assertThrows(BadConfigurationException.class, () -> factory("nine").getCompressor(NAME));
        assertTrue(e.getMessage().contains(ToyRleCodec.LEVEL_KEY), e.getMessage());
    }

    @Test
    void aLyingPageIsRefusedByTheCodecsOwnCheck() throws IOException {
        HadoopFreeCodecFactory factory = factory(null);
        byte[] compressed = factory.getCompressor(NAME)
                .compress(BytesInput.from(new byte[18]))
                .toByteArray();
        IOException e = assertThrows(IOException.class, () -> factory.getDecompressor(NAME)
                .decompress(BytesInput.from(compressed), 1 << 30));
        assertEquals(
                "LZO: page of 6 compressed bytes declares 1073741824 decompressed bytes, but its header states 18 bytes",
                e.getMessage());
    }

    @Test
    void factoriesComeAndGoButEnginesAreReused() throws IOException {
        byte[] page = page();
        for (int i = 0; i < 1000; i++) {
            HadoopFreeCodecFactory factory = factory(null);
            byte[] compressed =
                    factory.getCompressor(NAME).compress(BytesInput.from(page)).toByteArray();
            factory.getDecompressor(NAME).decompress(BytesInput.from(compressed), page.length);
        }
        assertEquals(1, toy.compressorsCreated.get(), "one thread, one level: one compressor engine");
        assertEquals(1, toy.decompressorsCreated.get());
    }

    private static ByteBuffer buffer(int capacity, boolean direct) {
        return direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    }

    @Test
    void compressorsOfOneThreadAreShared() {
        HadoopFreeCodecFactory factory = factory(null);
        BytesInputCompressor compressor = factory.getCompressor(NAME);
        assertTrue(compressor == factory.getCompressor(NAME));
    }
}
