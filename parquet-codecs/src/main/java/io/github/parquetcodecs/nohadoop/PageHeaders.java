package io.github.parquetcodecs.nohadoop;

import java.io.IOException;
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
 * Checks the page headers of a row group's column chunks before parquet-java reads it, so that no header makes it
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
 * <p>Here every header of the requested chunks is walked first with {@link ThriftSkim} (nothing allocated), in the
 * order parquet-java reads them and until it would stop (the chunk's value count reached, or the chunk's end; the
 * last chunk may go on to the end of the file's data). A header whose fields do not fit in what is left, or whose
 * page would end past the file's data (past its chunk, for all but the last chunk), or that declares a negative
 * size or count, is refused with an {@code IOException} naming the file, row group, column and page offset.
 * Encrypted chunks are not walked: their headers need the keys.
 */
final class PageHeaders {
    private PageHeaders() {}

    /** The footer's length and the magic after the footer. */
    private static final int TAIL = 8;

    static void check(InputFile input, String file, int rowGroup, BlockMetaData block, List<ColumnDescriptor> requested)
            throws IOException {
        Set<ColumnPath> paths = new HashSet<>();
        for (ColumnDescriptor column : requested) {
            paths.add(ColumnPath.get(column.getPath()));
        }
        ColumnChunkMetaData last = null;
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (paths.contains(chunk.getPath())) {
                last = chunk; // parquet-java reads the requested chunks in the footer's order
            }
        }
        if (last == null) {
            return;
        }
        long dataEnd = input.getLength() - TAIL;
        try (SeekableInputStream in = input.newStream()) {
            FileWindow window = new FileWindow(in, 512);
            ThriftSkim.PageFields page = new ThriftSkim.PageFields();
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                if (paths.contains(chunk.getPath()) && !chunk.isEncrypted()) {
                    boolean isLast = chunk == last;
                    long end = isLast ? dataEnd : chunk.getStartingPos() + chunk.getTotalSize();
                    // parquet-java reads the chunks' pages in no fixed order: each is walked, up to where its
                    // pages end or parquet-java would refuse it
                    walk(window, page, file, rowGroup, chunk, end, isLast);
                }
            }
        }
    }

    /** Walks the headers of {@code chunk} up to {@code end}, or to a header parquet-java refuses on its own. */
    private static void walk(
            FileWindow window,
            ThriftSkim.PageFields page,
            String file,
            int rowGroup,
            ColumnChunkMetaData chunk,
            long end,
            boolean last)
            throws IOException {
        long want = chunk.getValueCount();
        long position = chunk.getStartingPos();
        long values = 0;
        while (values < want && position < end) {
            window.at(position, end - position);
            page.type = page.compressedSize = page.numValues = page.numValuesV2 = -1;
            page.repetitionLevelsLength = page.definitionLevelsLength = -1;
            String problem;
            try {
                ThriftSkim.walk(window, end - position, ThriftSkim.PAGE_HEADER, page);
                problem = last ? beyond(page, end - (position + page.length)) : null;
            } catch (ThriftSkim.TooLarge e) {
                problem = e.getMessage();
            } catch (IOException malformed) {
                return; // parquet-java's decoder reports it when it reads the header
            }
            if (problem != null) {
                throw new IOException("Corrupt page header in " + file + ", row group " + rowGroup + ", column "
                        + chunk.getPath().toDotString() + ", page at offset " + position + ": " + problem);
            }
            // parquet-java counts the values of the sub-header its type names (DATA_PAGE 0, DATA_PAGE_V2 3)
            long pageValues = page.type == 0 ? page.numValues : page.type == 3 ? page.numValuesV2 : 0;
            if (page.compressedSize < 0 || pageValues < 0) {
                return; // parquet-java refuses it without allocating (or the sub-header is missing)
            }
            values += pageValues;
            position += page.length + page.compressedSize;
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
