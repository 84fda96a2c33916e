package io.github.parquetcodecs.nohadoop.checks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A row group as the Hadoop-free reader ({@code io.github.parquetcodecs.nohadoop.HadoopFreeFileReader}) hands it out: parquet-java's, whose dictionary pages are checked when
 * read. parquet-column allocates an array of as many values as a dictionary page declares before decoding it, so a
 * negative count ends in {@code NegativeArraySizeException}, a huge one in a VM error (an array larger than the heap or the VM limit), and one larger
 * than the page holds in an {@code IndexOutOfBoundsException} or {@code BufferUnderflowException}. Here such a page
 * is refused with a {@code ParquetDecodingException} naming the file, the column and the counts. A page that
 * parquet-java cannot read (it cannot be decompressed, or fails its checksum) gives its {@code
 * ParquetDecodingException} wrapped in one that names the file and the column.
 */
public final class CheckedPageReadStore implements PageReadStore {
    private final PageReadStore rowGroup;
    private final String file;

    private CheckedPageReadStore(PageReadStore rowGroup, String file) {
        this.rowGroup = rowGroup;
        this.file = file;
    }

    /**
     * A column's pages as this store hands them out, whose reads can be split in two: read-ahead takes a page from
     * parquet-java's reader (which hands pages out in order, one at a time) with {@link #readUnchecked()}, then
     * decompresses it and makes the checks of {@link #readPage()} with {@link #checked(DataPage)}, on any thread.
     */
    public interface Pages extends PageReader {
        /** parquet-java's next page, or {@code null}; what it throws is named as {@link #readPage()} names it. */
        DataPage readUnchecked();

        /** {@code page} with the checks {@link #readPage()} makes after reading it: the page to hand out. */
        DataPage checked(DataPage page);

        /** {@code e}, thrown while reading a page, as {@link #readPage()} throws it (naming file and column). */
        RuntimeException named(RuntimeException e);
    }

    /** {@code page} on {@code bytes}, all else (row index, statistics, encodings, checksum) kept. */
    public static DataPageV1 withBytes(DataPageV1 page, BytesInput bytes) {
        DataPageV1 rebuilt =
                page.getFirstRowIndex().isPresent() && page.getIndexRowCount().isPresent()
                        ? new DataPageV1(
                                bytes,
                                page.getValueCount(),
                                page.getUncompressedSize(),
                                page.getFirstRowIndex().get(),
                                page.getIndexRowCount().get(),
                                page.getStatistics(),
                                page.getRlEncoding(),
                                page.getDlEncoding(),
                                page.getValueEncoding())
                        : new DataPageV1(
                                bytes,
                                page.getValueCount(),
                                page.getUncompressedSize(),
                                page.getStatistics(),
                                page.getRlEncoding(),
                                page.getDlEncoding(),
                                page.getValueEncoding());
        page.getCrc().ifPresent(rebuilt::setCrc);
        return rebuilt;
    }

    /** The uncompressed {@code page} on these levels and data, all else kept. */
    public static DataPageV2 withBytes(DataPageV2 page, BytesInput repetition, BytesInput definition, BytesInput data) {
        DataPageV2 rebuilt = page.getFirstRowIndex().isPresent()
                ? DataPageV2.uncompressed(
                        page.getRowCount(),
                        page.getNullCount(),
                        page.getValueCount(),
                        page.getFirstRowIndex().get(),
                        repetition,
                        definition,
                        page.getDataEncoding(),
                        data,
                        page.getStatistics())
                : DataPageV2.uncompressed(
                        page.getRowCount(),
                        page.getNullCount(),
                        page.getValueCount(),
                        repetition,
                        definition,
                        page.getDataEncoding(),
                        data,
                        page.getStatistics());
        page.getCrc().ifPresent(rebuilt::setCrc);
        return rebuilt;
    }

    /** {@code rowGroup} checked; {@code null} and row groups already checked are returned as they are. */
    public static PageReadStore wrap(PageReadStore rowGroup, String file) {
        if (rowGroup == null || rowGroup instanceof CheckedPageReadStore) {
            return rowGroup;
        }
        return new CheckedPageReadStore(rowGroup, file);
    }

    /**
     * What is wrong with {@code rowGroup} (parquet-java's) if it declares more rows than the pages of one of {@code
     * columns} declare values, else {@code null}. A row holds at least one value (or null, or empty list) of every
     * column, so such a row group is corrupt: parquet-java's record reader would go on producing rows past the end of
     * the pages (2^31 of them for a footer's corrupt row count). A column the row group has no chunk of is passed over.
     */
    public static String rowsBeyondPages(PageReadStore rowGroup, List<ColumnDescriptor> columns) {
        long rows = rowGroup.getRowCount();
        for (ColumnDescriptor column : columns) {
            PageReader pages;
            try {
                pages = rowGroup.getPageReader(column);
            } catch (IllegalArgumentException notInTheFile) {
                continue; // a projected column the file does not have
            }
            if (pages != null && pages.getTotalValueCount() < rows) {
                return "it declares " + rows + " rows, but the pages of column " + String.join(".", column.getPath())
                        + " hold " + pages.getTotalValueCount() + " values";
            }
        }
        return null;
    }

    @Override
    public PageReader getPageReader(ColumnDescriptor column) {
        PageReader pages;
        try {
            pages = rowGroup.getPageReader(column);
        } catch (IllegalArgumentException e) {
            // parquet-java's row group has no chunk of the column: the footer left it out
            throw new ParquetDecodingException(
                    "No column chunk of column " + column + " in a row group of " + file + ": " + e.getMessage(), e);
        }
        return pages == null ? null : new CheckedPageReader(pages, column, file);
    }

    @Override
    public long getRowCount() {
        return rowGroup.getRowCount();
    }

    @Override
    public Optional<Long> getRowIndexOffset() {
        return rowGroup.getRowIndexOffset();
    }

    @Override
    public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
        return rowGroup.getRowIndexes();
    }

    @Override
    public void close() {
        rowGroup.close();
    }

    private static final class CheckedPageReader implements Pages {
        private final PageReader pages;
        private final ColumnDescriptor column;
        private final String file;

        CheckedPageReader(PageReader pages, ColumnDescriptor column, String file) {
            this.pages = pages;
            this.column = column;
            this.file = file;
        }

        @Override
        public DictionaryPage readDictionaryPage() {
            DictionaryPage page;
            try {
                page = pages.readDictionaryPage();
            } catch (RuntimeException e) {
                throw naming(e);
            }
            return page == null ? null : check(page, column, file);
        }

        @Override
        public long getTotalValueCount() {
            return pages.getTotalValueCount();
        }

        @Override
        public DataPage readPage() {
            DataPage page = readUnchecked();
            return page == null ? null : checkRuns(page);
        }

        @Override
        public DataPage readUnchecked() {
            try {
                return pages.readPage();
            } catch (RuntimeException e) {
                throw naming(e);
            }
        }

        @Override
        public DataPage checked(DataPage page) {
            return checkRuns(page);
        }

        @Override
        public RuntimeException named(RuntimeException e) {
            return naming(e);
        }

        /**
         * {@code page}, its runs checked ({@link PageRuns}). A page whose bytes are an array or a buffer (what this
         * library's decompressors and parquet-java's uncompressed pages give) is returned as it is: its bytes are read
         * in place and can be read again. Any other page (a stream, as a Hadoop codec's decompressor gives) is read
         * once into a buffer and rebuilt on it.
         */
        private DataPage checkRuns(DataPage page) {
            String problem;
            DataPage checked;
            try {
                if (page instanceof DataPageV1) {
                    DataPageV1 v1 = (DataPageV1) page;
                    boolean again = readableAgain(v1.getBytes());
                    ByteBuffer bytes = v1.getBytes().toByteBuffer();
                    problem = PageRuns.checkV1(
                            bytes,
                            column,
                            v1.getValueCount(),
                            v1.getRlEncoding(),
                            v1.getDlEncoding(),
                            v1.getValueEncoding());
                    checked = again ? page : withBytes(v1, BytesInput.from(bytes));
                } else if (page instanceof DataPageV2 && !((DataPageV2) page).isCompressed()) {
                    DataPageV2 v2 = (DataPageV2) page;
                    boolean again = readableAgain(v2.getRepetitionLevels())
                            && readableAgain(v2.getDefinitionLevels())
                            && readableAgain(v2.getData());
                    ByteBuffer repetition = v2.getRepetitionLevels().toByteBuffer();
                    ByteBuffer definition = v2.getDefinitionLevels().toByteBuffer();
                    ByteBuffer data = v2.getData().toByteBuffer();
                    problem = PageRuns.checkV2(
                            repetition, definition, data, column, v2.getValueCount(), v2.getDataEncoding());
                    checked = again
                            ? page
                            : withBytes(
                                    v2,
                                    BytesInput.from(repetition),
                                    BytesInput.from(definition),
                                    BytesInput.from(data));
                } else {
                    return page;
                }
            } catch (IOException e) {
                throw new ParquetDecodingException("Could not read a data page of column " + column + " in " + file, e);
            }
            if (problem != null) {
                throw new ParquetDecodingException(
                        "Corrupt data page of column " + column + " in " + file + ": " + problem);
            }
            return checked;
        }

        /**
         * parquet-java's error (a page that cannot be decompressed or fails its checksum), naming file and column;
         * subclasses of {@code ParquetDecodingException} are left as they are, any other {@code RuntimeException} (a
         * page that parquet-java cannot take apart) becomes a {@code ParquetDecodingException} caused by it.
         */
        private ParquetDecodingException naming(RuntimeException e) {
            if (e instanceof ParquetDecodingException && e.getClass() != ParquetDecodingException.class) {
                return (ParquetDecodingException) e;
            }
            String message = e instanceof ParquetDecodingException ? e.getMessage() : "Cannot read a page: " + e;
            return new ParquetDecodingException(message + " (column " + column + " in " + file + ")", e);
        }
    }

    /** The kinds of {@code BytesInput} that read an array or a buffer in place: reading them twice is free. */
    private static final Set<Class<?>> IN_PLACE = Set.of(
            BytesInput.from(new byte[1]).getClass(),
            BytesInput.from(ByteBuffer.allocate(1)).getClass());

    /**
     * Whether {@code bytes} can be read a second time, in place, after the runs are walked: an array or a buffer, or
     * nothing at all (parquet-java gives a V2 page without repetition levels an empty {@code BytesInput} of its own
     * kind; if that forced a rebuild, every V2 page of a flat schema would reach parquet-column on new buffers).
     */
    static boolean readableAgain(BytesInput bytes) {
        return IN_PLACE.contains(bytes.getClass()) || bytes.size() == 0;
    }

    /**
     * {@code page} if its value count fits its bytes (for BINARY, a copy of it, whose length prefixes were walked);
     * otherwise a {@code ParquetDecodingException}.
     */
    static DictionaryPage check(DictionaryPage page, ColumnDescriptor column, String file) {
        int count = page.getDictionarySize();
        if (count < 0) {
            throw corrupt(column, file, "a negative number of values: " + count);
        }
        Encoding encoding = page.getEncoding();
        if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
            return page; // no other dictionary encoding exists; parquet-column refuses it
        }
        PrimitiveType type = column.getPrimitiveType();
        long size = page.getBytes().size();
        long most;
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                most = size * 8;
                break;
            case INT32:
            case FLOAT:
                most = size / 4;
                break;
            case INT64:
            case DOUBLE:
                most = size / 8;
                break;
            case INT96:
                most = size / 12;
                break;
            case FIXED_LEN_BYTE_ARRAY:
                most = type.getTypeLength() > 0 ? size / type.getTypeLength() : Long.MAX_VALUE;
                break;
            case BINARY:
                return checkBinary(page, column, file);
            default:
                return page;
        }
        if (count > most) {
            throw corrupt(
                    column,
                    file,
                    count + " values, but its " + size + " bytes hold at most " + most + " "
                            + type.getPrimitiveTypeName() + " values");
        }
        return page;
    }

    /** Walks the length prefixes of a PLAIN BINARY dictionary: {@code count} values must be in its bytes. */
    private static DictionaryPage checkBinary(DictionaryPage page, ColumnDescriptor column, String file) {
        int count = page.getDictionarySize();
        BytesInput bytes;
        ByteBuffer values;
        try {
            // a copy: the page's bytes may be a stream that can be read once
            bytes = BytesInput.copy(page.getBytes());
            values = bytes.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new ParquetDecodingException(
                    "Could not read the dictionary page of column " + column + " in " + file, e);
        }
        for (int i = 0; i < count; i++) {
            if (values.remaining() < 4) {
                throw corrupt(column, file, count + " values, but its bytes end after " + i);
            }
            int length = values.getInt();
            if (length < 0 || length > values.remaining()) {
                throw corrupt(
                        column,
                        file,
                        count + " values, but value " + i + " has length " + length + " with " + values.remaining()
                                + " bytes left");
            }
            values.position(values.position() + length);
        }
        return new DictionaryPage(bytes, page.getUncompressedSize(), count, page.getEncoding());
    }

    private static ParquetDecodingException corrupt(ColumnDescriptor column, String file, String problem) {
        return new ParquetDecodingException(
                "Corrupt dictionary page of column " + column + " in " + file + ": it declares " + problem);
    }
}
