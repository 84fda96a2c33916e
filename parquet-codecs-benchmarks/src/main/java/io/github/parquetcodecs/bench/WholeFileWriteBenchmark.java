package io.github.parquetcodecs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
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
 * Writes the records of {@code file} (read once into memory as example {@code Group}s) to a new file with {@code
 * codec}, through one writer ({@link WholeFile#write}): parquet-java's {@code ParquetWriter} with the example model,
 * 1 MiB pages, parquet-java's default row groups and dictionary encoding. After each iteration the written file is
 * scanned and its checksum must be the source's ({@code checksum}): the same values were written.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 2)
public class WholeFileWriteBenchmark {
    @Param({""})
    public String file;

    @Param({"STOCK", "STOCK_LIB", "HADOOP_FREE"})
    public String writer;

    @Param({"ZSTD"})
    public String codec;

    @Param({""})
    public String checksum;

    List<Group> rows;
    Path out;
    WholeFile.Reader which;
    CompressionCodecName codecName;

    @Setup
    public void setUp() throws IOException {
        rows = WholeFile.groups(Path.of(file));
        which = WholeFile.Reader.valueOf(writer);
        codecName = CompressionCodecName.valueOf(codec);
        out = Files.createTempFile("parquet-codecs-write", ".parquet");
    }

    @Benchmark
    public long writeFile() throws IOException {
        return WholeFile.write(which, rows, out, codecName);
    }

    @TearDown(Level.Iteration)
    public void check() throws IOException {
        long actual;
        try (ParquetFileReader in = WholeFile.open(WholeFile.Reader.STOCK_LIB, out)) {
            actual = WholeFile.scan(in);
        }
        if (actual != Long.parseUnsignedLong(checksum, 16)) {
            throw new IllegalStateException(writer + " wrote " + codec + " with checksum " + Long.toHexString(actual)
                    + ", expected " + checksum + " (the source's)");
        }
    }

    @TearDown
    public void delete() throws IOException {
        Files.deleteIfExists(out);
    }
}
