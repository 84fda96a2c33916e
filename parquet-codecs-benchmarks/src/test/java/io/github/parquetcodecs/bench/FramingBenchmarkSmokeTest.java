package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.airlift.compress.lz4.Lz4HadoopStreams;
import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs each {@link FramingBenchmark} cell once and checks its bytes; shows why LZ4's framing stays hand-written. */
class FramingBenchmarkSmokeTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "LZ4, HAND_WRITTEN",
        "LZ4, LIBRARY",
        "LZO, HAND_WRITTEN",
        "LZO, LIBRARY",
        "BROTLI, HAND_WRITTEN",
        "BROTLI, LIBRARY"
    })
    void eachRouteRoundTripsTheSamePages(String codec, String route) throws Exception {
        FramingBenchmark benchmark = new FramingBenchmark();
        benchmark.codec = codec;
        benchmark.route = route;
        benchmark.pageSize = 65536;
        benchmark.setUp();
        PageSet pages = PageSet.of(benchmark.pageSize);
        CodecEngine other = FramingBenchmark.create(
                CompressionCodecName.valueOf(codec),
                route.equals("LIBRARY") ? "HAND_WRITTEN" : "LIBRARY",
                pages.copyOfPages(),
                benchmark.pageSize);
        try {
            assertEquals((long) PageSet.COUNT * benchmark.pageSize, benchmark.decompress());
            for (int i = 0; i < PageSet.COUNT; i++) {
                assertEquals(benchmark.pageSize, benchmark.engine.decompress(i));
                assertArrayEquals(pages.page(i), benchmark.engine.lastDecompressed(), "page " + i);
                benchmark.engine.compress(i);
                if (!codec.equals("BROTLI")) {
                    // the same block codec in the same framing, block sizes included: the same bytes
                    other.compress(i);
                    assertArrayEquals(
                            other.lastCompressed(), benchmark.engine.lastCompressed(), "compressed page " + i);
                }
            }
        } finally {
            other.close();
            benchmark.tearDown();
        }
    }

    /**
     * aircompressor's LZ4 Hadoop stream allocates the chunk length that a block header declares before it reads the
     * chunk: 12 bytes of page make it allocate 64 MiB (a header can declare 2 GiB). The library's framing refuses the
     * chunk from its length and what is left of the page.
     */
    @Test
    void aircompressorsLz4StreamAllocatesWhatAHeaderDeclares() throws Exception {
        int declared = 64 << 20;
        byte[] page =
                ByteBuffer.allocate(12).putInt(1000).putInt(declared).putInt(0).array();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThrows(IOException.class, () -> {
            try (InputStream in = new Lz4HadoopStreams(FramingBenchmark.HADOOP_BUFFER)
                    .createInputStream(new ByteArrayInputStream(page))) {
                in.readNBytes(1000);
            }
        });
        long streamAllocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(streamAllocated >= declared, "allocated " + streamAllocated);

        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        try {
            ByteBuffer out = ByteBuffer.allocate(1000);
            before = threads.getCurrentThreadAllocatedBytes();
            assertThrows(IOException.class, () -> factory.getDecompressor(CompressionCodecName.LZ4)
                    .decompress(ByteBuffer.wrap(page), page.length, out, 1000));
            long libraryAllocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(libraryAllocated < (1 << 20), "allocated " + libraryAllocated);
        } finally {
            factory.release();
        }
    }
}
