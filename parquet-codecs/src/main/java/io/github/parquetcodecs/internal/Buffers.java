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
        int position = src.position();
        int limit = src.limit();
        try {
            src.limit(offset + length).position(offset);
            src.get(dst, 0, length);
        } finally {
            src.limit(limit).position(position);
        }
    }

    /** Copies {@code src[0, length)} into {@code dst[offset, offset + length)}. */
    static void copyIn(byte[] src, int length, ByteBuffer dst, int offset) {
        int position = dst.position();
        int limit = dst.limit();
        try {
            dst.limit(offset + length).position(offset);
            dst.put(src, 0, length);
        } finally {
            dst.limit(limit).position(position);
        }
    }

    /**
     * Narrows a caller's buffer to a range for a library call that takes its range from position and limit, and puts
     * position and limit back afterwards. Unlike a {@link #view} it allocates nothing, so the direct-buffer paths cost
     * no garbage per page. An engine keeps one window per buffer it narrows (engines are used by one thread at a
     * time); {@link #restore()} must run in a {@code finally}. The caller's mark survives when the range starts at or
     * after it, as it does for the handles' calls, whose ranges start at the buffers' positions.
     */
    static final class Window {
        private ByteBuffer buffer;
        private int position;
        private int limit;

        /** Returns {@code target} with position {@code offset} and limit {@code offset + length}. */
        ByteBuffer narrow(ByteBuffer target, int offset, int length) {
            restore();
            position = target.position();
            limit = target.limit();
            buffer = target;
            target.limit(offset + length).position(offset);
            return target;
        }

        /** Puts back the narrowed buffer's position and limit, and forgets the buffer; does nothing when none is. */
        void restore() {
            ByteBuffer target = buffer;
            if (target != null) {
                buffer = null;
                target.limit(limit).position(position);
            }
        }
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
