package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import io.github.parquetcodecs.internal.GrowingOutput;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A page header that lies about the decompressed size costs no memory: with the default (stock-compatible) page limit
 * of 2 GiB, a page of about 20 bytes that declares 1 GiB is refused with an IOException before its output is
 * allocated, measured with the thread's allocation counter. Where a page cannot bound its own size (BROTLI), the
 * output grows with the bytes actually decoded, and the allocation stays within them plus one chunk.
 */
class LyingPageSizeTest {
    private static final int GIB = 1 << 30;
    private static final HadoopFreeCodecFactory FACTORY = new HadoopFreeCodecFactory();

    /** The least heap allocated by three tries of {@code call}, and its exception (the first tries warm up). */
    private static long allocatedWhileRefusing(CompressionCodecName codec, byte[] page, int declared) {
        BytesInputDecompressor decompressor = FACTORY.getDecompressor(codec);
        long least = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = HostileDecoding.allocatedBytes();
            IOException e =
                    assertThrows(IOException.class, () -> decompressor.decompress(BytesInput.from(page), declared));
            least = Math.min(least, HostileDecoding.allocatedBytes() - before);
            assertTrue(e.getMessage().startsWith(codec + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(String.valueOf(declared)), e.getMessage());
        }
        return least;
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"BROTLI"})
    void aSmallPageThatDeclaresAGibibyteIsRefusedCheaply(CompressionCodecName codec) throws IOException {
        byte[] page = HostileDecoding.compress(FACTORY, codec, "eighteen bytes....".getBytes("US-ASCII"));
        // 18 bytes in a tiny page (41 bytes for GZIP on JDK 25: libdeflate stores inputs this small as they are, 18
        // bytes and a 5-byte stored-block header in 18 bytes of GZIP framing)
        assertTrue(page.length <= 41, codec + " page of " + page.length + " bytes");
        long allocated = allocatedWhileRefusing(codec, page, GIB);
        assertTrue(allocated < (1 << 20), codec + ": refusing the page allocated " + allocated + " bytes");

        // the same through the ByteBuffer call, which writes into the caller's buffer
        ByteBuffer out = ByteBuffer.allocate(64);
        IOException e = assertThrows(IOException.class, () -> FACTORY.getDecompressor(codec)
                .decompress(ByteBuffer.wrap(page), page.length, out, 64));
        assertTrue(e.getMessage().startsWith(codec + ": "), e.getMessage());
    }

    @Test
    void theMessageSaysWhatThePageStates() throws IOException {
        byte[] snappy = HostileDecoding.compress(FACTORY, CompressionCodecName.SNAPPY, new byte[18]);
        IOException e = assertThrows(IOException.class, () -> FACTORY.getDecompressor(CompressionCodecName.SNAPPY)
                .decompress(BytesInput.from(snappy), GIB));
        assertEquals(
                "SNAPPY: page of " + snappy.length + " compressed bytes declares 1073741824 decompressed bytes, but"
                        + " its Snappy header states 18 bytes",
                e.getMessage());
    }

    /**
     * A page that holds or decodes to fewer bytes than it declares ends early: an EOFException (a subclass of
     * IOException), on the BytesInput and the ByteBuffer path; more is an IOException that is not one.
     */
    @Test
    void fewerBytesThanDeclaredIsAnEofException() throws IOException {
        byte[] page = new byte[1000];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i * 31);
        }
        // an LZ4 block does not state its size: it decodes, to 1000 bytes
        byte[] lz4 = HostileDecoding.compress(FACTORY, CompressionCodecName.LZ4_RAW, page);
        BytesInputDecompressor lz4Decompressor = FACTORY.getDecompressor(CompressionCodecName.LZ4_RAW);
        EOFException e = assertThrows(EOFException.class, () -> lz4Decompressor.decompress(BytesInput.from(lz4), 1001));
        assertEquals(
                "LZ4_RAW: page of " + lz4.length + " compressed bytes decoded to 1000 bytes, expected 1001",
                e.getMessage());
        assertThrows(
                EOFException.class,
                () -> lz4Decompressor.decompress(
                        ByteBuffer.wrap(lz4), lz4.length, ByteBuffer.allocateDirect(1001), 1001));
        BytesInputDecompressor none = FACTORY.getDecompressor(CompressionCodecName.UNCOMPRESSED);
        e = assertThrows(EOFException.class, () -> none.decompress(BytesInput.from(page), 1001));
        assertEquals("UNCOMPRESSED: page holds 1000 bytes, expected 1001", e.getMessage());
        assertThrows(
                EOFException.class,
                () -> none.decompress(ByteBuffer.wrap(page), page.length, ByteBuffer.allocate(1001), 1001));
        IOException longer = assertThrows(IOException.class, () -> none.decompress(BytesInput.from(page), 999));
        assertEquals(IOException.class, longer.getClass());
    }

    /** zstd frames without a content size (as streams write them) still bound their size by their blocks. */
    @Test
    void zstdFramesWithoutAContentSizeAreBoundedByTheirBlocks() throws IOException {
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        try (ZstdOutputStream out = new ZstdOutputStream(streamed)) {
            out.write(new byte[300_000]);
        }
        byte[] page = streamed.toByteArray();
        assertTrue(page.length < 100, "a frame of " + page.length + " bytes");
        long allocated = allocatedWhileRefusing(CompressionCodecName.ZSTD, page, GIB);
        assertTrue(allocated < (1 << 20), "refusing the page allocated " + allocated + " bytes");
        // and the page decodes as usual at its real size
        assertEquals(
                300_000,
                FACTORY.getDecompressor(CompressionCodecName.ZSTD)
                        .decompress(BytesInput.from(page), 300_000)
                        .toByteArray()
                        .length);
    }

    /** BROTLI cannot bound its size: memory follows the bytes decoded, plus at most one chunk. */
    @Test
    void brotliMemoryFollowsTheBytesDecoded() throws IOException {
        CompressionCodecName brotli = CompressionCodecName.BROTLI;
        byte[] small = HostileDecoding.compress(FACTORY, brotli, new byte[18]);
        long allocated = allocatedWhileRefusing(brotli, small, GIB);
        assertTrue(allocated < 18 + GrowingOutput.CHUNK + 16 * 1024, "small page: " + allocated + " bytes");

        int decoded = 3_000_000;
        byte[] large = HostileDecoding.compress(FACTORY, brotli, new byte[decoded]);
        allocated = allocatedWhileRefusing(brotli, large, GIB);
        assertTrue(
                allocated < decoded + GrowingOutput.CHUNK + 64 * 1024,
                "a page that decodes to " + decoded + " bytes allocated " + allocated);
        assertEquals(
                decoded,
                FACTORY.getDecompressor(brotli)
                        .decompress(BytesInput.from(large), decoded)
                        .toByteArray()
                        .length);
    }
}
