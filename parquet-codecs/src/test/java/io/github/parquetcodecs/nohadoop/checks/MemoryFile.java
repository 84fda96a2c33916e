package io.github.parquetcodecs.nohadoop.checks;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A file held in memory, named {@code name}, that records the calls made on it: the streams opened, and each seek and
 * read ({@link #calls}, e.g. {@code "seek 8"}, {@code "readFully 4"}, {@code "read"}). Its streams, like parquet-java's
 * {@code LocalInputFile}'s, read {@code read(byte[], int, int)} through {@code InputStream}'s default, one {@code
 * read()} per byte.
 */
final class MemoryFile implements InputFile {
    private final String name;
    private final byte[] bytes;
    int streams;
    final List<String> calls = new ArrayList<>();

    MemoryFile(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    @Override
    public long getLength() {
        return bytes.length;
    }

    @Override
    public SeekableInputStream newStream() {
        streams++;
        return new SeekableInputStream() {
            private int position;

            @Override
            public long getPos() {
                return position;
            }

            @Override
            public void seek(long newPos) {
                calls.add("seek " + newPos);
                position = (int) newPos;
            }

            @Override
            public int read() {
                calls.add("read");
                return position < bytes.length ? bytes[position++] & 0xFF : -1;
            }

            @Override
            public void readFully(byte[] b) throws EOFException {
                readFully(b, 0, b.length);
            }

            @Override
            public void readFully(byte[] b, int off, int len) throws EOFException {
                calls.add("readFully " + len);
                if (len > bytes.length - position) {
                    throw new EOFException("reached the end of " + name);
                }
                System.arraycopy(bytes, position, b, off, len);
                position += len;
            }

            @Override
            public int read(ByteBuffer buf) {
                calls.add("read(ByteBuffer) " + buf.remaining());
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
                calls.add("readFully " + buf.remaining());
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
