package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.nohadoop.checks.CheckedInputFile;
import io.github.parquetcodecs.nohadoop.checks.CheckedPageReadStore;
import java.io.EOFException;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.InvalidParquetMetadataException;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;

/**
 * A {@link ParquetFileReader} that reads exactly as {@code new ParquetFileReader(file, options)} does, but whose error
 * paths need no Hadoop class and whose errors on corrupt files are {@code IOException}s or {@code
 * ParquetDecodingException}s. Get one from {@link HadoopFreeParquet#openFile}.
 *
 * <p>What it changes, only where a read fails:
 *
 * <ul>
 *   <li>parquet-java 1.14 to 1.18 reports a column chunk whose pages hold another number of values than its metadata
 *       says with an {@code IOException} whose message it builds with the deprecated {@link #getPath()}, which
 *       creates a Hadoop {@code Path}: without Hadoop that read ends in {@code NoClassDefFoundError:
 *       org/apache/hadoop/fs/Path}. Here {@code getPath()} returns {@code null} when Hadoop is absent, and the read
 *       methods put the file's name ({@link #getFile()}) back into that message.
 *   <li>A read that fails because a column chunk of the footer lies outside the file (negative offset or size, or
 *       past the end; parquet-java then throws an {@code EOFException} without a message or an {@code
 *       ArithmeticException}) gives an {@code IOException} naming the file, the row group, the column and the
 *       offsets, caused by parquet-java's exception.
 *   <li>A page header that fails parquet-java's checks ({@code InvalidParquetMetadataException}, a {@code
 *       RuntimeException}) gives an {@code IOException} naming the file; an {@code EOFException} without a message
 *       gives one naming the file; any other plain {@code IOException} or {@code ParquetDecodingException} of
 *       opening the file or reading a row group that does not name the file is wrapped in one of the same class that
 *       does (subclasses, such as {@code NoSuchFileException}, are left as they are).
 *   <li>So that a corrupt file costs no more memory than it can justify, before parquet-java decodes or allocates by
 *       what the file declares: the footer's thrift is walked when the file is opened ({@code ThriftSkim}), and a
 *       column chunk outside the file is refused then; the page headers of a row group's chunks are walked
 *       ({@code PageHeaders}); both in the bytes parquet-java has read, before it decodes them, so that the checks
 *       make no request of their own ({@code CheckedInputFile}); a row group of more rows than a column's pages
 *       declare values is refused after; the runs and delta headers of each data page are checked against the page
 *       ({@code PageRuns}). Any other {@code RuntimeException} of opening the file or reading a row group or page
 *       becomes an {@code IOException} or {@code ParquetDecodingException} naming the file (docs/hostile-input.md,
 *       "Corrupt files"). The walks are the classes of package {@code io.github.parquetcodecs.nohadoop.checks}.
 *   <li>Dictionary pages whose value count is negative or more than their bytes can hold are refused with a {@code
 *       ParquetDecodingException} when the page is read, before parquet-java allocates an array of that many values
 *       (which ends in {@code NegativeArraySizeException}, or in a VM error for an array larger than the heap or the VM limit).
 * </ul>
 *
 * <p>The overloads {@code readFilteredRowGroup(int, RowRanges)} return a package-private type and cannot be
 * overridden: called directly, they behave as parquet-java's, except that {@code getPath()} is {@code null} without
 * Hadoop (so the value-count message says {@code null} where the file belongs instead of ending in an {@code Error}).
 * Every other read method behaves as described.
 */
public final class HadoopFreeFileReader extends ParquetFileReader {
    /** What parquet-java reads through: the file given, whose reads it checks. */
    private final CheckedInputFile checkedInput;

    private final ParquetReadOptions options;

    /** The read-ahead the options ask for ({@link ReadAhead}), or {@code null}. */
    private final ReadAhead readAhead;

    /** The row groups (of {@link #getRowGroups()}) whose page headers were checked from the file ({@link #reading}). */
    private final Set<Integer> checked = new HashSet<>();

    /**
     * What {@link #setRequestedSchema(MessageType)} set; {@code null}: every column. (parquet-java 1.14 has no
     * {@code setRequestedSchema(List)} to override; after a call of it on a later version, the checks cover every
     * column, of which the row group has the requested ones.)
     */
    private List<ColumnDescriptor> requested;

    /** Set when {@link #getPath()} returned {@code null} during the current read. */
    private boolean pathWithheld;

    /** The last exception {@link #explained} made, so that nested read methods do not explain it twice. */
    private Exception lastExplained;

    private HadoopFreeFileReader(CheckedInputFile checked, ParquetReadOptions options) throws IOException {
        super(checked, options);
        this.checkedInput = checked;
        this.options = options;
        ReadAhead ahead;
        try {
            ahead = ReadAhead.of(options, getFileMetaData(), checked.toString());
        } catch (IllegalArgumentException e) {
            close();
            throw e;
        }
        this.readAhead = ahead;
    }

    /**
     * Opens {@code file}. parquet-java reports a file too short to be Parquet, without the magic number at its end,
     * or whose footer length points outside it, with a plain {@code RuntimeException}, and a footer that fails its
     * checks with an {@code InvalidParquetMetadataException}: these become an {@code IOException} naming the file,
     * caused by them. A plain {@code IOException} (an unreadable footer) that does not name the file is wrapped in
     * one that does.
     */
    static HadoopFreeFileReader openChecked(InputFile file, ParquetReadOptions options) throws IOException {
        HadoopFreeFileReader reader;
        try {
            // the footer is walked when parquet-java has read it, before it decodes it (CheckedInputFile)
            reader = new HadoopFreeFileReader(new CheckedInputFile(file), options);
        } catch (IOException e) {
            // exactly IOException: parquet-java's own (an unreadable footer); subclasses (NoSuchFileException, ...)
            // are left as they are
            String message = String.valueOf(e.getMessage());
            if (e.getClass() != IOException.class || message.contains(file.toString())) {
                throw e;
            }
            throw new IOException(file + ": " + message, e);
        } catch (InvalidParquetMetadataException e) {
            throw new IOException(naming(file.toString(), "Corrupt footer: " + e.getMessage()), e);
        } catch (RuntimeException e) {
            // a plain RuntimeException is what ParquetFileReader.readFooter throws for a file that is not Parquet;
            // any other (a footer whose thrift decodes into nonsense: NullPointerException, ClassCastException,
            // InvalidRecordException, ParquetCryptoRuntimeException for a PARE magic without keys, ...) is wrapped
            // too, so that opening a corrupt file ends in an IOException naming it
            throw new IOException(
                    naming(
                            file.toString(),
                            e.getClass() == RuntimeException.class ? e.getMessage() : "Corrupt footer: " + e),
                    e);
        }
        try {
            reader.checkChunksInsideFile();
        } catch (IOException | RuntimeException e) {
            try {
                reader.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e instanceof IOException
                    ? (IOException) e
                    : new IOException(naming(file.toString(), "Corrupt footer: " + e), e);
        }
        return reader;
    }

    /**
     * Refuses a footer that places a column chunk outside the file, before any row group is read: parquet-java
     * allocates a buffer of a chunk's declared length before reading it, so a few kilobytes could otherwise cost a
     * gibibyte.
     */
    private void checkChunksInsideFile() throws IOException {
        checkedInput.checkChunksInside(getFooter().getBlocks());
    }

    /** {@code message}, preceded by {@code file} unless it names it already. */
    private static String naming(String file, String message) {
        return message != null && message.contains(file) ? message : file + ": " + message;
    }

    /**
     * As {@link ParquetFileReader#getPath()} when Hadoop is on the class path; without Hadoop, {@code null}, because a
     * Hadoop {@code Path} cannot be created.
     *
     * @deprecated as in parquet-java: use {@link #getFile()}
     */
    @Override
    @Deprecated
    public Path getPath() {
        if (HadoopPath.AVAILABLE) {
            return super.getPath();
        }
        pathWithheld = true;
        return null;
    }

    /** The read-ahead, or {@code null} when off (for tests). */
    ReadAhead readAhead() {
        return readAhead;
    }

    /** Stops the read-ahead, if any (waiting for its threads), then closes the file as parquet-java does. */
    @Override
    public void close() throws IOException {
        try {
            if (readAhead != null) {
                readAhead.close();
            }
        } finally {
            super.close();
        }
    }

    @Override
    public PageReadStore readNextRowGroup() throws IOException {
        return reading(NEXT, false, super::readNextRowGroup);
    }

    @Override
    public PageReadStore readRowGroup(int blockIndex) throws IOException {
        return reading(blockIndex, false, () -> super.readRowGroup(blockIndex));
    }

    @Override
    public PageReadStore readNextFilteredRowGroup() throws IOException {
        return reading(NEXT, true, super::readNextFilteredRowGroup);
    }

    @Override
    public PageReadStore readFilteredRowGroup(int blockIndex) throws IOException {
        return reading(blockIndex, true, () -> super.readFilteredRowGroup(blockIndex));
    }

    @Override
    public void setRequestedSchema(MessageType projection) {
        super.setRequestedSchema(projection);
        requested = projection.getColumns();
    }

    private interface Read {
        PageReadStore read() throws IOException;
    }

    /** {@link #reading}'s row group: the next one of {@link #getRowGroups()}. */
    private static final int NEXT = -1;

    /**
     * Runs one of parquet-java's read methods on row group {@code index} of {@link #getRowGroups()} ({@link #NEXT}:
     * the next one). The page headers of its requested chunks are walked in the bytes parquet-java reads, as soon as
     * it has read them ({@link CheckedInputFile}); a read that may take only some pages of a chunk ({@code filtered},
     * with a record filter that column indexes can apply) walks them from the file before parquet-java reads. After
     * the read, the row count is checked against the pages'. What it throws is an {@code IOException} or a {@code
     * ParquetDecodingException} naming the file; see the class comment.
     */
    private PageReadStore reading(int index, boolean filtered, Read read) throws IOException {
        pathWithheld = false;
        int rowGroup = index == NEXT ? RowGroupIndex.next(this) : index;
        try {
            List<BlockMetaData> rowGroups = getRowGroups();
            boolean pagesOnly = filtered
                    && options.useColumnIndexFilter()
                    && FilterCompat.isFilteringRequired(options.getRecordFilter());
            PageReadStore store;
            try {
                for (int i = rowGroup < 0 ? 0 : rowGroup; i < (rowGroup < 0 ? rowGroups.size() : rowGroup + 1); i++) {
                    // every row group when the index is not known
                    if (i >= rowGroups.size()) {
                        continue;
                    }
                    if (!pagesOnly) {
                        checkedInput.expect(i, rowGroups.get(i), requestedColumns());
                    } else if (checked.add(i)) {
                        checkedInput.checkFromFile(i, rowGroups.get(i), requestedColumns());
                    }
                }
                store = read.read();
            } finally {
                checkedInput.expectNothing();
            }
            if (store == null || store instanceof ReadAhead.Store) {
                return store; // null, or returned by a nested read method
            }
            if (!(store instanceof CheckedPageReadStore)) {
                checkRowCount(store, rowGroup);
            }
            PageReadStore checked = CheckedPageReadStore.wrap(store, getFile());
            if (readAhead == null) {
                return checked;
            }
            List<BlockMetaData> blocks = getRowGroups();
            return readAhead.rowGroup(
                    checked,
                    rowGroup >= 0 && rowGroup < blocks.size() ? blocks.get(rowGroup) : null,
                    requestedColumns());
        } catch (IOException e) {
            Exception explained = explained(e);
            if (explained instanceof IOException) {
                throw (IOException) explained;
            }
            if (e == lastExplained || String.valueOf(e.getMessage()).contains(getFile())) {
                throw e;
            }
            throw (IOException) ours(new IOException(where(rowGroup) + ": " + e.getMessage(), e));
        } catch (RuntimeException e) {
            Exception explained = explained(e);
            if (explained instanceof IOException) {
                throw (IOException) explained;
            }
            if (explained instanceof ParquetDecodingException) {
                throw (ParquetDecodingException) explained;
            }
            if (e == lastExplained
                    || e instanceof ParquetDecodingException
                            && String.valueOf(e.getMessage()).contains(getFile())) {
                throw e;
            }
            // anything else parquet-java throws on a corrupt row group (NullPointerException for a page type
            // without its header, ArrayIndexOutOfBoundsException, IllegalArgumentException for a negative size...)
            throw (ParquetDecodingException)
                    ours(new ParquetDecodingException("Cannot read " + where(rowGroup) + ": " + e, e));
        }
    }

    /** {@code e}, remembered as made by this reader (read methods of parquet-java call each other). */
    private Exception ours(Exception e) {
        lastExplained = e;
        return e;
    }

    /** "row group N of FILE", or "a row group of FILE" when the index is not known. */
    private String where(int rowGroup) {
        return (rowGroup >= 0 ? "row group " + rowGroup : "a row group") + " of " + getFile();
    }

    /** The columns a read returns: the requested ones, by default every column of the file. */
    private List<ColumnDescriptor> requestedColumns() {
        return requested != null ? requested : getFileMetaData().getSchema().getColumns();
    }

    /**
     * Refuses a row group of more rows than one of its column chunks' pages declare values, which parquet-java's record
     * reader would read on past the end of the pages ({@link CheckedPageReadStore#rowsBeyondPages}).
     */
    private void checkRowCount(PageReadStore store, int rowGroup) throws IOException {
        String problem = CheckedPageReadStore.rowsBeyondPages(store, requestedColumns());
        if (problem != null) {
            throw (IOException) ours(new IOException("Corrupt " + where(rowGroup) + ": " + problem));
        }
    }

    /**
     * Why a read failed, when this reader can say better than {@code e}: its message was built while {@link
     * #getPath()} returned {@code null} (then the same message with the file's name), the footer places a column
     * chunk outside the file (then where), a page header fails parquet-java's checks ({@code
     * InvalidParquetMetadataException}, then naming the file), the data ended ({@code EOFException} without a
     * message, then an {@code EOFException} naming the file), or a plain {@code IOException} or a {@code
     * ParquetDecodingException} does not name the file (then one of the same class that does). {@code null}
     * otherwise, and for an exception this reader made itself (read methods of parquet-java call each other).
     */
    private Exception explained(Exception e) {
        if (e == lastExplained) {
            return null;
        }
        Exception explained = null;
        if (pathWithheld && e instanceof IOException) {
            pathWithheld = false;
            String message = String.valueOf(e.getMessage());
            Matcher at = NULL_PATH.matcher(message);
            String named = at.find()
                    ? message.substring(0, at.start()) + " at " + getFile() + " " + message.substring(at.end())
                    : getFile() + ": " + message;
            explained = new IOException(named, e);
        } else {
            if (e instanceof InvalidParquetMetadataException) {
                explained = new IOException("Corrupt page header in " + getFile() + ": " + e.getMessage(), e);
            } else if (e instanceof EOFException && e.getMessage() == null) {
                explained = new EOFException("Unexpected end of data reading a row group of " + getFile()
                        + ": a page extends past the end of its column chunk, or the file is truncated");
                explained.initCause(e);
            } else if (!String.valueOf(e.getMessage()).contains(getFile())) {
                // exactly these classes: parquet-java's own; subclasses are left as they are
                if (e.getClass() == IOException.class) {
                    explained = new IOException(getFile() + ": " + e.getMessage(), e);
                } else if (e.getClass() == ParquetDecodingException.class) {
                    explained = new ParquetDecodingException(getFile() + ": " + e.getMessage(), e);
                }
            }
        }
        lastExplained = explained;
        return explained;
    }

    /** Where parquet-java 1.14 to 1.18 puts the path: "... values in column chunk at PATH offset ...". */
    private static final Pattern NULL_PATH = Pattern.compile(" at null ");

    /** Whether Hadoop's {@code Path} can be loaded, probed once, without initialising it. */
    private static final class HadoopPath {
        static final boolean AVAILABLE = probe();

        private static boolean probe() {
            try {
                Class.forName("org.apache.hadoop.fs.Path", false, ParquetFileReader.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException e) {
                return false;
            }
        }
    }
}
