package io.github.parquetcodecs.nohadoop;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;

/**
 * Checks the counts in a decompressed data page that parquet-column allocates by before it decodes them, against the
 * page's value count.
 *
 * <p>parquet-column's RLE/bit-packing hybrid decoder (levels, dictionary indexes, RLE booleans) allocates an {@code
 * int[8 * groups]} and a {@code byte[width * groups]} for each bit-packed run, with {@code groups} as the run's header
 * declares; its delta decoders allocate arrays as the block header declares (values, mini-blocks). A corrupt count
 * costs gigabytes from a page of a few bytes. Here the runs are walked (nothing allocated) as far as the decoder
 * would read them for the page's values, and a run of more values than the page has left, or a delta header of more
 * values or larger blocks than the page holds, is refused.
 */
final class PageRuns {
    private PageRuns() {}

    /** Slack for the last bit-packed group (8 values) and for writers' block sizes in short pages. */
    private static final int DELTA_BLOCK_SLACK = 1 << 12;

    /** What is wrong with a V1 page's bytes, or {@code null}. */
    static String checkV1(
            ByteBuffer page,
            ColumnDescriptor column,
            int values,
            Encoding repetition,
            Encoding definition,
            Encoding encoding) {
        ByteBuffer bytes = page.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int position = bytes.position();
        int end = bytes.limit();
        for (int level = 0; level < 2; level++) {
            int max = level == 0 ? column.getMaxRepetitionLevel() : column.getMaxDefinitionLevel();
            Encoding levels = level == 0 ? repetition : definition;
            if (max == 0) {
                continue; // parquet-column reads nothing for it
            }
            if (levels != Encoding.RLE) {
                return null; // BIT_PACKED levels: sliced by the value count, no allocation by a count
            }
            if (end - position < 4) {
                return null; // parquet-column reports it
            }
            int length = bytes.getInt(position);
            if (length < 0 || length > end - position - 4) {
                return null; // parquet-column refuses the slice
            }
            String problem = runs(
                    bytes,
                    position + 4,
                    position + 4 + length,
                    width(max),
                    values,
                    level == 0 ? "repetition" : "definition");
            if (problem != null) {
                return problem;
            }
            position += 4 + length;
        }
        return values(bytes, position, end, values, encoding);
    }

    /** What is wrong with a V2 page's levels and values, or {@code null}. */
    static String checkV2(
            ByteBuffer repetition,
            ByteBuffer definition,
            ByteBuffer data,
            ColumnDescriptor column,
            int values,
            Encoding encoding) {
        if (column.getMaxRepetitionLevel() > 0) {
            String problem = runs(
                    repetition,
                    repetition.position(),
                    repetition.limit(),
                    width(column.getMaxRepetitionLevel()),
                    values,
                    "repetition");
            if (problem != null) {
                return problem;
            }
        }
        if (column.getMaxDefinitionLevel() > 0) {
            String problem = runs(
                    definition,
                    definition.position(),
                    definition.limit(),
                    width(column.getMaxDefinitionLevel()),
                    values,
                    "definition");
            if (problem != null) {
                return problem;
            }
        }
        ByteBuffer bytes = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        return values(bytes, bytes.position(), bytes.limit(), values, encoding);
    }

    private static String values(ByteBuffer bytes, int position, int end, int values, Encoding encoding) {
        switch (encoding) {
            case PLAIN_DICTIONARY:
            case RLE_DICTIONARY: {
                if (position >= end) {
                    return null;
                }
                int width = bytes.get(position) & 0xFF;
                if (width > 32) {
                    return null; // parquet-column refuses it
                }
                return runs(bytes, position + 1, end, width, values, "dictionary index");
            }
            case RLE: { // booleans
                if (end - position < 4) {
                    return null;
                }
                int length = bytes.getInt(position);
                if (length < 0 || length > end - position - 4) {
                    return null;
                }
                return runs(bytes, position + 4, position + 4 + length, 1, values, "value");
            }
            case DELTA_BINARY_PACKED:
            case DELTA_LENGTH_BYTE_ARRAY:
            case DELTA_BYTE_ARRAY:
                return delta(bytes, position, end, values);
            default:
                return null;
        }
    }

    /** The first delta-binary-packed header (the values, or the lengths or prefix lengths of byte arrays). */
    private static String delta(ByteBuffer bytes, int position, int end, int values) {
        long[] header = new long[3];
        int at = position;
        for (int i = 0; i < 3; i++) {
            long value = 0;
            int shift = 0;
            while (true) {
                if (at >= end || shift > 35) {
                    return null; // parquet-column reports it
                }
                int b = bytes.get(at++) & 0xFF;
                value |= (long) (b & 0x7F) << shift;
                shift += 7;
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            header[i] = value;
        }
        long blockSize = header[0];
        long miniBlocks = header[1];
        long total = header[2];
        if (miniBlocks > blockSize || total > values) {
            return "a delta block header declares " + total + " values in blocks of " + blockSize + " in " + miniBlocks
                    + " mini-blocks, for a page of " + values + " values";
        }
        if (miniBlocks > 0 && blockSize / miniBlocks > (long) values + DELTA_BLOCK_SLACK) {
            return "a delta block header declares mini-blocks of " + blockSize / miniBlocks + " values, for a page of "
                    + values + " values";
        }
        return null;
    }

    /**
     * Walks the runs of an RLE/bit-packing hybrid stream in [{@code from}, {@code end}) as parquet-column's decoder
     * reads them, until {@code values} values are decoded; a bit-packed run of more groups of 8 than the values left
     * need is refused.
     */
    private static String runs(ByteBuffer bytes, int from, int end, int width, long values, String what) {
        long decoded = 0;
        int at = from;
        while (decoded < values && at < end) {
            long header = 0;
            int shift = 0;
            while (true) {
                if (at >= end || shift > 28) {
                    return null; // parquet-column reports it
                }
                int b = bytes.get(at++) & 0xFF;
                header |= (long) (b & 0x7F) << shift;
                shift += 7;
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            header &= 0xFFFFFFFFL; // parquet-column reads an int
            long count = header >>> 1;
            if ((header & 1) == 0) { // RLE: count repeats of one value
                decoded += count;
                at += (width + 7) / 8;
            } else { // bit-packed: count groups of 8
                long left = values - decoded;
                if (count > (left + 7) / 8) {
                    return "a bit-packed run of " + what + "s declares " + count * 8 + " values, but the page has "
                            + left + " left";
                }
                decoded += count * 8;
                at += (int) Math.min(count * width, end - at);
            }
        }
        return null;
    }

    /** The bit width of levels up to {@code max}. */
    private static int width(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }
}
