package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Decompression bombs: small pages that declare, or decode to, far more than a reader should allocate. Pages above
 * {@link HadoopFreeCodecFactory#MAX_DECOMPRESSED_PAGE_SIZE} are refused before anything is allocated; below it, the
 * heap used by a decode is bounded by the declared page size, and a stream that holds more stops as soon as the page
 * is full.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DecompressionBombTest {
    private static final int LIMIT = 1 << 20;
    private static final HadoopFreeCodecFactory LIMITED = HostileDecoding.limited(LIMIT);
    private static final HadoopFreeCodecFactory DEFAULTS = new HadoopFreeCodecFactory();
    private static final byte[] ZEROS = new byte[64 << 20];

    @AfterAll
    static void release() {
        LIMITED.release();
        DEFAULTS.release();
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void pagesAboveTheLimitAreRefusedBeforeAnyAllocation(CompressionCodecName codec) throws IOException {
        byte[] compressed = HostileDecoding.compress(DEFAULTS, codec, new byte[1000]);
        BytesInputDecompressor decompressor = LIMITED.getDecompressor(codec);
        for (int declared : new int[] {LIMIT + 1, 64 << 20, Integer.MAX_VALUE - 8, Integer.MAX_VALUE}) {
            // the least of three tries: first calls may allocate for class loading or call-site linkage
            long allocated = Long.MAX_VALUE;
            IOException e = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                long before = HostileDecoding.allocatedBytes();
                e = assertThrows(
                        IOException.class, () -> decompressor.decompress(BytesInput.from(compressed), declared));
                allocated = Math.min(allocated, HostileDecoding.allocatedBytes() - before);
            }
            assertTrue(e.getMessage().startsWith(codec + ":"), e.getMessage());
            assertTrue(e.getMessage().contains(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE), e.getMessage());
            assertTrue(e.getMessage().contains(String.valueOf(declared)), e.getMessage());
            assertTrue(allocated < 64 * 1024, codec + ": refusing a page allocated " + allocated + " bytes");

            ByteBuffer in = ByteBuffer.wrap(compressed);
            ByteBuffer out = ByteBuffer.allocate(16);
            IOException viaBuffers = assertThrows(
                    IOException.class, () -> decompressor.decompress(in, compressed.length, out, declared));
            assertTrue(viaBuffers.getMessage().contains(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE));
        }
        // at the limit, pages decode as usual
        byte[] full = HostileDecoding.compress(DEFAULTS, codec, new byte[LIMIT]);
        assertEquals(
                LIMIT, decompressor.decompress(BytesInput.from(full), LIMIT).size());
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void theDefaultLimitRefusesWhatNoArrayCanHold(CompressionCodecName codec) throws IOException {
        byte[] compressed = HostileDecoding.compress(DEFAULTS, codec, new byte[1000]);
        IOException e = assertThrows(IOException.class, () -> DEFAULTS.getDecompressor(codec)
                .decompress(BytesInput.from(compressed), Integer.MAX_VALUE));
        assertTrue(e.getMessage().contains(String.valueOf(HadoopFreeCodecFactory.DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE)));
    }

    /** 64 MiB of zeros, compressed by each codec to a few KiB, in a page that declares 1 MiB. */
    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"UNCOMPRESSED"})
    void pagesThatDecodeToMoreThanTheyDeclareStopWhenThePageIsFull(CompressionCodecName codec) throws IOException {
        byte[] bomb = HostileDecoding.compress(DEFAULTS, codec, ZEROS);
        assertBombDefused(codec, bomb, LIMITED);
        assertBombDefused(codec, bomb, DEFAULTS);
        if (codec == CompressionCodecName.SNAPPY || codec == CompressionCodecName.ZSTD) {
            HadoopFreeCodecFactory pureJava = HostileDecoding.pureJava();
            assertBombDefused(codec, HostileDecoding.compress(pureJava, codec, ZEROS), pureJava);
            pureJava.release();
        }
    }

    @Test
    void zstdBombWithoutAContentSizeStopsWhenThePageIsFull() throws IOException {
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        try (ZstdOutputStream out = new ZstdOutputStream(streamed)) {
            out.write(ZEROS);
        }
        assertBombDefused(CompressionCodecName.ZSTD, streamed.toByteArray(), LIMITED);
    }

    private static void assertBombDefused(CompressionCodecName codec, byte[] bomb, HadoopFreeCodecFactory factory) {
        long start = System.nanoTime();
        // HostileDecoding checks that the heap allocated stays within the declared page plus a constant
        assertNull(HostileDecoding.decode(factory, codec, bomb, LIMIT));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 10_000, codec + ": the bomb took " + millis + " ms to refuse");
    }

    @Test
    void invalidLimitsFailWhenADecompressorIsRequested() {
        for (String value : new String[] {"-1", "lots", "3000000000"}) {
            PlainParquetConfiguration conf = new PlainParquetConfiguration();
            conf.set(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE, value);
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(conf);
            BadConfigurationException e = assertThrows(
                    BadConfigurationException.class, () -> factory.getDecompressor(CompressionCodecName.ZSTD));
            assertTrue(e.getMessage().contains(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE), e.getMessage());
            factory.getCompressor(CompressionCodecName.ZSTD); // compressing does not need the limit
        }
    }

    /**
     * A page within the limit whose header declares more than the heap can hold, and more than the page states, is
     * refused with an IOException before anything is allocated: run in a JVM with a 64 MiB heap, since this one has
     * room for anything a test would declare.
     */
    @Test
    void aLyingPageTheHeapCannotHoldGivesAnIOException() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process process = new ProcessBuilder(
                        java, "-Xmx64m", "-cp", System.getProperty("java.class.path"), SmallHeap.class.getName())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(
                output.contains("IOException: ZSTD: page of ")
                        && output.contains(" declares 1073741824 decompressed bytes, but its frames state 100 bytes"),
                output);
    }

    /** Run by {@link #aLyingPageTheHeapCannotHoldGivesAnIOException} in a JVM with a small heap. */
    static final class SmallHeap {
        public static void main(String[] args) throws IOException {
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
            byte[] compressed = HostileDecoding.compress(factory, CompressionCodecName.ZSTD, new byte[100]);
            try {
                factory.getDecompressor(CompressionCodecName.ZSTD).decompress(BytesInput.from(compressed), 1 << 30);
                System.out.println("decoded");
            } catch (IOException e) {
                System.out.println(e);
            }
            factory.release();
        }
    }
}
