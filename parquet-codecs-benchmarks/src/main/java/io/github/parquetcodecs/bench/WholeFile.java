package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * What a user does with a whole file, for {@link WholeFileBenchmark}: a columnar scan (every value of every column,
 * through parquet-column's {@code ColumnReadStoreImpl}) and a record read (every record assembled with the example
 * {@code Group} model), each folding every value into a checksum that all readers must agree on.
 *
 * <p>The readers ({@link Reader}):
 *
 * <ul>
 *   <li>{@code STOCK}: stock parquet-java with Hadoop as a Hadoop user reads: {@code HadoopInputFile}, the default
 *       options of a Hadoop {@code Configuration}, stock's {@code CodecFactory} (Hadoop codecs from the {@code
 *       CodecPool});
 *   <li>{@code STOCK_LIB}: the same, with this library's factory ({@code withCodecFactory(new
 *       HadoopFreeCodecFactory())});
 *   <li>{@code PLAIN_NO_HADOOP} (scan only): parquet-java's own {@code ParquetFileReader.open} on {@link
 *       HadoopFreeParquet#localFile} with {@link HadoopFreeParquet#readOptions()}, without {@code openFile}'s checks:
 *       a control that tells the checks' cost from the rest;
 *   <li>{@code HADOOP_FREE}: no Hadoop class involved: {@link HadoopFreeParquet#openFile} (scan) or {@link
 *       HadoopFreeParquet#openReader} (records) on {@link HadoopFreeParquet#localFile}, with {@link
 *       HadoopFreeParquet#readOptions()}.
 *   <li>{@code HADOOP_FREE_AHEAD}: the same with read-ahead decompression ({@code withReadAhead}) on {@link
 *       #AHEAD_THREADS} threads.
 * </ul>
 */
public final class WholeFile {
    private WholeFile() {}

    public enum Reader {
        STOCK,
        STOCK_LIB,
        HADOOP_FREE,
        /** {@code HADOOP_FREE} with read-ahead on {@link #AHEAD_THREADS} threads. */
        HADOOP_FREE_AHEAD,
        /** parquet-java's own {@code ParquetFileReader} on a local file with the Hadoop-free options: a control. */
        PLAIN_NO_HADOOP
    }

    /**
     * The read-ahead threads of {@code HADOOP_FREE_AHEAD}: system property {@code wholefile.ahead.threads}, by default
     * one fewer than the processors (at least one).
     */
    static final int AHEAD_THREADS = Integer.getInteger(
            "wholefile.ahead.threads", Math.max(1, Runtime.getRuntime().availableProcessors() - 1));

    /** The Hadoop-free options of {@code reader}. */
    static ParquetReadOptions hadoopFreeOptions(Reader reader) {
        return reader == Reader.HADOOP_FREE_AHEAD
                ? HadoopFreeParquet.readOptions().withReadAhead(AHEAD_THREADS).build()
                : HadoopFreeParquet.readOptions().build();
    }

    /** Opens {@code file} for a scan with {@code reader}. */
    public static ParquetFileReader open(Reader reader, Path file) throws IOException {
        return open(reader, input(reader, file));
    }

    /**
     * Opens {@code file} for a scan with {@code reader}, through {@link DelayedInputFile}: each request costs {@code
     * latencyMicros} more (0: the file as it is).
     */
    public static ParquetFileReader open(Reader reader, Path file, long latencyMicros) throws IOException {
        InputFile input = input(reader, file);
        return open(reader, latencyMicros > 0 ? new DelayedInputFile(input, latencyMicros) : input);
    }

    /**
     * An object store, as a reader sees it: every request (a stream opened, or a read that does not continue where the
     * previous read of its stream ended: a ranged GET) waits {@code latencyMicros} before it is served; reads that
     * continue the previous one are served at once, as from the body of a GET already open. S3, GCS and Azure answer
     * a request in 10 to 50 ms; a few ms are enough to weigh every extra request of a reader.
     */
    static final class DelayedInputFile implements InputFile {
        private final InputFile file;
        private final long latencyNanos;

        DelayedInputFile(InputFile file, long latencyMicros) {
            this.file = file;
            this.latencyNanos = latencyMicros * 1000;
        }

        @Override
        public long getLength() throws IOException {
            return file.getLength();
        }

        @Override
        public org.apache.parquet.io.SeekableInputStream newStream() throws IOException {
            delay();
            org.apache.parquet.io.SeekableInputStream in = file.newStream();
            return new org.apache.parquet.io.SeekableInputStream() {
                /** Where the next read continues without a new request. */
                private long next = 0;

                private void request() throws IOException {
                    if (in.getPos() != next) {
                        delay();
                    }
                }

                private void served() throws IOException {
                    next = in.getPos();
                }

                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void seek(long newPos) throws IOException {
                    in.seek(newPos);
                }

                @Override
                public int read() throws IOException {
                    request();
                    int b = in.read();
                    served();
                    return b;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    request();
                    int n = in.read(b, off, len);
                    served();
                    return n;
                }

                @Override
                public void readFully(byte[] b) throws IOException {
                    request();
                    in.readFully(b);
                    served();
                }

                @Override
                public void readFully(byte[] b, int start, int len) throws IOException {
                    request();
                    in.readFully(b, start, len);
                    served();
                }

                @Override
                public int read(java.nio.ByteBuffer buf) throws IOException {
                    request();
                    int n = in.read(buf);
                    served();
                    return n;
                }

                @Override
                public void readFully(java.nio.ByteBuffer buf) throws IOException {
                    request();
                    in.readFully(buf);
                    served();
                }

                @Override
                public void close() throws IOException {
                    in.close();
                }
            };
        }

        private void delay() throws java.io.InterruptedIOException {
            long until = System.nanoTime() + latencyNanos;
            try {
                for (long left = latencyNanos; left > 0; left = until - System.nanoTime()) {
                    Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting for the store");
            }
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }

    /** The file as {@code reader} opens it: a {@code HadoopInputFile} for stock (before JDK 24), a local file otherwise. */
    static InputFile input(Reader reader, Path file) throws IOException {
        return (reader == Reader.STOCK || reader == Reader.STOCK_LIB) && HADOOP_FILE_SYSTEM
                ? hadoopFile(file)
                : HadoopFreeParquet.localFile(file);
    }

    /**
     * Whether Hadoop's {@code FileSystem} works on this JVM. Hadoop 3.4.1's {@code UserGroupInformation} calls {@code
     * Subject.getSubject}, which throws {@code UnsupportedOperationException} from JDK 24 on (the Security Manager
     * is gone, and {@code -Djava.security.manager=allow} is refused): there stock reads through parquet-java's
     * {@code LocalInputFile}, with Hadoop's configuration and codecs all the same. Record reads need the {@code
     * FileSystem} through {@code ParquetReader.builder(ReadSupport, Path)}; there they go through {@code
     * ParquetReader.Builder(InputFile)} on the same {@code LocalInputFile}, with Hadoop's configuration and codecs.
     */
    static final boolean HADOOP_FILE_SYSTEM = Runtime.version().feature() < 24;

    /** Opens {@code input} for a scan with {@code reader}. */
    static ParquetFileReader open(Reader reader, InputFile input) throws IOException {
        switch (reader) {
            case STOCK:
                return ParquetFileReader.open(
                        input, HadoopReadOptions.builder(new Configuration()).build());
            case STOCK_LIB:
                return ParquetFileReader.open(
                        input,
                        HadoopReadOptions.builder(new Configuration())
                                .withCodecFactory(new HadoopFreeCodecFactory())
                                .build());
            case HADOOP_FREE:
            case HADOOP_FREE_AHEAD:
                return HadoopFreeParquet.openFile(input, hadoopFreeOptions(reader));
            case PLAIN_NO_HADOOP:
                return ParquetFileReader.open(
                        input, HadoopFreeParquet.readOptions().build());
            default:
                throw new IllegalArgumentException("reader " + reader);
        }
    }

    /**
     * The calls a scan of {@code file} by {@code reader} makes on its file's streams: streams opened, seeks, calls of
     * each read method and the bytes they returned (for docs/BENCHMARKS.md, "Whole files").
     */
    public static String ioCounts(Reader reader, Path file) throws IOException {
        CountingInputFile counting = new CountingInputFile(input(reader, file));
        try (ParquetFileReader in = open(reader, counting)) {
            scan(in);
        }
        return counting.toString();
    }

    /** An {@code InputFile} whose streams count what is asked of them. */
    static final class CountingInputFile implements InputFile {
        private final InputFile file;
        long streams;
        long seeks;
        long readByte;
        long readArray;
        long readFully;
        long readBuffer;
        long bytes;

        CountingInputFile(InputFile file) {
            this.file = file;
        }

        @Override
        public long getLength() throws IOException {
            return file.getLength();
        }

        @Override
        public org.apache.parquet.io.SeekableInputStream newStream() throws IOException {
            streams++;
            org.apache.parquet.io.SeekableInputStream in = file.newStream();
            return new org.apache.parquet.io.SeekableInputStream() {
                @Override
                public int read() throws IOException {
                    readByte++;
                    int b = in.read();
                    bytes += b < 0 ? 0 : 1;
                    return b;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    readArray++;
                    int n = in.read(b, off, len);
                    bytes += Math.max(n, 0);
                    return n;
                }

                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void seek(long newPos) throws IOException {
                    seeks++;
                    in.seek(newPos);
                }

                @Override
                public void readFully(byte[] b) throws IOException {
                    readFully(b, 0, b.length);
                }

                @Override
                public void readFully(byte[] b, int start, int len) throws IOException {
                    readFully++;
                    in.readFully(b, start, len);
                    bytes += len;
                }

                @Override
                public int read(java.nio.ByteBuffer buf) throws IOException {
                    readBuffer++;
                    int n = in.read(buf);
                    bytes += Math.max(n, 0);
                    return n;
                }

                @Override
                public void readFully(java.nio.ByteBuffer buf) throws IOException {
                    readFully++;
                    int n = buf.remaining();
                    in.readFully(buf);
                    bytes += n;
                }

                @Override
                public void close() throws IOException {
                    in.close();
                }
            };
        }

        @Override
        public String toString() {
            return String.format(
                    "%d streams, %d seeks, %d read(), %d read(byte[]), %d readFully, %d read(ByteBuffer), %d bytes",
                    streams, seeks, readByte, readArray, readFully, readBuffer, bytes);
        }
    }

    private static InputFile hadoopFile(Path file) throws IOException {
        return HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toUri()), new Configuration());
    }

    /**
     * Every value of every column of every row group, read through parquet-column's column readers and folded into a
     * checksum (values by their bits, binaries by content, nulls by their definition level).
     */
    public static long scan(ParquetFileReader reader) throws IOException {
        MessageType schema = reader.getFileMetaData().getSchema();
        String createdBy = reader.getFileMetaData().getCreatedBy();
        GroupRecordConverter converter = new GroupRecordConverter(schema);
        long checksum = 0;
        PageReadStore rowGroup;
        while ((rowGroup = reader.readNextRowGroup()) != null) {
            ColumnReadStoreImpl store =
                    new ColumnReadStoreImpl(rowGroup, converter.getRootConverter(), schema, createdBy);
            for (ColumnDescriptor column : schema.getColumns()) {
                checksum = checksum * 31 + scan(store.getColumnReader(column), column);
            }
            rowGroup.close();
        }
        return checksum;
    }

    private static long scan(ColumnReader values, ColumnDescriptor column) {
        int max = column.getMaxDefinitionLevel();
        long sum = 0;
        long count = values.getTotalValueCount();
        for (long i = 0; i < count; i++) {
            int level = values.getCurrentDefinitionLevel();
            long value;
            if (level < max) {
                value = level;
            } else {
                switch (column.getPrimitiveType().getPrimitiveTypeName()) {
                    case BOOLEAN:
                        value = values.getBoolean() ? 1 : 2;
                        break;
                    case INT32:
                        value = values.getInteger();
                        break;
                    case INT64:
                        value = values.getLong();
                        break;
                    case FLOAT:
                        value = Float.floatToRawIntBits(values.getFloat());
                        break;
                    case DOUBLE:
                        value = Double.doubleToRawLongBits(values.getDouble());
                        break;
                    default: // BINARY, FIXED_LEN_BYTE_ARRAY, INT96
                        value = values.getBinary().hashCode();
                        break;
                }
            }
            sum = sum * 1_000_003 + value;
            values.consume();
        }
        return sum;
    }

    /** Every record of {@code file}, assembled as a {@code Group} by {@code reader}, folded into a checksum. */
    public static long records(Reader reader, Path file) throws IOException {
        long checksum = 0;
        if (reader == Reader.HADOOP_FREE || reader == Reader.HADOOP_FREE_AHEAD) {
            try (HadoopFreeRecordReader<Group> records = HadoopFreeParquet.openReader(
                    HadoopFreeParquet.localFile(file), new GroupReadSupport(), hadoopFreeOptions(reader))) {
                Group group;
                while ((group = records.read()) != null) {
                    checksum = checksum * 31 + fold(group);
                }
            }
            return checksum;
        }
        ParquetReader.Builder<Group> builder = HADOOP_FILE_SYSTEM
                ? ParquetReader.builder(new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
                        .withConf(new Configuration())
                : new ParquetReader.Builder<Group>(HadoopFreeParquet.localFile(file)) {
                    // stock's reader with Hadoop's configuration and codecs, on parquet-java's LocalInputFile
                    @Override
                    protected org.apache.parquet.hadoop.api.ReadSupport<Group> getReadSupport() {
                        return new GroupReadSupport();
                    }
                }.withConf(new Configuration());
        if (reader == Reader.STOCK_LIB) {
            builder.withCodecFactory(new HadoopFreeCodecFactory());
        }
        try (ParquetReader<Group> records = builder.build()) {
            Group group;
            while ((group = records.read()) != null) {
                checksum = checksum * 31 + fold(group);
            }
        }
        return checksum;
    }

    private static long fold(Group group) {
        long sum = 0;
        int fields = group.getType().getFieldCount();
        for (int f = 0; f < fields; f++) {
            int repetitions = group.getFieldRepetitionCount(f);
            org.apache.parquet.schema.Type type = group.getType().getType(f);
            for (int r = 0; r < repetitions; r++) {
                long value;
                if (!type.isPrimitive()) {
                    value = fold(group.getGroup(f, r));
                } else {
                    switch (type.asPrimitiveType().getPrimitiveTypeName()) {
                        case BOOLEAN:
                            value = group.getBoolean(f, r) ? 1 : 2;
                            break;
                        case INT32:
                            value = group.getInteger(f, r);
                            break;
                        case INT64:
                            value = group.getLong(f, r);
                            break;
                        case FLOAT:
                            value = Float.floatToRawIntBits(group.getFloat(f, r));
                            break;
                        case DOUBLE:
                            value = Double.doubleToRawLongBits(group.getDouble(f, r));
                            break;
                        case INT96:
                            value = group.getInt96(f, r).hashCode();
                            break;
                        default:
                            value = group.getBinary(f, r).hashCode();
                            break;
                    }
                }
                sum = sum * 1_000_003 + value;
            }
            sum = sum * 7 + repetitions;
        }
        return sum;
    }

    /** The records of {@code file}, read into memory as example {@code Group}s (for the write benchmark). */
    public static java.util.List<Group> groups(Path file) throws IOException {
        java.util.List<Group> rows = new java.util.ArrayList<>();
        try (HadoopFreeRecordReader<Group> records = HadoopFreeParquet.openReader(
                HadoopFreeParquet.localFile(file),
                new GroupReadSupport(),
                HadoopFreeParquet.readOptions().build())) {
            Group group;
            while ((group = records.read()) != null) {
                rows.add(group);
            }
        }
        return rows;
    }

    /**
     * Writes {@code rows} to {@code out} (replaced) with {@code codec} through parquet-java's {@code ParquetWriter} and
     * the example {@code Group} model, as a user of {@code writer} does; parquet-java's defaults otherwise (1 MiB
     * pages, 128 MiB row groups, dictionary encoding, data page V1). Returns the file's size.
     *
     * <ul>
     *   <li>{@code STOCK}: {@code ExampleParquetWriter} on a Hadoop {@code Path} (a {@code LocalOutputFile} where
     *       Hadoop's {@code FileSystem} fails, JDK 24 on) with a Hadoop {@code Configuration}, stock's {@code
     *       CodecFactory};
     *   <li>{@code STOCK_LIB}: the same with {@code withCodecFactory(new HadoopFreeCodecFactory())}, released after
     *       the writer closes;
     *   <li>{@code HADOOP_FREE}: {@link HadoopFreeParquet#writer} on a {@code LocalOutputFile}.
     * </ul>
     */
    public static long write(Reader writer, java.util.List<Group> rows, Path out, CompressionCodecName codec)
            throws IOException {
        MessageType schema = rows.get(0).getType() instanceof MessageType
                ? (MessageType) rows.get(0).getType()
                : new MessageType("schema", rows.get(0).getType().getFields());
        HadoopFreeCodecFactory factory = null;
        ParquetWriter<Group> parquet;
        switch (writer) {
            case STOCK:
            case STOCK_LIB: {
                // on a JVM where Hadoop's FileSystem fails (HADOOP_FILE_SYSTEM), stock writes a LocalOutputFile
                ExampleParquetWriter.Builder builder = (HADOOP_FILE_SYSTEM
                                ? ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(out.toUri()))
                                : ExampleParquetWriter.builder(new LocalOutputFile(out)))
                        .withConf(new Configuration())
                        .withType(schema)
                        .withCompressionCodec(codec)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE);
                if (writer == Reader.STOCK_LIB) {
                    factory = new HadoopFreeCodecFactory();
                    builder.withCodecFactory(factory);
                }
                parquet = builder.build();
                break;
            }
            case HADOOP_FREE: {
                PlainParquetConfiguration conf = new PlainParquetConfiguration();
                conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
                parquet = HadoopFreeParquet.writer(new LocalOutputFile(out), new GroupWriteSupport(), conf)
                        .withCompressionCodec(codec)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                        .build();
                break;
            }
            default:
                throw new IllegalArgumentException("writer " + writer);
        }
        try (ParquetWriter<Group> w = parquet) {
            for (Group row : rows) {
                w.write(row);
            }
        } finally {
            if (factory != null) {
                factory.release();
            }
        }
        return java.nio.file.Files.size(out);
    }

    /**
     * A paired comparison in one JVM, the diagnostic that tells a reader's own work from the differences between JVMs
     * (JIT decisions, heap layout, the machine's other load), which a benchmark of one JVM per reader cannot: {@code
     * file} is read (scanned, or its records read) by every reader in turn, 8 times each to warm up, then {@code
     * pairs} times each, the order reversed every other time so that no reader always runs first. All readers must
     * give the same checksum. Each pass of the first reader is compared with the pass of every other reader next to
     * it; the result gives each reader's median time and, for every other reader, the median of the first reader's
     * speed ratios with its quartiles.
     */
    static String pair(Path file, Reader[] readers, int pairs, boolean records) throws IOException {
        long expected = once(readers[0], file, records);
        for (int warm = 0; warm < 8; warm++) {
            for (Reader reader : readers) {
                long checksum = once(reader, file, records);
                if (checksum != expected) {
                    throw new IllegalStateException(reader + " read " + file + " with checksum "
                            + Long.toHexString(checksum) + ", " + readers[0] + " with " + Long.toHexString(expected));
                }
            }
        }
        long[][] nanos = new long[readers.length][pairs];
        for (int k = 0; k < pairs; k++) {
            for (int j = 0; j < readers.length; j++) {
                int i = k % 2 == 0 ? j : readers.length - 1 - j;
                long start = System.nanoTime();
                once(readers[i], file, records);
                nanos[i][k] = System.nanoTime() - start;
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < readers.length; i++) {
            long[] sorted = nanos[i].clone();
            java.util.Arrays.sort(sorted);
            out.append(String.format(
                    java.util.Locale.ROOT,
                    "%s: median %.1f ms over %d passes%n",
                    readers[i],
                    sorted[pairs / 2] / 1e6,
                    pairs));
        }
        for (int i = 1; i < readers.length; i++) {
            double[] ratios = new double[pairs];
            for (int k = 0; k < pairs; k++) {
                ratios[k] = (double) nanos[i][k] / nanos[0][k];
            }
            java.util.Arrays.sort(ratios);
            out.append(String.format(
                    java.util.Locale.ROOT,
                    "%s / %s speed: %.3f (quartiles %.3f–%.3f)%n",
                    readers[0],
                    readers[i],
                    ratios[pairs / 2],
                    ratios[pairs / 4],
                    ratios[(3 * pairs) / 4]));
        }
        return out.toString();
    }

    private static long once(Reader reader, Path file, boolean records) throws IOException {
        if (records) {
            return records(reader, file);
        }
        try (ParquetFileReader in = open(reader, file)) {
            return scan(in);
        }
    }

    /**
     * For profiling one reader by hand: {@code WholeFile READER FILE SECONDS [scan|records]} scans (or reads the
     * records of) FILE again and again for SECONDS, printing each pass's time and checksum; {@code WholeFile io FILE}
     * prints the calls each reader's scan makes on the file's streams; {@code WholeFile pair FILE READERS PAIRS
     * [scan|records]} reads FILE with each of the comma-listed READERS in turn in this one JVM ({@link #pair}).
     */
    public static void main(String[] args) throws IOException {
        if (args[0].equals("pair")) {
            String[] names = args[2].split(",");
            Reader[] readers = new Reader[names.length];
            for (int i = 0; i < names.length; i++) {
                readers[i] = Reader.valueOf(names[i]);
            }
            boolean records = args.length > 4 && args[4].equals("records");
            System.out.println(pair(Path.of(args[1]), readers, Integer.parseInt(args[3]), records));
            return;
        }
        if (args[0].equals("engines")) {
            // what this JVM's factory runs each codec on, for WholeFileMain's record of a run
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
            for (String codec : WholeFileMain.CODECS) {
                System.out.println(codec + "=" + factory.implementation(CompressionCodecName.valueOf(codec)));
            }
            return;
        }
        if (args[0].equals("io")) {
            for (Reader reader : Reader.values()) {
                System.out.println(reader + ": " + ioCounts(reader, Path.of(args[1])));
            }
            return;
        }
        Reader reader = Reader.valueOf(args[0]);
        Path file = Path.of(args[1]);
        long until = System.nanoTime() + (long) (Double.parseDouble(args[2]) * 1e9);
        boolean records = args.length > 3 && args[3].equals("records");
        do {
            long start = System.nanoTime();
            long checksum = once(reader, file, records);
            System.out.printf("%s %.0f ms checksum %x%n", reader, (System.nanoTime() - start) / 1e6, checksum);
        } while (System.nanoTime() < until);
    }
}
