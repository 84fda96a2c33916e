package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs each {@link CodecBenchmark} method once for every codec and implementation, and checks what it produced. */
class CodecBenchmarkSmokeTest {
    private static final String[] CODECS = {"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"};
    private static HadoopFreeCodecFactory reference;

    @BeforeAll
    static void setUp() {
        reference = new HadoopFreeCodecFactory();
    }

    @AfterAll
    static void tearDown() {
        reference.release();
    }

    static Stream<Arguments> runnable() {
        List<Arguments> cases = new ArrayList<>();
        for (String codec : CODECS) {
            for (CodecEngine.Impl impl : CodecEngine.Impl.values()) {
                CompressionCodecName name = CompressionCodecName.valueOf(codec);
                if (impl.isBareFfm()
                        ? BareRows.ffmUnsupported(name) == null
                        : !impl.isStock() || Stock.unsupportedReason(name) == null) {
                    cases.add(Arguments.of(codec, impl.name()));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runnable")
    void compressAndDecompressOnce(String codec, String impl) throws Exception {
        CodecBenchmark benchmark = new CodecBenchmark();
        benchmark.codec = codec;
        benchmark.impl = impl;
        benchmark.pageSize = 65536;
        benchmark.setUp();
        try {
            PageSet pages = PageSet.of(benchmark.pageSize);
            CompressionCodecName name = CompressionCodecName.valueOf(codec);
            BytesInputDecompressor check = reference.getDecompressor(name);

            CodecEngine.Impl which = CodecEngine.Impl.valueOf(impl);
            long compressed = benchmark.compress();
            assertTrue(compressed > 0 && compressed < (long) PageSet.COUNT * benchmark.pageSize, codec + " " + impl);
            for (int i = 0; i < PageSet.COUNT; i++) {
                benchmark.engine.compress(i);
                byte[] bytes = benchmark.engine.lastCompressed();
                ByteBuffer out = ByteBuffer.allocate(benchmark.pageSize);
                check.decompress(ByteBuffer.wrap(bytes), bytes.length, out, benchmark.pageSize);
                assertArrayEquals(pages.page(i), out.array(), "compressed page " + i + " does not round-trip");
            }

            if (CodecEngine.unsupported(which, name, "decompress") != null) {
                // stock DirectCodecFactory's LZ4 gap: the benchmark is not run, and it does fail as reported
                assertThrows(Exception.class, benchmark::decompress);
                return;
            }
            assertEquals((long) PageSet.COUNT * benchmark.pageSize, benchmark.decompress());
            for (int i = 0; i < PageSet.COUNT; i++) {
                assertEquals(benchmark.pageSize, benchmark.engine.decompress(i));
                assertArrayEquals(
                        pages.page(i), benchmark.engine.lastDecompressed(), "decompressed page " + i + " differs");
            }
        } finally {
            benchmark.tearDown();
        }
    }

    /** On JDK 25 the bare FFM rows must run (not be skipped); before it, they say why they cannot. */
    @Test
    void bareFfmRowsRunOnJdk25AndSayWhyNotBefore() throws Exception {
        if (Runtime.version().feature() >= 25) {
            for (CompressionCodecName codec : BareRows.FFM_CODECS) {
                assertNull(BareRows.ffmUnsupported(codec), codec.name());
                assertTrue(BareRows.describeFfm(codec).contains("aircompressor-v3"), codec.name());
            }
            assertNotNull(BareRows.ffmUnsupported(CompressionCodecName.BROTLI));
            try (BareCodec zstd = BareRows.ffmZstd(-3)) {
                byte[] page = PageSet.of(65536).page(0);
                byte[] compressed = new byte[zstd.maxCompressedLength(page.length)];
                int length = zstd.compress(page, page.length, compressed);
                byte[] back = new byte[page.length];
                assertEquals(page.length, zstd.decompress(compressed, length, back, page.length));
                assertArrayEquals(page, back);
            }
        } else {
            String reason = BareRows.ffmUnsupported(CompressionCodecName.GZIP);
            assertTrue(reason.contains("JDK 25"), reason);
            assertThrows(UnsupportedOperationException.class, () -> BareRows.ffm(CompressionCodecName.GZIP));
        }
    }

    @Test
    void stockCannotDoLzoAndBrotliAndSaysWhy() {
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            String reason = Stock.unsupportedReason(codec);
            if (codec == CompressionCodecName.LZO || codec == CompressionCodecName.BROTLI) {
                assertNotNull(reason, codec.name());
                assertTrue(reason.contains("not found") || reason.contains("ClassNotFound"), reason);
            } else {
                assertNull(reason, codec.name());
            }
        }
        // stock DirectCodecFactory cannot read LZ4 pages, not even its own CodecFactory's: the report says so
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            String reason = Stock.directDecompressFailure(codec);
            if (codec == CompressionCodecName.LZ4) {
                assertNotNull(reason, "stock DirectCodecFactory now decompresses LZ4: benchmark it again");
            } else {
                assertNull(reason, codec.name());
            }
        }
        CodecBenchmark benchmark = new CodecBenchmark();
        benchmark.codec = "LZO";
        benchmark.impl = "STOCK_HEAP";
        benchmark.pageSize = 65536;
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, benchmark::setUp);
        assertTrue(e.getMessage().contains("LZO"), e.getMessage());
    }
}
