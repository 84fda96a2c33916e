package io.github.parquetcodecs.nohadoop;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.format.InvalidParquetMetadataException;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;

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
    private final InputFile input;

    /** Set when {@link #getPath()} returned {@code null} during the current read. */
    private boolean pathWithheld;

    /** The last exception {@link #explained} made, so that nested read methods do not explain it twice. */
    private Exception lastExplained;

    private HadoopFreeFileReader(InputFile file, ParquetReadOptions options) throws IOException {
        super(file, options);
        this.input = file;
    }

    /**
     * Opens {@code file}. parquet-java reports a file too short to be Parquet, without the magic number at its end,
     * or whose footer length points outside it, with a plain {@code RuntimeException}, and a footer that fails its
     * checks with an {@code InvalidParquetMetadataException}: these become an {@code IOException} naming the file,
     * caused by them. A plain {@code IOException} (an unreadable footer) that does not name the file is wrapped in
     * one that does.
     */
    static HadoopFreeFileReader openChecked(InputFile file, ParquetReadOptions options) throws IOException {
        try {
            return new HadoopFreeFileReader(file, options);
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
            // exactly RuntimeException: what ParquetFileReader.readFooter throws for a file that is not Parquet.
            // Subclasses (ParquetDecodingException, argument errors, crypto errors) are left as they are.
            if (e.getClass() == RuntimeException.class) {
                throw new IOException(naming(file.toString(), e.getMessage()), e);
            }
            throw e;
        }
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

    @Override
    public PageReadStore readNextRowGroup() throws IOException {
        return reading(super::readNextRowGroup);
    }

    @Override
    public PageReadStore readRowGroup(int blockIndex) throws IOException {
        return reading(() -> super.readRowGroup(blockIndex));
    }

    @Override
    public PageReadStore readNextFilteredRowGroup() throws IOException {
        return reading(super::readNextFilteredRowGroup);
    }

    @Override
    public PageReadStore readFilteredRowGroup(int blockIndex) throws IOException {
        return reading(() -> super.readFilteredRowGroup(blockIndex));
    }

    private interface Read {
        PageReadStore read() throws IOException;
    }

    /** Runs one of parquet-java's read methods; see the class comment for what changes when it fails. */
    private PageReadStore reading(Read read) throws IOException {
        pathWithheld = false;
        try {
            return CheckedPageReadStore.wrap(read.read(), getFile());
        } catch (IOException e) {
            Exception explained = explained(e);
            throw explained instanceof IOException ? (IOException) explained : e;
        } catch (RuntimeException e) {
            Exception explained = explained(e);
            if (explained instanceof IOException) {
                throw (IOException) explained;
            }
            throw explained instanceof RuntimeException ? (RuntimeException) explained : e;
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
            List<String> outside;
            try {
                outside = chunksOutsideFile();
            } catch (IOException lengthUnknown) {
                e.addSuppressed(lengthUnknown);
                outside = List.of();
            }
            if (!outside.isEmpty()) {
                explained = new IOException(
                        "Corrupt footer in " + getFile() + ": column chunks outside the file: "
                                + String.join("; ", outside),
                        e);
            } else if (e instanceof InvalidParquetMetadataException) {
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

    /** The column chunks of the row groups to read that the footer places outside the file, described. */
    private List<String> chunksOutsideFile() throws IOException {
        long length = input.getLength();
        List<String> outside = new ArrayList<>();
        List<BlockMetaData> rowGroups = getRowGroups();
        for (int i = 0; i < rowGroups.size(); i++) {
            for (ColumnChunkMetaData chunk : rowGroups.get(i).getColumns()) {
                long start = chunk.getStartingPos();
                long size = chunk.getTotalSize();
                if (start < 0 || size < 0 || start > length || size > length - start) {
                    outside.add("row group " + i + ", column " + chunk.getPath().toDotString() + ": " + size
                            + " bytes at offset " + start + ", file length " + length);
                }
            }
        }
        return outside;
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
