package io.github.parquetcodecs.nohadoop.checks;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A buffered window over part of a file, from which {@link ThriftSkim} walks a footer or a page header: {@link
 * #at(long, long)} places it, and it reads at most that many bytes, in bulk, reusing one buffer.
 *
 * <p>It fills its buffer with {@code readFully} of exactly the bytes it may read, never with {@code read(byte[], int,
 * int)}: parquet-java's {@code LocalInputFile} does not override that method, so {@code InputStream}'s default reads
 * it one byte, and one system call, at a time. (Walking a row group's page headers that way cost a full scan of an
 * uncompressed file about half its time; docs/BENCHMARKS.md, "Whole files".)
 */
final class FileWindow extends InputStream {
    private final SeekableInputStream in;
    private final byte[] buffer;
    private int start;
    private int end;
    private long left;

    FileWindow(SeekableInputStream in, int size) {
        this.in = in;
        this.buffer = new byte[size];
    }

    /** Places the window at {@code position} of the file, with {@code available} bytes there to read. */
    void at(long position, long available) throws IOException {
        in.seek(position);
        left = available;
        start = 0;
        end = 0;
    }

    @Override
    public int read() throws IOException {
        if (start == end) {
            int length = (int) Math.min(buffer.length, left);
            if (length <= 0) {
                return -1;
            }
            try {
                in.readFully(buffer, 0, length);
            } catch (EOFException shorter) {
                left = 0; // the file is shorter than its length said: the walk ends there, parquet-java reports it
                return -1;
            }
            left -= length;
            start = 0;
            end = length;
        }
        return buffer[start++] & 0xFF;
    }

    @Override
    public long skip(long n) throws IOException {
        long buffered = Math.min(n, end - start);
        start += (int) buffered;
        long rest = Math.min(n - buffered, left);
        if (rest > 0) {
            in.seek(in.getPos() + rest);
            left -= rest;
        }
        return buffered + rest;
    }
}
