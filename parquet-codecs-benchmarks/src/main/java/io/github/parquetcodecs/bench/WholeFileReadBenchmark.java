package io.github.parquetcodecs.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole file read by one reader ({@link WholeFile.Reader}): a columnar scan ({@code scan}) or a record read
 * ({@code records}). Every operation's checksum must equal {@code checksum}, which {@link WholeFileMain} computes
 * once per file and which every reader must reproduce. {@link WholeFileMain} runs it one fork per reader and file,
 * the readers interleaved over several rounds, and computes ratios within each round.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 2)
public class WholeFileReadBenchmark {
    @Param({""})
    public String file;

    @Param({"STOCK", "STOCK_LIB", "HADOOP_FREE", "HADOOP_FREE_AHEAD"})
    public String reader;

    @Param({"scan", "records"})
    public String read;

    /**
     * Microseconds each request to the file waits, as on an object store ({@link WholeFile.DelayedInputFile}); 0: the
     * local file as it is. Scans only.
     */
    @Param({"0"})
    public String latency;

    /** The checksum every reader must give, as {@link Long#toHexString}. */
    @Param({""})
    public String checksum;

    Path path;
    WholeFile.Reader which;
    long expected;
    long latencyMicros;

    @Setup
    public void setUp() {
        path = Path.of(file);
        which = WholeFile.Reader.valueOf(reader);
        expected = Long.parseUnsignedLong(checksum, 16);
        if (!read.equals("scan") && !read.equals("records")) {
            throw new IllegalArgumentException("read " + read + ": scan or records");
        }
        latencyMicros = Long.parseLong(latency);
        if (latencyMicros > 0 && !read.equals("scan")) {
            throw new IllegalArgumentException("latency " + latency + ": for scans only");
        }
    }

    @Benchmark
    public long readFile() throws IOException {
        long actual;
        if (read.equals("scan")) {
            try (ParquetFileReader in = WholeFile.open(which, path, latencyMicros)) {
                actual = WholeFile.scan(in);
            }
        } else {
            actual = WholeFile.records(which, path);
        }
        if (actual != expected) {
            throw new IllegalStateException(reader + " read " + file + " (" + read + ") with checksum "
                    + Long.toHexString(actual) + ", expected " + checksum);
        }
        return actual;
    }
}
