package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.function.Supplier;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.LongStatistics;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckedPageReadStore} hands out parquet-java's row group with its pages checked as they are read: a
 * dictionary page whose value count is negative or more than its bytes hold is refused before parquet-column
 * allocates an array of that many values, a data page whose runs {@link PageRuns} refuses is refused, and what
 * parquet-java throws reading a page is a {@code ParquetDecodingException} naming the file and the column. Every
 * refusal's message is asserted.
 */
class CheckedPageReadStoreTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { optional int64 l;"
            + " required binary s; required boolean b; required int32 i; required int96 t;"
            + " required fixed_len_byte_array(3) f; required double d; }");
    private static final ColumnDescriptor LONG = SCHEMA.getColumns().get(0);
    private static final ColumnDescriptor BINARY = SCHEMA.getColumns().get(1);
    private static final ColumnDescriptor BOOLEAN = SCHEMA.getColumns().get(2);
    private static final ColumnDescriptor INT = SCHEMA.getColumns().get(3);
    private static final ColumnDescriptor INT96 = SCHEMA.getColumns().get(4);
    private static final ColumnDescriptor FIXED = SCHEMA.getColumns().get(5);
    private static final ColumnDescriptor DOUBLE = SCHEMA.getColumns().get(6);

    private static final String FILE = "f.parquet";

    @Test
    void aDictionaryOfNoMoreValuesThanItsBytesHoldPasses() {
        DictionaryPage page = dictionary(new byte[16], 2);
        assertSame(page, CheckedPageReadStore.check(page, LONG, FILE));
        DictionaryPage bits = dictionary(new byte[1], 8);
        assertSame(bits, CheckedPageReadStore.check(bits, BOOLEAN, FILE));
        DictionaryPage none = dictionary(new byte[0], 0);
        assertSame(none, CheckedPageReadStore.check(none, INT, FILE));
    }

    @Test
    void aDictionaryOfANegativeCountIsRefused() {
        assertRefused(
                LONG,
                "it declares a negative number of values: -1",
                dictionary(new byte[16], -1),
                "Corrupt dictionary page of column ");
        assertRefused(
                BINARY,
                "it declares a negative number of values: " + Integer.MIN_VALUE,
                dictionary(new byte[0], Integer.MIN_VALUE),
                "Corrupt dictionary page of column ");
    }

    @Test
    void aDictionaryOfMoreFixedWidthValuesThanItsBytesHoldIsRefused() {
        assertDictionaryRefused(LONG, 16, 3, "it declares 3 values, but its 16 bytes hold at most 2 INT64 values");
        assertDictionaryRefused(DOUBLE, 15, 2, "it declares 2 values, but its 15 bytes hold at most 1 DOUBLE values");
        assertDictionaryRefused(INT, 8, 3, "it declares 3 values, but its 8 bytes hold at most 2 INT32 values");
        assertDictionaryRefused(BOOLEAN, 1, 9, "it declares 9 values, but its 1 bytes hold at most 8 BOOLEAN values");
        assertDictionaryRefused(INT96, 24, 3, "it declares 3 values, but its 24 bytes hold at most 2 INT96 values");
        assertDictionaryRefused(
                FIXED, 7, 3, "it declares 3 values, but its 7 bytes hold at most 2 FIXED_LEN_BYTE_ARRAY values");
        assertDictionaryRefused(
                LONG,
                0,
                Integer.MAX_VALUE,
                "it declares " + Integer.MAX_VALUE + " values, but its 0 bytes hold at most 0 INT64 values");
    }

    @Test
    void aBinaryDictionarysLengthPrefixesAreWalkedOnACopy() throws IOException {
        byte[] values = {1, 0, 0, 0, 'a', 2, 0, 0, 0, 'b', 'c'};
        DictionaryPage page = dictionary(values, 2);
        DictionaryPage checked = CheckedPageReadStore.check(page, BINARY, FILE);
        assertNotSame(page, checked);
        assertArrayEquals(values, checked.getBytes().toByteArray());
        assertEquals(2, checked.getDictionarySize());
        assertEquals(Encoding.PLAIN_DICTIONARY, checked.getEncoding());
        assertEquals(page.getUncompressedSize(), checked.getUncompressedSize());
    }

    @Test
    void aBinaryDictionaryOfMoreValuesThanItsBytesHoldIsRefused() {
        assertDictionaryRefused(
                BINARY, new byte[] {1, 0, 0, 0, 'a', 0, 0, 0, 0}, 3, "it declares 3 values, but its bytes end after 2");
        assertDictionaryRefused(
                BINARY, new byte[] {1, 0, 0, 0, 'a', 0, 0}, 2, "it declares 2 values, but its bytes end after 1");
        assertDictionaryRefused(
                BINARY,
                new byte[] {1, 0, 0, 0, 'a', 100, 0, 0, 0, 'b'},
                2,
                "it declares 2 values, but value 1 has length 100 with 1 bytes left");
        assertDictionaryRefused(
                BINARY,
                new byte[] {-1, -1, -1, -1},
                1,
                "it declares 1 values, but value 0 has length -1 with 0 bytes left");
    }

    @Test
    void aDictionaryInAnotherEncodingIsLeftToParquetColumn() {
        DictionaryPage page = new DictionaryPage(BytesInput.from(new byte[1]), 1000, Encoding.RLE_DICTIONARY);
        assertSame(page, CheckedPageReadStore.check(page, LONG, FILE));
    }

    @Test
    void theDictionaryIsCheckedWhenReadThroughTheRowGroup() {
        PageReader pages = checked(LONG, () -> null, () -> dictionary(new byte[8], 2));
        ParquetDecodingException e = assertThrows(ParquetDecodingException.class, pages::readDictionaryPage);
        assertEquals(
                "Corrupt dictionary page of column " + LONG + " in f.parquet: it declares 2 values, but its 8 bytes"
                        + " hold at most 1 INT64 values",
                e.getMessage());
        assertNull(checked(LONG, () -> null, () -> null).readDictionaryPage());
    }

    @Test
    void aDataPageWhoseRunsPageRunsRefusesIsRefused() {
        // definition levels (width 1): a bit-packed run of 100 groups, none of its bytes there, in a page of 8
        byte[] levels = {2, 0, 0, 0, (byte) 0xC9, 0x01};
        DataPageV1 v1 = new DataPageV1(
                BytesInput.from(levels),
                8,
                levels.length,
                new LongStatistics(),
                Encoding.RLE,
                Encoding.RLE,
                Encoding.PLAIN);
        String problem = "a bit-packed run of definition levels declares 800 values (100 bytes), but the page has 8"
                + " values and 0 bytes left";
        ParquetDecodingException e =
                assertThrows(ParquetDecodingException.class, () -> checked(LONG, () -> v1, () -> null)
                        .readPage());
        assertEquals("Corrupt data page of column " + LONG + " in f.parquet: " + problem, e.getMessage());
        DataPageV2 v2 = DataPageV2.uncompressed(
                8,
                0,
                8,
                BytesInput.empty(),
                BytesInput.from(new byte[] {(byte) 0xC9, 0x01}),
                Encoding.PLAIN,
                BytesInput.empty(),
                new LongStatistics());
        e = assertThrows(ParquetDecodingException.class, () -> checked(LONG, () -> v2, () -> null)
                .readPage());
        assertEquals("Corrupt data page of column " + LONG + " in f.parquet: " + problem, e.getMessage());
    }

    @Test
    void aCompressedV2PageIsNotChecked() {
        DataPageV2 compressed = new DataPageV2(
                8,
                0,
                8,
                BytesInput.empty(),
                BytesInput.from(new byte[] {(byte) 0xC9, 0x01}),
                Encoding.PLAIN,
                BytesInput.empty(),
                16,
                new LongStatistics(),
                true);
        assertSame(compressed, checked(LONG, () -> compressed, () -> null).readPage());
    }

    @Test
    void aDataPageWhoseBytesCannotBeReadIsRefused() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk gone");
            }
        };
        DataPageV1 page = new DataPageV1(
                BytesInput.from(failing, 4), 1, 4, new LongStatistics(), Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
        ParquetDecodingException e =
                assertThrows(ParquetDecodingException.class, () -> checked(LONG, () -> page, () -> null)
                        .readPage());
        assertEquals("Could not read a data page of column " + LONG + " in f.parquet", e.getMessage());
        assertEquals("disk gone", e.getCause().getMessage());
    }

    @Test
    void parquetJavasErrorsReadingAPageNameTheFileAndColumn() {
        ParquetDecodingException decompression = new ParquetDecodingException("could not decompress page");
        ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> checked(
                        LONG,
                        () -> {
                            throw decompression;
                        },
                        () -> null)
                .readPage());
        assertEquals("could not decompress page (column " + LONG + " in f.parquet)", e.getMessage());
        assertSame(decompression, e.getCause());

        IllegalStateException broken = new IllegalStateException("no header");
        e = assertThrows(ParquetDecodingException.class, () -> checked(LONG, () -> null, () -> {
                    throw broken;
                })
                .readDictionaryPage());
        assertEquals(
                "Cannot read a page: java.lang.IllegalStateException: no header (column " + LONG + " in f.parquet)",
                e.getMessage());
        assertSame(broken, e.getCause());

        // a subclass is parquet-java's own statement: left as it is
        ParquetDecodingException subclass = new ParquetDecodingException("CRC checksum verification failed") {
            private static final long serialVersionUID = 1L;
        };
        e = assertThrows(ParquetDecodingException.class, () -> checked(
                        LONG,
                        () -> {
                            throw subclass;
                        },
                        () -> null)
                .readPage());
        assertSame(subclass, e);
    }

    @Test
    void aColumnTheRowGroupHasNoChunkOfIsRefused() {
        PageReadStore rowGroup = CheckedPageReadStore.wrap(
                store(column -> {
                    throw new IllegalArgumentException("no chunk of " + column);
                }),
                FILE);
        ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> rowGroup.getPageReader(LONG));
        assertEquals(
                "No column chunk of column " + LONG + " in a row group of f.parquet: no chunk of " + LONG,
                e.getMessage());
        assertNull(CheckedPageReadStore.wrap(store(column -> null), FILE).getPageReader(LONG));
    }

    @Test
    void theRowGroupIsParquetJavasOtherwise() {
        boolean[] closed = {false};
        PageReadStore rowGroup = new PageReadStore() {
            @Override
            public PageReader getPageReader(ColumnDescriptor descriptor) {
                return null;
            }

            @Override
            public long getRowCount() {
                return 42;
            }

            @Override
            public Optional<Long> getRowIndexOffset() {
                return Optional.of(7L);
            }

            @Override
            public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
                return Optional.empty();
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
        PageReadStore checked = CheckedPageReadStore.wrap(rowGroup, FILE);
        assertTrue(checked instanceof CheckedPageReadStore);
        assertSame(checked, CheckedPageReadStore.wrap(checked, FILE));
        assertNull(CheckedPageReadStore.wrap(null, FILE));
        assertEquals(42, checked.getRowCount());
        assertEquals(Optional.of(7L), checked.getRowIndexOffset());
        assertEquals(Optional.empty(), checked.getRowIndexes());
        checked.close();
        assertTrue(closed[0]);
    }

    @Test
    void aRowGroupOfMoreRowsThanAColumnsPagesHoldValuesIsFound() {
        // store(...) has 8 rows; checked(...)'s pages 8 values
        PageReader eight = checked(LONG, () -> null, () -> null);
        assertNull(CheckedPageReadStore.rowsBeyondPages(store(column -> eight), List.of(LONG, INT)));
        PageReadStore nine = new PageReadStore() {
            @Override
            public PageReader getPageReader(ColumnDescriptor column) {
                if (column == INT) {
                    throw new IllegalArgumentException("a projected column the file does not have");
                }
                return column == BINARY ? null : eight;
            }

            @Override
            public long getRowCount() {
                return 9;
            }

            @Override
            public Optional<Long> getRowIndexOffset() {
                return Optional.empty();
            }

            @Override
            public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
                return Optional.empty();
            }
        };
        assertNull(CheckedPageReadStore.rowsBeyondPages(nine, List.of(INT, BINARY)));
        assertEquals(
                "it declares 9 rows, but the pages of column l hold 8 values",
                CheckedPageReadStore.rowsBeyondPages(nine, List.of(INT, BINARY, LONG, DOUBLE)));
    }

    private static DictionaryPage dictionary(byte[] bytes, int count) {
        return new DictionaryPage(BytesInput.from(bytes), count, Encoding.PLAIN_DICTIONARY);
    }

    private static void assertDictionaryRefused(ColumnDescriptor column, int size, int count, String problem) {
        assertDictionaryRefused(column, new byte[size], count, problem);
    }

    private static void assertDictionaryRefused(ColumnDescriptor column, byte[] bytes, int count, String problem) {
        assertRefused(column, problem, dictionary(bytes, count), "Corrupt dictionary page of column ");
    }

    private static void assertRefused(ColumnDescriptor column, String problem, DictionaryPage page, String prefix) {
        ParquetDecodingException e =
                assertThrows(ParquetDecodingException.class, () -> CheckedPageReadStore.check(page, column, FILE));
        assertEquals(prefix + column + " in f.parquet: " + problem, e.getMessage());
    }

    /** The page reader of {@code column} of a checked row group whose parquet-java reader gives these pages. */
    private static PageReader checked(
            ColumnDescriptor column, Supplier<DataPage> page, Supplier<DictionaryPage> dictionary) {
        PageReader pages = new PageReader() {
            @Override
            public DictionaryPage readDictionaryPage() {
                return dictionary.get();
            }

            @Override
            public long getTotalValueCount() {
                return 8;
            }

            @Override
            public DataPage readPage() {
                return page.get();
            }
        };
        return CheckedPageReadStore.wrap(store(c -> pages), FILE).getPageReader(column);
    }

    private interface Pages {
        PageReader of(ColumnDescriptor column);
    }

    private static PageReadStore store(Pages pages) {
        return new PageReadStore() {
            @Override
            public PageReader getPageReader(ColumnDescriptor descriptor) {
                return pages.of(descriptor);
            }

            @Override
            public long getRowCount() {
                return 8;
            }

            @Override
            public Optional<Long> getRowIndexOffset() {
                return Optional.empty();
            }

            @Override
            public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
                return Optional.empty();
            }
        };
    }
}
