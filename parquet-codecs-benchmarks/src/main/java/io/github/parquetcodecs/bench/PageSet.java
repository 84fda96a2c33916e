package io.github.parquetcodecs.bench;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * The pages the codec benchmarks compress: real Parquet page payloads, one page per column shape, each exactly {@code
 * pageSize} bytes.
 *
 * <p>They are taken from a file that parquet-java writes UNCOMPRESSED with V1 data pages from {@link BenchData} (page
 * size = {@code pageSize}, no row-count limit per page, dictionary encoding for {@code city} only): for each column the
 * payloads of its data pages (levels and values, exactly what a codec is handed when that file is written compressed)
 * are read back through {@link ParquetFileReader#readNextRowGroup()} and concatenated, and the first {@code pageSize}
 * bytes are kept. The result is cached under {@code java.io.tmpdir} (or {@code -Dbench.cache=DIR}), since every JMH
 * fork needs the same pages.
 */
public final class PageSet {
    /** Column shapes, in the order of {@link #pages}. */
    public static final String[] SHAPES = {
        "timestamps (INT64, plain)",
        "small ints (INT32, plain)",
        "doubles (DOUBLE, plain)",
        "low-cardinality strings (plain)",
        "high-cardinality strings (plain)",
        "dictionary indices (RLE/bit-packed, 12 bits)",
        "optional int: definition levels + values",
        "list of ints: repetition + definition levels + values"
    };

    /** The number of pages in a set; the codec benchmarks' {@code @OperationsPerInvocation}. */
    public static final int COUNT = 8;

    private static final String[] COLUMNS = {
        "event_time", "quantity", "price", "status", "url", "city", "discount", "tags.list.element"
    };
    private static final int FORMAT = 0x50475331; // "PGS1", bump when the data or the extraction changes

    public final int pageSize;
    private final byte[][] pages;

    private PageSet(int pageSize, byte[][] pages) {
        this.pageSize = pageSize;
        this.pages = pages;
    }

    /** Page {@code i}; callers must not modify it. */
    public byte[] page(int i) {
        return pages[i];
    }

    public byte[][] copyOfPages() {
        byte[][] copy = new byte[pages.length][];
        for (int i = 0; i < pages.length; i++) {
            copy[i] = pages[i].clone();
        }
        return copy;
    }

    private static final Map<Integer, PageSet> LOADED = new LinkedHashMap<>();

    /** The page set for {@code pageSize}, from the cache file when present. */
    public static synchronized PageSet of(int pageSize) {
        PageSet set = LOADED.get(pageSize);
        if (set == null) {
            set = loadOrBuild(pageSize);
            LOADED.put(pageSize, set);
        }
        return set;
    }

    private static PageSet loadOrBuild(int pageSize) {
        Path dir = Paths.get(System.getProperty("bench.cache", System.getProperty("java.io.tmpdir")))
                .resolve("parquet-codecs-bench");
        Path file = dir.resolve(String.format("pages-%08x-%d.bin", FORMAT, pageSize));
        try {
            if (Files.isRegularFile(file)) {
                PageSet cached = read(file, pageSize);
                if (cached != null) {
                    return cached;
                }
            }
            PageSet built = build(pageSize);
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, "pages-", ".tmp");
            Files.write(temp, built.serialize());
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return built;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] serialize() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(pages.length * (pageSize + 8) + 16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeInt(pageSize);
            out.writeInt(pages.length);
            for (byte[] page : pages) {
                out.write(page);
            }
        }
        return bytes.toByteArray();
    }

    private static PageSet read(Path file, int pageSize) throws IOException {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            if (in.readInt() != FORMAT || in.readInt() != pageSize || in.readInt() != COUNT) {
                return null;
            }
            byte[][] pages = new byte[COUNT][pageSize];
            for (byte[] page : pages) {
                in.readFully(page);
            }
            return new PageSet(pageSize, pages);
        } catch (java.io.EOFException e) {
            return null;
        }
    }

    /** Writes the dataset uncompressed and cuts each column's page payloads to {@code pageSize} bytes. */
    static PageSet build(int pageSize) throws IOException {
        // enough rows for the thinnest column (12-bit dictionary indices: 1.5 bytes a row) to fill a page
        int rows = Math.max(20_000, pageSize + pageSize / 4);
        BenchData data = BenchData.rows(rows);
        Path dir = Files.createTempDirectory("parquet-codecs-pages");
        Path file = dir.resolve("uncompressed.parquet");
        try {
            try (ParquetWriter<Integer> writer = new RowWriterBuilder(new LocalOutputFile(file), data)
                    .withConf(new PlainParquetConfiguration())
                    .withCodecFactory(new io.github.parquetcodecs.HadoopFreeCodecFactory())
                    .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                    .withWriterVersion(WriterVersion.PARQUET_1_0)
                    .withPageSize(pageSize)
                    .withPageRowCountLimit(Integer.MAX_VALUE)
                    .withDictionaryEncoding(false)
                    .withDictionaryEncoding("city", true)
                    .withRowGroupSize(1L << 30)
                    .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                    .build()) {
                for (int r = 0; r < rows; r++) {
                    writer.write(r);
                }
            }
            Map<String, ByteArrayOutputStream> streams = new LinkedHashMap<>();
            for (String column : COLUMNS) {
                streams.put(column, new ByteArrayOutputStream());
            }
            ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                    .withCodecFactory(new io.github.parquetcodecs.HadoopFreeCodecFactory())
                    .build();
            try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), options)) {
                List<ColumnDescriptor> columns =
                        reader.getFileMetaData().getSchema().getColumns();
                PageReadStore rowGroup;
                while ((rowGroup = reader.readNextRowGroup()) != null) {
                    for (ColumnDescriptor column : columns) {
                        ByteArrayOutputStream stream = streams.get(String.join(".", column.getPath()));
                        PageReader pageReader = rowGroup.getPageReader(column);
                        DataPage page;
                        while ((page = pageReader.readPage()) != null) {
                            if (stream.size() >= pageSize) {
                                continue;
                            }
                            if (page instanceof DataPageV1) {
                                ((DataPageV1) page).getBytes().writeAllTo(stream);
                            } else {
                                throw new IllegalStateException("expected V1 pages, got " + page);
                            }
                        }
                    }
                }
            }
            List<byte[]> pages = new ArrayList<>();
            for (Map.Entry<String, ByteArrayOutputStream> entry : streams.entrySet()) {
                byte[] bytes = entry.getValue().toByteArray();
                if (bytes.length < pageSize) {
                    throw new IllegalStateException("column " + entry.getKey() + " has only " + bytes.length
                            + " bytes of pages for " + rows + " rows, fewer than " + pageSize);
                }
                pages.add(Arrays.copyOf(bytes, pageSize));
            }
            return new PageSet(pageSize, pages.toArray(new byte[0][]));
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** A ParquetWriter builder for {@link BenchData} rows. */
    public static final class RowWriterBuilder extends ParquetWriter.Builder<Integer, RowWriterBuilder> {
        private final BenchData data;

        public RowWriterBuilder(OutputFile file, BenchData data) {
            super(file);
            this.data = data;
        }

        @Override
        protected RowWriterBuilder self() {
            return this;
        }

        @Override
        protected org.apache.parquet.hadoop.api.WriteSupport<Integer> getWriteSupport(
                org.apache.hadoop.conf.Configuration conf) {
            return new BenchData.RowWriteSupport(data);
        }

        @Override
        protected org.apache.parquet.hadoop.api.WriteSupport<Integer> getWriteSupport(
                org.apache.parquet.conf.ParquetConfiguration conf) {
            return new BenchData.RowWriteSupport(data);
        }
    }
}
