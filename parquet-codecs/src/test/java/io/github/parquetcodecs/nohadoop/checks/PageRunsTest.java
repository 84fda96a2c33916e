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
