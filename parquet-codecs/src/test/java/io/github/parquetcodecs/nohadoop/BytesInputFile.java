package io.github.parquetcodecs.nohadoop;

import java.io.EOFException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A Parquet file held in memory, named {@code name} (its {@code toString()}, as a file's path would be). */
final class BytesInputFile implements InputFile {
    private final String name;
    private final byte[] bytes;

    BytesInputFile(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    @Override
    public long getLength() {
        return bytes.length;
    }

    @Override
    public SeekableInputStream newStream() {
        return new SeekableInputStream() {
            private int position;

            @Override
            public long getPos() {
                return position;
            }

            @Override
            public void seek(long newPos) {
                if (newPos < 0 || newPos > bytes.length) {
                    throw new IllegalArgumentException("seek to " + newPos + " in " + bytes.length + " bytes");
                }
                position = (int) newPos;
            }

            @Override
            public int read() {
                return position < bytes.length ? bytes[position++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                int n = Math.min(len, bytes.length - position);
                if (n <= 0) {
                    return -1;
                }
                System.arraycopy(bytes, position, b, off, n);
                position += n;
                return n;
            }

            @Override
            public void readFully(byte[] b) throws EOFException {
                readFully(b, 0, b.length);
            }

            @Override
            public void readFully(byte[] b, int off, int len) throws EOFException {
                if (len > bytes.length - position) {
                    throw new EOFException("reached the end of " + name);
                }
                System.arraycopy(bytes, position, b, off, len);
                position += len;
            }

            @Override
            public int read(ByteBuffer buf) {
                int n = Math.min(buf.remaining(), bytes.length - position);
                if (n <= 0) {
                    return buf.remaining() == 0 ? 0 : -1;
                }
                buf.put(bytes, position, n);
                position += n;
                return n;
            }

            @Override
            public void readFully(ByteBuffer buf) throws EOFException {
                if (buf.remaining() > bytes.length - position) {
                    throw new EOFException("reached the end of " + name);
                }
                int n = buf.remaining();
                buf.put(bytes, position, n);
                position += n;
            }
        };
    }

    @Override
    public String toString() {
        return name;
    }
}
