package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reads many small Parquet files, one {@code ParquetFileReader} per file, the way a job over a partitioned table does:
 * what a codec factory costs per file (creating it, its codec contexts, releasing them) against the decompression
 * itself. {@code files} files of {@link #ROWS_PER_FILE} rows and six columns ({@link #SCHEMA}: an int64 id, an int32, a
 * double, a low-cardinality string, a high-cardinality string, a boolean; one row group, parquet-java's default
 * dictionary encoding and page sizes) are written once per trial, compressed with {@code codec}, with parquet-java's
 * example {@code Group} writer. One operation opens and reads all of them; every value is read with a column reader and
 * handed to a {@link Blackhole}, and the counts are checked. The reading code is the same in every mode; only where the
 * reader's codec factory comes from differs ({@code mode}):
 *
 * <ul>
 *   <li>{@code PER_FILE_FACTORY}: per file, {@code HadoopFreeParquet.readOptions(conf).build()}, which creates a new
 *       {@link HadoopFreeCodecFactory} of {@code conf};
 *   <li>{@code SHARED_FACTORY}: per file, the same options builder with {@code withCodecFactory(shared)}, one factory for
 *       every file (the builder's own factory is created and dropped unused). {@code ParquetFileReader.close()} calls
 *       {@code release()} on whatever factory its options hold, so the shared factory is released after every file too;
 *   <li>{@code STOCK}: per file, {@link Stock#readOptions}: stock parquet-java's own {@code CodecFactory}, with Hadoop.
 * </ul>
 *
 * The score is milliseconds per pass over all files (single shots: one pass per iteration); files/s = {@code files} x
 * 1000 / score. The {@link Counts} counters (files, rows, values read in the iteration) appear as secondary results.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:MaxDirectMemorySize=1g"})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class SmallFilesBenchmark {
    public static final int ROWS_PER_FILE = 3_000;

    public static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message small_file {\n"
            + "  required int64 id;\n"
            + "  required int32 quantity;\n"
            + "  required double price;\n"
            + "  required binary category (STRING);\n"
            + "  required binary token (STRING);\n"
            + "  required boolean flag;\n"
            + "}");

    public static final int COLUMNS = SCHEMA.getColumns().size();

    private static final int CATEGORIES = 12;

    /** Where each reader's codec factory comes from. */
    public enum FactoryMode {
        PER_FILE_FACTORY,
        SHARED_FACTORY,
        STOCK
    }

    @Param({"ZSTD", "SNAPPY", "GZIP"})
    public String codec;

    @Param({"PER_FILE_FACTORY", "SHARED_FACTORY", "STOCK"})
    public String mode;

    @Param({"2000"})
    public int files;

    Path dir;
    Path[] paths;
    FactoryMode factoryMode;
    ParquetConfiguration conf;
    HadoopFreeCodecFactory shared;
    GroupConverter converter;

    /** What one iteration read, summed over its invocations; JMH reports these beside the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Counts {
        public long files;
        public long rows;
        public long values;

        @Setup(Level.Iteration)
        public void reset() {
            files = 0;
            rows = 0;
            values = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        factoryMode = FactoryMode.valueOf(mode);
        CompressionCodecName codecName = CompressionCodecName.valueOf(codec);
        if (factoryMode == FactoryMode.STOCK && Stock.unsupportedReason(codecName) != null) {
            throw new UnsupportedOperationException(
                    "stock parquet-java cannot do " + codec + ": " + Stock.unsupportedReason(codecName));
        }
        conf = new PlainParquetConfiguration();
        converter = new DummyRecordConverter(SCHEMA).getRootConverter();
        dir = Files.createTempDirectory("parquet-codecs-smallfiles");
        paths = new Path[files];
        for (int i = 0; i < files; i++) {
            paths[i] = dir.resolve(String.format(Locale.ROOT, "part-%05d.parquet", i));
            write(paths[i], i, codecName);
        }
        shared = factoryMode == FactoryMode.SHARED_FACTORY ? new HadoopFreeCodecFactory(conf) : null;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (shared != null) {
            shared.release();
        }
        if (dir != null) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** File {@code index}: rows with ids from {@code index x ROWS_PER_FILE}, the same bytes for every mode. */
    static void write(Path path, int index, CompressionCodecName codec) throws IOException {
        Random random = new Random(index);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new HadoopFreeCodecFactory())
                .withType(SCHEMA)
                .withCompressionCodec(codec)
                .build()) {
            for (int r = 0; r < ROWS_PER_FILE; r++) {
                writer.write(groups.newGroup()
                        .append("id", (long) index * ROWS_PER_FILE + r)
                        .append("quantity", random.nextInt(1000))
                        .append("price", Math.round(random.nextDouble() * 100_000) / 100.0)
                        .append("category", "category-" + random.nextInt(CATEGORIES))
                        .append("token", Long.toHexString(random.nextLong()))
                        .append("flag", random.nextInt(4) == 0));
            }
        }
    }

    @Benchmark
    public void readAll(Counts counts, Blackhole blackhole) throws IOException {
        long rows = 0;
        long values = 0;
        for (Path path : paths) {
            try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(path), options())) {
                String createdBy = reader.getFileMetaData().getCreatedBy();
                PageReadStore rowGroup;
                while ((rowGroup = reader.readNextRowGroup()) != null) {
                    rows += rowGroup.getRowCount();
                    ColumnReadStoreImpl store = new ColumnReadStoreImpl(rowGroup, converter, SCHEMA, createdBy);
                    for (ColumnDescriptor column : SCHEMA.getColumns()) {
                        values += readColumn(store.getColumnReader(column), column, blackhole);
                    }
                }
            }
        }
        if (rows != (long) files * ROWS_PER_FILE || values != rows * COLUMNS) {
            throw new IllegalStateException(
                    "read " + rows + " rows and " + values + " values from " + files + " files, expected "
                            + (long) files * ROWS_PER_FILE + " and " + (long) files * ROWS_PER_FILE * COLUMNS);
        }
        counts.files += paths.length;
        counts.rows += rows;
        counts.values += values;
    }

    /** The read options for one file: the only thing that differs between the modes. */
    ParquetReadOptions options() {
        return switch (factoryMode) {
            case PER_FILE_FACTORY -> HadoopFreeParquet.readOptions(conf).build();
            case SHARED_FACTORY -> HadoopFreeParquet.readOptions(conf)
                    .withCodecFactory(shared)
                    .build();
            case STOCK -> Stock.readOptions(conf);
        };
    }

    /** Reads every value of one column chunk into the blackhole; returns how many values (non-null) it read. */
    static long readColumn(ColumnReader reader, ColumnDescriptor column, Blackhole blackhole) {
        long total = reader.getTotalValueCount();
        int maxDefinitionLevel = column.getMaxDefinitionLevel();
        long values = 0;
        switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case INT64 -> {
                for (long i = 0; i < total; i++, reader.consume()) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                        blackhole.consume(reader.getLong());
                        values++;
                    }
                }
            }
            case INT32 -> {
                for (long i = 0; i < total; i++, reader.consume()) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                        blackhole.consume(reader.getInteger());
                        values++;
                    }
                }
            }
            case DOUBLE -> {
                for (long i = 0; i < total; i++, reader.consume()) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                        blackhole.consume(reader.getDouble());
                        values++;
                    }
                }
            }
            case BINARY -> {
                for (long i = 0; i < total; i++, reader.consume()) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                        blackhole.consume(reader.getBinary());
                        values++;
                    }
                }
            }
            case BOOLEAN -> {
                for (long i = 0; i < total; i++, reader.consume()) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                        blackhole.consume(reader.getBoolean());
                        values++;
                    }
                }
            }
            default -> throw new IllegalArgumentException("no reader for " + column);
        }
        return values;
    }
}
