package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of parquet-testing (written by parquet-mr, parquet-cpp, Impala, Rust...) read through parquet-java with
 * our factory gives exactly the records that stock parquet-java with Hadoop's codecs gives, and the row count and codec
 * that the folder's README lists. The files come from the directory listing, so a new file joins by itself (and must
 * be listed in the README).
 *
 * <p>Stock parquet-java 1.18.1 and ours both read all 26 files of the folder as it was when this test was written, so
 * no file needs a special case; a file that one of them cannot read fails here. Older parquet-java releases read all
 * but {@link #READ_FROM_PARQUET_1_18}, whose footers they cannot parse (before any codec is involved); those files are
 * read in {@code ParquetTestingFiles118Test} (src/test/java-parquet-1.18), the others here.
 */
class ParquetTestingFilesTest {
    private static final HadoopFreeCodecFactory FACTORY = new HadoopFreeCodecFactory();

    /** One row of the README's table. */
    private static final class Listed {
        final long rows;
        final CompressionCodecName codec;

        Listed(long rows, CompressionCodecName codec) {
            this.rows = rows;
            this.codec = codec;
        }
    }

    private static Map<String, Listed> readme;

    /**
     * Files that parquet-java reads from 1.18 on. unknown-logical-type.parquet has a logical type that parquet-java does
     * not know: 1.18 reads the file, 1.14 to 1.17 throw a NullPointerException in {@code
     * ParquetMetadataConverter.getLogicalTypeAnnotation} when they read its footer.
     */
    static final Set<String> READ_FROM_PARQUET_1_18 = Set.of("unknown-logical-type.parquet");

    /** Every file of the folder. */
    static Stream<String> files() throws IOException {
        try (Stream<Path> listing = Files.list(TestData.parquetTestingDir())) {
            List<String> names = listing.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(".parquet"))
                    .sorted()
                    .collect(Collectors.toList());
            return names.stream();
        }
    }

    /** The README table: file, bytes, rows, codec, written by. */
    private static synchronized Map<String, Listed> readme() throws IOException {
        if (readme == null) {
            Map<String, Listed> rows = new HashMap<>();
            for (String line :
                    Files.readAllLines(TestData.parquetTestingDir().resolve("README.md"), StandardCharsets.UTF_8)) {
                if (!line.startsWith("|") || !line.contains(".parquet")) {
                    continue;
                }
                String[] cells = line.split("\\|");
                // cells[0] is empty: the line starts with '|'
                rows.put(
                        cells[1].trim(),
                        new Listed(Long.parseLong(cells[3].trim()), CompressionCodecName.valueOf(cells[4].trim())));
            }
            readme = rows;
        }
        return readme;
    }

    @AfterAll
    static void release() {
        FACTORY.release();
    }

    @Test
    void theFolderHoldsTheFilesTheReadmeLists() throws IOException {
        List<String> listed = readme().keySet().stream().sorted().collect(Collectors.toList());
        assertEquals(listed, files().collect(Collectors.toList()));
        // 26 files when this test was written; more may join
        assertTrue(listed.size() >= 26, "the README lists " + listed.size() + " files");
    }

    /** The files of the folder that every supported parquet-java release reads. */
    static Stream<String> filesEveryReleaseReads() throws IOException {
        return files().filter(name -> !READ_FROM_PARQUET_1_18.contains(name));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filesEveryReleaseReads")
    void ourFactoryReadsExactlyWhatStockReads(String name) throws IOException {
        readsExactlyWhatStockReads(name);
    }

    /** The check of {@link #ourFactoryReadsExactlyWhatStockReads} for one file. */
    static void readsExactlyWhatStockReads(String name) throws IOException {
        Listed expected = readme().get(name);
        assertNotNull(expected, name + " is not listed in parquet-testing/README.md: add its row count and codec");
        InputFile file = new LocalInputFile(TestData.parquetTestingDir().resolve(name));

        ParquetMetadata footer;
        try (ParquetFileReader reader =
                new ParquetFileReader(file, ParquetReadOptions.builder().build())) {
            footer = reader.getFooter();
        }
        long footerRows = 0;
        for (BlockMetaData block : footer.getBlocks()) {
            footerRows += block.getRowCount();
            for (ColumnChunkMetaData column : block.getColumns()) {
                assertEquals(expected.codec, column.getCodec(), name + ": codec of " + column.getPath());
            }
        }
        assertEquals(expected.rows, footerRows, name + ": row count in the footer");

        List<String> stock = GroupFiles.readAll(file, GroupFiles.stockOptions());
        assertEquals(expected.rows, stock.size(), name + ": records read by stock parquet-java");

        // parquet-java decompresses every page through decompress(BytesInput, int) with heap buffers...
        PathCounter heap = new PathCounter(FACTORY);
        List<String> oursHeap = GroupFiles.readAll(file, GroupFiles.ourHeapOptions(heap));
        assertRecordsEqual(name + " (ours, heap)", stock, oursHeap);
        assertTrue(heap.bytesInputCalls.get() > 0, name + ": no page went through our decompressor");
        assertEquals(0, heap.byteBufferCalls.get());

        // ...and data pages through decompress(ByteBuffer, int, ByteBuffer, int) with direct buffers
        PathCounter direct = new PathCounter(FACTORY);
        List<String> oursDirect = GroupFiles.readAll(file, GroupFiles.ourDirectOptions(direct));
        assertRecordsEqual(name + " (ours, direct buffers)", stock, oursDirect);
        assertTrue(direct.byteBufferCalls.get() > 0, name + ": no data page went through the ByteBuffer path");
    }

    static void assertRecordsEqual(String what, List<String> expected, List<String> actual) {
        assertEquals(expected.size(), actual.size(), what + ": record count");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), what + ": record " + i);
        }
    }

    /** Passes everything to our factory and counts which decompression path parquet-java takes. */
    private static final class PathCounter implements CompressionCodecFactory {
        private final CompressionCodecFactory delegate;
        final AtomicInteger bytesInputCalls = new AtomicInteger();
        final AtomicInteger byteBufferCalls = new AtomicInteger();

        PathCounter(CompressionCodecFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return delegate.getCompressor(codec);
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            BytesInputDecompressor decompressor = delegate.getDecompressor(codec);
            return new BytesInputDecompressor() {
                @Override
                public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
                    bytesInputCalls.incrementAndGet();
                    return decompressor.decompress(bytes, decompressedSize);
                }

                @Override
                public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
                        throws IOException {
                    byteBufferCalls.incrementAndGet();
                    decompressor.decompress(input, compressedSize, output, decompressedSize);
                }

                @Override
                public void release() {
                    decompressor.release();
                }
            };
        }

        @Override
        public void release() {
            delegate.release();
        }
    }
}
