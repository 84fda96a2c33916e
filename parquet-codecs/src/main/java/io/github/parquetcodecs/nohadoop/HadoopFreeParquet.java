package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.util.Objects;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Write and read Parquet files with parquet-java and no Hadoop jar on the compile or run class path (PARQUET-1126).
 *
 * <p>parquet-java 1.14 to 1.18 can do the file I/O without Hadoop ({@code LocalOutputFile}, {@code LocalInputFile},
 * {@code PlainParquetConfiguration}, {@code ParquetFileReader(InputFile, ParquetReadOptions)}), but its public entry
 * points around that need Hadoop: {@code ParquetReadOptions.Builder} creates a stock {@code CodecFactory} and calls
 * {@code ParquetInputFormat.getFilter}, {@code ParquetReader}'s builders create a {@code ParquetReadOptions.Builder},
 * {@code ParquetWriter.Builder} defaults to a {@code HadoopParquetConfiguration} and a stock {@code CodecFactory}, and
 * {@code ExampleParquetWriter.builder(OutputFile)}, {@code withConf(ParquetConfiguration)} and subclassing {@code
 * ParquetWriter.Builder} do not compile without Hadoop's {@code Path} and {@code Configuration}. This class replaces
 * those entry points, with a {@link HadoopFreeCodecFactory} for all eight codecs.
 *
 * <h2>Writing</h2>
 *
 * <pre>{@code
 * ParquetConfiguration conf = new PlainParquetConfiguration();
 * conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString()); // for GroupWriteSupport
 * try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(new LocalOutputFile(path), new GroupWriteSupport(), conf)
 *         .withCompressionCodec(CompressionCodecName.ZSTD)
 *         .build()) {
 *     writer.write(group);
 * }
 * }</pre>
 *
 * Any other write support works the same way, for example parquet-avro's {@code new AvroWriteSupport<>(parquetSchema,
 * avroSchema, GenericData.get())}. A {@code ParquetWriter.Builder} from elsewhere can be made Hadoop-free with {@link
 * #configure}.
 *
 * <h2>Reading</h2>
 *
 * <pre>{@code
 * ParquetReadOptions options = HadoopFreeParquet.readOptions(conf)
 *         .withRecordFilter(FilterCompat.get(FilterApi.eq(FilterApi.intColumn("x"), 7)))
 *         .build();
 * try (HadoopFreeRecordReader<Group> reader =
 *         HadoopFreeParquet.openReader(new LocalInputFile(path), new GroupReadSupport(), options)) {
 *     for (Group group = reader.read(); group != null; group = reader.read()) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * For column-level reading, {@link #openFile} opens a {@code ParquetFileReader} with these options. They also work
 * with {@code new ParquetFileReader(InputFile, ParquetReadOptions)}, but without Hadoop that reader ends some reads
 * of corrupt files in {@code NoClassDefFoundError} (see {@link HadoopFreeFileReader}).
 *
 * <p>Code compiled without Hadoop has one trap: javac cannot resolve a call to a method that has an overload taking
 * a Hadoop type, for example {@code AvroParquetWriter.builder(OutputFile)} (next to {@code builder(Path)}), {@code new
 * AvroSchemaConverter(conf)} or {@code super.prepareForRead(...)} in a {@code ReadSupport} subclass. Use the entry
 * points here, or a variant without such an overload ({@code new AvroSchemaConverter()}). Subclass a concrete {@code
 * ReadSupport} such as {@code GroupReadSupport}: {@code ReadSupport} itself has an abstract method taking a {@code
 * Configuration}.
 *
 * <p>Supported: parquet-java 1.14.4 to 1.18.1.
 */
public final class HadoopFreeParquet {
    private HadoopFreeParquet() {}

    /** A read-options builder with stock defaults, an empty {@link PlainParquetConfiguration} and our codec factory. */
    public static HadoopFreeReadOptionsBuilder readOptions() {
        return readOptions(new PlainParquetConfiguration());
    }

    /**
     * A read-options builder initialised from {@code conf} as {@code ParquetReadOptions.builder(conf)} is, with a
     * {@link HadoopFreeCodecFactory} of {@code conf}; see {@link HadoopFreeReadOptionsBuilder}.
     */
    public static HadoopFreeReadOptionsBuilder readOptions(ParquetConfiguration conf) {
        return new HadoopFreeReadOptionsBuilder(conf);
    }

    /**
     * A local file to read: parquet-java's {@code LocalInputFile}, whose {@code toString()} is {@code path}, so that
     * parquet-java's error messages and this library's name the file ({@code LocalInputFile} has no {@code
     * toString()} of its own).
     */
    public static InputFile localFile(java.nio.file.Path path) {
        Objects.requireNonNull(path, "path");
        return new NamedLocalInputFile(path);
    }

    /**
     * Opens {@code file} for reading row groups and pages, as {@code new ParquetFileReader(file, options)} does, with a
     * reader whose error paths need no Hadoop class: on a corrupt file it gives the {@code IOException} that
     * parquet-java gives with Hadoop, where {@code new ParquetFileReader} without Hadoop can end in {@code
     * NoClassDefFoundError} (see {@link HadoopFreeFileReader}). Build the options with {@link #readOptions}.
     */
    public static HadoopFreeFileReader openFile(InputFile file, ParquetReadOptions options) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(options, "options");
        return HadoopFreeFileReader.openChecked(file, options);
    }

    /**
     * Opens {@code file} and reads its records through {@code readSupport}, honouring {@code options} (filters,
     * allocator, checksums, properties, codec factory). Build the options with {@link #readOptions}.
     */
    public static <T> HadoopFreeRecordReader<T> openReader(
            InputFile file, ReadSupport<T> readSupport, ParquetReadOptions options) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(readSupport, "readSupport");
        Objects.requireNonNull(options, "options");
        return new HadoopFreeRecordReader<>(file, readSupport, options);
    }

    private static final class NamedLocalInputFile extends LocalInputFile {
        private final java.nio.file.Path path;

        NamedLocalInputFile(java.nio.file.Path path) {
            super(path);
            this.path = path;
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    /** A writer builder for {@code writeSupport} with an empty {@link PlainParquetConfiguration}. */
    public static <T> HadoopFreeWriterBuilder<T> writer(OutputFile file, WriteSupport<T> writeSupport) {
        return writer(file, writeSupport, new PlainParquetConfiguration());
    }

    /**
     * A writer builder for {@code writeSupport}, configured with {@link #configure}: {@code conf} is what the write
     * support is initialised with, and a {@link HadoopFreeCodecFactory} of {@code conf} compresses the pages.
     */
    public static <T> HadoopFreeWriterBuilder<T> writer(
            OutputFile file, WriteSupport<T> writeSupport, ParquetConfiguration conf) {
        return configure(new HadoopFreeWriterBuilder<>(file, writeSupport), conf);
    }

    /**
     * Makes any {@code ParquetWriter.Builder} build without Hadoop: sets {@code conf} with {@code
     * withConf(ParquetConfiguration)} and a {@code new HadoopFreeCodecFactory(conf)} with {@code withCodecFactory}.
     * Without both, {@code build()} creates a {@code HadoopParquetConfiguration} or a stock {@code CodecFactory}.
     * Calling {@code withConf} directly does not compile without Hadoop on the class path; this does.
     *
     * @return {@code builder}
     */
    public static <T, B extends ParquetWriter.Builder<T, B>> B configure(B builder, ParquetConfiguration conf) {
        Objects.requireNonNull(conf, "conf");
        return builder.withConf(conf).withCodecFactory(new HadoopFreeCodecFactory(conf));
    }
}
