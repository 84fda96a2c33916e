package io.github.parquetcodecs.internal;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Output for pages that cannot bound their own decoded size (BROTLI): memory follows the bytes actually decoded, in
 * chunks of {@link #CHUNK} bytes, up to the declared page size. A page that lies about its size costs the bytes it
 * decodes to plus at most one chunk; a page that decodes to its declared size is then copied once into an array of
 * exactly that size (not even that when it fits in one chunk).
 */
public final class GrowingOutput {
    /** The unit in which the output grows. */
    public static final int CHUNK = 64 * 1024;

    private final int limit;
    private final List<byte[]> full = new ArrayList<>();
    private byte[] current;
    private int used;
    private int size;

    /** Output of at most {@code limit} bytes. */
    public GrowingOutput(int limit) {
        this.limit = limit;
    }

    public int limit() {
        return limit;
    }

    /** Bytes written so far. */
    public int size() {
        return size;
    }

    /** Appends {@code chunk}'s remaining bytes; more than the limit is a {@link PageSizeException}. */
    public void write(ByteBuffer chunk) throws PageSizeException {
        int length = chunk.remaining();
        if (length > limit - size) {
            throw new PageSizeException("the stream holds more than " + limit + " bytes");
        }
        while (chunk.hasRemaining()) {
            if (current == null || used == current.length) {
                if (current != null) {
                    full.add(current);
                }
                current = new byte[Math.min(CHUNK, limit - size)];
                used = 0;
            }
            int n = Math.min(chunk.remaining(), current.length - used);
            chunk.get(current, used, n);
            used += n;
            size += n;
        }
    }

    /** Takes a whole decoded page as the output (for engines that decode in one call). */
    void adopt(byte[] page, int length) {
        full.clear();
        current = page;
        used = length;
        size = length;
    }

    /** The bytes written, as one array of exactly {@link #size()} bytes. */
    public byte[] toArray() {
        if (full.isEmpty() && current != null && used == current.length) {
            return current;
        }
        byte[] page = new byte[size];
        int offset = 0;
        for (byte[] chunk : full) {
            System.arraycopy(chunk, 0, page, offset, chunk.length);
            offset += chunk.length;
        }
        if (current != null) {
            System.arraycopy(current, 0, page, offset, used);
        }
        return page;
    }
}
