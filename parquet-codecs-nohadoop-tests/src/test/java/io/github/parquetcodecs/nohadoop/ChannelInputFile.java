package io.github.parquetcodecs.nohadoop;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local {@link InputFile} over a {@link FileChannel}, which reads into heap and direct buffers alike. parquet-java
 * 1.14 and 1.15's {@code LocalInputFile} reads only into heap buffers (it calls {@code ByteBuffer.arrayOffset()}), so
 * a direct allocator needs an input file like this one there.
 */
final class ChannelInputFile implements InputFile {
    private final Path path;

    ChannelInputFile(Path path) {
        this.path = path;
    }

    @Override
    public long getLength() throws IOException {
        return Files.size(path);
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        return new SeekableInputStream() {
            @Override
            public long getPos() throws IOException {
                return channel.position();
            }

            @Override
            public void seek(long newPos) throws IOException {
                channel.position(newPos);
            }

            @Override
            public int read() throws IOException {
                ByteBuffer one = ByteBuffer.allocate(1);
                return channel.read(one) < 0 ? -1 : one.get(0) & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return channel.read(ByteBuffer.wrap(bytes, offset, length));
            }

            @Override
            public void readFully(byte[] bytes) throws IOException {
                readFully(ByteBuffer.wrap(bytes));
            }

            @Override
            public void readFully(byte[] bytes, int start, int length) throws IOException {
                readFully(ByteBuffer.wrap(bytes, start, length));
            }

            @Override
            public int read(ByteBuffer buffer) throws IOException {
                return channel.read(buffer);
            }

            @Override
            public void readFully(ByteBuffer buffer) throws IOException {
                while (buffer.hasRemaining()) {
                    if (channel.read(buffer) < 0) {
                        throw new EOFException(
                                "Reached the end of " + path + " with " + buffer.remaining() + " bytes left to read");
                    }
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
