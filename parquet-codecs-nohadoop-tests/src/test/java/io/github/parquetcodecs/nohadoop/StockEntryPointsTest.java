package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why {@link HadoopFreeParquet} exists, on every supported parquet-java: the stock entry points fail without Hadoop,
 * and stock writer builders work once {@link HadoopFreeParquet#configure} has set them up.
 */
class StockEntryPointsTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        NoHadoop.assertAbsent();
    }

    @Test
    void hadoopIsAbsent() {
        NoHadoop.assertAbsent();
    }

    private static void assertNeedsHadoop(NoClassDefFoundError error) {
        assertTrue(error.getMessage().startsWith("org/apache/hadoop/"), error.getMessage());
    }

    @Test
    void stockReadOptionsBuilderNeedsHadoop() {
        assertNeedsHadoop(assertThrows(
                NoClassDefFoundError.class, () -> ParquetReadOptions.builder(new PlainParquetConfiguration())));
        assertNeedsHadoop(assertThrows(NoClassDefFoundError.class, ParquetReadOptions::builder));
    }

    /**
     * Calls {@code owner.builder(OutputFile)} as code compiled with Hadoop would: the call does not compile without
     * Hadoop (javac must rule out the {@code builder(Path)} overload), and {@code Class.getMethod} would load {@code
     * Path} for that overload too, so the method is linked by its exact descriptor, like compiled code.
     */
    private static Object stockBuilder(Class<?> owner, Class<?> builderType, OutputFile file) throws Throwable {
        MethodHandle builder = MethodHandles.publicLookup()
                .findStatic(owner, "builder", MethodType.methodType(builderType, OutputFile.class));
        return builder.invoke(file);
    }

    private static ExampleParquetWriter.Builder exampleBuilder(OutputFile file) throws Throwable {
        return (ExampleParquetWriter.Builder)
                stockBuilder(ExampleParquetWriter.class, ExampleParquetWriter.Builder.class, file);
    }

    @Test
    void stockWriterBuilderNeedsHadoopUnlessConfigured() throws Throwable {
        ExampleParquetWriter.Builder unconfigured = exampleBuilder(new LocalOutputFile(dir.resolve("stock.parquet")))
                .withType(GroupRows.SCHEMA);
        assertNeedsHadoop(assertThrows(NoClassDefFoundError.class, unconfigured::build));

        Path file = dir.resolve("configured.parquet");
        ExampleParquetWriter.Builder configured = HadoopFreeParquet.configure(
                        exampleBuilder(new LocalOutputFile(file)), new PlainParquetConfiguration())
                .withType(GroupRows.SCHEMA)
                .withCompressionCodec(CompressionCodecName.LZ4_RAW);
        SimpleGroupFactory factory = new SimpleGroupFactory(GroupRows.SCHEMA);
        try (ParquetWriter<Group> writer = configured.build()) {
            for (long id = 0; id < 3000; id++) {
                writer.write(GroupRows.row(factory, id));
            }
        }
        List<Group> groups =
                GroupRows.read(file, HadoopFreeParquet.readOptions().build());
        assertEquals(3000, groups.size());
        for (int id = 0; id < groups.size(); id++) {
            GroupRows.check(id, groups.get(id));
        }
    }

    @Test
    void stockAvroWriterBuilderWorksOnceConfigured() throws Throwable {
        Path file = dir.resolve("avro.parquet");
        @SuppressWarnings("unchecked")
        AvroParquetWriter.Builder<GenericRecord> builder = (AvroParquetWriter.Builder<GenericRecord>)
                stockBuilder(AvroParquetWriter.class, AvroParquetWriter.Builder.class, new LocalOutputFile(file));
        // The data model must be given: otherwise parquet-avro creates it with Hadoop's ReflectionUtils.
        builder.withSchema(AvroRoundTripTest.SCHEMA).withDataModel(GenericData.get());
        try (ParquetWriter<GenericRecord> writer = HadoopFreeParquet.configure(builder, new PlainParquetConfiguration())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .build()) {
            for (long id = 0; id < 2000; id++) {
                writer.write(AvroRoundTripTest.record(id));
            }
        }
        int read = 0;
        try (HadoopFreeRecordReader<GenericRecord> reader = HadoopFreeParquet.openReader(
                new LocalInputFile(file),
                new AvroReadSupport<>(GenericData.get()),
                HadoopFreeParquet.readOptions().build())) {
            for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
                assertEquals(AvroRoundTripTest.plain(AvroRoundTripTest.record(read)), AvroRoundTripTest.plain(record));
                read++;
            }
        }
        assertEquals(2000, read);
    }
}
