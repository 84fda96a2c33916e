package io.github.parquetcodecs.hadoop;

import io.airlift.compress.lzo.LzoDecompressor;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * The decompressor of {@code com.hadoop.compression.lzo.LzoCodec}: reads hadoop-lzo's block framing as it arrives, a
 * block (big-endian uncompressed length) of one or more chunks (big-endian compressed length, one LZO1X block), and
 * decodes each chunk with aircompressor's LZO, the engine of parquet-codecs' LZO. It accepts what hadoop-lzo writes
 * (several chunks per block when one write exceeds its buffer) and what parquet-codecs writes.
 *
 * <p>Bad input is an {@link IOException} naming the offset and what it states: a negative block length, a chunk
 * length that is not positive, a chunk that decodes to nothing, to more than its block has left, or fails to decode.
 * Memory follows the input: a chunk is decoded only once all its bytes have arrived, into at most what those bytes can
 * decode to (LZO1X expands at most 256-fold), so a lying header costs nothing before the bytes behind it exist.
 */
public final class LzoBlockDecompressor implements Decompressor {
    /** The most {@code compressed} bytes of LZO1X can decode to: a byte per 255 bytes of a long match. */
    static long maxChunkOutput(long compressed) {
        return 256 * compressed + 64;
    }

    private final LzoDecompressor lzo = new LzoDecompressor();
    private byte[] pending = new byte[64 * 1024];
    private int start;
    private int end;
    /** Input consumed so far, for messages. */
    private long consumed;
    /** Uncompressed bytes the current block has left; 0 between blocks. */
    private long blockLeft;

    private byte[] output = new byte[0];
    private int outputPosition;
    private int outputLength;

    @Override
    public void setInput(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        if (pending.length - end < len) {
            int live = end - start;
            if (pending.length - live < len) {
                long size = Math.max(2L * pending.length, (long) live + len);
                if (size > Integer.MAX_VALUE - 8) {
                    size = (long) live + len;
                }
                pending = Arrays.copyOfRange(pending, start, start + (int) size);
            } else {
                System.arraycopy(pending, start, pending, 0, live);
            }
            start = 0;
            end = live;
        }
        System.arraycopy(b, off, pending, end, len);
        end += len;
    }

    @Override
    public boolean needsInput() {
        return outputPosition == outputLength && !unitAvailable();
    }

    /** Whether the input holds a whole block header or a whole chunk. */
    private boolean unitAvailable() {
        int available = end - start;
        if (blockLeft == 0 || available < 4) {
            return available >= 4;
        }
        return available - 4 >= (long) readInt(start) || readInt(start) <= 0;
    }

    private int readInt(int at) {
        return (pending[at] & 0xFF) << 24
                | (pending[at + 1] & 0xFF) << 16
                | (pending[at + 2] & 0xFF) << 8
                | (pending[at + 3] & 0xFF);
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
        throw new UnsupportedOperationException("LZO takes no dictionary");
    }

    @Override
    public boolean needsDictionary() {
        return false;
    }

    /** True between blocks with no input and no output left: the stream may end here. */
    @Override
    public boolean finished() {
        return outputPosition == outputLength && blockLeft == 0 && start == end;
    }

    @Override
    public int decompress(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        while (outputPosition == outputLength) {
            if (!step()) {
                return 0;
            }
        }
        int n = Math.min(len, outputLength - outputPosition);
        System.arraycopy(output, outputPosition, b, off, n);
        outputPosition += n;
        return n;
    }

    /** Reads one block header or decodes one chunk; false when the input holds neither whole. */
    private boolean step() throws IOException {
        if (end - start < 4) {
            return false;
        }
        int value = readInt(start);
        if (blockLeft == 0) {
            if (value < 0) {
                throw new IOException("LZO: the block at input offset " + consumed + " declares "
                        + Integer.toUnsignedString(value) + " uncompressed bytes");
            }
            blockLeft = value;
            advance(4);
            return true;
        }
        if (value <= 0) {
            throw new IOException("LZO: the chunk at input offset " + consumed + " declares "
                    + Integer.toUnsignedString(value) + " compressed bytes");
        }
        if (end - start - 4 < value) {
            return false;
        }
        int capacity = (int) Math.min(blockLeft, maxChunkOutput(value));
        if (output.length < capacity) {
            output = new byte[capacity];
        }
        int produced;
        try {
            produced = lzo.decompress(pending, start + 4, value, output, 0, capacity);
        } catch (RuntimeException e) { // aircompressor's MalformedInputException and bounds checks
            throw new IOException(
                    "LZO: the " + value + "-byte chunk at input offset " + consumed + " does not decode within the "
                            + blockLeft + " bytes its block has left: " + e.getMessage(),
                    e);
        }
        if (produced <= 0) {
            throw new IOException("LZO: the chunk at input offset " + consumed + " decodes to nothing");
        }
        advance(4 + value);
        blockLeft -= produced;
        outputPosition = 0;
        outputLength = produced;
        return true;
    }

    private void advance(int n) {
        start += n;
        consumed += n;
        if (start == end) {
            start = 0;
            end = 0;
        }
    }

    /** Always 0: input is kept until it is decoded. */
    @Override
    public int getRemaining() {
        return 0;
    }

    @Override
    public void reset() {
        start = 0;
        end = 0;
        consumed = 0;
        blockLeft = 0;
        outputPosition = 0;
        outputLength = 0;
        if (pending.length > 1024 * 1024) {
            pending = new byte[64 * 1024];
        }
        if (output.length > 1024 * 1024) {
            output = new byte[0];
        }
    }

    @Override
    public void end() {
        reset();
    }
}
