package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * {@link PageRuns} reads a run header as parquet-column's {@code BytesUtils.readUnsignedVarInt} does: every byte with
 * the high bit set continues it, however many there are, and shifts wrap as Java's int shifts do. A header of eight
 * bytes (issue 42: three bytes of a page of alltypes_tiny_pages.parquet changed) declares a bit-packed run of
 * 642,567,062 groups, for which the decoder allocates an {@code int[845,569,200]} (the count overflows): it must be
 * refused wherever a run is read, and a long header that declares a run the page can hold must still pass.
 */
class PageRunsTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { optional binary s (UTF8); repeated int32 r; optional boolean b; }");
    private static final ColumnDescriptor STRING = SCHEMA.getColumns().get(0);
    private static final ColumnDescriptor REPEATED = SCHEMA.getColumns().get(1);
    private static final ColumnDescriptor BOOLEAN = SCHEMA.getColumns().get(2);
    private static final ColumnDescriptor REQUIRED_LONG = MessageTypeParser.parseMessageType(
                    "message m { required int64 l; }")
            .getColumns()
            .get(0);

    /** The header of issue 42's page: 0x4c99972d, a bit-packed run of 642,567,062 groups. */
    private static final int[] LONG_HEADER = {0x85, 0x80, 0xe4, 0xe4, 0xe4, 0xe5, 0xe5, 0x00};

    /** Eight defined values: one bit-packed group of definition levels, all 1. */
    private static final int[] EIGHT_DEFINED = {2, 0, 0, 0, 0x03, 0xff};

    @Test
    void aDictionaryRunWithALongHeaderIsRefusedInAV1Page() {
        ByteBuffer page = bytes(EIGHT_DEFINED, new int[] {3}, LONG_HEADER);
        assertEquals(
                "a bit-packed run of dictionary indexes declares 5140536496 values (1927701186 bytes),"
                        + " but the page has 8 values and 0 bytes left",
                PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
    }

    @Test
    void aDictionaryRunWithALongHeaderIsRefusedInAV2Page() {
        ByteBuffer definition = bytes(new int[] {0x03, 0xff});
        assertStartsWith(
                "a bit-packed run of dictionary indexes declares 5140536496 values",
                PageRuns.checkV2(
                        ByteBuffer.allocate(0),
                        definition,
                        bytes(new int[] {3}, LONG_HEADER),
                        STRING,
                        8,
                        Encoding.RLE_DICTIONARY));
    }

    @Test
    void levelRunsWithALongHeaderAreRefused() {
        // V1: repetition levels of a repeated column (width 1), then definition levels
        ByteBuffer v1 = bytes(new int[] {8, 0, 0, 0}, LONG_HEADER, EIGHT_DEFINED);
        assertEquals(
                "a bit-packed run of repetition levels declares 5140536496 values (642567062 bytes),"
                        + " but the page has 8 values and 0 bytes left",
                PageRuns.checkV1(v1, REPEATED, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
        // V2: definition levels
        assertStartsWith(
                "a bit-packed run of definition levels declares 5140536496 values",
                PageRuns.checkV2(
                        ByteBuffer.allocate(0), bytes(LONG_HEADER), ByteBuffer.allocate(0), STRING, 8, Encoding.PLAIN));
    }

    @Test
    void rleBooleanRunsWithALongHeaderAreRefused() {
        ByteBuffer page = bytes(EIGHT_DEFINED, new int[] {8, 0, 0, 0}, LONG_HEADER);
        assertStartsWith(
                "a bit-packed run of values declares 5140536496 values",
                PageRuns.checkV1(page, BOOLEAN, 8, Encoding.RLE, Encoding.RLE, Encoding.RLE));
    }

    @Test
    void aLongHeaderOfARunThePageHoldsPasses() {
        // 0x90 0x80 0x80 0x80 0x80 0x80 0x00: 16, an RLE run of 8 values, in seven bytes; parquet-column reads it
        ByteBuffer page = bytes(EIGHT_DEFINED, new int[] {3}, new int[] {0x90, 0x80, 0x80, 0x80, 0x80, 0x80, 0, 5});
        assertNull(PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
    }

    @Test
    void aHeaderCutOffByThePageEndIsLeftToParquetColumn() {
        // parquet-column's stream throws an EOFException there, before it allocates
        ByteBuffer page = bytes(EIGHT_DEFINED, new int[] {3}, new int[] {0x85, 0x80, 0xe4});
        assertNull(PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
    }

    @Test
    void aPageParquetColumnCanReadPasses() {
        // definition levels: an RLE run of 8 ones; dictionary indexes of width 2: one bit-packed group
        ByteBuffer page = bytes(new int[] {2, 0, 0, 0, 16, 1}, new int[] {2, 3, 0b11100100, 0b11100100});
        assertNull(PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
        assertNull(PageRuns.checkV2(
                ByteBuffer.allocate(0),
                bytes(new int[] {16, 1}),
                bytes(new int[] {2, 3, 0b11100100, 0b11100100}),
                STRING,
                8,
                Encoding.RLE_DICTIONARY));
    }

    @Test
    void aBitPackedRunOfMoreValuesThanThePageHasPassesWhenItsBytesAreThere() {
        // DuckDB pads a page's last run: 2 groups (16 values) for 8 values, with both groups' bytes
        ByteBuffer page = bytes(EIGHT_DEFINED, new int[] {1, 5, 0xff, 0xff});
        assertNull(PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
        // one byte short of them, it is refused
        ByteBuffer shorter = bytes(EIGHT_DEFINED, new int[] {1, 5, 0xff});
        assertEquals(
                "a bit-packed run of dictionary indexes declares 16 values (2 bytes), but the page has 8 values and 1"
                        + " bytes left",
                PageRuns.checkV1(shorter, STRING, 8, Encoding.RLE, Encoding.RLE, Encoding.PLAIN_DICTIONARY));
    }

    @Test
    void levelsInAnotherEncodingThanRleAreRefused() {
        assertEquals(
                "definition levels in encoding PLAIN",
                PageRuns.checkV1(bytes(EIGHT_DEFINED), STRING, 8, Encoding.RLE, Encoding.PLAIN, Encoding.PLAIN));
        assertEquals(
                "repetition levels in encoding DELTA_BINARY_PACKED",
                PageRuns.checkV1(
                        bytes(EIGHT_DEFINED), REPEATED, 8, Encoding.DELTA_BINARY_PACKED, Encoding.RLE, Encoding.PLAIN));
    }

    @Test
    void bitPackedLevelsAreSlicedByTheValueCount() {
        // the deprecated BIT_PACKED levels: 8 values of width 1 take one byte; the dictionary indexes follow
        ByteBuffer page = bytes(new int[] {0xff}, new int[] {3}, LONG_HEADER);
        assertStartsWith(
                "a bit-packed run of dictionary indexes declares 5140536496 values",
                PageRuns.checkV1(page, STRING, 8, Encoding.RLE, Encoding.BIT_PACKED, Encoding.PLAIN_DICTIONARY));
    }

    @Test
    void aDeltaHeaderOfMoreValuesOrLargerBlocksThanThePageHoldsIsRefused() {
        // block size 128, 4 mini-blocks, 1,000 values, in a page of 8
        assertEquals(
                "a delta block header declares 1000 values in blocks of 128 in 4 mini-blocks, for a page of 8 values",
                PageRuns.checkV2(
                        ByteBuffer.allocate(0),
                        ByteBuffer.allocate(0),
                        bytes(new int[] {0x80, 0x01, 4, 0xE8, 0x07}),
                        REQUIRED_LONG,
                        8,
                        Encoding.DELTA_BINARY_PACKED));
        // 100,000 mini-blocks
        assertEquals(
                "a delta block header declares 8 values in blocks of 128 in 100000 mini-blocks, for a page of 8"
                        + " values",
                PageRuns.checkV2(
                        ByteBuffer.allocate(0),
                        ByteBuffer.allocate(0),
                        bytes(new int[] {0x80, 0x01, 0xA0, 0x8D, 0x06, 8}),
                        REQUIRED_LONG,
                        8,
                        Encoding.DELTA_BINARY_PACKED));
        // what a writer writes: 128 in 4, 8 values
        assertNull(PageRuns.checkV2(
                ByteBuffer.allocate(0),
                ByteBuffer.allocate(0),
                bytes(new int[] {0x80, 0x01, 4, 8, 0}),
                REQUIRED_LONG,
                8,
                Encoding.DELTA_BINARY_PACKED));
    }

    private static void assertStartsWith(String expected, String problem) {
        assertTrue(
                problem != null && problem.startsWith(expected),
                () -> "expected \"" + expected + "...\", got " + problem);
    }

    private static ByteBuffer bytes(int[]... parts) {
        int length = 0;
        for (int[] part : parts) {
            length += part.length;
        }
        ByteBuffer bytes = ByteBuffer.allocate(length);
        for (int[] part : parts) {
            for (int b : part) {
                bytes.put((byte) b);
            }
        }
        return bytes.flip();
    }
}
