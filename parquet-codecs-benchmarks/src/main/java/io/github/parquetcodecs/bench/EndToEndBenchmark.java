package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.RecordMaterializer;
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

/**
 * Writes a file of {@code rows} rows of {@link BenchData} with parquet-java's {@code ParquetWriter} and reads it all
 * back (every record assembled, every value folded into a checksum that is checked), with this library's factory
 * ({@code LIB}) or stock parquet-java's default Hadoop {@code CodecFactory} ({@code STOCK}). Everything else is the
 * same: local files ({@code LocalOutputFile}/{@code LocalInputFile}), heap buffers, 1 MiB pages and parquet-java's
 * defaults. One operation is one write plus one full read; rows/s = rows / time, MB/s = {@link
 * BenchData#plainBytes()} / time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:MaxDirectMemorySize=1g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class EndToEndBenchmark {
    @Param({"UNCOMPRESSED", "SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"})
    public String codec;

    @Param({"V1", "V2"})
    public String pages;

    @Param({"true", "false"})
    public boolean dictionary;

    @Param({"LIB", "STOCK"})
    public String impl;

    @Param({"1000000"})
    public int rows;

    BenchData data;
    long expected;
    Path dir;
    Path file;
    CompressionCodecName codecName;
    boolean lib;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        codecName = CompressionCodecName.valueOf(codec);
        lib = switch (impl) {
            case "LIB" -> true;
            case "STOCK" -> false;
            default -> throw new IllegalArgumentException("impl " + impl);
        };
        if (!lib) {
            String reason = Stock.unsupportedReason(codecName);
            if (reason != null) {
                throw new UnsupportedOperationException("stock parquet-java cannot do " + codec + ": " + reason);
            }
        }
        data = BenchData.rows(rows);
        expected = data.expectedChecksum();
        dir = Files.createTempDirectory("parquet-codecs-e2e");
        file = dir.resolve("bench.parquet");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (file != null && Files.exists(file)) {
            recordSizes();
            Files.delete(file);
        }
        if (dir != null) {
            Files.deleteIfExists(dir);
        }
    }

    @Benchmark
    public long writeAndRead() throws IOException {
        write();
        long checksum = read();
        if (checksum != expected) {
            throw new IllegalStateException("read back a different dataset: checksum " + checksum + ", expected "
                    + expected + " (" + codec + ", " + impl + ")");
        }
        return checksum;
    }

    void write() throws IOException {
        PageSet.RowWriterBuilder builder = new PageSet.RowWriterBuilder(new LocalOutputFile(file), data)
                .withCompressionCodec(codecName)
                .withWriterVersion(pages.equals("V2") ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0)
                .withDictionaryEncoding(dictionary)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE);
        if (lib) {
            // a Hadoop-free setup: plain configuration, this library's factory
            builder.withConf(new PlainParquetConfiguration()).withCodecFactory(new HadoopFreeCodecFactory());
        } // else: the builder's default, a Hadoop configuration and stock CodecFactory
        try (ParquetWriter<Integer> writer = builder.build()) {
            for (int r = 0; r < rows; r++) {
                writer.write(r);
            }
        }
    }

    long read() throws IOException {
        CompressionCodecFactory factory = lib ? new HadoopFreeCodecFactory() : Stock.heap(0);
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(factory)
                .build();
        BenchData.ChecksumReadSupport readSupport = new BenchData.ChecksumReadSupport();
        RecordMaterializer<Void> materializer = readSupport.materializer();
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), options)) {
            MessageColumnIO io =
                    new ColumnIOFactory().getColumnIO(reader.getFileMetaData().getSchema());
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                RecordReader<Void> records = io.getRecordReader(rowGroup, materializer);
                for (long i = rowGroup.getRowCount(); i > 0; i--) {
                    records.read();
                }
            }
        }
        return readSupport.checksum();
    }

    /** With {@code -Dbench.meta.dir=DIR}, notes the file's size and its uncompressed page bytes for the report. */
    void recordSizes() {
        String metaDir = System.getProperty("bench.meta.dir");
        if (metaDir == null) {
            return;
        }
        try {
            long uncompressed = 0;
            long compressed = 0;
            try (ParquetFileReader reader = new ParquetFileReader(
                    new LocalInputFile(file),
                    ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
                for (BlockMetaData block : reader.getFooter().getBlocks()) {
                    for (ColumnChunkMetaData column : block.getColumns()) {
                        uncompressed += column.getTotalUncompressedSize();
                        compressed += column.getTotalSize();
                    }
                }
            }
            String line = String.format(
                    "{\"codec\":\"%s\",\"pages\":\"%s\",\"dictionary\":%s,\"impl\":\"%s\",\"rows\":%d,"
                            + "\"fileBytes\":%d,\"pageBytesUncompressed\":%d,\"pageBytesCompressed\":%d,"
                            + "\"plainBytes\":%d}%n",
                    codec,
                    pages,
                    dictionary,
                    impl,
                    rows,
                    Files.size(file),
                    uncompressed,
                    compressed,
                    data.plainBytes());
            Path out = Paths.get(metaDir).resolve("e2e-sizes.jsonl");
            Files.createDirectories(out.getParent());
            Files.write(
                    out,
                    line.getBytes(StandardCharsets.UTF_8),
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
