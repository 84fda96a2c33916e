package io.github.parquetcodecs.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * {@link DeferredDecompression}: on the thread that started it, the first compressed page is put off (a stand-in of the
 * declared size), and {@link DeferredDecompression#run()} or reading the stand-in gives exactly the bytes decompressing
 * at once gives, or the same error; nothing else is put off.
 */
class DeferredDecompressionTest {
    private final HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
    private final byte[] page = "a page of values, a page of values, a page of values: 0123456789"
            .repeat(40)
            .getBytes(StandardCharsets.UTF_8);

    private BytesInput compressed(CompressionCodecName codec) throws IOException {
        return BytesInput.from(
                factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray());
    }

    @Test
    void theFirstCompressedPageIsPutOffAndGivesTheSameBytes() throws IOException {
        for (CompressionCodecName codec : new CompressionCodecName[] {
            CompressionCodecName.GZIP,
            CompressionCodecName.ZSTD,
            CompressionCodecName.SNAPPY,
            CompressionCodecName.LZ4_RAW
        }) {
            BytesInputDecompressor decompressor = factory.getDecompressor(codec);
            BytesInput input = compressed(codec);
            DeferredDecompression deferred = DeferredDecompression.start();
            BytesInput standIn;
            BytesInput second;
            try {
                standIn = decompressor.decompress(input, page.length);
                second = decompressor.decompress(input, page.length);
            } finally {
                deferred.stop();
            }
            assertTrue(deferred.deferred(), codec.name());
            assertEquals(page.length, standIn.size(), codec.name());
            assertArrayEquals(page, second.toByteArray(), codec + ": only the first page is put off");
            assertArrayEquals(page, deferred.run().toByteArray(), codec.name());
            assertArrayEquals(page, standIn.toByteArray(), codec + ": the stand-in decompresses when read");
            assertArrayEquals(page, decompressor.decompress(input, page.length).toByteArray(), codec + ": after stop");
        }
    }

    @Test
    void uncompressedPagesAndOtherThreadsAreNotPutOff() throws Exception {
        BytesInput plain = BytesInput.from(page);
        DeferredDecompression deferred = DeferredDecompression.start();
        try {
            assertArrayEquals(
                    page,
                    factory.getDecompressor(CompressionCodecName.UNCOMPRESSED)
                            .decompress(plain, page.length)
                            .toByteArray());
            BytesInput input = compressed(CompressionCodecName.ZSTD);
            byte[][] elsewhere = new byte[1][];
            Thread other = new Thread(() -> {
                try {
                    elsewhere[0] = factory.getDecompressor(CompressionCodecName.ZSTD)
                            .decompress(input, page.length)
                            .toByteArray();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            other.start();
            other.join();
            assertArrayEquals(page, elsewhere[0]);
        } finally {
            deferred.stop();
        }
        assertFalse(deferred.deferred());
    }

    @Test
    void aPagePutOffFailsAsItWouldAtOnce() throws IOException {
        BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.ZSTD);
        byte[] whole = compressed(CompressionCodecName.ZSTD).toByteArray();
        byte[] broken = java.util.Arrays.copyOf(whole, whole.length - 3); // the frame cut short
        IOException atOnce =
                assertThrows(IOException.class, () -> decompressor.decompress(BytesInput.from(broken), page.length));
        DeferredDecompression deferred = DeferredDecompression.start();
        BytesInput standIn;
        try {
            standIn = decompressor.decompress(BytesInput.from(broken), page.length);
        } finally {
            deferred.stop();
        }
        IOException later = assertThrows(IOException.class, deferred::run);
        assertNotSame(atOnce, later);
        assertEquals(atOnce.getMessage(), later.getMessage());
        assertEquals(
                atOnce.getMessage(),
                assertThrows(IOException.class, standIn::toByteArray).getMessage());
        // a declared size the codec refuses is refused at once, not put off
        DeferredDecompression again = DeferredDecompression.start();
        try {
            assertThrows(IOException.class, () -> decompressor.decompress(BytesInput.from(broken), -1));
        } finally {
            again.stop();
        }
        assertFalse(again.deferred());
    }
}
