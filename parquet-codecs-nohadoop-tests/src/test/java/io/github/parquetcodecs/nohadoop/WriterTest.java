package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer side: the configuration reaches the write support and the codec factory. */
class WriterTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        NoHadoop.assertAbsent();
    }

    private long writeWithLevel(CompressionCodecName codec, String key, String level) throws IOException {
        PlainParquetConfiguration conf = GroupRows.conf();
        conf.set(key, level);
        Path file = dir.resolve(codec + "-" + level + ".parquet");
        GroupRows.write(file, codec, 10_000, conf);
        List<Group> groups =
                GroupRows.read(file, HadoopFreeParquet.readOptions().build());
        for (int id = 0; id < groups.size(); id++) {
            GroupRows.check(id, groups.get(id));
        }
        assertEquals(10_000, groups.size());
        return Files.size(file);
    }

    @Test
    void compressionLevelsComeFromTheConfiguration() throws IOException {
        long zstdFast = writeWithLevel(CompressionCodecName.ZSTD, HadoopFreeCodecFactory.ZSTD_LEVEL, "1");
        long zstdStrong = writeWithLevel(CompressionCodecName.ZSTD, HadoopFreeCodecFactory.ZSTD_LEVEL, "19");
        assertTrue(zstdStrong < zstdFast, "ZSTD level 19 " + zstdStrong + " < level 1 " + zstdFast);
        long gzipFast = writeWithLevel(CompressionCodecName.GZIP, HadoopFreeCodecFactory.GZIP_LEVEL, "1");
        long gzipStrong = writeWithLevel(CompressionCodecName.GZIP, HadoopFreeCodecFactory.GZIP_LEVEL, "9");
        assertTrue(gzipStrong < gzipFast, "GZIP level 9 " + gzipStrong + " < level 1 " + gzipFast);
    }

    @Test
    void configureReplacesTheConfiguration() throws IOException {
        Path file = dir.resolve("reconfigured.parquet");
        // GroupWriteSupport reads its schema from the configuration it is initialised with.
        HadoopFreeWriterBuilder<Group> withoutSchema = HadoopFreeParquet.writer(
                new LocalOutputFile(dir.resolve("no-schema.parquet")), new GroupWriteSupport());
        NullPointerException missing = assertThrows(NullPointerException.class, withoutSchema::build);
        assertTrue(missing.getMessage().contains(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA), missing.getMessage());

        HadoopFreeWriterBuilder<Group> builder = HadoopFreeParquet.configure(
                HadoopFreeParquet.writer(new LocalOutputFile(file), new GroupWriteSupport()), GroupRows.conf());
        SimpleGroupFactory factory = new SimpleGroupFactory(GroupRows.SCHEMA);
        try (ParquetWriter<Group> writer = builder.withCompressionCodec(CompressionCodecName.BROTLI)
                .withExtraMetaData(Map.of("written.by", "WriterTest"))
                .build()) {
            for (long id = 0; id < 500; id++) {
                writer.write(GroupRows.row(factory, id));
            }
        }
        try (ParquetFileReader reader = new ParquetFileReader(
                new LocalInputFile(file), HadoopFreeParquet.readOptions().build())) {
            assertEquals(GroupRows.SCHEMA, reader.getFileMetaData().getSchema());
            assertEquals(
                    "WriterTest", reader.getFileMetaData().getKeyValueMetaData().get("written.by"));
            assertEquals(500, reader.getRecordCount());
        }
    }

    @Test
    void overwriteModeAndDefaultConfiguration() throws IOException {
        Path file = dir.resolve("avro.parquet");
        Files.write(file, new byte[] {1, 2, 3});
        AvroWriteSupport<GenericRecord> writeSupport = new AvroWriteSupport<>(
                new AvroSchemaConverter().convert(AvroRoundTripTest.SCHEMA),
                AvroRoundTripTest.SCHEMA,
                GenericData.get());
        // LocalOutputFile refuses to replace an existing file unless asked to.
        assertThrows(IOException.class, () -> HadoopFreeParquet.writer(new LocalOutputFile(file), writeSupport)
                .build());
        try (ParquetWriter<GenericRecord> writer = HadoopFreeParquet.writer(new LocalOutputFile(file), writeSupport)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCompressionCodec(CompressionCodecName.LZ4)
                .build()) {
            writer.write(AvroRoundTripTest.record(7));
        }
        try (ParquetFileReader reader = new ParquetFileReader(
                new LocalInputFile(file), HadoopFreeParquet.readOptions().build())) {
            assertEquals(1, reader.getRecordCount());
            assertEquals(
                    CompressionCodecName.LZ4,
                    reader.getRowGroups().get(0).getColumns().get(0).getCodec());
        }
    }
}
