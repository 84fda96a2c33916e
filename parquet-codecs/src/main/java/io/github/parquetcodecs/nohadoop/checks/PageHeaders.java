package io.github.parquetcodecs.nohadoop.checks;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Checks the page headers of a row group's column chunks before parquet-java decodes them, so that no header makes it
 * allocate more than the file holds.
 *
 * <p>parquet-java reads each column chunk into buffers of its declared size (checked against the file when it is
 * opened), then decodes its page headers with thrift, which allocates what a binary or list in a header declares
 * (statistics, up to 100 MB) before reading it. Pages are sliced out of the chunk's buffer, so a page that declares
 * more bytes than its chunk holds fails without allocating, except in the chunk read last (its {@code
 * WorkaroundChunk}, for old writers that under-counted the chunk's size): there the header may continue past the
 * chunk, and a page that does gets a new buffer of the missing bytes, allocated before they are read, so a header
 * declaring 2 GiB costs 2 GiB.
 *
 * <p>Every header of the requested chunks is walked with {@link ThriftSkim} (nothing allocated), in the order
 * parquet-java reads them and until it would stop (the chunk's value count reached, or the chunk's end; the last chunk
 * may go on to the end of the file's data). A header whose fields do not fit in what is left, or whose page would end
 * past the file's data (past its chunk, for all but the last chunk), or that declares a negative size or count, is
 * refused with an {@code IOException} naming the file, row group, column and page offset. Encrypted chunks are not
 * walked: their headers need the keys.
 *
 * <p>The walk reads the bytes parquet-java has just read ({@link CheckedInputFile}), so it costs no I/O; only where
 * the last chunk's pages go on past its end (old writers, or corruption) does it read on from the file, as
 * parquet-java then does too. {@link #check} walks from the file instead, for reads that take only some pages of a
 * chunk (column-index filtering).
 */
final class PageHeaders {
    private PageHeaders() {}

    /** The footer's length and the magic after the footer. */
    private static final int TAIL = 8;

    /** A column chunk whose page headers are to be walked. */
    static final class Chunk {
        final InputFile input;
        final String file;
        final int rowGroup;
        final ColumnChunkMetaData meta;
        /** Where the chunk starts and ends in the file. */
        final long start;

        final long chunkEnd;
        /** Where the walk may go: the chunk's end, or for the last chunk read, the end of the file's data. */
        final long end;

        final boolean last;

        private Chunk(
                InputFile input, String file, int rowGroup, ColumnChunkMetaData meta, long dataEnd, boolean last) {
            this.input = input;
            this.file = file;
            this.rowGroup = rowGroup;
            this.meta = meta;
            this.start = meta.getStartingPos();
            this.chunkEnd = start + meta.getTotalSize();
            this.end = last ? dataEnd : chunkEnd;
            this.last = last;
        }

        /**
         * Walks the headers in {@code bytes}, the chunk's bytes from its start; where the last chunk's pages go on past
         * them, on from the file.
         */
        void walkInMemory(InputStream bytes) throws IOException {
            Walk walk = new Walk(this);
            if (!walk.walk(bytes, chunkEnd)) {
                walkFromFile(walk);
            }
        }

        private void walkFromFile(Walk walk) throws IOException {
            try (SeekableInputStream in = input.newStream()) {
                FileWindow window = new FileWindow(in, 512);
                window.at(walk.position, end - walk.position);
                walk.walk(window, end);
            }
        }
    }

    /**
     * The requested, unencrypted column chunks of {@code block} (row group {@code rowGroup}), in the footer's order:
     * the order in which parquet-java reads them.
     */
    static List<Chunk> chunks(
            InputFile input, String file, int rowGroup, BlockMetaData block, List<ColumnDescriptor> requested)
            throws IOException {
        Set<ColumnPath> paths = new HashSet<>();
        for (ColumnDescriptor column : requested) {
            paths.add(ColumnPath.get(column.getPath()));
        }
        ColumnChunkMetaData last = null;
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (paths.contains(chunk.getPath())) {
                last = chunk;
            }
        }
        List<Chunk> chunks = new ArrayList<>();
        if (last == null) {
            return chunks;
        }
        long dataEnd = input.getLength() - TAIL;
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (paths.contains(chunk.getPath()) && !chunk.isEncrypted()) {
                chunks.add(new Chunk(input, file, rowGroup, chunk, dataEnd, chunk == last));
            }
        }
        return chunks;
    }

    /** Walks the headers of the requested chunks of {@code block} from the file, before parquet-java reads them. */
    static void check(InputFile input, String file, int rowGroup, BlockMetaData block, List<ColumnDescriptor> requested)
            throws IOException {
        for (Chunk chunk : chunks(input, file, rowGroup, block, requested)) {
            chunk.walkFromFile(new Walk(chunk));
        }
    }

    /** A walk over the headers of one chunk: where it is, and how many values its pages have declared so far. */
    private static final class Walk {
        private final Chunk chunk;
        private final long want;
        private final ThriftSkim.PageFields page = new ThriftSkim.PageFields();
        long position;
        private long values;

        Walk(Chunk chunk) {
            this.chunk = chunk;
            this.want = chunk.meta.getValueCount();
            this.position = chunk.start;
        }

        /**
         * Walks on through {@code in}, which is at {@link #position} and holds the file's bytes up to {@code limit}, to
         * where parquet-java would stop; {@code false} if {@code in} ended first.
         */
        boolean walk(InputStream in, long limit) throws IOException {
            long end = chunk.end;
            while (values < want && position < end) {
                if (position >= limit) {
                    return false;
                }
                page.type = page.compressedSize = page.numValues = page.numValuesV2 = -1;
                page.repetitionLevelsLength = page.definitionLevelsLength = -1;
                String problem;
                try {
                    ThriftSkim.walk(in, end - position, ThriftSkim.PAGE_HEADER, page);
                    problem = chunk.last ? beyond(page, end - (position + page.length)) : null;
                } catch (ThriftSkim.TooLarge e) {
                    problem = e.getMessage();
                } catch (IOException malformed) {
                    // parquet-java's decoder reports it when it reads the header, unless the header goes on past
                    // what is in memory
                    return limit >= end;
                }
                if (problem != null) {
                    throw new IOException("Corrupt page header in " + chunk.file + ", row group " + chunk.rowGroup
                            + ", column " + chunk.meta.getPath().toDotString() + ", page at offset " + position + ": "
                            + problem);
                }
                // parquet-java counts the values of the sub-header its type names (DATA_PAGE 0, DATA_PAGE_V2 3)
                long pageValues = page.type == 0 ? page.numValues : page.type == 3 ? page.numValuesV2 : 0;
                if (page.compressedSize < 0 || pageValues < 0) {
                    return true; // parquet-java refuses it without allocating (or the sub-header is missing)
                }
                values += pageValues;
                position += page.length + page.compressedSize;
                if (position <= limit) {
                    skip(in, page.compressedSize);
                }
            }
            return true;
        }

        private static void skip(InputStream in, long bytes) throws IOException {
            while (bytes > 0) {
                long skipped = in.skip(bytes);
                if (skipped <= 0) {
                    return; // the data ends: the next header's walk finds that out
                }
                bytes -= skipped;
            }
        }
    }

    /**
     * What in a header of the last chunk, of whose page {@code left} bytes follow in the file, parquet-java would
     * allocate beyond the file for (a page, or V2 levels, read past the chunk into a new buffer), or {@code null}.
     */
    private static String beyond(ThriftSkim.PageFields page, long left) {
        if (page.compressedSize > left) {
            return "it declares " + page.compressedSize + " bytes, but the file's data ends " + left
                    + " bytes after it";
        }
        if (page.repetitionLevelsLength > left || page.definitionLevelsLength > left) {
            return "its levels declare " + page.repetitionLevelsLength + " and " + page.definitionLevelsLength
                    + " bytes, but the file's data ends " + left + " bytes after it";
        }
        return null;
    }
}
