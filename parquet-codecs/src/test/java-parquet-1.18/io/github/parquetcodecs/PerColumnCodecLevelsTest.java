package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Per-column codecs and levels in one file: {@code ParquetWriter.Builder.withCompressionCodec(column, codec)} and
 * {@code withCompressionLevel(column, level)}, which parquet-java has from 1.18 on (it then asks the factory for
 * {@code getCompressor(codec, level)}). Part of the whole-file tests of {@link ParquetFileRoundTripTest}; only compiled
 * and run against parquet-java 1.18 (see the parquet-1.18-tests profile in the module's pom).
 */
class PerColumnCodecLevelsTest {
    @TempDir
    Path dir;

    private static final MessageType LEVEL_SCHEMA = MessageTypeParser.parseMessageType("message levels {\n"
            + "  required binary z_low;\n"
            + "  required binary z_high;\n"
            + "  required binary z_negative;\n"
            + "  required binary g_low;\n"
            + "  required binary g_high;\n"
            + "  required binary b_low;\n"
            + "  required binary b_high;\n"
            + "  required binary s_ignored;\n"
            + "  required int32 n;\n"
            + "}");
    private static final int LEVEL_ROWS = 1000;

    /** Column, codec and level of the per-column level file; {@code s_ignored} has a level SNAPPY must ignore. */
    private static final Object[][] LEVEL_COLUMNS = {
        {"z_low", CompressionCodecName.ZSTD, 1},
        {"z_high", CompressionCodecName.ZSTD, 19},
        {"z_negative", CompressionCodecName.ZSTD, -7},
        {"g_low", CompressionCodecName.GZIP, 1},
        {"g_high", CompressionCodecName.GZIP, 9},
        {"b_low", CompressionCodecName.BROTLI, 0},
        {"b_high", CompressionCodecName.BROTLI, 11},
        {"s_ignored", CompressionCodecName.SNAPPY, 99},
    };

    private static Group levelRow(SimpleGroupFactory groups, int i) {
        Group group = groups.newGroup();
        for (Object[] column : LEVEL_COLUMNS) {
            // the same compressible text in every column, so that chunk sizes compare levels alone
            group.append((String) column[0], Binary.fromConstantByteArray(levelText(i)));
        }
        return group.append("n", i);
    }

    private static byte[] levelText(int i) {
        return TestData.page(TestData.Shape.COMPRESSIBLE, 150 + i % 100, i);
    }

    /**
     * Writes the level file: every column of {@link #LEVEL_COLUMNS} with its codec, and with its level when {@code
     * perColumnLevels}; the factory reads {@code conf}.
     */
    private static Map<String, ColumnChunkMetaData> writeLevelFile(
            Path path, boolean perColumnLevels, PlainParquetConfiguration conf) throws IOException {
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withType(LEVEL_SCHEMA)
                .withCodecFactory(new HadoopFreeCodecFactory(conf))
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withDictionaryEncoding(false)
                .withPageSize(64 * 1024);
        for (Object[] column : LEVEL_COLUMNS) {
            builder.withCompressionCodec((String) column[0], (CompressionCodecName) column[1]);
            if (perColumnLevels) {
                builder.withCompressionLevel((String) column[0], (Integer) column[2]);
            }
        }
        try (ParquetWriter<Group> writer = builder.build()) {
            SimpleGroupFactory groups = new SimpleGroupFactory(LEVEL_SCHEMA);
            for (int i = 0; i < LEVEL_ROWS; i++) {
                writer.write(levelRow(groups, i));
            }
        }
        Map<String, ColumnChunkMetaData> chunks = new HashMap<>();
        try (ParquetFileReader reader = new ParquetFileReader(
                new LocalInputFile(path), ParquetReadOptions.builder().build())) {
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            assertEquals(1, blocks.size(), "one row group");
            for (ColumnChunkMetaData column : blocks.get(0).getColumns()) {
                chunks.put(column.getPath().toDotString(), column);
            }
        }
        return chunks;
    }

    @Test
    void perColumnCodecsAndLevelsApply() throws IOException {
        Path path = dir.resolve("levels.parquet");
        Map<String, ColumnChunkMetaData> chunks = writeLevelFile(path, true, new PlainParquetConfiguration());
        for (Object[] column : LEVEL_COLUMNS) {
            assertEquals(column[1], chunks.get((String) column[0]).getCodec(), "codec of " + column[0]);
        }
        assertEquals(CompressionCodecName.UNCOMPRESSED, chunks.get("n").getCodec());

        // a higher level gives a smaller chunk of the same data
        assertSmaller(chunks, "z_high", "z_low");
        assertSmaller(chunks, "z_low", "z_negative");
        assertSmaller(chunks, "g_high", "g_low");
        assertSmaller(chunks, "b_high", "b_low");

        // and exactly the chunk that the same level gives when configured for the whole factory (the compressors are
        // deterministic, and page boundaries do not depend on compression); SNAPPY ignores its level 99, so its chunk
        // equals the one written without a level
        int[][] configured = {{1, 1, 0}, {19, 9, 11}, {-7, -1, 1}}; // ZSTD, GZIP, BROTLI
        Set<String> compared = new TreeSet<>();
        for (int[] levels : configured) {
            PlainParquetConfiguration conf = new PlainParquetConfiguration();
            conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, String.valueOf(levels[0]));
            conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, String.valueOf(levels[1]));
            conf.set(HadoopFreeCodecFactory.BROTLI_QUALITY, String.valueOf(levels[2]));
            Map<String, ColumnChunkMetaData> reference =
                    writeLevelFile(dir.resolve("reference-" + levels[0] + ".parquet"), false, conf);
            for (Object[] column : LEVEL_COLUMNS) {
                String name = (String) column[0];
                CompressionCodecName codec = (CompressionCodecName) column[1];
                int level = (Integer) column[2];
                boolean sameLevel = codec == CompressionCodecName.ZSTD
                        ? level == levels[0]
                        : codec == CompressionCodecName.GZIP
                                ? level == levels[1]
                                : codec == CompressionCodecName.BROTLI ? level == levels[2] : true;
                if (sameLevel) {
                    assertEquals(
                            reference.get(name).getTotalSize(),
                            chunks.get(name).getTotalSize(),
                            name + ": chunk at per-column " + codec + " level " + level
                                    + " differs from the chunk at the configured level");
                    compared.add(name);
                }
            }
        }
        Set<String> all = new TreeSet<>();
        for (Object[] column : LEVEL_COLUMNS) {
            all.add((String) column[0]);
        }
        assertEquals(all, compared, "every per-column level has its reference");

        // the file reads back exactly with ours
        InputFile file = new LocalInputFile(path);
        SimpleGroupFactory groups = new SimpleGroupFactory(LEVEL_SCHEMA);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < LEVEL_ROWS; i++) {
            expected.add(GroupFiles.record(levelRow(groups, i)));
        }
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        ParquetFileRoundTripTest.assertRecords(
                "ours, heap", expected, GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory)));
        ParquetFileRoundTripTest.assertRecords(
                "ours, direct", expected, GroupFiles.readAll(file, GroupFiles.ourDirectOptions(factory)));

        // stock reads every column but the BROTLI ones (no Hadoop BrotliCodec): it must agree with ours on those
        MessageType withoutBrotli = MessageTypeParser.parseMessageType("message levels {\n"
                + "  required binary z_low;\n"
                + "  required binary z_high;\n"
                + "  required binary z_negative;\n"
                + "  required binary g_low;\n"
                + "  required binary g_high;\n"
                + "  required binary s_ignored;\n"
                + "  required int32 n;\n"
                + "}");
        ParquetFileRoundTripTest.assertRecords(
                "stock vs ours without BROTLI columns",
                GroupFiles.readAll(file, GroupFiles.ourHeapOptions(factory), withoutBrotli),
                GroupFiles.readAll(file, GroupFiles.stockOptions(), withoutBrotli));
    }

    private static void assertSmaller(Map<String, ColumnChunkMetaData> chunks, String smaller, String larger) {
        long s = chunks.get(smaller).getTotalSize();
        long l = chunks.get(larger).getTotalSize();
        assertTrue(s < l, smaller + " (" + s + " bytes) should be smaller than " + larger + " (" + l + " bytes)");
    }

    @ParameterizedTest(name = "{0} level {1}")
    @CsvSource({"ZSTD, 23", "ZSTD, -131073", "GZIP, 10", "GZIP, -2", "BROTLI, 12", "BROTLI, -1"})
    void invalidPerColumnLevelFailsWhenTheCompressorIsRequested(CompressionCodecName codec, int level) {
        Path path = dir.resolve("invalid-" + codec + level + ".parquet");
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withType(LEVEL_SCHEMA)
                .withCodecFactory(new HadoopFreeCodecFactory())
                .withCompressionCodec("z_low", codec)
                .withCompressionLevel("z_low", level);
        // parquet-java asks for every column's compressor when it builds the writer
        BadConfigurationException e = assertThrows(BadConfigurationException.class, builder::build);
        String range = CompressionLevels.of(codec).get().toString();
        assertTrue(e.getMessage().contains(codec.name()), e.getMessage());
        assertTrue(e.getMessage().contains(String.valueOf(level)), e.getMessage());
        assertTrue(e.getMessage().contains(range), e.getMessage() + " should name the range " + range);
    }
}
