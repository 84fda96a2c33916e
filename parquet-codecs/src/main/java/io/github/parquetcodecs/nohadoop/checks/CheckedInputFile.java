package io.github.parquetcodecs.nohadoop.checks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The {@code InputFile} through which the Hadoop-free reader's parquet-java reads
 * ({@code io.github.parquetcodecs.nohadoop.HadoopFreeFileReader}): it passes every call on
 * unchanged, and checks the bytes of each read before parquet-java decodes them, so that the checks cost no I/O of
 * their own (on an object store every positioned read is a request).
 *
 * <ul>
 *   <li>The footer: parquet-java reads the footer's length and magic, then the footer in one read that ends where the
 *       length begins. When the magic is {@code PAR1}, that read's bytes are walked ({@link ThriftSkim}) before
 *       parquet-java decodes them, and a footer that declares a binary or list larger than itself is refused.
 *   <li>The page headers of a row group: {@link #expect} names the row groups whose column chunks parquet-java is
 *       about to read; as soon as the reads have covered one of those chunks, its page headers are walked in those
 *       bytes ({@link PageHeaders.Chunk#walkInMemory}), before the read that completed it returns, so before
 *       parquet-java decodes any of them. {@link #expectNothing} forgets the bytes (they are parquet-java's buffers,
 *       which it releases). A read that takes only some pages of a chunk walks them from the file first instead
 *       ({@link #checkFromFile}).
 * </ul>
 *
 * What a check refuses is an {@code IOException} of the read that brought the bytes, naming the file. Not
 * thread-safe, as parquet-java's reader is not.
 */
public final class CheckedInputFile implements InputFile {
    private static final byte[] PLAIN_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private final InputFile file;
    private final String name;
    private long length = -1;

    /** The last 4 bytes of the file, once a read has brought them. */
    private final byte[] magic = new byte[4];

    private boolean magicRead;

    /** The chunks whose headers are still to be walked; empty when no row group is being read. */
    private final List<PageHeaders.Chunk> expected = new ArrayList<>();

    /** The bytes read since {@link #expect}, as runs of contiguous reads. */
    private final List<Run> runs = new ArrayList<>();

    /** {@code file}, whose reads are passed on and checked; named as {@code file.toString()} names it. */
    public CheckedInputFile(InputFile file) {
        this.file = file;
        this.name = file.toString();
    }

    @Override
    public long getLength() throws IOException {
        if (length < 0) {
            length = file.getLength();
        }
        return length;
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return new Stream(file.newStream());
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Adds the chunks of {@code requested} columns of row group {@code rowGroup} ({@code block}) to those parquet-java
     * reads next: their headers are walked as soon as their bytes have been read. Until {@link #expectNothing}, the
     * bytes read are kept (as parquet-java's buffers, not copies).
     */
    public void expect(int rowGroup, BlockMetaData block, List<ColumnDescriptor> requested) throws IOException {
        List<PageHeaders.Chunk> chunks = PageHeaders.chunks(file, name, rowGroup, block, requested);
        if (expected.isEmpty()) {
            runs.clear();
        }
        expected.addAll(chunks);
    }

    /**
     * Walks the page headers of the chunks of {@code requested} columns of row group {@code rowGroup} ({@code block})
     * now, from the file, through a stream of its own: for reads that take only some pages of a chunk (column-index
     * filtering), whose bytes do not cover the chunks.
     */
    public void checkFromFile(int rowGroup, BlockMetaData block, List<ColumnDescriptor> requested) throws IOException {
        PageHeaders.check(file, name, rowGroup, block, requested);
    }

    /**
     * Refuses a footer that places a column chunk of {@code rowGroups} outside the file (a negative offset or size, or
     * past the end), before any row group is read: parquet-java allocates a buffer of a chunk's declared length before
     * reading it, so a file of kilobytes could otherwise cost a gibibyte.
     */
    public void checkChunksInside(List<BlockMetaData> rowGroups) throws IOException {
        long fileLength = file.getLength();
        List<String> outside = new ArrayList<>();
        for (int i = 0; i < rowGroups.size(); i++) {
            for (ColumnChunkMetaData chunk : rowGroups.get(i).getColumns()) {
                long start = chunk.getStartingPos();
                long size = chunk.getTotalSize();
                if (start < 0 || size < 0 || start > fileLength || size > fileLength - start) {
                    outside.add("row group " + i + ", column " + chunk.getPath().toDotString() + ": " + size
                            + " bytes at offset " + start + ", file length " + fileLength);
                }
            }
        }
        if (!outside.isEmpty()) {
            throw new IOException(
                    "Corrupt footer in " + name + ": column chunks outside the file: " + String.join("; ", outside));
        }
    }

    /** Ends a row group's read: its bytes are forgotten, and chunks it did not read are not walked. */
    public void expectNothing() {
        expected.clear();
        runs.clear();
    }

    /** {@code bytes} (position to limit) were read at {@code position} of the file. */
    private void served(long position, ByteBuffer bytes) throws IOException {
        int count = bytes.remaining();
        if (count == 0) {
            return;
        }
        long fileLength = getLength();
        long end = position + count;
        if (end > fileLength - magic.length) {
            // the magic, or part of it
            for (long at = Math.max(position, fileLength - magic.length); at < end; at++) {
                magic[(int) (at - (fileLength - magic.length))] = bytes.get(bytes.position() + (int) (at - position));
            }
            magicRead = true;
        } else if (end == fileLength - 8 && magicRead && Arrays.equals(magic, PLAIN_MAGIC)) {
            checkFooter(bytes, count);
        }
        if (!expected.isEmpty()) {
            record(position, bytes);
        }
    }

    /**
     * Walks the thrift of a plaintext footer before parquet-java decodes it, and refuses one that declares a binary
     * or list larger than the footer (see {@link ThriftSkim}). A footer that is not well-formed thrift is left to
     * parquet-java, which reports it.
     */
    private void checkFooter(ByteBuffer bytes, int count) throws IOException {
        try {
            ThriftSkim.walk(ByteBufferInputStream.wrap(bytes.duplicate()), count, ThriftSkim.FILE_META_DATA, null);
        } catch (ThriftSkim.TooLarge e) {
            throw new IOException("Corrupt footer in " + name + ": " + e.getMessage(), e);
        } catch (IOException malformed) {
            // parquet-java's decoder reports it
        }
    }

    private void record(long position, ByteBuffer bytes) throws IOException {
        Run run = null;
        for (Run candidate : runs) {
            if (candidate.end == position) {
                run = candidate;
                break;
            }
        }
        if (run == null) {
            run = new Run(position);
            runs.add(run);
        }
        run.add(bytes.slice());
        for (Iterator<PageHeaders.Chunk> chunks = expected.iterator(); chunks.hasNext(); ) {
            PageHeaders.Chunk chunk = chunks.next();
            if (run.start <= chunk.start && chunk.chunkEnd <= run.end) {
                chunks.remove();
                chunk.walkInMemory(run.stream(chunk.start, chunk.chunkEnd));
            }
        }
    }

    /** Bytes read one after the other from {@code start}: parquet-java's buffers, not copies. */
    private static final class Run {
        final long start;
        long end;
        final List<ByteBuffer> buffers = new ArrayList<>();

        Run(long start) {
            this.start = start;
            this.end = start;
        }

        void add(ByteBuffer bytes) {
            buffers.add(bytes);
            end += bytes.remaining();
        }

        /** The bytes from {@code from} to {@code to}, which the run holds. */
        ByteBufferInputStream stream(long from, long to) {
            List<ByteBuffer> slices = new ArrayList<>();
            long at = start;
            for (ByteBuffer buffer : buffers) {
                long bufferEnd = at + buffer.remaining();
                if (bufferEnd > from && at < to) {
                    ByteBuffer slice = buffer.duplicate();
                    slice.position(buffer.position() + (int) (Math.max(from, at) - at));
                    slice.limit(buffer.position() + (int) (Math.min(to, bufferEnd) - at));
                    slices.add(slice);
                }
                at = bufferEnd;
            }
            return ByteBufferInputStream.wrap(slices);
        }
    }

    /** parquet-java's stream, whose reads are passed on and then shown to {@link #served}. */
    private final class Stream extends SeekableInputStream {
        private final SeekableInputStream in;
        /** The position in the file, kept here so that no call is added to find it. */
        private long position;

        Stream(SeekableInputStream in) throws IOException {
            this.in = in;
            this.position = in.getPos();
        }

        @Override
        public long getPos() throws IOException {
            return in.getPos();
        }

        @Override
        public void seek(long newPos) throws IOException {
            in.seek(newPos);
            position = newPos;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                if (position >= getLength() - magic.length) {
                    served(position, ByteBuffer.wrap(new byte[] {(byte) b}));
                }
                position++;
            }
            return b;
        }

        @Override
        public int read(byte[] bytes, int start, int count) throws IOException {
            int read = in.read(bytes, start, count);
            if (read > 0) {
                served(position, ByteBuffer.wrap(bytes, start, read));
                position += read;
            }
            return read;
        }

        @Override
        public int read(ByteBuffer buffer) throws IOException {
            int from = buffer.position();
            int read = in.read(buffer);
            if (read > 0) {
                served(position, buffer.duplicate().position(from).limit(from + read));
                position += read;
            }
            return read;
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
            in.readFully(bytes);
            served(position, ByteBuffer.wrap(bytes));
            position += bytes.length;
        }

        @Override
        public void readFully(byte[] bytes, int start, int count) throws IOException {
            in.readFully(bytes, start, count);
            served(position, ByteBuffer.wrap(bytes, start, count));
            position += count;
        }

        @Override
        public void readFully(ByteBuffer buffer) throws IOException {
            int from = buffer.position();
            in.readFully(buffer);
            int read = buffer.position() - from;
            served(position, buffer.duplicate().position(from).limit(from + read));
            position += read;
        }

        @Override
        public long skip(long count) throws IOException {
            long skipped = in.skip(count);
            position += Math.max(0, skipped);
            return skipped;
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
