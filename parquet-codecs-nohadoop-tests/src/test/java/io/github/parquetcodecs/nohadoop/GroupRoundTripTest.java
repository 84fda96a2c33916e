package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every codec, example-model records, local files and a plain configuration: write, then read back every value. */
class GroupRoundTripTest {
    private static final int ROWS = 20_000;

    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        NoHadoop.assertAbsent();
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void writesAndReadsEveryValue(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve(codec + ".parquet");
        GroupRows.write(file, codec, ROWS, GroupRows.conf());

        ParquetReadOptions options = HadoopFreeParquet.readOptions().build();
        assertTrue(options.getCodecFactory() instanceof HadoopFreeCodecFactory, "codec factory");
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), options)) {
            assertEquals(ROWS, reader.getRecordCount());
            List<BlockMetaData> rowGroups = reader.getFooter().getBlocks();
            assertTrue(rowGroups.size() > 1, "several row groups: " + rowGroups.size());
            for (BlockMetaData rowGroup : rowGroups) {
                for (ColumnChunkMetaData column : rowGroup.getColumns()) {
                    assertEquals(codec, column.getCodec(), column.getPath().toDotString());
                }
            }
        }

        List<Group> groups =
                GroupRows.read(file, HadoopFreeParquet.readOptions().build());
        assertEquals(ROWS, groups.size());
        for (int id = 0; id < ROWS; id++) {
            GroupRows.check(id, groups.get(id));
        }
    }
}
