package io.github.parquetcodecs.internal;

import java.nio.ByteBuffer;

/** Small helpers for absolute addressing of {@link ByteBuffer}s. */
final class Buffers {
    private Buffers() {}

    /**
     * A view of {@code buffer[offset, offset + length)}: a duplicate whose position is {@code offset} and whose limit is
     * {@code offset + length} (absolute, not rebased to 0).
     */
    static ByteBuffer view(ByteBuffer buffer, int offset, int length) {
        ByteBuffer view = buffer.duplicate();
        view.limit(offset + length).position(offset);
        return view;
    }

    /** Copies {@code src[offset, offset + length)} into {@code dst[0, length)}. */
    static void copyOut(ByteBuffer src, int offset, byte[] dst, int length) {
        view(src, offset, length).get(dst, 0, length);
    }

    /** Copies {@code src[0, length)} into {@code dst[offset, offset + length)}. */
    static void copyIn(byte[] src, int length, ByteBuffer dst, int offset) {
        view(dst, offset, length).put(src, 0, length);
    }

    /** Reads a big-endian int at an absolute index, whatever the byte order of the buffer. */
    static int getIntBigEndian(ByteBuffer buffer, int index) {
        return ((buffer.get(index) & 0xff) << 24)
                | ((buffer.get(index + 1) & 0xff) << 16)
                | ((buffer.get(index + 2) & 0xff) << 8)
                | (buffer.get(index + 3) & 0xff);
    }

    static void putIntBigEndian(ByteBuffer buffer, int index, int value) {
        buffer.put(index, (byte) (value >>> 24));
        buffer.put(index + 1, (byte) (value >>> 16));
        buffer.put(index + 2, (byte) (value >>> 8));
        buffer.put(index + 3, (byte) value);
    }

    static int getIntLittleEndian(ByteBuffer buffer, int index) {
        return (buffer.get(index) & 0xff)
                | ((buffer.get(index + 1) & 0xff) << 8)
                | ((buffer.get(index + 2) & 0xff) << 16)
                | ((buffer.get(index + 3) & 0xff) << 24);
    }

    static void putIntLittleEndian(ByteBuffer buffer, int index, int value) {
        buffer.put(index, (byte) value);
        buffer.put(index + 1, (byte) (value >>> 8));
        buffer.put(index + 2, (byte) (value >>> 16));
        buffer.put(index + 3, (byte) (value >>> 24));
    }

    /** Grows {@code array} to at least {@code size} bytes, discarding its content. */
    static byte[] ensure(byte[] array, int size) {
        return array != null && array.length >= size ? array : new byte[Math.max(size, 64)];
    }
}
