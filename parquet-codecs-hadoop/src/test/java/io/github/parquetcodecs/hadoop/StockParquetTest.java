package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stock parquet-java 1.18.1 with Hadoop 3.4.1 and this module on the class path, nothing else of this project in its
 * way: its {@code CodecFactory} loads {@code com.hadoop.compression.lzo.LzoCodec} and {@code
 * org.apache.hadoop.io.compress.BrotliCodec} by name. Checked both ways against parquet-codecs without Hadoop, and its
 * BROTLI files against pyarrow and DuckDB, every value of 30,000 rows.
 */
class StockParquetTest {
    @TempDir
    static Path dir;

    private static List<String> expected;

    @BeforeAll
    static void rows() {
        expected = TestRows.expected();
    }

    @Test
    void stockLoadsThisModulesClasses() throws Exception {
        for (String name : new String[] {
            CompressionCodecName.LZO.getHadoopCompressionCodecClassName(),
            CompressionCodecName.BROTLI.getHadoopCompressionCodecClassName()
        }) {
            Class<?> codec = Class.forName(name);
            Path source = Paths.get(
                    codec.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertEquals(Paths.get("target/classes").toAbsolutePath(), source, name);
            assertTrue(((String) codec.getField("IMPLEMENTATION").get(null)).startsWith("parquet-codecs-hadoop"), name);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"LZO", "BROTLI"})
    void stockWritesWhatTheLibraryReads(CompressionCodecName codec) throws Exception {
        Path file = dir.resolve("stock-" + codec + ".parquet");
        TestRows.writeStock(file, codec);
        assertEquals(Collections.singleton(codec), TestRows.footerCodecs(file));
        assertEquals(expected, TestRows.readLibrary(file));
        assertEquals(expected, TestRows.readStock(file));
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"LZO", "BROTLI"})
    void stockReadsWhatTheLibraryWrites(CompressionCodecName codec) throws Exception {
        Path file = dir.resolve("library-" + codec + ".parquet");
        TestRows.writeLibrary(file, codec);
        assertEquals(Collections.singleton(codec), TestRows.footerCodecs(file));
        assertEquals(expected, TestRows.readStock(file));
    }

    @Test
    void pyarrowAndDuckdbReadStocksBrotliFiles() throws Exception {
        Path file = dir.resolve("stock-for-python-BROTLI.parquet");
        TestRows.writeStock(file, CompressionCodecName.BROTLI);
        assertEquals(expected, TestRows.readPython("pyarrow", file));
        assertEquals(expected, TestRows.readPython("duckdb", file));
    }

    /** parquet-java's per-column level reaches the codec as {@code compression.brotli.quality}. */
    @Test
    void brotliQualityFromParquetJavasLevel() throws Exception {
        Path fastFile = dir.resolve("quality-0.parquet");
        Path bestFile = dir.resolve("quality-11.parquet");
        TestRows.writeStock(fastFile, CompressionCodecName.BROTLI, 0);
        TestRows.writeStock(bestFile, CompressionCodecName.BROTLI, 11);
        assertTrue(
                Files.size(bestFile) < Files.size(fastFile),
                "quality 11: " + Files.size(bestFile) + " bytes, quality 0: " + Files.size(fastFile));
        assertEquals(expected, TestRows.readLibrary(fastFile));
        assertEquals(expected, TestRows.readLibrary(bestFile));
    }

    @Test
    void brotliQualityOutOfRange() {
        Configuration conf = new Configuration();
        conf.set("compression.brotli.quality", "12");
        org.apache.hadoop.io.compress.BrotliCodec codec = new org.apache.hadoop.io.compress.BrotliCodec();
        codec.setConf(conf);
        BadConfigurationException e = assertThrows(BadConfigurationException.class, codec::createCompressor);
        assertEquals(
                "BROTLI: compression level 12 is out of range; valid levels are 0 to 11 (default 1)", e.getMessage());
    }

    /**
     * A page whose compressed bytes are overwritten, read by stock parquet-java: the failure carries this module's
     * {@code IOException} naming the codec, not an {@code Error} or another exception of the codec library.
     */
    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"LZO", "BROTLI"})
    void stockGetsTheCodecsIOExceptionOnACorruptPage(CompressionCodecName codec) throws Exception {
        Path file = dir.resolve("corrupt-" + codec + ".parquet");
        TestRows.writeLibrary(file, codec);
        long start;
        long size;
        try (org.apache.parquet.hadoop.ParquetFileReader reader = org.apache.parquet.hadoop.ParquetFileReader.open(
                org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(
                        new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
            org.apache.parquet.hadoop.metadata.ColumnChunkMetaData digest =
                    reader.getFooter().getBlocks().get(0).getColumns().get(4);
            start = digest.getStartingPos();
            size = digest.getTotalSize();
        }
        byte[] bytes = Files.readAllBytes(file);
        java.util.Arrays.fill(bytes, (int) (start + size / 3), (int) (start + size / 3 + 64), (byte) 0x5A);
        Files.write(file, bytes);
        Throwable thrown = assertThrows(Exception.class, () -> TestRows.readStock(file));
        String chain = "";
        boolean ours = false;
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            chain += t + "\n";
            ours |= t instanceof java.io.IOException
                    && String.valueOf(t.getMessage()).startsWith(codec + ":");
        }
        assertTrue(ours, chain);
    }
}
