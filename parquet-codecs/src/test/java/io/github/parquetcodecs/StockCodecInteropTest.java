package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStream;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lzo.LzoHadoopStreams;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.hadoop.io.compress.zlib.ZlibFactory;
import org.apache.hadoop.util.NativeCodeLoader;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential tests against stock parquet-java 1.18.1 with Hadoop 3.4.1's codecs: data compressed by {@link
 * HadoopFreeCodecFactory} decompresses with stock to identical bytes, and data compressed by stock decompresses with
 * ours to identical bytes, for every {@link CompressionCodecName}, page sizes 0, 1, 100, 64 KiB, 1 MiB and 3 MiB, and
 * the data shapes of {@link TestData}. Our side is always read through both {@code decompress(BytesInput, int)} and
 * {@code decompress(ByteBuffer, int, ByteBuffer, int)} (heap and direct buffers); stock through both of its paths too.
 *
 * <p>"Stock" is {@code new CodecFactory(Configuration, pageSize)} (heap: Hadoop {@code CompressionCodec} streams with
 * {@code CodecPool}) and {@code CodecFactory.createDirectCodecFactory(conf, allocator, pageSize)} ({@code
 * DirectCodecFactory}, the ByteBuffer path). libhadoop is not on the test machine (asserted in {@link
 * #stockPathsAreTheDocumentedOnes}), so Hadoop uses its pure-Java paths. The counterpart each codec was checked
 * against:
 *
 * <table>
 *   <caption>Counterparts</caption>
 *   <tr><th>codec</th><th>stock heap ({@code CodecFactory})</th><th>stock direct ({@code DirectCodecFactory})</th></tr>
 *   <tr><td>UNCOMPRESSED</td><td>no-op</td><td>no-op</td></tr>
 *   <tr><td>SNAPPY</td><td>parquet's {@code SnappyCodec} streams (snappy-java)</td>
 *       <td>{@code DirectCodecFactory.SnappyCompressor/SnappyDecompressor} (snappy-java ByteBuffer calls)</td></tr>
 *   <tr><td>GZIP</td><td>Hadoop {@code GzipCodec} ({@code BuiltInGzipCompressor/Decompressor}); reads every member
 *       of a page</td>
 *       <td>compresses like heap; decompresses with {@code IndirectDecompressor} over {@code
 *       BuiltInGzipDecompressor}: reads only the first member of a page (gap, asserted)</td></tr>
 *   <tr><td>LZO</td><td colspan="2">stock cannot run: GPL hadoop-lzo ({@code com.hadoop.compression.lzo.LzoCodec})
 *       is absent (asserted). Stand-in both ways: aircompressor's {@code LzoHadoopStreams}, Hadoop LZO block
 *       streams (Apache licensed), with the default 256 KiB buffer; also written with 64 KiB and 1 MiB buffers (ours
 *       reads them) and read with them (a 64 KiB reader fails on 256 KiB-buffer blocks, ours and the stand-in's
 *       alike)</td></tr>
 *   <tr><td>BROTLI</td><td colspan="2">stock cannot run: jbrotli ({@code org.apache.hadoop.io.compress.BrotliCodec})
 *       is absent (asserted). Stand-in both ways: brotli4j's streaming {@code BrotliOutputStream/BrotliInputStream}
 *       </td></tr>
 *   <tr><td>LZ4</td><td>Hadoop {@code Lz4Codec} (lz4-java) in block streams, plus Hadoop's {@code Lz4Codec} input
 *       stream called directly with its default 256 KiB buffer</td>
 *       <td>compresses like heap; decompresses with {@code IndirectDecompressor} over Hadoop's raw {@code
 *       Lz4Decompressor}, which does not parse Hadoop framing: stock cannot read its own LZ4 pages, nor ours (gap,
 *       asserted)</td></tr>
 *   <tr><td>ZSTD</td><td>parquet's {@code ZstandardCodec} (zstd-jni streams; frames without content size)</td>
 *       <td>{@code ZstdCompressCtx/ZstdDecompressCtx} (frames with content size)</td></tr>
 *   <tr><td>LZ4_RAW</td><td>parquet's {@code Lz4RawCodec} (aircompressor)</td>
 *       <td>compresses like heap; decompresses with {@code FullDirectDecompressor}, which fails on the zero-byte
 *       page that stock writes for an empty page (gap, asserted)</td></tr>
 * </table>
 *
 * <p>Extras: GZIP pages with several members and with optional header fields, GZIP levels by name and number on both
 * sides; ZSTD frames with and without content size, concatenated frames, levels including negative ones; LZ4 pages read
 * by Hadoop's {@code Lz4Codec} stream, the block sizes of our Hadoop framing, raw LZ4 blocks; BROTLI qualities.
 */
class StockCodecInteropTest {
    private static final int KIB = 1024;
    private static final int MIB = 1024 * 1024;
    /** The largest buffer a test lets stock's Hadoop framing allocate for a page it cannot read. */
    private static final int STOCK_FRAMING_ALLOCATION_LIMIT = 64 * MIB;

    private static final int[] PAGE_SIZES = {0, 1, 100, 64 * KIB, MIB, 3 * MIB};
    /** Hadoop's default {@code io.compression.codec.lz4.buffersize}, and hadoop-lzo's default buffer. */
    private static final int HADOOP_BUFFER = 256 * KIB;
    /** {@code Lz4Codec}'s largest input per block: the buffer less its overhead, bufferSize / 255 + 16. */
    private static final int LZ4_MAX_BLOCK_INPUT = HADOOP_BUFFER - (HADOOP_BUFFER / 255 + 16);
    /** hadoop-lzo's largest input per block: the buffer less its overhead, bufferSize / 16 + 64 + 3. */
    private static final int LZO_MAX_BLOCK_INPUT = HADOOP_BUFFER - (HADOOP_BUFFER / 16 + 64 + 3);

    private static final Configuration CONF = new Configuration();
    private static final HadoopFreeCodecFactory OURS = new HadoopFreeCodecFactory();

    /** The two stock factories. */
    enum Stock {
        HEAP,
        DIRECT;

        CodecFactory create(Configuration conf, int pageSize) {
            return this == HEAP
                    ? new CodecFactory(conf, pageSize)
                    : CodecFactory.createDirectCodecFactory(conf, DirectByteBufferAllocator.getInstance(), pageSize);
        }
    }

    @AfterAll
    static void release() {
        OURS.release();
    }

    static Stream<Arguments> matrix() {
        List<Arguments> cases = new ArrayList<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            for (int size : PAGE_SIZES) {
                for (TestData.Shape shape : TestData.Shape.values()) {
                    for (Stock stock : Stock.values()) {
                        cases.add(Arguments.of(codec, size, shape, stock));
                    }
                }
            }
        }
        return cases.stream();
    }

    private static byte[] page(CompressionCodecName codec, int size, TestData.Shape shape) {
        return TestData.page(shape, size, codec.ordinal() * 131L + size + shape.ordinal());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The matrix: every codec x page size x shape x stock factory, in both directions
    // ---------------------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} {1} bytes {2}, stock {3}")
    @MethodSource("matrix")
    void oursToStock(CompressionCodecName codec, int size, TestData.Shape shape, Stock stock) throws IOException {
        byte[] page = page(codec, size, shape);
        // heap pages for the heap factory, direct pages for the direct one: both input kinds of our compressor
        byte[] compressed = compressWithOurs(codec, page, stock == Stock.DIRECT);
        assertArrayEquals(
                compressWithOurs(codec, page, stock != Stock.DIRECT),
                compressed,
                "our output depends on the input buffer kind");

        CodecFactory factory = stock.create(CONF, size);
        try {
            switch (codec) {
                case LZO:
                    assertStockCannotRun(factory, codec, "com.hadoop.compression.lzo.LzoCodec");
                    assertArrayEquals(page, lzoStandInDecompress(compressed, new LzoHadoopStreams()), "LZO stand-in");
                    break;
                case BROTLI:
                    assertStockCannotRun(factory, codec, "org.apache.hadoop.io.compress.BrotliCodec");
                    assertArrayEquals(page, brotliStandInDecompress(compressed), "BROTLI stand-in");
                    break;
                case LZ4:
                    if (stock == Stock.DIRECT && size > 0) {
                        // gap: DirectCodecFactory hands Hadoop-framed LZ4 to the raw Lz4Decompressor
                        assertStockFails(() -> stockDecompress(factory, codec, compressed, size, stock));
                        assertStockFails(() -> stockDecompressBuffers(factory, codec, compressed, size, stock));
                        assertOursDecodes(codec, compressed, page); // ours reads the very same page
                    } else {
                        assertStockDecodes(factory, codec, compressed, page, stock);
                    }
                    break;
                case UNCOMPRESSED:
                case SNAPPY:
                case GZIP:
                case ZSTD:
                case LZ4_RAW:
                    assertStockDecodes(factory, codec, compressed, page, stock);
                    break;
                default:
                    fail("no counterpart for " + codec + ": add one to this test");
            }
        } finally {
            factory.release();
        }
    }

    @ParameterizedTest(name = "{0} {1} bytes {2}, stock {3}")
    @MethodSource("matrix")
    void stockToOurs(CompressionCodecName codec, int size, TestData.Shape shape, Stock stock) throws IOException {
        byte[] page = page(codec, size, shape);
        CodecFactory factory = stock.create(CONF, size);
        try {
            byte[] compressed;
            switch (codec) {
                case LZO:
                    assertStockCannotRun(factory, codec, "com.hadoop.compression.lzo.LzoCodec");
                    compressed = lzoStandInCompress(page, new LzoHadoopStreams());
                    assertOursDecodes(codec, compressed, page);
                    break;
                case BROTLI:
                    assertStockCannotRun(factory, codec, "org.apache.hadoop.io.compress.BrotliCodec");
                    compressed = brotliStandInCompress(page, new Encoder.Parameters());
                    assertOursDecodes(codec, compressed, page);
                    break;
                case UNCOMPRESSED:
                case SNAPPY:
                case GZIP:
                case ZSTD:
                case LZ4_RAW:
                case LZ4:
                    compressed = factory.getCompressor(codec)
                            .compress(BytesInput.from(page))
                            .toByteArray();
                    assertOursDecodes(codec, compressed, page);
                    // stock reading its own page: works, except for the documented gaps
                    boolean gap = stock == Stock.DIRECT
                            && (codec == CompressionCodecName.LZ4
                                    || (codec == CompressionCodecName.LZ4_RAW && size == 0));
                    if (gap) {
                        if (codec == CompressionCodecName.LZ4_RAW) {
                            assertEquals(0, compressed.length, "stock writes an empty LZ4_RAW page as zero bytes");
                        }
                        assertStockFails(() -> stockDecompress(factory, codec, compressed, size, stock));
                        assertStockFails(() -> stockDecompressBuffers(factory, codec, compressed, size, stock));
                    } else {
                        assertStockDecodes(factory, codec, compressed, page, stock);
                    }
                    break;
                default:
                    fail("no counterpart for " + codec + ": add one to this test");
            }
        } finally {
            factory.release();
        }
    }

    /** Records which stock classes the matrix exercised, so that the class comment stays true. */
    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void stockPathsAreTheDocumentedOnes(CompressionCodecName codec) {
        assertFalse(NativeCodeLoader.isNativeCodeLoaded(), "libhadoop loaded: stock would use native codecs");
        assertFalse(ZlibFactory.isNativeZlibLoaded(CONF));
        CodecFactory heap = Stock.HEAP.create(CONF, 1024);
        CodecFactory direct = Stock.DIRECT.create(CONF, 1024);
        try {
            String heapDecompressor;
            String directDecompressor;
            switch (codec) {
                case UNCOMPRESSED:
                    assertEquals(
                            heap.getDecompressor(codec).getClass(),
                            direct.getDecompressor(codec).getClass());
                    return;
                case LZO:
                case BROTLI:
                    return; // asserted to fail in the matrix
                case SNAPPY:
                    heapDecompressor = "HeapBytesDecompressor";
                    directDecompressor = "SnappyDecompressor";
                    break;
                case ZSTD:
                    heapDecompressor = "HeapBytesDecompressor";
                    directDecompressor = "ZstdDecompressor";
                    break;
                case GZIP:
                case LZ4:
                    heapDecompressor = "HeapBytesDecompressor";
                    directDecompressor = "IndirectDecompressor";
                    break;
                case LZ4_RAW:
                    heapDecompressor = "HeapBytesDecompressor";
                    directDecompressor = "FullDirectDecompressor";
                    break;
                default:
                    fail("no counterpart for " + codec + ": add one to this test");
                    return;
            }
            assertEquals(
                    heapDecompressor, heap.getDecompressor(codec).getClass().getSimpleName());
            assertEquals(
                    directDecompressor, direct.getDecompressor(codec).getClass().getSimpleName());
        } finally {
            heap.release();
            direct.release();
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // GZIP
    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> gzipMemberLayouts() {
        return Stream.of(
                Arguments.of("two members", new int[] {1000, 500}),
                Arguments.of("empty member in the middle", new int[] {1000, 0, 500}),
                Arguments.of("empty first member", new int[] {0, 1000}),
                Arguments.of("two large members", new int[] {700 * KIB, 600 * KIB}),
                Arguments.of("five members", new int[] {10, 20 * KIB, 1, 64 * KIB, 3}));
    }

    /** Members made by {@link GZIPOutputStream}, concatenated: ours and stock heap read all; stock direct the first. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("gzipMemberLayouts")
    void gzipMultiMemberPages(String name, int[] memberSizes) throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        for (int i = 0; i < memberSizes.length; i++) {
            byte[] part = TestData.page(TestData.Shape.values()[i % 3], memberSizes[i], i);
            expected.write(part);
            compressed.write(jdkGzip(part));
        }
        byte[] page = expected.toByteArray();
        byte[] gzip = compressed.toByteArray();
        CompressionCodecName codec = CompressionCodecName.GZIP;

        assertArrayEquals(page, new GZIPInputStream(new ByteArrayInputStream(gzip)).readAllBytes(), "JDK reference");
        assertOursDecodes(codec, gzip, page);

        CodecFactory heap = Stock.HEAP.create(CONF, page.length);
        CodecFactory direct = Stock.DIRECT.create(CONF, page.length);
        try {
            assertStockDecodes(heap, codec, gzip, page, Stock.HEAP);

            // gap: stock direct decodes the first member only and leaves the rest of the page zero, without an error
            byte[] firstMemberOnly = Arrays.copyOf(page, page.length);
            Arrays.fill(firstMemberOnly, memberSizes[0], page.length, (byte) 0);
            assertFalse(Arrays.equals(page, firstMemberOnly), "the layout must make the gap visible");
            assertArrayEquals(firstMemberOnly, stockDecompress(direct, codec, gzip, page.length, Stock.DIRECT));
            assertArrayEquals(firstMemberOnly, stockDecompressBuffers(direct, codec, gzip, page.length, Stock.DIRECT));
        } finally {
            heap.release();
            direct.release();
        }
    }

    private static final int FHCRC = 0x02;
    private static final int FEXTRA = 0x04;
    private static final int FNAME = 0x08;
    private static final int FCOMMENT = 0x10;

    /** Members whose headers we write ourselves, with the optional fields of RFC 1952. */
    @ParameterizedTest(name = "flags {0}")
    @ValueSource(
            ints = {
                0,
                FHCRC,
                FEXTRA,
                FNAME,
                FCOMMENT,
                FEXTRA | FNAME,
                FNAME | FCOMMENT | FHCRC,
                FHCRC | FEXTRA | FNAME | FCOMMENT
            })
    void gzipHeaderFields(int flags) throws IOException {
        CompressionCodecName codec = CompressionCodecName.GZIP;
        byte[] data = TestData.page(TestData.Shape.PARQUET, 100 * KIB, flags);
        byte[] member = gzipMember(data, flags, 9);
        assertArrayEquals(data, new GZIPInputStream(new ByteArrayInputStream(member)).readAllBytes(), "JDK reference");
        assertOursDecodes(codec, member, data);

        // the same member behind a plain one: the fields are skipped in later members too
        byte[] first = TestData.page(TestData.Shape.COMPRESSIBLE, 5000, flags);
        assertOursDecodes(codec, concat(jdkGzip(first), member), concat(first, data));

        // stock (BuiltInGzipDecompressor) reads such a single member on both paths
        for (Stock stock : Stock.values()) {
            CodecFactory factory = stock.create(CONF, data.length);
            try {
                assertStockDecodes(factory, codec, member, data, stock);
            } finally {
                factory.release();
            }
        }
    }

    static Stream<Arguments> gzipLevelNames() {
        return Stream.of(
                Arguments.of("NO_COMPRESSION", 0),
                Arguments.of("BEST_SPEED", 1),
                Arguments.of("TWO", 2),
                Arguments.of("THREE", 3),
                Arguments.of("FOUR", 4),
                Arguments.of("FIVE", 5),
                Arguments.of("SIX", 6),
                Arguments.of("SEVEN", 7),
                Arguments.of("EIGHT", 8),
                Arguments.of("BEST_COMPRESSION", 9),
                Arguments.of("DEFAULT_COMPRESSION", -1));
    }

    /**
     * {@code zlib.compress.level} on both sides: names through the configuration of both, numbers through ours (stock's
     * configuration takes names only, asserted; stock's {@code getCompressor(codec, level)}, new in parquet-java 1.18,
     * is checked against its configuration in {@code StockLevelArgumentTest}). Both use the JDK's zlib (ours with the
     * native tier forbidden, as it is before JDK 25), so at the same level the deflate data are identical; that is the
     * check that both sides apply the level. NO_COMPRESSION only
     * differs in how stored blocks are cut (Hadoop feeds its deflater in chunks).
     */
    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("gzipLevelNames")
    void gzipLevels(String name, int number) throws IOException {
        CompressionCodecName codec = CompressionCodecName.GZIP;
        byte[] page = TestData.page(TestData.Shape.PARQUET, 256 * KIB, number + 100);

        byte[] oursByName = compressWithOurs(ours(HadoopFreeCodecFactory.GZIP_LEVEL, name), codec, page);
        byte[] oursByNumber = compressWithOurs(ours(HadoopFreeCodecFactory.GZIP_LEVEL, "" + number), codec, page);
        byte[] oursByArgument = OURS.getCompressor(codec, number)
                .compress(BytesInput.from(page))
                .toByteArray();
        assertArrayEquals(oursByName, oursByNumber, "ours: name and number give different output");
        assertArrayEquals(oursByName, oursByArgument, "ours: configuration and level argument differ");
        // on JDK 25 the native tier's libdeflate compresses by default (NativeTierTest compares its sizes with zlib's);
        // without the tier ours is the JDK's zlib, as stock is, and the deflate data must be stock's
        PlainParquetConfiguration zlibConf = new PlainParquetConfiguration();
        zlibConf.set(HadoopFreeCodecFactory.GZIP_LEVEL, name);
        zlibConf.set(HadoopFreeCodecFactory.NATIVE_MODE, "no-ffm");
        byte[] oursByZlib = compressWithOurs(new HadoopFreeCodecFactory(zlibConf), codec, page);
        if (!OURS.implementation(codec).startsWith("libdeflate")) {
            assertArrayEquals(oursByZlib, oursByName, "ours: the engine is zlib without the tier");
        }

        // Stock reads zlib.compress.level as Hadoop's CompressionLevel enum: names only. A number is refused where
        // the compressor is made (asserted on ZlibFactory, not on a stock factory: CodecFactory caches Hadoop codecs
        // JVM-wide under "class:value", the key getCompressor(GZIP, level) uses too, so a factory configured with
        // "9" would leave a codec that fails behind for every later getCompressor(GZIP, 9) in the JVM).
        Configuration numberConf = new Configuration(CONF);
        numberConf.set(HadoopFreeCodecFactory.GZIP_LEVEL, "" + number);
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> ZlibFactory.getCompressionLevel(numberConf));
        assertTrue(refused.getMessage().contains("CompressionLevel." + number), refused.getMessage());
        Configuration nameConf = new Configuration(CONF);
        nameConf.set(HadoopFreeCodecFactory.GZIP_LEVEL, name);
        assertEquals(name, ZlibFactory.getCompressionLevel(nameConf).name());

        for (Stock stock : Stock.values()) {
            CodecFactory byName = stock.create(nameConf, page.length);
            CodecFactory plain = stock.create(CONF, page.length);
            try {
                byte[] stockByName = byName.getCompressor(codec)
                        .compress(BytesInput.from(page))
                        .toByteArray();

                assertOursDecodes(codec, stockByName, page);
                assertStockDecodes(plain, codec, oursByName, page, stock);
                assertStockDecodes(plain, codec, oursByZlib, page, stock);
                if (number == 0) {
                    assertTrue(oursByName.length > page.length && stockByName.length > page.length, "stored blocks");
                    assertTrue(oursByZlib.length > page.length, "stored blocks");
                } else {
                    assertArrayEquals(
                            deflateData(stockByName), deflateData(oursByZlib), "the two sides use different levels");
                }
            } finally {
                byName.release();
                plain.release();
            }
        }
        if (number == 1) {
            byte[] best = compressWithOurs(ours(HadoopFreeCodecFactory.GZIP_LEVEL, "BEST_COMPRESSION"), codec, page);
            assertTrue(best.length < oursByName.length, "levels have no effect");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // ZSTD
    // ---------------------------------------------------------------------------------------------------------------

    enum ZstdFrames {
        /** {@code Zstd.compress}: one frame that records the content size. */
        WITH_CONTENT_SIZE,
        /** {@code ZstdOutputStream}: one frame without the content size. */
        WITHOUT_CONTENT_SIZE,
        /** Both, concatenated. */
        TWO_FRAMES,
        /** Four frames of both kinds, one of them empty. */
        FOUR_FRAMES_ONE_EMPTY
    }

    @ParameterizedTest
    @EnumSource(ZstdFrames.class)
    void zstdFrameForms(ZstdFrames form) throws IOException {
        CompressionCodecName codec = CompressionCodecName.ZSTD;
        byte[] a = TestData.page(TestData.Shape.PARQUET, 300 * KIB, 1);
        byte[] b = TestData.page(TestData.Shape.COMPRESSIBLE, 200 * KIB, 2);
        byte[] c = TestData.page(TestData.Shape.RANDOM, 1000, 3);
        byte[] page;
        byte[] compressed;
        switch (form) {
            case WITH_CONTENT_SIZE:
                page = a;
                compressed = Zstd.compress(a, 3);
                assertEquals(a.length, zstdFrameContentSize(compressed, 0));
                break;
            case WITHOUT_CONTENT_SIZE:
                page = a;
                compressed = zstdStream(a, 3);
                assertEquals(-1, zstdFrameContentSize(compressed, 0));
                break;
            case TWO_FRAMES:
                page = concat(a, b);
                compressed = concat(Zstd.compress(a, 1), zstdStream(b, 5));
                break;
            case FOUR_FRAMES_ONE_EMPTY:
                page = concat(concat(b, c), a);
                compressed = concat(
                        concat(zstdStream(b, -3), Zstd.compress(new byte[0], 3)),
                        concat(Zstd.compress(c, 19), zstdStream(a, 3)));
                break;
            default:
                throw new AssertionError(form);
        }
        assertOursDecodes(codec, compressed, page);
        for (Stock stock : Stock.values()) {
            CodecFactory factory = stock.create(CONF, page.length);
            try {
                assertStockDecodes(factory, codec, compressed, page, stock);
            } finally {
                factory.release();
            }
        }
    }

    /**
     * ZSTD levels on both sides: ours through its configuration and the level argument, stock heap and direct through
     * their configuration (stock's level argument, new in parquet-java 1.18, is checked in {@code
     * StockLevelArgumentTest}). Ours and stock direct both compress one frame with the content size through {@code
     * ZstdCompressCtx}, so at the same level their output is identical: the check that both apply the level.
     */
    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {-50, -5, -1, 1, 3, 9, 19})
    void zstdLevels(int level) throws IOException {
        CompressionCodecName codec = CompressionCodecName.ZSTD;
        byte[] page = TestData.page(TestData.Shape.PARQUET, 256 * KIB, level);
        byte[] oursByConf = compressWithOurs(ours(HadoopFreeCodecFactory.ZSTD_LEVEL, "" + level), codec, page);
        byte[] oursByArgument =
                OURS.getCompressor(codec, level).compress(BytesInput.from(page)).toByteArray();
        assertArrayEquals(oursByConf, oursByArgument, "ours: configuration and level argument differ");
        assertEquals(page.length, zstdFrameContentSize(oursByConf, 0), "ours records the content size");

        Configuration levelConf = new Configuration(CONF);
        levelConf.setInt(HadoopFreeCodecFactory.ZSTD_LEVEL, level);
        for (Stock stock : Stock.values()) {
            CodecFactory byConf = stock.create(levelConf, page.length);
            CodecFactory plain = stock.create(CONF, page.length);
            try {
                byte[] stockByConf = byConf.getCompressor(codec)
                        .compress(BytesInput.from(page))
                        .toByteArray();
                assertOursDecodes(codec, stockByConf, page);
                assertStockDecodes(plain, codec, oursByConf, page, stock);
                if (stock == Stock.DIRECT) {
                    assertArrayEquals(stockByConf, oursByConf, "the two sides use different levels");
                } else {
                    assertEquals(-1, zstdFrameContentSize(stockByConf, 0), "stock heap streams without content size");
                }
            } finally {
                byConf.release();
                plain.release();
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // LZ4 and LZO: Hadoop framing
    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> largePages() {
        List<Arguments> cases = new ArrayList<>();
        for (int size : new int[] {MIB, 3 * MIB}) {
            for (TestData.Shape shape : TestData.Shape.values()) {
                cases.add(Arguments.of(size, shape));
            }
        }
        return cases.stream();
    }

    /** Older Hadoop readers use {@code Lz4Codec}'s stream with a fixed 256 KiB buffer: our blocks must fit it. */
    @ParameterizedTest(name = "{0} bytes {1}")
    @MethodSource("largePages")
    void ourLz4ReadByHadoopLz4CodecStream(int size, TestData.Shape shape) throws IOException {
        byte[] page = page(CompressionCodecName.LZ4, size, shape);
        byte[] compressed = compressWithOurs(CompressionCodecName.LZ4, page, false);
        assertArrayEquals(page, hadoopLz4Stream(compressed));
    }

    /** Our framing: one chunk per block, at most the codec's block input, chunks within Hadoop's 256 KiB buffer. */
    @ParameterizedTest(name = "{0} bytes {1}")
    @MethodSource("largePages")
    void ourHadoopFramingBlockSizes(int size, TestData.Shape shape) throws IOException {
        for (CompressionCodecName codec :
                new CompressionCodecName[] {CompressionCodecName.LZ4, CompressionCodecName.LZO}) {
            int maxInput = codec == CompressionCodecName.LZ4 ? LZ4_MAX_BLOCK_INPUT : LZO_MAX_BLOCK_INPUT;
            byte[] page = page(codec, size, shape);
            ByteBuffer framed = ByteBuffer.wrap(compressWithOurs(codec, page, false));
            int blocks = 0;
            long total = 0;
            while (framed.hasRemaining()) {
                int blockInput = framed.getInt();
                int chunk = framed.getInt();
                assertTrue(blockInput > 0 && blockInput <= maxInput, codec + " block input " + blockInput);
                assertTrue(blockInput <= HADOOP_BUFFER);
                assertTrue(chunk > 0 && chunk <= HADOOP_BUFFER, codec + " chunk " + chunk + " exceeds 256 KiB");
                assertTrue(chunk <= framed.remaining(), "chunk runs past the page");
                framed.position(framed.position() + chunk); // one chunk per block: the next int is a block header
                total += blockInput;
                blocks++;
                if (total < size) {
                    assertEquals(maxInput, blockInput, "only the last block may be short");
                }
            }
            assertEquals(size, total, codec + " blocks do not add up to the page");
            assertEquals((size + maxInput - 1) / maxInput, blocks, codec + " block count");
        }
    }

    /**
     * A page of one Hadoop block larger than 256 KiB (as parquet-cpp and Arrow write): Hadoop's {@code Lz4Codec} with
     * its default buffer, and so stock heap, cannot read it (why our writer splits); ours reads it.
     */
    @ParameterizedTest
    @EnumSource(TestData.Shape.class)
    void lz4SingleLargeBlockPage(TestData.Shape shape) throws IOException {
        byte[] page = page(CompressionCodecName.LZ4, MIB, shape);
        byte[] raw = rawLz4(page);
        byte[] framed = ByteBuffer.allocate(8 + raw.length)
                .putInt(page.length)
                .putInt(raw.length)
                .put(raw)
                .array();
        assertOursDecodes(CompressionCodecName.LZ4, framed, page);
        assertStockFails(() -> hadoopLz4Stream(framed));
        CodecFactory heap = Stock.HEAP.create(CONF, page.length);
        try {
            assertStockFails(() -> stockDecompress(heap, CompressionCodecName.LZ4, framed, page.length, Stock.HEAP));
        } finally {
            heap.release();
        }
    }

    static Stream<Arguments> rawLz4Pages() {
        List<Arguments> cases = new ArrayList<>();
        for (int size : new int[] {1, 100, 64 * KIB, MIB, 3 * MIB}) {
            for (TestData.Shape shape : TestData.Shape.values()) {
                cases.add(Arguments.of(size, shape));
            }
        }
        return cases.stream();
    }

    /**
     * A raw LZ4 block without Hadoop framing, as old parquet-cpp wrote for LZ4: ours reads it. Stock heap cannot (it
     * expects framing); stock direct, which hands the page to Hadoop's raw decompressor, reads raw blocks that fit its
     * 256 KiB buffer and fails on larger ones.
     */
    @ParameterizedTest(name = "{0} bytes {1}")
    @MethodSource("rawLz4Pages")
    void rawLz4BlockPages(int size, TestData.Shape shape) throws IOException {
        CompressionCodecName codec = CompressionCodecName.LZ4;
        byte[] page = page(codec, size, shape);
        byte[] raw = rawLz4(page);
        assertOursDecodes(codec, raw, page);

        CodecFactory heap = Stock.HEAP.create(CONF, size);
        CodecFactory direct = Stock.DIRECT.create(CONF, size);
        try {
            assertStockHeapRejectsRawLz4(heap, raw, size);
            if (size <= 64 * KIB) {
                assertArrayEquals(page, stockDecompress(direct, codec, raw, size, Stock.DIRECT));
            } else {
                assertStockFails(() -> stockDecompress(direct, codec, raw, size, Stock.DIRECT));
            }
        } finally {
            heap.release();
            direct.release();
        }
    }

    /**
     * LZO writers configured with other buffer sizes write other block sizes: ours reads them all. Our blocks need a
     * reader buffer of Hadoop's default 256 KiB, as hadoop-lzo's own default-written blocks do: the stand-in reader
     * with a 64 KiB buffer fails on them (asserted), and reads them with 256 KiB and 1 MiB.
     */
    @ParameterizedTest(name = "buffer {0}")
    @ValueSource(ints = {64 * KIB, 256 * KIB, MIB})
    void lzoStandInBufferSizes(int bufferSize) throws IOException {
        CompressionCodecName codec = CompressionCodecName.LZO;
        for (TestData.Shape shape : TestData.Shape.values()) {
            byte[] page = page(codec, 3 * MIB, shape);
            byte[] standIn = lzoStandInCompress(page, new LzoHadoopStreams(bufferSize));
            assertOursDecodes(codec, standIn, page);

            byte[] ours = compressWithOurs(codec, page, false);
            if (bufferSize < HADOOP_BUFFER) {
                assertThrows(Exception.class, () -> lzoStandInDecompress(ours, new LzoHadoopStreams(bufferSize)));
                assertThrows(
                        Exception.class,
                        () -> lzoStandInDecompress(
                                lzoStandInCompress(page, new LzoHadoopStreams()), new LzoHadoopStreams(bufferSize)));
            } else {
                assertArrayEquals(page, lzoStandInDecompress(ours, new LzoHadoopStreams(bufferSize)));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // BROTLI
    // ---------------------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "quality {0}")
    @ValueSource(ints = {0, 1, 5, 11})
    void brotliQualities(int quality) throws IOException {
        CompressionCodecName codec = CompressionCodecName.BROTLI;
        byte[] page = TestData.page(TestData.Shape.PARQUET, 256 * KIB, quality);
        byte[] ours = compressWithOurs(ours(HadoopFreeCodecFactory.BROTLI_QUALITY, "" + quality), codec, page);
        assertArrayEquals(page, brotliStandInDecompress(ours));
        byte[] standIn = brotliStandInCompress(page, new Encoder.Parameters().setQuality(quality));
        assertOursDecodes(codec, standIn, page);

        Configuration qualityConf = new Configuration(CONF);
        qualityConf.setInt(HadoopFreeCodecFactory.BROTLI_QUALITY, quality);
        for (Stock stock : Stock.values()) {
            CodecFactory factory = stock.create(qualityConf, page.length);
            try {
                assertStockCannotRun(factory, codec, "org.apache.hadoop.io.compress.BrotliCodec");
            } finally {
                factory.release();
            }
        }
    }

    @Test
    void brotliStandInIsAvailable() {
        Brotli4jLoader.ensureAvailability();
        assertTrue(OURS.implementation(CompressionCodecName.BROTLI).startsWith("brotli4j"));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Helpers: our side
    // ---------------------------------------------------------------------------------------------------------------

    static HadoopFreeCodecFactory ours(String key, String value) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(key, value);
        return new HadoopFreeCodecFactory(conf);
    }

    private static byte[] compressWithOurs(CompressionCodecName codec, byte[] page, boolean directInput)
            throws IOException {
        BytesInputCompressor compressor = OURS.getCompressor(codec);
        BytesInput input;
        if (directInput) {
            ByteBuffer direct = ByteBuffer.allocateDirect(page.length);
            direct.put(page).flip();
            input = BytesInput.from(direct);
        } else {
            input = BytesInput.from(page);
        }
        return compressor.compress(input).toByteArray();
    }

    static byte[] compressWithOurs(HadoopFreeCodecFactory factory, CompressionCodecName codec, byte[] page)
            throws IOException {
        try {
            return factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
        } finally {
            factory.release();
        }
    }

    /** Ours decodes {@code compressed} to {@code expected} through the BytesInput path and the ByteBuffer path. */
    static void assertOursDecodes(CompressionCodecName codec, byte[] compressed, byte[] expected) throws IOException {
        BytesInputDecompressor decompressor = OURS.getDecompressor(codec);
        assertArrayEquals(
                expected,
                decompressor
                        .decompress(BytesInput.from(compressed), expected.length)
                        .toByteArray(),
                codec + ": ours, decompress(BytesInput, int)");
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer input = placed(compressed, direct, 3);
            ByteBuffer output = placed(new byte[expected.length], direct, 5);
            int inputStart = input.position();
            int outputStart = output.position();
            decompressor.decompress(input, compressed.length, output, expected.length);
            String what = codec + ": ours, decompress(ByteBuffer, int, ByteBuffer, int), direct=" + direct;
            assertEquals(inputStart + compressed.length, input.position(), what + ": input position");
            assertEquals(outputStart + expected.length, output.position(), what + ": output position");
            assertArrayEquals(expected, read(output, outputStart, expected.length), what);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Helpers: stock side and stand-ins
    // ---------------------------------------------------------------------------------------------------------------

    private interface Action {
        Object run() throws Exception;
    }

    /** Stock fails on input that ours reads; any exception counts, as the type varies with Hadoop's pooled state. */
    private static void assertStockFails(Action action) {
        assertThrows(Exception.class, action::run, "stock was expected to fail here");
    }

    /**
     * Stock heap reads a raw LZ4 block as Hadoop block framing: bytes 0 to 3 as the block's decompressed size, bytes 4
     * to 7 as the length of its first compressed chunk, both big-endian. Hadoop's {@code BlockDecompressorStream}
     * allocates a buffer of that chunk length before it reads the chunk, and then fails on the missing bytes. When the
     * token and literal bytes of the block make that length hundreds of megabytes or more, running stock would only
     * test whether the heap has that much contiguous room (a 1.9 GB {@code new byte[]} made this suite run out of heap
     * on one machine and not on another). So stock runs whenever it would allocate at most {@link
     * #STOCK_FRAMING_ALLOCATION_LIMIT}; above that, the test asserts the framing stock would read, which claims more
     * bytes than the page has, and does not hand the page to stock.
     */
    private static void assertStockHeapRejectsRawLz4(CodecFactory heap, byte[] raw, int size) {
        long chunk = raw.length >= 8 ? ByteBuffer.wrap(raw, 4, 4).getInt() & 0xffffffffL : -1;
        if (chunk <= STOCK_FRAMING_ALLOCATION_LIMIT || chunk > Integer.MAX_VALUE) {
            // a short page, a small chunk length, or a negative one (NegativeArraySizeException): stock runs
            assertStockFails(() -> stockDecompress(heap, CompressionCodecName.LZ4, raw, size, Stock.HEAP));
        } else {
            assertTrue(
                    chunk > raw.length - 8,
                    "stock would read a first chunk of " + chunk + " bytes from a " + raw.length + "-byte page");
        }
    }

    private static void assertStockCannotRun(CodecFactory factory, CompressionCodecName codec, String missingClass) {
        assertEquals(missingClass, codec.getHadoopCompressionCodecClassName());
        BadConfigurationException compressor =
                assertThrows(BadConfigurationException.class, () -> factory.getCompressor(codec));
        assertInstanceOf(ClassNotFoundException.class, compressor.getCause());
        assertTrue(compressor.getMessage().contains(missingClass), compressor.getMessage());
        BadConfigurationException decompressor =
                assertThrows(BadConfigurationException.class, () -> factory.getDecompressor(codec));
        assertTrue(decompressor.getMessage().contains(missingClass), decompressor.getMessage());
    }

    private static void assertStockDecodes(
            CodecFactory factory, CompressionCodecName codec, byte[] compressed, byte[] expected, Stock stock)
            throws IOException {
        assertArrayEquals(
                expected,
                stockDecompress(factory, codec, compressed, expected.length, stock),
                codec + ": stock " + stock + ", decompress(BytesInput, int)");
        assertArrayEquals(
                expected,
                stockDecompressBuffers(factory, codec, compressed, expected.length, stock),
                codec + ": stock " + stock + ", decompress(ByteBuffer, int, ByteBuffer, int)");
    }

    private static byte[] stockDecompress(
            CodecFactory factory, CompressionCodecName codec, byte[] compressed, int size, Stock stock)
            throws IOException {
        return factory.getDecompressor(codec)
                .decompress(BytesInput.from(compressed), size)
                .toByteArray();
    }

    /** Stock's ByteBuffer path: heap buffers for the heap factory, direct buffers for the direct one. */
    private static byte[] stockDecompressBuffers(
            CodecFactory factory, CompressionCodecName codec, byte[] compressed, int size, Stock stock)
            throws IOException {
        boolean direct = stock == Stock.DIRECT;
        ByteBuffer input = placed(compressed, direct, 0);
        ByteBuffer output = placed(new byte[size], direct, 0);
        factory.getDecompressor(codec).decompress(input, compressed.length, output, size);
        assertEquals(compressed.length, input.position(), "stock input position");
        assertEquals(size, output.position(), "stock output position");
        return read(output, 0, size);
    }

    private static byte[] hadoopLz4Stream(byte[] compressed) throws IOException {
        Configuration conf = new Configuration(CONF);
        assertEquals(
                HADOOP_BUFFER,
                conf.getInt(
                        CommonConfigurationKeys.IO_COMPRESSION_CODEC_LZ4_BUFFERSIZE_KEY,
                        CommonConfigurationKeys.IO_COMPRESSION_CODEC_LZ4_BUFFERSIZE_DEFAULT));
        Lz4Codec codec = new Lz4Codec();
        codec.setConf(conf);
        try (InputStream in = codec.createInputStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }

    private static byte[] lzoStandInCompress(byte[] page, LzoHadoopStreams streams) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = streams.createOutputStream(bytes)) {
            out.write(page);
        }
        return bytes.toByteArray();
    }

    private static byte[] lzoStandInDecompress(byte[] compressed, LzoHadoopStreams streams) throws IOException {
        try (InputStream in = streams.createInputStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }

    private static byte[] brotliStandInCompress(byte[] page, Encoder.Parameters parameters) throws IOException {
        Brotli4jLoader.ensureAvailability();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new BrotliOutputStream(bytes, parameters)) {
            out.write(page);
        }
        return bytes.toByteArray();
    }

    private static byte[] brotliStandInDecompress(byte[] compressed) throws IOException {
        Brotli4jLoader.ensureAvailability();
        try (InputStream in = new BrotliInputStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Helpers: formats
    // ---------------------------------------------------------------------------------------------------------------

    private static byte[] rawLz4(byte[] page) {
        Lz4Compressor compressor = new Lz4Compressor();
        byte[] out = new byte[compressor.maxCompressedLength(page.length)];
        int length = compressor.compress(page, 0, page.length, out, 0, out.length);
        return Arrays.copyOf(out, length);
    }

    private static byte[] jdkGzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    /** One GZIP member with the given optional header fields, written byte by byte after RFC 1952. */
    private static byte[] gzipMember(byte[] data, int flags, int level) throws IOException {
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        member.write(new byte[] {0x1f, (byte) 0x8b, 8, (byte) flags, 0x78, 0x56, 0x34, 0x12, 2, 3}); // MTIME, XFL, OS
        if ((flags & FEXTRA) != 0) {
            byte[] extra = {'P', 'q', 4, 0, 1, 2, 3, 4}; // one subfield: SI1 SI2, LEN = 4, data
            member.write(extra.length);
            member.write(0);
            member.write(extra);
        }
        if ((flags & FNAME) != 0) {
            member.write("page-0001.bin".getBytes(StandardCharsets.ISO_8859_1));
            member.write(0);
        }
        if ((flags & FCOMMENT) != 0) {
            member.write("written by StockCodecInteropTest".getBytes(StandardCharsets.ISO_8859_1));
            member.write(0);
        }
        if ((flags & FHCRC) != 0) {
            CRC32 crc = new CRC32();
            crc.update(member.toByteArray());
            int crc16 = (int) crc.getValue() & 0xffff;
            member.write(crc16 & 0xff);
            member.write(crc16 >>> 8);
        }
        Deflater deflater = new Deflater(level, true);
        deflater.setInput(data);
        deflater.finish();
        byte[] buffer = new byte[64 * KIB];
        while (!deflater.finished()) {
            int n = deflater.deflate(buffer);
            member.write(buffer, 0, n);
        }
        deflater.end();
        CRC32 crc = new CRC32();
        crc.update(data);
        member.write(ByteBuffer.allocate(8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt((int) crc.getValue())
                .putInt(data.length)
                .array());
        return member.toByteArray();
    }

    /** The deflate data of a single-member GZIP page with a plain 10-byte header, without header and trailer. */
    private static byte[] deflateData(byte[] gzip) {
        assertEquals(0, gzip[3], "expected a header without optional fields");
        return Arrays.copyOfRange(gzip, 10, gzip.length - 8);
    }

    private static byte[] zstdStream(byte[] data, int level) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZstdOutputStream out = new ZstdOutputStream(bytes, level)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    /** The Frame_Content_Size of the zstd frame at {@code offset}, or -1 when the frame header omits it. */
    private static long zstdFrameContentSize(byte[] frame, int offset) {
        ByteBuffer header = ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0xFD2FB528, header.getInt(offset), "zstd magic");
        int descriptor = frame[offset + 4] & 0xff;
        int fcsFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int dictIdSize = new int[] {0, 1, 2, 4}[descriptor & 3];
        int at = offset + 5 + (singleSegment ? 0 : 1) + dictIdSize;
        switch (fcsFlag) {
            case 0:
                return singleSegment ? frame[at] & 0xff : -1;
            case 1:
                return (header.getShort(at) & 0xffff) + 256;
            case 2:
                return header.getInt(at) & 0xffffffffL;
            default:
                return header.getLong(at);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** A buffer holding {@code content} from position {@code offset}, with a few spare bytes after it. */
    private static ByteBuffer placed(byte[] content, boolean direct, int offset) {
        int capacity = offset + content.length + 7;
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        buffer.position(offset);
        buffer.put(content);
        buffer.position(offset);
        return buffer;
    }

    private static byte[] read(ByteBuffer buffer, int from, int length) {
        byte[] bytes = new byte[length];
        ByteBuffer view = buffer.duplicate();
        view.position(from);
        view.get(bytes);
        return bytes;
    }
}
