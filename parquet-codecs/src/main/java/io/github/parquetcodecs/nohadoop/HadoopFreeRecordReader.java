package io.github.parquetcodecs.nohadoop;

import java.io.Closeable;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.UnmaterializableRecordCounter;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.io.api.RecordMaterializer.RecordMaterializationException;
import org.apache.parquet.schema.MessageType;

/**
 * Reads the records of one Parquet file through a {@link ReadSupport} (for example {@code GroupReadSupport} or {@code
 * AvroReadSupport}), the job {@code ParquetReader} does; {@code ParquetReader}'s builders need Hadoop. Get one from
 * {@link HadoopFreeParquet#openReader}.
 *
 * <p>It follows parquet-java's own record reader: the read support is initialised with the options' configuration,
 * into which the options' properties are copied first (as parquet-java does, this changes that configuration); row
 * groups, pages and, with {@code useRecordFilter}, records are filtered with the options' record filter; a record
 * that cannot be materialised counts towards {@code parquet.read.bad.record.threshold} (default 0: the first one
 * fails the read). Not thread-safe.
 */
public final class HadoopFreeRecordReader<T> implements Closeable {
    private final HadoopFreeFileReader fileReader;
    private final MessageType fileSchema;
    private final MessageType requestedSchema;
    private final RecordMaterializer<T> materializer;
    private final ColumnIOFactory columnIOFactory;
    private final boolean strictTypeChecking;
    private final FilterCompat.Filter filter;
    private final UnmaterializableRecordCounter badRecords;
    private final long total;

    private PageReadStore rowGroup;
    private RecordReader<T> recordReader;
    private long current;
    private long loaded;
    private int rowGroupIndex = -1;

    HadoopFreeRecordReader(InputFile file, ReadSupport<T> readSupport, ParquetReadOptions options) throws IOException {
        fileReader = HadoopFreeFileReader.openChecked(file, options);
        try {
            try {
                ParquetConfiguration conf = options.getConfiguration();
                for (String name : options.getPropertyNames()) {
                    conf.set(name, options.getProperty(name));
                }
                FileMetaData metadata = fileReader.getFooter().getFileMetaData();
                fileSchema = metadata.getSchema();
                Map<String, String> keyValues = metadata.getKeyValueMetaData();
                ReadSupport.ReadContext context =
                        readSupport.init(new InitContext(conf, toSetMultiMap(keyValues), fileSchema));
                requestedSchema = context.getRequestedSchema();
                // Before any count: the projection changes which columns filters and counts read.
                fileReader.setRequestedSchema(requestedSchema);
                materializer = readSupport.prepareForRead(conf, keyValues, fileSchema, context);
                columnIOFactory = new ColumnIOFactory(metadata.getCreatedBy());
                // Compile-time constant: ParquetInputFormat (a Hadoop subclass) is not loaded.
                strictTypeChecking = options.isEnabled(ParquetInputFormat.STRICT_TYPE_CHECKING, true);
                FilterCompat.Filter recordFilter = options.getRecordFilter();
                filter = options.useRecordFilter() && recordFilter != null ? recordFilter : FilterCompat.NOOP;
                total = fileReader.getFilteredRecordCount();
            } catch (RuntimeException e) {
                // a footer that opens but whose schema or key-value metadata the read support cannot take (a
                // corrupt Avro schema, a type without a conversion), or whose column indexes are corrupt
                throw new IOException("Cannot read the records of " + fileReader.getFile() + ": " + e, e);
            }
            badRecords = new UnmaterializableRecordCounter(options, total);
        } catch (IOException | RuntimeException | Error e) {
            try {
                fileReader.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** The next record, or {@code null} after the last one. */
    public T read() throws IOException {
        while (current < total) {
            if (current == loaded) {
                nextRowGroup();
            }
            current++;
            T record;
            try {
                record = recordReader.read();
                if (recordReader.shouldSkipCurrentRecord()) {
                    continue; // filtered out by the record filter
                }
            } catch (RecordMaterializationException e) {
                badRecords.incErrors(e); // throws once past the threshold
                continue;
            } catch (RuntimeException e) {
                throw new ParquetDecodingException(
                        "Can not read value at " + current + " in block " + rowGroupIndex + " in file "
                                + fileReader.getFile(),
                        e);
            }
            if (record == null) {
                current = loaded; // a filtering record reader reached the end of its row group
                continue;
            }
            return record;
        }
        return null;
    }

    /** The number of records left after row-group and page filtering, before record filtering. */
    public long getFilteredRecordCount() {
        return total;
    }

    /** The schema the records are read with: the file's schema, or the read support's projection of it. */
    public MessageType getRequestedSchema() {
        return requestedSchema;
    }

    private void nextRowGroup() throws IOException {
        if (rowGroup != null) {
            rowGroup.close();
        }
        rowGroup = fileReader.readNextFilteredRowGroup();
        if (rowGroup == null) {
            throw new IOException("expecting more rows but reached the last row group; read " + current + " of " + total
                    + " in file " + fileReader.getFile());
        }
        rowGroupIndex++;
        try {
            MessageColumnIO columnIO = columnIOFactory.getColumnIO(requestedSchema, fileSchema, strictTypeChecking);
            // reads each column's first page, with its levels and dictionary
            recordReader = columnIO.getRecordReader(rowGroup, materializer, filter);
        } catch (RuntimeException e) {
            throw new ParquetDecodingException(
                    "Can not start reading block " + rowGroupIndex + " in file " + fileReader.getFile(), e);
        }
        loaded += rowGroup.getRowCount();
    }

    /** Closes the file, and releases the options' codec factory as {@code ParquetFileReader} does. */
    @Override
    public void close() throws IOException {
        try {
            if (rowGroup != null) {
                rowGroup.close();
                rowGroup = null;
            }
        } finally {
            fileReader.close();
        }
    }

    private static Map<String, Set<String>> toSetMultiMap(Map<String, String> map) {
        Map<String, Set<String>> multiMap = new HashMap<>();
        for (Map.Entry<String, String> entry : map.entrySet()) {
            multiMap.put(entry.getKey(), Collections.singleton(entry.getValue()));
        }
        return Collections.unmodifiableMap(multiMap);
    }
}
