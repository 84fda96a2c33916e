package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.IntStatistics;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * A data page whose bytes are an array or a buffer (what this library's decompressors give, and parquet-java's
 * uncompressed pages) leaves {@code openFile}'s run check as it came: no copy, no new page. A page whose bytes are a
 * stream, which can be read once (a Hadoop codec's decompressor gives one), is read into a buffer and rebuilt, so
 * that parquet-column reads the same bytes the check walked.
 */
class InPlacePagesTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int32 x; }");
    private static final ColumnDescriptor COLUMN = SCHEMA.getColumns().get(0);
    /** Three PLAIN int32 values: 1, 2, 3. */
    private static final byte[] VALUES = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};

    @Test
    void arraysAndBuffersAreReadInPlaceStreamsAreNot() {
        assertTrue(CheckedPageReadStore.readableAgain(BytesInput.from(VALUES)));
        assertTrue(CheckedPageReadStore.readableAgain(BytesInput.from(ByteBuffer.wrap(VALUES))));
        assertTrue(CheckedPageReadStore.readableAgain(BytesInput.from(ByteBuffer.allocateDirect(4))));
        assertFalse(
                CheckedPageReadStore.readableAgain(BytesInput.from(new ByteArrayInputStream(VALUES), VALUES.length)));
    }

    @Test
    void aPageOverAnArrayIsReturnedAsItCame() throws IOException {
        DataPageV1 page = page(BytesInput.from(VALUES));
        DataPage read = readThroughCheck(page);
        assertSame(page, read);
        assertArrayEquals(VALUES, read(read));
    }

    @Test
    void aV2PageWithoutLevelsIsReturnedAsItCame() throws IOException {
        // as parquet-java's ColumnChunkPageReadStore gives it for a required column: empty levels of its own kinds
        DataPageV2 page = DataPageV2.uncompressed(
                3,
                0,
                3,
                BytesInput.from(Collections.emptyList()),
                BytesInput.empty(),
                Encoding.PLAIN,
                BytesInput.from(VALUES),
                new IntStatistics());
        assertTrue(CheckedPageReadStore.readableAgain(page.getRepetitionLevels()));
        DataPage read = readThroughCheck(page);
        assertSame(page, read);
        assertArrayEquals(VALUES, ((DataPageV2) read).getData().toByteArray());
        // a stream that holds bytes is still rebuilt
        assertFalse(CheckedPageReadStore.readableAgain(BytesInput.from(new ByteArrayInputStream(VALUES), 1)));
    }

    @Test
    void aPageOverAStreamIsRebuiltOnTheBytesTheCheckWalked() throws IOException {
        DataPageV1 page = page(BytesInput.from(new ByteArrayInputStream(VALUES), VALUES.length));
        DataPage read = readThroughCheck(page);
        assertNotSame(page, read);
        assertArrayEquals(VALUES, read(read));
        assertArrayEquals(VALUES, read(read)); // and again
    }

    private static byte[] read(DataPage page) throws IOException {
        return ((DataPageV1) page).getBytes().toByteArray();
    }

    private static DataPageV1 page(BytesInput bytes) {
        return new DataPageV1(
                bytes, 3, VALUES.length, new IntStatistics(), Encoding.BIT_PACKED, Encoding.BIT_PACKED, Encoding.PLAIN);
    }

    private static DataPage readThroughCheck(DataPage page) {
        PageReader pages = new PageReader() {
            private boolean read;

            @Override
            public DictionaryPage readDictionaryPage() {
                return null;
            }

            @Override
            public long getTotalValueCount() {
                return page.getValueCount();
            }

            @Override
            public DataPage readPage() {
                if (read) {
                    return null;
                }
                read = true;
                return page;
            }
        };
        PageReadStore rowGroup = new PageReadStore() {
            @Override
            public PageReader getPageReader(ColumnDescriptor descriptor) {
                return pages;
            }

            @Override
            public long getRowCount() {
                return 3;
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
        return CheckedPageReadStore.wrap(rowGroup, "test.parquet")
                .getPageReader(COLUMN)
                .readPage();
    }
}
