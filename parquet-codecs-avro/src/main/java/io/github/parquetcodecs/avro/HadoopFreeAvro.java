package io.github.parquetcodecs.avro;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import io.github.parquetcodecs.nohadoop.HadoopFreeWriterBuilder;
import java.io.IOException;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Avro records in Parquet files with no Hadoop jar on the compile or run class path: generic, specific and reflect
 * records, through parquet-avro's own write and read supports and this library's codecs.
 *
 * <p>parquet-avro's builders do not serve here: {@code AvroParquetWriter.builder(OutputFile)} and {@code
 * AvroParquetReader.builder(InputFile)} do not compile without Hadoop (javac must rule out overloads that take a
 * Hadoop {@code Path}), {@code AvroParquetReader.builder(InputFile, ParquetConfiguration)} ends in {@code
 * NoClassDefFoundError} when it builds, and {@code new AvroReadSupport<>()} without a data model creates its model
 * supplier with Hadoop's {@code ReflectionUtils}. The methods here always hand parquet-avro the data model.
 *
 * <p>A writer is a {@link HadoopFreeWriterBuilder}: codec, level, per-column codecs and levels (parquet-java 1.18),
 * page and row group sizes are set on it as on any {@code ParquetWriter.Builder}; {@code conf} carries the codec
 * keys of {@code HadoopFreeCodecFactory} and parquet-avro's own keys (for example {@code
 * parquet.avro.write-old-list-structure}). A reader is a {@link HadoopFreeRecordReader}: {@code read()} returns the
 * next record, or null at the end; build its options with {@link HadoopFreeParquet#readOptions}.
 */
public final class HadoopFreeAvro {
    /** parquet-avro's key for the schema records are read in ({@code AvroReadSupport.AVRO_READ_SCHEMA}, private). */
    static final String AVRO_READ_SCHEMA = "parquet.avro.read.schema";

    private HadoopFreeAvro() {}

    /** A writer of {@link GenericRecord}s of {@code schema}. */
    public static HadoopFreeWriterBuilder<GenericRecord> genericWriter(
            OutputFile file, Schema schema, ParquetConfiguration conf) {
        return writer(file, schema, GenericData.get(), conf);
    }

    /** A writer of generated Avro classes ({@link SpecificRecord}), with the schema and data model of {@code type}. */
    public static <T extends SpecificRecord> HadoopFreeWriterBuilder<T> specificWriter(
            OutputFile file, Class<T> type, ParquetConfiguration conf) {
        SpecificData model = SpecificData.getForClass(type);
        return writer(file, model.getSchema(type), model, conf);
    }

    /** A writer of plain Java objects, with the schema Avro reflection derives from {@code type}. */
    public static <T> HadoopFreeWriterBuilder<T> reflectWriter(
            OutputFile file, Class<T> type, ParquetConfiguration conf) {
        ReflectData model = new ReflectData(type.getClassLoader());
        return writer(file, model.getSchema(type), model, conf);
    }

    /** A writer of records of {@code schema} in the data model {@code model} (generic, specific, reflect, or yours). */
    public static <T> HadoopFreeWriterBuilder<T> writer(
            OutputFile file, Schema schema, GenericData model, ParquetConfiguration conf) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(model, "model");
        ParquetConfiguration configuration = conf == null ? new PlainParquetConfiguration() : conf;
        AvroWriteSupport<T> support = new AvroWriteSupport<>(new AvroSchemaConverter().convert(schema), schema, model);
        return HadoopFreeParquet.writer(file, support, configuration);
    }

    /** Reads {@code file}'s records as {@link GenericRecord}s, in the Avro schema the file was written with. */
    public static HadoopFreeRecordReader<GenericRecord> genericReader(InputFile file, ParquetReadOptions options)
            throws IOException {
        return reader(file, GenericData.get(), null, options);
    }

    /** Reads {@code file}'s records as instances of the generated class {@code type}, projected to its schema. */
    public static <T extends SpecificRecord> HadoopFreeRecordReader<T> specificReader(
            InputFile file, Class<T> type, ParquetReadOptions options) throws IOException {
        SpecificData model = SpecificData.getForClass(type);
        return reader(file, model, model.getSchema(type), options);
    }

    /**
     * Reads {@code file}'s records as instances of {@code type} through Avro reflection, projected to its schema. Sets
     * {@code parquet.avro.compatible=false} in {@code options}' configuration, as reflect records require.
     */
    public static <T> HadoopFreeRecordReader<T> reflectReader(InputFile file, Class<T> type, ParquetReadOptions options)
            throws IOException {
        ReflectData model = new ReflectData(type.getClassLoader());
        // parquet-avro's "compatible" converter builds IndexedRecords only; reflect objects need its other converter
        options.getConfiguration().setBoolean(AvroReadSupport.AVRO_COMPATIBILITY, false);
        return reader(file, model, model.getSchema(type), options);
    }

    /**
     * Reads {@code file}'s records in the data model {@code model}. With a {@code readSchema}, Avro's schema
     * resolution applies (the projection and the record classes come from it), and it is set in {@code options}'
     * configuration as parquet-avro's projection and read schema; with null, the file's Avro schema.
     */
    public static <T> HadoopFreeRecordReader<T> reader(
            InputFile file, GenericData model, Schema readSchema, ParquetReadOptions options) throws IOException {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(options, "options");
        if (readSchema != null) {
            options.getConfiguration().set(AvroReadSupport.AVRO_REQUESTED_PROJECTION, readSchema.toString());
            options.getConfiguration().set(AVRO_READ_SCHEMA, readSchema.toString());
        }
        return HadoopFreeParquet.openReader(file, new AvroReadSupport<T>(model), options);
    }
}
