package io.github.parquetcodecs.nohadoop.checks;

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
            if (levels == Encoding.BIT_PACKED) {
                // sliced by the value count, as parquet-column does; no allocation by a count
                int bits = values * width(max);
                int length = (bits + 7) / 8;
                if (length < 0) {
                    return null; // parquet-column refuses the slice
                }
                position += Math.min(length, end - position);
                continue;
            }
            if (levels != Encoding.RLE) {
                // no writer encodes levels otherwise; parquet-column would read them as values of the page
                return (level == 0 ? "repetition" : "definition") + " levels in encoding " + levels;
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
                    level == 0 ? "repetition levels" : "definition levels");
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
                    "repetition levels");
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
                    "definition levels");
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
                return runs(bytes, position + 1, end, width, values, "dictionary indexes");
            }
            case RLE: { // booleans
                if (end - position < 4) {
                    return null;
                }
                int length = bytes.getInt(position);
                if (length < 0 || length > end - position - 4) {
                    return null;
                }
                return runs(bytes, position + 4, position + 4 + length, 1, values, "values");
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
        int[] at = {position};
        long blockSize = varint(bytes, at, end);
        long miniBlocks = varint(bytes, at, end);
        long total = varint(bytes, at, end);
        if (blockSize < 0 || miniBlocks <= 0 || total < 0) {
            return null; // parquet-column fails on it before allocating by it
        }
        // parquet-column allocates int[miniBlocks] and long[about total + blockSize / miniBlocks]
        long most = (long) values + DELTA_BLOCK_SLACK;
        if (total > values || miniBlocks > most || blockSize / miniBlocks > most) {
            return "a delta block header declares " + total + " values in blocks of " + blockSize + " in " + miniBlocks
                    + " mini-blocks, for a page of " + values + " values";
        }
        return null;
    }

    /**
     * An unsigned varint as parquet-column's {@code BytesUtils.readUnsignedVarInt} reads it, advancing {@code at[0]}:
     * an int, of as many bytes as have the high bit set (it sets no limit; shifts past 31 wrap, as Java's int shifts
     * do), so that the walk sees the same run headers as the decoder; -1 at the end of the data, where
     * parquet-column's stream throws an {@code EOFException}.
     */
    private static long varint(ByteBuffer bytes, int[] at, int end) {
        int value = 0;
        int shift = 0;
        while (true) {
            if (at[0] >= end) {
                return -1;
            }
            int b = bytes.get(at[0]++) & 0xFF;
            if ((b & 0x80) == 0) {
                return (value | (b << shift)) & 0xFFFFFFFFL;
            }
            value |= (b & 0x7F) << shift;
            shift += 7;
        }
    }

    /**
     * Walks the runs of an RLE/bit-packing hybrid stream in [{@code from}, {@code end}) as parquet-column's decoder
     * reads them, until {@code values} values are decoded; a bit-packed run of more groups of 8 than the values left
     * need is refused unless its bytes are all in the stream (so that what the decoder allocates for it is bounded by
     * the page's size).
     */
    private static String runs(ByteBuffer bytes, int from, int end, int width, long values, String what) {
        long decoded = 0;
        int[] position = {from};
        while (decoded < values && position[0] < end) {
            long header = varint(bytes, position, end);
            if (header < 0) {
                return null; // parquet-column fails on it
            }
            int at = position[0];
            long count = header >>> 1;
            if ((header & 1) == 0) { // RLE: count repeats of one value
                decoded += count;
                position[0] = at + (width + 7) / 8;
            } else { // bit-packed: count groups of 8
                long left = values - decoded;
                // Writers may declare more groups than the values left need (DuckDB pads a page's last run to 256
                // values): such a run is fine when its bytes are there, since the decoder's arrays are then bounded
                // by the page's own size. A run whose bytes are not there, or of width 0, may not exceed the values.
                boolean bytesPresent = width > 0 && count * width <= end - at;
                if (count > (left + 7) / 8 && !bytesPresent) {
                    return "a bit-packed run of " + what + " declares " + count * 8 + " values (" + count * width
                            + " bytes), but the page has " + left + " values and " + (end - at) + " bytes left";
                }
                decoded += count * 8;
                position[0] = at + (int) Math.min(count * width, end - at);
            }
        }
        return null;
    }

    /** The bit width of levels up to {@code max}. */
    private static int width(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }
}
