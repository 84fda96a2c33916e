package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The decompressed pages of the files to benchmark, per column path: what a codec compresses when the file is written.
 * A V1 data page and a dictionary page are compressed whole; of a V2 data page only the values section is (its levels
 * are stored uncompressed), so only that section is taken. Pages are read through parquet-java's {@code
 * ParquetFileReader} and decompressed by this library with the codec they were written with.
 */
final class PageSample {
    /** The pages of one column path, over all files. */
    static final class Column {
        final String path;
        final List<byte[]> pages = new ArrayList<>();
        long bytes;

        Column(String path) {
            this.path = path;
        }

        byte[][] pageArray() {
            return pages.toArray(new byte[0][]);
        }
    }

    final Map<String, Column> columns = new LinkedHashMap<>();
    /** Stored (compressed) bytes of the sampled column chunks per codec, from the footers. */
    final Map<CompressionCodecName, Long> storedBytesByCodec = new LinkedHashMap<>();

    int files;
    long rows;
    int rowGroupsRead;
    int rowGroupsTotal;
    int pages;
    int dictionaryPages;
    int v1Pages;
    int v2Pages;
    long bytes;

    /**
     * Reads the pages of {@code path}'s row groups, row group by row group, until the sample holds {@code maxBytes}
     * (at least one row group of each file is read). Only the columns in {@code only} when it is not empty.
     */
    void add(Path path, long maxBytes, Set<String> only) {
        files++;
        try (ParquetFileReader reader = ParquetInput.open(path)) {
            List<BlockMetaData> blocks = reader.getRowGroups();
            rowGroupsTotal += blocks.size();
            List<ColumnDescriptor> descriptors =
                    reader.getFooter().getFileMetaData().getSchema().getColumns();
            if (!only.isEmpty()) {
                List<ColumnDescriptor> requested = new ArrayList<>();
                for (ColumnDescriptor descriptor : descriptors) {
                    if (only.contains(String.join(".", descriptor.getPath()))) {
                        requested.add(descriptor);
                    }
                }
                reader.setRequestedSchema(requested);
                descriptors = requested;
            }
            long startBytes = bytes;
            for (int rowGroup = 0; rowGroup < blocks.size(); rowGroup++) {
                if (rowGroup > 0 && bytes - startBytes >= maxBytes) {
                    break;
                }
                PageReadStore store = reader.readNextRowGroup();
                if (store == null) {
                    break;
                }
                rowGroupsRead++;
                rows += store.getRowCount();
                for (ColumnChunkMetaData chunk : blocks.get(rowGroup).getColumns()) {
                    String column = chunk.getPath().toDotString();
                    if (!only.isEmpty() && !only.contains(column)) {
                        continue;
                    }
                    storedBytesByCodec.merge(chunk.getCodec(), chunk.getTotalSize(), Long::sum);
                }
                for (ColumnDescriptor descriptor : descriptors) {
                    String column = String.join(".", descriptor.getPath());
                    if (!only.isEmpty() && !only.contains(column)) {
                        continue;
                    }
                    read(column, store.getPageReader(descriptor));
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof CliException) {
                throw (CliException) e;
            }
            throw new CliException(path + ": cannot read the pages: " + ParquetInput.message(e), e);
        }
    }

    private void read(String path, PageReader reader) throws IOException {
        Column column = columns.computeIfAbsent(path, Column::new);
        DictionaryPage dictionary = reader.readDictionaryPage();
        if (dictionary != null) {
            add(column, dictionary.getBytes().toByteArray());
            dictionaryPages++;
        }
        for (DataPage page = reader.readPage(); page != null; page = reader.readPage()) {
            if (page instanceof DataPageV1) {
                add(column, ((DataPageV1) page).getBytes().toByteArray());
                v1Pages++;
            } else if (page instanceof DataPageV2) {
                add(column, ((DataPageV2) page).getData().toByteArray());
                v2Pages++;
            }
        }
    }

    private void add(Column column, byte[] page) {
        column.pages.add(page);
        column.bytes += page.length;
        bytes += page.length;
        pages++;
    }

    /** The codec that stores most of the sampled bytes: the files' codec. */
    CompressionCodecName mainCodec() {
        CompressionCodecName main = CompressionCodecName.UNCOMPRESSED;
        long most = -1;
        for (Map.Entry<CompressionCodecName, Long> e : storedBytesByCodec.entrySet()) {
            if (e.getValue() > most) {
                main = e.getKey();
                most = e.getValue();
            }
        }
        return main;
    }
}
