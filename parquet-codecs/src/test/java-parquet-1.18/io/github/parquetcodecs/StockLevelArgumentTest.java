package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.parquetcodecs.StockCodecInteropTest.Stock;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stock parquet-java's {@code CodecFactory.getCompressor(codec, level)}, new in 1.18 (parquet-java calls it for a
 * per-column level), heap and direct: the part of {@link StockCodecInteropTest#gzipLevels} and {@link
 * StockCodecInteropTest#zstdLevels} that needs it, on the same pages. Those tests check that stock's configuration and
 * ours apply the same level; this one that stock's level argument gives what its configuration gives, and so what ours
 * gives. Only compiled and run against parquet-java 1.18 (see the parquet-1.18-tests profile in the module's pom).
 */
class StockLevelArgumentTest {
    private static final int KIB = 1024;
    private static final Configuration CONF = new Configuration();

    /**
     * GZIP: stock's configuration takes level names only, its level argument numbers. The JVM-wide codec cache keyed
     * "class:value" that {@link StockCodecInteropTest#gzipLevels} describes is why the numbers go to a plain factory.
     */
    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("io.github.parquetcodecs.StockCodecInteropTest#gzipLevelNames")
    void gzipLevelArgument(String name, int number) throws IOException {
        CompressionCodecName codec = CompressionCodecName.GZIP;
        byte[] page = TestData.page(TestData.Shape.PARQUET, 256 * KIB, number + 100);
        Configuration nameConf = new Configuration(CONF);
        nameConf.set(HadoopFreeCodecFactory.GZIP_LEVEL, name);
        for (Stock stock : Stock.values()) {
            CodecFactory byName = stock.create(nameConf, page.length);
            CodecFactory plain = stock.create(CONF, page.length);
            try {
                byte[] stockByName = byName.getCompressor(codec)
                        .compress(BytesInput.from(page))
                        .toByteArray();
                byte[] stockByArgument = plain.getCompressor(codec, number)
                        .compress(BytesInput.from(page))
                        .toByteArray();
                assertArrayEquals(
                        stockByName, stockByArgument, "stock " + stock + ": configuration and level argument differ");
            } finally {
                byName.release();
                plain.release();
            }
        }
    }

    /** ZSTD: ours reads stock's level-argument output, and stock direct's equals ours at that level. */
    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {-50, -5, -1, 1, 3, 9, 19})
    void zstdLevelArgument(int level) throws IOException {
        CompressionCodecName codec = CompressionCodecName.ZSTD;
        byte[] page = TestData.page(TestData.Shape.PARQUET, 256 * KIB, level);
        byte[] oursByConf = StockCodecInteropTest.compressWithOurs(
                StockCodecInteropTest.ours(HadoopFreeCodecFactory.ZSTD_LEVEL, "" + level), codec, page);
        for (Stock stock : Stock.values()) {
            CodecFactory plain = stock.create(CONF, page.length);
            try {
                byte[] stockByArgument = plain.getCompressor(codec, level)
                        .compress(BytesInput.from(page))
                        .toByteArray();
                StockCodecInteropTest.assertOursDecodes(codec, stockByArgument, page);
                if (stock == Stock.DIRECT) {
                    assertArrayEquals(stockByArgument, oursByConf, "the two sides use different levels");
                }
            } finally {
                plain.release();
            }
        }
    }
}
