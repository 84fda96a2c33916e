package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs {@link EndToEndBenchmark#writeAndRead()} once for every parameter combination the suite runs (on fewer rows),
 * and checks the file it wrote: every value read back (the benchmark checks its checksum), the codec and page kind
 * asked for, dictionary pages only when dictionary encoding is on.
 */
class EndToEndBenchmarkSmokeTest {
    private static final String[] CODECS = {"UNCOMPRESSED", "SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"
    };

    static Stream<Arguments> runnable() {
        List<Arguments> cases = new ArrayList<>();
        for (String codec : CODECS) {
            for (String impl : new String[] {"LIB", "STOCK"}) {
                if (impl.equals("STOCK") && Stock.unsupportedReason(CompressionCodecName.valueOf(codec)) != null) {
                    continue;
                }
                for (String pages : new String[] {"V1", "V2"}) {
                    for (boolean dictionary : new boolean[] {true, false}) {
                        cases.add(Arguments.of(codec, pages, dictionary, impl));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} dictionary={2} {3}")
    @MethodSource("runnable")
    void writeAndReadOnce(String codec, String pages, boolean dictionary, String impl) throws Exception {
        EndToEndBenchmark benchmark = new EndToEndBenchmark();
        benchmark.codec = codec;
        benchmark.pages = pages;
        benchmark.dictionary = dictionary;
        benchmark.impl = impl;
        benchmark.rows = 5_000;
        benchmark.setUp();
        try {
            assertEquals(BenchData.rows(5_000).expectedChecksum(), benchmark.writeAndRead());
            try (ParquetFileReader reader = new ParquetFileReader(
                    new LocalInputFile(benchmark.file),
                    ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
                long rows = 0;
                boolean anyDictionary = false;
                for (BlockMetaData block : reader.getFooter().getBlocks()) {
                    rows += block.getRowCount();
                    for (ColumnChunkMetaData column : block.getColumns()) {
                        assertEquals(CompressionCodecName.valueOf(codec), column.getCodec());
                        anyDictionary |= column.hasDictionaryPage()
                                || column.getEncodings().contains(Encoding.PLAIN_DICTIONARY)
                                || column.getEncodings().contains(Encoding.RLE_DICTIONARY);
                        if (pages.equals("V2")) {
                            assertTrue(
                                    column.getEncodingStats() == null
                                            || column.getEncodingStats().usesV2Pages(),
                                    "V2 pages expected");
                        }
                    }
                }
                assertEquals(5_000, rows);
                assertEquals(dictionary, anyDictionary, "dictionary pages");
            }
        } finally {
            benchmark.tearDown();
        }
    }

    @Test
    void stockLzoIsRefusedWithStocksReason() {
        EndToEndBenchmark benchmark = new EndToEndBenchmark();
        benchmark.codec = "LZO";
        benchmark.pages = "V1";
        benchmark.impl = "STOCK";
        benchmark.rows = 10;
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, benchmark::setUp);
        assertTrue(e.getMessage().contains("hadoop"), e.getMessage());
    }
}
