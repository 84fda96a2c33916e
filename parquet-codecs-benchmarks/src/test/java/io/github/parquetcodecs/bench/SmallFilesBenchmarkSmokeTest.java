package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link SmallFilesBenchmark} through JMH (unforked, one single shot) on a few files for every codec and mode the
 * suite runs, and checks from JMH's own results that each read exactly every row and value of every file.
 */
class SmallFilesBenchmarkSmokeTest {
    private static final int FILES = 4;
    private static final String[] CODECS = {"ZSTD", "SNAPPY", "GZIP"};

    @Test
    void everyModeReadsEveryValueOfEveryFile() throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include(SmallFilesBenchmark.class.getName() + "\\.")
                        .param("codec", CODECS)
                        .param("files", Integer.toString(FILES))
                        .forks(0)
                        .warmupIterations(0)
                        .measurementIterations(1)
                        .shouldFailOnError(true)
                        .build())
                .run();
        Set<String> ran = new HashSet<>();
        for (RunResult result : results) {
            String codec = result.getParams().getParam("codec");
            String mode = result.getParams().getParam("mode");
            ran.add(codec + " " + mode);
            Map<String, Result> counters = result.getSecondaryResults();
            String what = codec + " " + mode + ": ";
            assertEquals(FILES, counters.get("files").getScore(), what + "files");
            assertEquals(
                    (double) FILES * SmallFilesBenchmark.ROWS_PER_FILE,
                    counters.get("rows").getScore(),
                    what + "rows");
            assertEquals(
                    (double) FILES * SmallFilesBenchmark.ROWS_PER_FILE * SmallFilesBenchmark.COLUMNS,
                    counters.get("values").getScore(),
                    what + "values");
            assertTrue(result.getPrimaryResult().getScore() > 0, what + "score");
        }
        Set<String> expected = new HashSet<>();
        for (String codec : CODECS) {
            for (SmallFilesBenchmark.FactoryMode mode : SmallFilesBenchmark.FactoryMode.values()) {
                expected.add(codec + " " + mode);
            }
        }
        assertEquals(expected, ran);
    }

    /** The files hold what the benchmark says: the rows, the six columns, the codec asked for. */
    @Test
    void filesAreWrittenWithTheCodec() throws Exception {
        for (String codec : CODECS) {
            SmallFilesBenchmark benchmark = new SmallFilesBenchmark();
            benchmark.codec = codec;
            benchmark.mode = "PER_FILE_FACTORY";
            benchmark.files = 2;
            benchmark.setUp();
            try {
                for (java.nio.file.Path path : benchmark.paths) {
                    try (ParquetFileReader reader = new ParquetFileReader(
                            new LocalInputFile(path), Stock.readOptions(new PlainParquetConfiguration()))) {
                        assertEquals(
                                SmallFilesBenchmark.SCHEMA,
                                reader.getFileMetaData().getSchema());
                        long rows = 0;
                        for (BlockMetaData block : reader.getFooter().getBlocks()) {
                            rows += block.getRowCount();
                            assertEquals(
                                    SmallFilesBenchmark.COLUMNS,
                                    block.getColumns().size());
                            for (ColumnChunkMetaData column : block.getColumns()) {
                                assertEquals(CompressionCodecName.valueOf(codec), column.getCodec());
                            }
                        }
                        assertEquals(SmallFilesBenchmark.ROWS_PER_FILE, rows);
                    }
                }
            } finally {
                benchmark.tearDown();
            }
            assertTrue(!Files.exists(benchmark.dir), "temporary files removed");
        }
    }
}
