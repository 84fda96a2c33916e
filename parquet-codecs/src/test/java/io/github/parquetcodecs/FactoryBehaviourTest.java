package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Lifecycle, levels, configuration and error reporting of the factory. */
class FactoryBehaviourTest {
    private static final byte[] PAGE = TestData.page(TestData.Shape.PARQUET, 200_000, 42);

    private static byte[] compress(HadoopFreeCodecFactory factory, CompressionCodecName codec, byte[] page)
            throws IOException {
        return factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void decompressedPagesStayValidAfterLaterCalls(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        byte[] other = TestData.page(TestData.Shape.COMPRESSIBLE, PAGE.length, 7);
        byte[] first = compress(factory, codec, PAGE);
        byte[] second = compress(factory, codec, other);
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        BytesInput page1 = decompressor.decompress(BytesInput.from(first), PAGE.length);
        BytesInput page2 = decompressor.decompress(BytesInput.from(second), other.length);
        assertArrayEquals(PAGE, page1.toByteArray(), "first page overwritten by the second call");
        assertArrayEquals(other, page2.toByteArray());
        factory.release();
        assertArrayEquals(PAGE, page1.toByteArray(), "page invalidated by release()");
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void releasedHandlesThrowIllegalStateButFactoryGoesOn(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        BytesInputCompressor compressor = factory.getCompressor(codec);
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        byte[] compressed = compressor.compress(BytesInput.from(PAGE)).toByteArray();

        compressor.release();
        compressor.release(); // idempotent
        decompressor.release();
        assertThrows(IllegalStateException.class, () -> compressor.compress(BytesInput.from(PAGE)));
        assertThrows(
                IllegalStateException.class, () -> decompressor.decompress(BytesInput.from(compressed), PAGE.length));
        ByteBuffer out = ByteBuffer.allocateDirect(PAGE.length);
        assertThrows(
                IllegalStateException.class,
                () -> decompressor.decompress(ByteBuffer.wrap(compressed), compressed.length, out, PAGE.length));

        // the factory hands out fresh handles after a handle's release
        assertNotSame(compressor, factory.getCompressor(codec));
        assertArrayEquals(
                PAGE,
                factory.getDecompressor(codec)
                        .decompress(BytesInput.from(compress(factory, codec, PAGE)), PAGE.length)
                        .toByteArray());
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void factoryReleaseIsIdempotentAndKeepsSharedHandlesWorking(CompressionCodecName codec) throws IOException {
        // parquet-java's ParquetFileReader.close() releases the factory of its options, which other readers may share
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        BytesInputCompressor compressor = factory.getCompressor(codec);
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        byte[] compressed = compressor.compress(BytesInput.from(PAGE)).toByteArray();
        factory.release();
        factory.release();
        assertArrayEquals(compressed, compressor.compress(BytesInput.from(PAGE)).toByteArray());
        assertArrayEquals(
                PAGE,
                decompressor
                        .decompress(BytesInput.from(compressed), PAGE.length)
                        .toByteArray());
    }

    @Test
    void aFactoryDroppedWithoutReleaseLeavesNoHandleReachable() throws Exception {
        // nothing outside the factory (no ThreadLocal, no static registry) may keep its handles, and so their native
        // output buffers, alive: once unreachable, the garbage collector frees them (engines live in the pool)
        List<WeakReference<Object>> handles = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
            BytesInputCompressor compressor = factory.getCompressor(CompressionCodecName.ZSTD);
            BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.ZSTD);
            byte[] compressed = compressor.compress(BytesInput.from(PAGE)).toByteArray();
            decompressor.decompress(BytesInput.from(compressed), PAGE.length);
            handles.add(new WeakReference<>(compressor));
            handles.add(new WeakReference<>(decompressor));
        }
        for (int attempt = 0; attempt < 50 && handles.stream().anyMatch(h -> h.get() != null); attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(handles.stream().allMatch(h -> h.get() == null), "handles of dropped factories still reachable");
    }

    @Test
    void handlesArePerThreadAndCachedWithinAThread() throws Exception {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        BytesInputCompressor mine = factory.getCompressor(CompressionCodecName.ZSTD);
        assertSame(mine, factory.getCompressor(CompressionCodecName.ZSTD));
        assertSame(mine, factory.getCompressor(CompressionCodecName.ZSTD, 3), "default level 3 is the same key");
        assertNotSame(mine, factory.getCompressor(CompressionCodecName.ZSTD, 9));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            Future<BytesInputCompressor> theirs =
                    executor.submit(() -> factory.getCompressor(CompressionCodecName.ZSTD));
            assertNotSame(mine, theirs.get());
        } finally {
            executor.shutdown();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"ZSTD", "GZIP", "BROTLI"})
    void levelsApplyAndOutOfRangeLevelsFailNamingTheRange(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        CompressionLevels.Range range = CompressionLevels.of(codec).orElseThrow();
        int low = codec == CompressionCodecName.GZIP ? 1 : range.min() < 0 ? 1 : range.min();
        byte[] fast = factory.getCompressor(codec, low)
                .compress(BytesInput.from(PAGE))
                .toByteArray();
        byte[] best = factory.getCompressor(codec, range.max())
                .compress(BytesInput.from(PAGE))
                .toByteArray();
        assertTrue(
                best.length < fast.length,
                codec + ": level " + range.max() + " gave " + best.length + " bytes, level " + low + " gave "
                        + fast.length);
        for (byte[] compressed : Arrays.asList(fast, best)) {
            assertArrayEquals(
                    PAGE,
                    factory.getDecompressor(codec)
                            .decompress(BytesInput.from(compressed), PAGE.length)
                            .toByteArray());
        }
        BadConfigurationException e =
                assertThrows(BadConfigurationException.class, () -> factory.getCompressor(codec, range.max() + 1));
        assertTrue(e.getMessage().contains(codec.name()), e.getMessage());
        assertTrue(e.getMessage().contains(range.min() + " to " + range.max()), e.getMessage());
        assertThrows(BadConfigurationException.class, () -> factory.getCompressor(codec, range.min() - 1));
    }

    @Test
    void zstdAcceptsNegativeLevels() throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        for (int level : new int[] {-7, -1, 1, 19}) {
            byte[] compressed = factory.getCompressor(CompressionCodecName.ZSTD, level)
                    .compress(BytesInput.from(PAGE))
                    .toByteArray();
            assertArrayEquals(
                    PAGE,
                    factory.getDecompressor(CompressionCodecName.ZSTD)
                            .decompress(BytesInput.from(compressed), PAGE.length)
                            .toByteArray());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "LZ4_RAW", "LZ4", "LZO"})
    void codecsWithoutLevelsIgnoreALevel(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        assertArrayEquals(
                compress(factory, codec, PAGE),
                factory.getCompressor(codec, 123456)
                        .compress(BytesInput.from(PAGE))
                        .toByteArray());
    }

    @Test
    void configuredLevelsUseStockKeys() throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, "19");
        conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, "BEST_COMPRESSION");
        conf.set(HadoopFreeCodecFactory.BROTLI_QUALITY, "11");
        HadoopFreeCodecFactory configured = new HadoopFreeCodecFactory(conf);
        HadoopFreeCodecFactory defaults = new HadoopFreeCodecFactory();
        assertArrayEquals(
                compress(defaults, CompressionCodecName.ZSTD, PAGE),
                defaults.getCompressor(CompressionCodecName.ZSTD, 3)
                        .compress(BytesInput.from(PAGE))
                        .toByteArray());
        assertArrayEquals(
                compress(configured, CompressionCodecName.ZSTD, PAGE),
                defaults.getCompressor(CompressionCodecName.ZSTD, 19)
                        .compress(BytesInput.from(PAGE))
                        .toByteArray());
        assertArrayEquals(
                compress(configured, CompressionCodecName.GZIP, PAGE),
                defaults.getCompressor(CompressionCodecName.GZIP, 9)
                        .compress(BytesInput.from(PAGE))
                        .toByteArray());
        assertArrayEquals(
                compress(configured, CompressionCodecName.BROTLI, PAGE),
                defaults.getCompressor(CompressionCodecName.BROTLI, 11)
                        .compress(BytesInput.from(PAGE))
                        .toByteArray());

        PlainParquetConfiguration legacy = new PlainParquetConfiguration();
        legacy.set(HadoopFreeCodecFactory.LEGACY_ZSTD_LEVEL, "19");
        assertArrayEquals(
                compress(configured, CompressionCodecName.ZSTD, PAGE),
                compress(new HadoopFreeCodecFactory(legacy), CompressionCodecName.ZSTD, PAGE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NO_COMPRESSION", "BEST_SPEED", "TWO", "SIX", "NINE", "DEFAULT_COMPRESSION", "4", "-1"})
    void gzipLevelNamesFromHadoopAreAccepted(String value) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, value);
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(conf);
        byte[] compressed = compress(factory, CompressionCodecName.GZIP, PAGE);
        assertArrayEquals(
                PAGE,
                factory.getDecompressor(CompressionCodecName.GZIP)
                        .decompress(BytesInput.from(compressed), PAGE.length)
                        .toByteArray());
    }

    @Test
    void invalidConfiguredLevelsFailWhenTheCompressorIsRequested() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, "99");
        conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, "FASTEST");
        conf.set(HadoopFreeCodecFactory.BROTLI_QUALITY, "twelve");
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(conf); // constructing is fine
        assertTrue(assertThrows(BadConfigurationException.class, () -> factory.getCompressor(CompressionCodecName.ZSTD))
                .getMessage()
                .contains("ZSTD"));
        assertTrue(assertThrows(BadConfigurationException.class, () -> factory.getCompressor(CompressionCodecName.GZIP))
                .getMessage()
                .contains("zlib.compress.level"));
        assertTrue(
                assertThrows(BadConfigurationException.class, () -> factory.getCompressor(CompressionCodecName.BROTLI))
                        .getMessage()
                        .contains("compression.brotli.quality"));
        // decompression and other codecs are unaffected
        factory.getDecompressor(CompressionCodecName.ZSTD);
        factory.getCompressor(CompressionCodecName.SNAPPY);
    }

    @Test
    void zstdWorkersSettingIsHonoured() throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.ZSTD_WORKERS, "2");
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(conf);
        byte[] big = TestData.page(TestData.Shape.PARQUET, 4 << 20, 5);
        byte[] compressed = compress(factory, CompressionCodecName.ZSTD, big);
        assertArrayEquals(
                big,
                factory.getDecompressor(CompressionCodecName.ZSTD)
                        .decompress(BytesInput.from(compressed), big.length)
                        .toByteArray());
        conf.set(HadoopFreeCodecFactory.ZSTD_WORKERS, "-1");
        assertThrows(BadConfigurationException.class, () -> new HadoopFreeCodecFactory(conf)
                .getCompressor(CompressionCodecName.ZSTD));
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void emptyPagesRoundTrip(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        // 0 bytes in, 0 bytes out: succeeds without the codec
        assertEquals(0, decompressor.decompress(BytesInput.empty(), 0).size());
        ByteBuffer in = ByteBuffer.allocate(0);
        ByteBuffer out = ByteBuffer.allocate(0);
        decompressor.decompress(in, 0, out, 0);
        // an empty page compressed by the codec decodes to nothing too
        byte[] compressed = compress(factory, codec, new byte[0]);
        assertEquals(0, decompressor.decompress(BytesInput.from(compressed), 0).size());
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"UNCOMPRESSED"})
    void sizeMismatchAndTruncationGiveIOExceptionsNamingCodecAndSizes(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        byte[] compressed = compress(factory, codec, PAGE);
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);

        IOException larger = assertThrows(
                IOException.class, () -> decompressor.decompress(BytesInput.from(compressed), PAGE.length + 10));
        assertMessage(larger, codec, PAGE.length + 10);
        IOException smaller = assertThrows(
                IOException.class, () -> decompressor.decompress(BytesInput.from(compressed), PAGE.length - 10));
        assertMessage(smaller, codec, PAGE.length - 10);
        byte[] truncated = Arrays.copyOf(compressed, compressed.length / 2);
        IOException cut =
                assertThrows(IOException.class, () -> decompressor.decompress(BytesInput.from(truncated), PAGE.length));
        assertMessage(cut, codec, PAGE.length);

        // a failed ByteBuffer decode leaves positions alone and writes nothing outside the slice
        ByteBuffer input = CodecSweep.guarded(compressed, true, 1);
        ByteBuffer output = CodecSweep.guarded(new byte[PAGE.length - 10], false, 2);
        int inPos = input.position();
        int outPos = output.position();
        assertThrows(
                IOException.class, () -> decompressor.decompress(input, compressed.length, output, PAGE.length - 10));
        assertEquals(inPos, input.position());
        assertEquals(outPos, output.position());
        CodecSweep.assertGuards(output, outPos, PAGE.length - 10);

        // the decompressor still works after errors
        assertArrayEquals(
                PAGE,
                decompressor
                        .decompress(BytesInput.from(compressed), PAGE.length)
                        .toByteArray());
    }

    private static void assertMessage(IOException e, CompressionCodecName codec, int expected) {
        String message = e.getMessage();
        assertTrue(message.startsWith(codec.name() + ":"), message);
        assertTrue(message.contains(String.valueOf(expected)), message);
    }

    @Test
    void implementationIsVisible() {
        // on JDK 25 the native tier serves GZIP, LZ4 and LZ4_RAW (NativeTierTest); no-ffm gives what JDK 17 has
        PlainParquetConfiguration noFfm = new PlainParquetConfiguration();
        noFfm.set(HadoopFreeCodecFactory.NATIVE_MODE, "no-ffm");
        for (HadoopFreeCodecFactory factory : Runtime.version().feature() >= 25
                ? List.of(new HadoopFreeCodecFactory(noFfm))
                : List.of(new HadoopFreeCodecFactory(), new HadoopFreeCodecFactory(noFfm))) {
            assertEquals("snappy-java (native)", factory.implementation(CompressionCodecName.SNAPPY));
            assertEquals("zstd-jni (native)", factory.implementation(CompressionCodecName.ZSTD));
            assertEquals("brotli4j (native)", factory.implementation(CompressionCodecName.BROTLI));
            assertEquals("lz4-java (native)", factory.implementation(CompressionCodecName.LZ4_RAW));
            assertEquals("lz4-java (native), Hadoop block framing", factory.implementation(CompressionCodecName.LZ4));
            assertEquals("java.util.zip (JDK zlib)", factory.implementation(CompressionCodecName.GZIP));
        }
        if (Runtime.version().feature() >= 25) {
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
            assertEquals("snappy-java (native)", factory.implementation(CompressionCodecName.SNAPPY));
            // zstd-jni stays first: the tier's libzstd is no faster (docs/native-tier.md)
            assertEquals("zstd-jni (native)", factory.implementation(CompressionCodecName.ZSTD));
            assertEquals("brotli4j (native)", factory.implementation(CompressionCodecName.BROTLI));
            assertEquals("liblz4 (aircompressor-v3, FFM)", factory.implementation(CompressionCodecName.LZ4_RAW));
            assertEquals(
                    "liblz4 (aircompressor-v3, FFM), Hadoop block framing",
                    factory.implementation(CompressionCodecName.LZ4));
            assertEquals("libdeflate (aircompressor-v3, FFM)", factory.implementation(CompressionCodecName.GZIP));
        }
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "pure-java");
        HadoopFreeCodecFactory java = new HadoopFreeCodecFactory(conf);
        assertTrue(java.implementation(CompressionCodecName.SNAPPY).startsWith("aircompressor"));
        assertTrue(java.implementation(CompressionCodecName.ZSTD).startsWith("aircompressor"));
        assertEquals("aircompressor (pure Java)", java.implementation(CompressionCodecName.LZ4_RAW));
        assertEquals("aircompressor (pure Java), Hadoop block framing", java.implementation(CompressionCodecName.LZ4));
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "sometimes");
        assertThrows(IllegalArgumentException.class, () -> new HadoopFreeCodecFactory(conf));
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "ZSTD", "LZ4", "LZ4_RAW"})
    void pureJavaAndNativeAgree(CompressionCodecName codec) throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "pure-java");
        HadoopFreeCodecFactory java = new HadoopFreeCodecFactory(conf);
        HadoopFreeCodecFactory nativeFactory = new HadoopFreeCodecFactory();
        byte[] byJava = compress(java, codec, PAGE);
        byte[] byNative = compress(nativeFactory, codec, PAGE);
        assertArrayEquals(
                PAGE,
                nativeFactory
                        .getDecompressor(codec)
                        .decompress(BytesInput.from(byJava), PAGE.length)
                        .toByteArray());
        assertArrayEquals(
                PAGE,
                java.getDecompressor(codec)
                        .decompress(BytesInput.from(byNative), PAGE.length)
                        .toByteArray());
        assertNotEquals(0, byJava.length);
    }
}
