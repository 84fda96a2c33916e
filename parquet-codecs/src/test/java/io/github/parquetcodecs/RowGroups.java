package io.github.parquetcodecs;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Writes files whose row groups have an exact number of rows, on every supported parquet-java release.
 *
 * <p>parquet-java 1.16 added {@code ParquetWriter.Builder.withRowGroupRowCountLimit(int)}: where it exists, one writer
 * writes the whole file with that limit. 1.14 and 1.15 can only cut row groups by their buffered size in bytes, which
 * cannot give an exact row count; there each row group is written by a writer of its own, into a file of its own, and
 * {@code ParquetFileWriter.appendFile} then copies those row groups, pages and column chunk metadata unchanged, into
 * the file. The pages are the ones that the single writer cuts (a writer starts every row group with fresh column
 * writers), but the page and column indexes are dropped, and every row group is written by a new writer.
 *
 * <p>The tests that use this assert the row groups they get (count and rows of each).
 */
final class RowGroups {
    /** {@code withRowGroupRowCountLimit(int)}, or null on parquet-java 1.14 and 1.15. */
    private static final Method ROW_COUNT_LIMIT = rowCountLimit();

    private RowGroups() {}

    private static Method rowCountLimit() {
        try {
            return ParquetWriter.Builder.class.getMethod("withRowGroupRowCountLimit", int.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * Writes {@code row.apply(i)} for {@code i} from 0 to {@code rows - 1} to {@code path}, in row groups of {@code
     * rowGroupRows} rows (the last one may have fewer), with writers from {@code builder}, whose row group size must
     * hold that many rows.
     */
    static void write(
            Path path,
            Function<OutputFile, ? extends ParquetWriter.Builder<Group, ?>> builder,
            int rows,
            int rowGroupRows,
            IntFunction<Group> row)
            throws IOException {
        if (ROW_COUNT_LIMIT != null) {
            ParquetWriter.Builder<Group, ?> limited = builder.apply(new LocalOutputFile(path));
            try {
                ROW_COUNT_LIMIT.invoke(limited, rowGroupRows);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new AssertionError(e);
            }
            writeRows(limited, 0, rows, row);
            return;
        }
        List<Path> parts = new ArrayList<>();
        try {
            for (int first = 0; first < rows; first += rowGroupRows) {
                Path part = path.resolveSibling(path.getFileName() + ".rows-" + first);
                parts.add(part);
                writeRows(builder.apply(new LocalOutputFile(part)), first, Math.min(rows, first + rowGroupRows), row);
            }
            append(path, parts);
        } finally {
            for (Path part : parts) {
                Files.deleteIfExists(part);
            }
        }
    }

    private static void writeRows(ParquetWriter.Builder<Group, ?> builder, int from, int to, IntFunction<Group> row)
            throws IOException {
        try (ParquetWriter<Group> writer = builder.build()) {
            for (int i = from; i < to; i++) {
                writer.write(row.apply(i));
            }
        }
    }

    /** Copies the row group of each of {@code parts} into a new file {@code path}, with the first part's metadata. */
    private static void append(Path path, List<Path> parts) throws IOException {
        FileMetaData metadata;
        try (ParquetFileReader first = ParquetFileReader.open(GroupFiles.input(new LocalInputFile(parts.get(0))))) {
            metadata = first.getFooter().getFileMetaData();
        }
        try (ParquetFileWriter writer = new ParquetFileWriter(
                new LocalOutputFile(path),
                metadata.getSchema(),
                ParquetFileWriter.Mode.CREATE,
                ParquetWriter.DEFAULT_BLOCK_SIZE,
                ParquetWriter.MAX_PADDING_SIZE_DEFAULT)) {
            writer.start();
            for (Path part : parts) {
                try (ParquetFileReader reader = ParquetFileReader.open(GroupFiles.input(new LocalInputFile(part)))) {
                    if (reader.getRowGroups().size() != 1) {
                        throw new AssertionError(
                                part + " has " + reader.getRowGroups().size() + " row groups, not 1");
                    }
                    reader.appendTo(writer);
                }
            }
            writer.end(metadata.getKeyValueMetaData());
        }
    }
}
