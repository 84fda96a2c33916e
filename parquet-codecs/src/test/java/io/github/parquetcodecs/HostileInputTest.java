package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed pages for every codec: truncated, bit-flipped, random, with lying sizes and lying headers. Each must give an
 * IOException naming the codec, in bounded time and heap, with nothing written outside the output slice
 * ({@link HostileDecoding} checks all of that on every path); never a crash, an Error or an unchecked exception.
 *
 * <p>SNAPPY and ZSTD run twice: with their native library and with the pure-Java fallback.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileInputTest {
    private static final int PAGE_SIZE = 20_000;
    private static final HadoopFreeCodecFactory NATIVE = new HadoopFreeCodecFactory();
    private static final HadoopFreeCodecFactory PURE_JAVA = HostileDecoding.pureJava();
    /** For declared sizes in the gigabytes: refused up front instead of allocating them. */
    private static final HadoopFreeCodecFactory LIMITED = HostileDecoding.limited(64 << 20);

    @AfterAll
    static void release() {
        NATIVE.release();
        PURE_JAVA.release();
        LIMITED.release();
    }

    /** Every codec with its default library, plus the pure-Java one of each codec that runs natively here. */
    static Stream<Arguments> variants() {
        List<Arguments> variants = new ArrayList<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            variants.add(Arguments.of(codec, false));
            if (HostileDecoding.hasPureJavaVariant(codec)) {
                variants.add(Arguments.of(codec, true));
            }
        }
        return variants.stream();
    }

    private static HadoopFreeCodecFactory factory(boolean pureJava) {
        return pureJava ? PURE_JAVA : NATIVE;
    }

    static byte[] page(int size, long seed) {
        return TestData.page(TestData.Shape.PARQUET, size, seed);
    }

    @ParameterizedTest(name = "{0} pure-java={1}")
    @MethodSource("variants")
    void truncatedPagesAreRefused(CompressionCodecName codec, boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = factory(pureJava);
        byte[] page = page(PAGE_SIZE, 1);
        byte[] compressed = HostileDecoding.compress(factory, codec, page);
        int n = compressed.length;
        int[] cuts = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17, n / 4, n / 2, n - 9, n - 8, n - 5, n - 4, n - 1
        };
        for (int cut : cuts) {
            if (cut >= 0 && cut < n) {
                byte[] truncated = Arrays.copyOf(compressed, cut);
                assertNull(
                        HostileDecoding.decode(factory, codec, truncated, PAGE_SIZE),
                        codec + ": a page cut to " + cut + " of " + n + " bytes decoded");
            }
        }
        assertArrayEquals(page, HostileDecoding.decode(factory, codec, compressed, PAGE_SIZE));
    }

    @ParameterizedTest(name = "{0} pure-java={1}")
    @MethodSource("variants")
    void flippedBitsNeverEscapeTheContract(CompressionCodecName codec, boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = factory(pureJava);
        byte[] page = TestData.page(TestData.Shape.COMPRESSIBLE, 4096, 2);
        byte[] compressed = HostileDecoding.compress(factory, codec, page);
        Random random = new Random(codec.ordinal());
        List<Integer> bits = new ArrayList<>();
        for (int bit = 0; bit < Math.min(compressed.length * 8, 48 * 8); bit++) {
            bits.add(bit); // every bit of the headers
        }
        for (int i = 0; i < 96; i++) {
            bits.add(random.nextInt(compressed.length * 8));
        }
        for (int bit : bits) {
            byte[] flipped = compressed.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            byte[] decoded = HostileDecoding.decode(factory, codec, flipped, page.length);
            if (decoded != null && codec == CompressionCodecName.GZIP) {
                // CRC32 and ISIZE protect the data: a flip that decodes can only have hit an unchecked header field
                assertArrayEquals(page, decoded, "GZIP decoded a flipped page to other bytes (bit " + bit + ")");
            }
        }
    }

    @ParameterizedTest(name = "{0} pure-java={1}")
    @MethodSource("variants")
    void randomBytesNeverEscapeTheContract(CompressionCodecName codec, boolean pureJava) {
        HadoopFreeCodecFactory factory = factory(pureJava);
        Random random = new Random(31 + codec.ordinal());
        byte[][] prefixes = {
            {},
            {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd}, // zstd frame magic
            {0x1f, (byte) 0x8b, 8, 0}, // gzip member header
            {0, 0, 0x10, 0, 0, 0, 0x10, 0}, // Hadoop block of 4 KiB with a chunk of 4 KiB
            {(byte) 0x80, 0x20}, // snappy varint for 4096
        };
        for (int i = 0; i < 250; i++) {
            byte[] prefix = prefixes[i % prefixes.length];
            byte[] page = new byte[prefix.length + random.nextInt(i < 50 ? 16 : 2048)];
            random.nextBytes(page);
            System.arraycopy(prefix, 0, page, 0, prefix.length);
            int declared = i % 3 == 0 ? 4096 : random.nextInt(65536);
            HostileDecoding.decode(factory, codec, page, declared);
        }
    }

    @ParameterizedTest(name = "{0} pure-java={1}")
    @MethodSource("variants")
    void lyingDecompressedSizesAreRefused(CompressionCodecName codec, boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = pureJava ? PURE_JAVA : LIMITED;
        byte[] page = page(PAGE_SIZE, 3);
        byte[] compressed = HostileDecoding.compress(factory, codec, page);
        int[] lies = {
            0,
            1,
            PAGE_SIZE - 1,
            PAGE_SIZE + 1,
            2 * PAGE_SIZE,
            1 << 20,
            HostileDecoding.MAX_BUFFER_PAGE + 1,
            Integer.MAX_VALUE,
            Integer.MAX_VALUE - 8,
            -1,
            Integer.MIN_VALUE
        };
        for (int declared : lies) {
            if (pureJava && declared > (64 << 20)) {
                continue; // the unlimited factory would allocate the gigabytes it is told to
            }
            assertNull(
                    HostileDecoding.decode(factory, codec, compressed, declared),
                    codec + ": a page of " + PAGE_SIZE + " bytes decoded with a declared size of " + declared);
        }
        // the default factory refuses what no JVM array can hold, without trying
        assertNull(HostileDecoding.decode(NATIVE, codec, compressed, Integer.MAX_VALUE));
        assertArrayEquals(page, HostileDecoding.decode(factory, codec, compressed, PAGE_SIZE));
    }

    // ---------------------------------------------------------------- Hadoop framing: LZ4 and LZO

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"LZ4", "LZO"})
    void hadoopFrameHeadersThatLieOrOverflowAreRefused(CompressionCodecName codec) throws IOException {
        byte[] page = page(600_000, 4); // three Hadoop blocks
        byte[] framed = HostileDecoding.compress(NATIVE, codec, page);
        int block1 = getInt(framed, 0);
        int chunk1 = getInt(framed, 4);
        int second = 8 + chunk1;
        int block2 = getInt(framed, second);
        int chunk2 = getInt(framed, second + 4);
        int[] lies = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7fffff00};
        List<byte[]> hostile = new ArrayList<>();
        for (int lie : lies) {
            hostile.add(withInt(framed, 0, lie)); // first block length
            hostile.add(withInt(framed, 4, lie)); // first chunk length
            hostile.add(withInt(framed, second, lie)); // second block length
            hostile.add(withInt(framed, second + 4, lie)); // second chunk length
        }
        for (int delta : new int[] {-1, 1, 7}) {
            hostile.add(withInt(framed, 0, block1 + delta));
            hostile.add(withInt(framed, 4, chunk1 + delta));
            hostile.add(withInt(framed, second, block2 + delta));
            hostile.add(withInt(framed, second + 4, chunk2 + delta));
        }
        // block lengths whose sum overflows an int, and the chunk length running past the end of the page
        hostile.add(withInt(withInt(framed, 0, Integer.MAX_VALUE - 100), second, 200));
        hostile.add(withInt(framed, 4, framed.length - 8 + 1));
        // headers only
        hostile.add(new byte[] {0x7f, -1, -1, -1, 0x7f, -1, -1, -1});
        hostile.add(new byte[] {0, 0, 0, 0});
        hostile.add(new byte[] {0, 0, 0, 1, 0, 0, 0});
        // a block declaring the whole page with one short chunk, then nothing
        hostile.add(concat(intBytes(page.length), intBytes(chunk1), Arrays.copyOfRange(framed, 8, 8 + chunk1)));
        // a thousand empty blocks
        hostile.add(new byte[4000]);
        for (byte[] bad : hostile) {
            assertNull(
                    HostileDecoding.decode(NATIVE, codec, bad, page.length),
                    codec + ": decoded " + HostileDecoding.describe(bad, page.length));
        }
        assertArrayEquals(page, HostileDecoding.decode(NATIVE, codec, framed, page.length));
    }

    // ---------------------------------------------------------------- GZIP members

    @Test
    void gzipMembersWithABadCrcOrIsizeAreRefusedNamingTheCheck() throws IOException {
        CompressionCodecName gzip = CompressionCodecName.GZIP;
        byte[] page = page(PAGE_SIZE, 5);
        byte[] member = HostileDecoding.compress(NATIVE, gzip, page);
        int crc = member.length - 8;
        int isize = member.length - 4;
        byte[] badCrc = member.clone();
        badCrc[crc] ^= 1;
        assertGzipRefused(badCrc, page.length, "CRC32");
        assertGzipRefused(withIntLe(member, isize, page.length + 1), page.length, "ISIZE");
        assertGzipRefused(withIntLe(member, isize, page.length - 1), page.length, "ISIZE");
        assertGzipRefused(withIntLe(member, isize, -1), page.length, "ISIZE");
        assertGzipRefused(Arrays.copyOf(member, member.length - 3), page.length, "trailer");
        // three stray bytes make the page's last 4 bytes, read as ISIZE, state more than the page: refused before
        // anything is allocated
        assertGzipRefused(concat(member, new byte[] {1, 2, 3}), 2 * page.length, "ISIZE");
        assertGzipRefused(concat(member, new byte[] {1, 2, 3, 0, 0, 0, 0}), 2 * page.length, "header is truncated");
        assertGzipRefused(concat(member, new byte[12]), 2 * page.length, "magic");
        assertGzipRefused(withByte(member, 2, 7), page.length, "compression method");
        assertGzipRefused(withByte(member, 3, 0x20), page.length, "reserved");
    }

    @Test
    void gzipHeadersWithEveryOptionalFieldAreAccepted() throws IOException {
        byte[] page = page(PAGE_SIZE, 6);
        byte[] member = HostileDecoding.compress(NATIVE, CompressionCodecName.GZIP, page);
        byte[] deflated = Arrays.copyOfRange(member, 10, member.length);
        byte[] extra = {4, 0, 'A', 'B', 0, 0};
        byte[] name = "page.bin\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] comment = "a comment\0".getBytes(StandardCharsets.ISO_8859_1);

        byte[] all = gzipHeader(0x01 | 0x04 | 0x08 | 0x10, extra, name, comment);
        byte[] checked = gzipHeader(0x01 | 0x02 | 0x04 | 0x08 | 0x10, extra, name, comment);
        checked = concat(checked, headerCrc(checked));
        assertArrayEquals(
                page, HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, concat(all, deflated), PAGE_SIZE));
        assertArrayEquals(
                page, HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, concat(checked, deflated), PAGE_SIZE));

        // two members, one written by the JDK's GZIPOutputStream
        ByteArrayOutputStream jdk = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(jdk)) {
            out.write(page);
        }
        byte[] both = concat(member, jdk.toByteArray());
        byte[] decoded = HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, both, 2 * page.length);
        assertArrayEquals(concat(page, page), decoded);
        assertNull(HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, both, 2 * page.length - 1));
        assertNull(HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, both, page.length));
    }

    @Test
    void gzipHeadersThatLieAreRefused() throws IOException {
        byte[] page = page(PAGE_SIZE, 7);
        byte[] member = HostileDecoding.compress(NATIVE, CompressionCodecName.GZIP, page);
        byte[] deflated = Arrays.copyOfRange(member, 10, member.length);
        byte[] noTerminator = "name without end".getBytes(StandardCharsets.ISO_8859_1);

        byte[] hcrc = gzipHeader(0x02, null, null, null);
        assertGzipRefused(concat(hcrc, new byte[] {0x12, 0x34}, deflated), page.length, "CRC16");
        assertGzipRefused(concat(gzipHeader(0x04, null, null, null), new byte[] {-1, -1}, deflated), page.length, "");
        assertGzipRefused(concat(gzipHeader(0x04, null, null, null), new byte[] {5}), page.length, "FEXTRA");
        assertGzipRefused(concat(gzipHeader(0x08, null, noTerminator, null)), page.length, "FNAME");
        assertGzipRefused(concat(gzipHeader(0x10, null, noTerminator, null)), page.length, "FCOMMENT");
        assertGzipRefused(
                concat(gzipHeader(0x08 | 0x10, null, "n\0".getBytes(StandardCharsets.ISO_8859_1), null)),
                page.length,
                "FCOMMENT");
        for (int reserved : new int[] {0x20, 0x40, 0x80}) {
            assertGzipRefused(withByte(member, 3, reserved), page.length, "reserved");
        }
    }

    private static void assertGzipRefused(byte[] bad, int declared, String messagePart) {
        assertNull(HostileDecoding.decode(NATIVE, CompressionCodecName.GZIP, bad, declared));
        IOException e = assertThrows(IOException.class, () -> NATIVE.getDecompressor(CompressionCodecName.GZIP)
                .decompress(BytesInput.from(bad), declared)
                .toByteArray());
        assertTrue(e.getMessage().contains(messagePart), e.getMessage());
    }

    private static byte[] gzipHeader(int flags, byte[] extra, byte[] name, byte[] comment) {
        byte[] header = {0x1f, (byte) 0x8b, 8, (byte) flags, 1, 2, 3, 4, 0, 3};
        if (extra != null) {
            header = concat(header, extra);
        }
        if (name != null) {
            header = concat(header, name);
        }
        if (comment != null) {
            header = concat(header, comment);
        }
        return header;
    }

    /** FHCRC: the low 16 bits of the CRC32 of the header bytes before it, little-endian. */
    private static byte[] headerCrc(byte[] header) {
        CRC32 crc = new CRC32();
        crc.update(header);
        int value = (int) crc.getValue();
        return new byte[] {(byte) value, (byte) (value >>> 8)};
    }

    // ---------------------------------------------------------------- ZSTD frames

    @ParameterizedTest(name = "pure-java={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void zstdFramesWithAWrongContentSizeAreRefused(boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = factory(pureJava);
        CompressionCodecName zstd = CompressionCodecName.ZSTD;
        for (int size : new int[] {100, PAGE_SIZE, 70_000}) {
            byte[] page = page(size, size);
            byte[] frame = HostileDecoding.compress(factory, zstd, page);
            int[] field = contentSizeField(frame);
            assertTrue(field[1] > 0, "the compressor writes the content size");
            for (long wrong : new long[] {size - 1, size + 1, 0, size * 2L, (1L << (8 * field[1])) - 1}) {
                long stored = field[1] == 2 ? wrong - 256 : wrong;
                if (stored < 0 || stored >= (1L << (8 * field[1])) || wrong == size) {
                    continue;
                }
                byte[] lying = frame.clone();
                for (int i = 0; i < field[1]; i++) {
                    lying[field[0] + i] = (byte) (stored >>> (8 * i));
                }
                assertNull(
                        HostileDecoding.decode(factory, zstd, lying, size),
                        "a frame of " + size + " bytes declaring " + wrong + " decoded");
            }
            assertArrayEquals(page, HostileDecoding.decode(factory, zstd, frame, size));
        }
    }

    @ParameterizedTest(name = "pure-java={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void zstdFramesOfOtherShapes(boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = factory(pureJava);
        CompressionCodecName zstd = CompressionCodecName.ZSTD;
        byte[] page = page(PAGE_SIZE, 8);
        byte[] frame = HostileDecoding.compress(factory, zstd, page);

        // a streamed frame without a content size is valid, at the right declared size only
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        try (ZstdOutputStream out = new ZstdOutputStream(streamed)) {
            out.write(page);
        }
        assertArrayEquals(page, HostileDecoding.decode(factory, zstd, streamed.toByteArray(), PAGE_SIZE));
        assertNull(HostileDecoding.decode(factory, zstd, streamed.toByteArray(), PAGE_SIZE - 1));
        assertNull(HostileDecoding.decode(factory, zstd, streamed.toByteArray(), PAGE_SIZE + 1));

        // a content checksum, intact and corrupted
        byte[] checked;
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setChecksum(true);
            ctx.setContentSize(true);
            checked = ctx.compress(page);
        }
        assertArrayEquals(page, HostileDecoding.decode(factory, zstd, checked, PAGE_SIZE));
        byte[] badChecksum = checked.clone();
        badChecksum[badChecksum.length - 1] ^= 0x40;
        assertNull(HostileDecoding.decode(factory, zstd, badChecksum, PAGE_SIZE));

        // two frames, and a frame followed by garbage or by half a frame
        assertArrayEquals(
                concat(page, page), HostileDecoding.decode(factory, zstd, concat(frame, frame), 2 * PAGE_SIZE));
        assertNull(
                HostileDecoding.decode(factory, zstd, concat(frame, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), PAGE_SIZE));
        assertNull(HostileDecoding.decode(
                factory, zstd, concat(frame, Arrays.copyOf(frame, frame.length / 2)), 2 * PAGE_SIZE));

        // skippable frames: empty content, and a size field that lies
        byte[] skippable = concat(new byte[] {0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0}, new byte[4]);
        assertArrayEquals(new byte[0], HostileDecoding.decode(factory, zstd, skippable, 0));
        assertNull(HostileDecoding.decode(factory, zstd, skippable, 10));
        assertArrayEquals(page, HostileDecoding.decode(factory, zstd, concat(skippable, frame), PAGE_SIZE));
        assertNull(HostileDecoding.decode(factory, zstd, withIntLe(skippable, 4, -1), 0));
        assertNull(HostileDecoding.decode(factory, zstd, withIntLe(skippable, 4, -1), 10));

        // a frame header declaring 2^64 - 1 bytes, and the legacy format magics followed by garbage
        byte[] huge = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, (byte) 0xc0, -1, -1, -1, -1, -1, -1, -1, -1, 1, 0, 0, 0};
        assertNull(HostileDecoding.decode(factory, zstd, huge, PAGE_SIZE));
        Random random = new Random(9);
        for (int version = 0x22; version <= 0x27; version++) {
            for (int i = 0; i < 20; i++) {
                byte[] legacy = new byte[4 + random.nextInt(300)];
                random.nextBytes(legacy);
                legacy[0] = (byte) version;
                legacy[1] = (byte) 0xb5;
                legacy[2] = 0x2f;
                legacy[3] = (byte) 0xfd;
                HostileDecoding.decode(factory, zstd, legacy, random.nextInt(PAGE_SIZE));
            }
        }
    }

    /** Offset and length of the Frame_Content_Size field of the zstd frame at the start of {@code frame}. */
    static int[] contentSizeField(byte[] frame) {
        int descriptor = frame[4] & 0xff;
        int fcsFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int dictIdSize = new int[] {0, 1, 2, 4}[descriptor & 3];
        int offset = 5 + (singleSegment ? 0 : 1) + dictIdSize;
        int length = fcsFlag == 0 ? (singleSegment ? 1 : 0) : new int[] {0, 2, 4, 8}[fcsFlag];
        return new int[] {offset, length};
    }

    // ---------------------------------------------------------------- BROTLI and SNAPPY

    @Test
    void garbageBrotliIsRefused() throws IOException {
        CompressionCodecName brotli = CompressionCodecName.BROTLI;
        byte[] page = page(PAGE_SIZE, 10);
        byte[] stream = HostileDecoding.compress(NATIVE, brotli, page);
        assertNull(HostileDecoding.decode(NATIVE, brotli, concat(stream, new byte[] {1, 2, 3}), PAGE_SIZE));
        assertNull(HostileDecoding.decode(NATIVE, brotli, concat(stream, stream), 2 * PAGE_SIZE));
        byte[] empty = {0x06}; // an empty stream, and a stream with a 16 MiB window and nothing after its header
        assertArrayEquals(new byte[0], HostileDecoding.decode(NATIVE, brotli, empty, 0));
        assertNull(HostileDecoding.decode(NATIVE, brotli, empty, 10));
        assertNull(HostileDecoding.decode(NATIVE, brotli, new byte[] {0x11}, PAGE_SIZE));
        Random random = new Random(11);
        for (int i = 0; i < 200; i++) {
            byte[] garbage = new byte[1 + random.nextInt(1000)];
            random.nextBytes(garbage);
            HostileDecoding.decode(NATIVE, brotli, garbage, random.nextInt(2 * PAGE_SIZE));
        }
    }

    @ParameterizedTest(name = "pure-java={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void snappyLengthHeadersThatLieAreRefused(boolean pureJava) throws IOException {
        HadoopFreeCodecFactory factory = factory(pureJava);
        CompressionCodecName snappy = CompressionCodecName.SNAPPY;
        byte[] page = page(PAGE_SIZE, 12);
        byte[] block = HostileDecoding.compress(factory, snappy, page);
        byte[] body = Arrays.copyOfRange(block, 3, block.length); // 20000 needs a 3-byte varint
        long[] lies = {0, 1, PAGE_SIZE - 1, PAGE_SIZE + 1, 1L << 20, Integer.MAX_VALUE, 0xffffffffL};
        for (long lie : lies) {
            byte[] lying = concat(varint(lie), body);
            assertNull(HostileDecoding.decode(factory, snappy, lying, PAGE_SIZE), "declared " + lie);
            if (lie <= HostileDecoding.MAX_BUFFER_PAGE) {
                assertNull(HostileDecoding.decode(factory, snappy, lying, (int) lie), "declared " + lie);
            }
        }
        byte[] overlong = {-1, -1, -1, -1, -1, -1, 0x0f, 0, 0};
        assertNull(HostileDecoding.decode(factory, snappy, overlong, PAGE_SIZE));
        assertNull(HostileDecoding.decode(factory, snappy, new byte[] {(byte) 0x80}, 0));
        assertArrayEquals(page, HostileDecoding.decode(factory, snappy, concat(varint(PAGE_SIZE), body), PAGE_SIZE));
    }

    @Test
    void readOnlyAndOddBuffersAreHandled() throws IOException {
        // a read-only heap input exposes no array: it is staged through scratch space
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            byte[] page = page(PAGE_SIZE, 13);
            byte[] compressed = HostileDecoding.compress(NATIVE, codec, page);
            ByteBuffer input = ByteBuffer.wrap(compressed).asReadOnlyBuffer();
            ByteBuffer output = ByteBuffer.allocateDirect(PAGE_SIZE);
            NATIVE.getDecompressor(codec).decompress(input, compressed.length, output, PAGE_SIZE);
            byte[] decoded = new byte[PAGE_SIZE];
            ((ByteBuffer) output.flip()).get(decoded);
            assertArrayEquals(page, decoded, codec.name());
        }
    }

    // ---------------------------------------------------------------- helpers

    static int getInt(byte[] bytes, int index) {
        return ByteBuffer.wrap(bytes).getInt(index);
    }

    static byte[] intBytes(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }

    static byte[] withInt(byte[] bytes, int index, int value) {
        byte[] copy = bytes.clone();
        ByteBuffer.wrap(copy).putInt(index, value);
        return copy;
    }

    static byte[] withIntLe(byte[] bytes, int index, int value) {
        byte[] copy = bytes.clone();
        for (int i = 0; i < 4; i++) {
            copy[index + i] = (byte) (value >>> (8 * i));
        }
        return copy;
    }

    static byte[] withByte(byte[] bytes, int index, int value) {
        byte[] copy = bytes.clone();
        copy[index] = (byte) value;
        return copy;
    }

    static byte[] varint(long value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (value >= 0x80) {
            out.write((int) (value & 0x7f) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }
}
