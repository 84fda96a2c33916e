package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The decompressed pages of the files to benchmark, per column path: what a codec compresses when the file is written.
 * A V1 data page and a dictionary page are compressed whole; of a V2 data page only the values section is (its levels
 * are stored uncompressed), so only that section is taken.
 *
 * <p>The sample is spread over the whole of every file: the page headers of every column chunk are read, and pages are
 * taken evenly by bytes (each column chunk gives its share) until the sample holds about {@code maxBytes}, never more.
 * Only the pages taken are read and decompressed (by this library, with the codec they were written with), one at a
 * time, so memory holds the sample and one page, whatever the size of the row groups.
 */
final class PageSample {
    /** The pages of one column path, over all files. */
    static final class Column {
        final String path;
        final List<byte[]> pages = new ArrayList<>();
        long bytes;
        /** Credit of bytes towards the next page to take (systematic sampling by bytes). */
        double credit;

        Column(String path) {
            this.path = path;
        }
    }

    final Map<String, Column> columns = new LinkedHashMap<>();
    /** Stored (compressed) bytes of the column chunks per codec, from the footers, over all row groups. */
    final Map<CompressionCodecName, Long> storedBytesByCodec = new EnumMap<>(CompressionCodecName.class);

    int files;
    long rows;
    int rowGroupsTotal;
    int rowGroupsSampled;
    /** Pages in the files (of the columns chosen), and pages taken. */
    int pagesTotal;

    int pages;
    int dictionaryPages;
    int v1Pages;
    int v2Pages;
    /** Bytes of the pages taken (uncompressed), and of all the pages of the columns chosen (from the footers). */
    long bytes;

    long bytesTotal;
    /** The smallest page left out because it would have gone over maxBytes. */
    long smallestSkipped = Long.MAX_VALUE;

    /** The fraction of the bytes taken: min(1, maxBytes / bytesTotal). */
    double fraction;

    PageSample() {}

    /** Reads about {@code maxBytes} of pages spread over {@code paths}; only the columns in {@code only} if not empty. */
    static PageSample read(List<Path> paths, long maxBytes, Set<String> only) {
        PageSample sample = new PageSample();
        List<ParquetMetadata> footers = new ArrayList<>();
        for (Path path : paths) {
            ParquetMetadata footer = ParquetInput.footer(path);
            footers.add(footer);
            for (BlockMetaData block : footer.getBlocks()) {
                for (ColumnChunkMetaData chunk : block.getColumns()) {
                    if (only.isEmpty() || only.contains(chunk.getPath().toDotString())) {
                        sample.bytesTotal += chunk.getTotalUncompressedSize();
                        sample.storedBytesByCodec.merge(chunk.getCodec(), chunk.getTotalSize(), Long::sum);
                    }
                }
            }
        }
        sample.fraction = sample.bytesTotal <= maxBytes ? 1.0 : (double) maxBytes / sample.bytesTotal;
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        try {
            for (int i = 0; i < paths.size(); i++) {
                sample.add(paths.get(i), footers.get(i), maxBytes, only, factory);
            }
        } finally {
            factory.release();
        }
        return sample;
    }

    private void add(
            Path path, ParquetMetadata footer, long maxBytes, Set<String> only, HadoopFreeCodecFactory factory) {
        files++;
        String where = path.toString();
        try (SeekableInputStream stream = new LocalInputFile(path).newStream()) {
            for (BlockMetaData block : footer.getBlocks()) {
                rowGroupsTotal++;
                rows += block.getRowCount();
                int before = pages;
                for (ColumnChunkMetaData chunk : block.getColumns()) {
                    String column = chunk.getPath().toDotString();
                    if (!only.isEmpty() && !only.contains(column)) {
                        continue;
                    }
                    where = path + ", row group " + (rowGroupsTotal - 1) + ", column " + column + " ("
                            + chunk.getCodec() + ")";
                    readChunk(stream, chunk, columns.computeIfAbsent(column, Column::new), maxBytes, factory);
                }
                if (pages > before) {
                    rowGroupsSampled++;
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof CliException) {
                throw (CliException) e;
            }
            throw new CliException(where + ": cannot read the pages: " + ParquetInput.message(e), e);
        }
    }

    private void readChunk(
            SeekableInputStream stream,
            ColumnChunkMetaData chunk,
            Column column,
            long maxBytes,
            HadoopFreeCodecFactory factory)
            throws IOException {
        BytesInputDecompressor decompressor = factory.getDecompressor(chunk.getCodec());
        long position = chunk.getStartingPos();
        long end = position + chunk.getTotalSize();
        long valuesLeft = chunk.getValueCount();
        while (position < end && valuesLeft > 0) {
            stream.seek(position);
            Counting counting = new Counting(new BufferedInputStream(stream, 256));
            PageHeader header = Util.readPageHeader(counting);
            int compressed = header.getCompressed_page_size();
            int uncompressed = header.getUncompressed_page_size();
            if (compressed < 0 || uncompressed < 0) {
                throw new IOException("page at offset " + position + " states a negative size");
            }
            long body = position + counting.count;
            position = body + compressed;
            PageType type = header.getType();
            if (type == PageType.DATA_PAGE) {
                valuesLeft -= header.getData_page_header().getNum_values();
            } else if (type == PageType.DATA_PAGE_V2) {
                valuesLeft -= header.getData_page_header_v2().getNum_values();
            } else if (type != PageType.DICTIONARY_PAGE) {
                continue; // an index page: nothing a codec compresses
            }
            pagesTotal++;
            int levels = 0;
            boolean isCompressed = true;
            if (type == PageType.DATA_PAGE_V2) {
                DataPageHeaderV2 v2 = header.getData_page_header_v2();
                levels = v2.getRepetition_levels_byte_length() + v2.getDefinition_levels_byte_length();
                isCompressed = !v2.isSetIs_compressed() || v2.isIs_compressed();
                if (levels < 0 || levels > compressed || levels > uncompressed) {
                    throw new IOException("V2 page at offset " + (body - counting.count) + " states " + levels
                            + " bytes of levels in a page of " + compressed + " bytes");
                }
            }
            int size = uncompressed - levels;
            if (size == 0) {
                continue;
            }
            // systematic sampling by bytes: a page is taken when the column's credit covers half of it
            column.credit += fraction * size;
            boolean first = column.pages.isEmpty();
            if (!first && column.credit < size / 2.0) {
                continue;
            }
            if (bytes + size > maxBytes) {
                smallestSkipped = Math.min(smallestSkipped, size);
                continue; // never more than --max-bytes
            }
            column.credit -= size;
            byte[] stored = new byte[compressed - levels];
            stream.seek(body + levels);
            stream.readFully(stored);
            byte[] page = isCompressed
                    ? decompressor.decompress(BytesInput.from(stored), size).toByteArray()
                    : stored;
            if (page.length != size) {
                throw new IOException("a page decompressed to " + page.length + " bytes, its header states " + size);
            }
            column.pages.add(page);
            column.bytes += size;
            bytes += size;
            pages++;
            if (type == PageType.DICTIONARY_PAGE) {
                dictionaryPages++;
            } else if (type == PageType.DATA_PAGE) {
                v1Pages++;
            } else {
                v2Pages++;
            }
        }
    }

    /** The codecs of the files, the one that stores most bytes first. */
    List<Map.Entry<CompressionCodecName, Long>> codecsByShare() {
        List<Map.Entry<CompressionCodecName, Long>> list = new ArrayList<>(storedBytesByCodec.entrySet());
        list.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        return list;
    }

    /** The codec that stores most of the bytes: the files' main codec. */
    CompressionCodecName mainCodec() {
        List<Map.Entry<CompressionCodecName, Long>> list = codecsByShare();
        return list.isEmpty() ? CompressionCodecName.UNCOMPRESSED : list.get(0).getKey();
    }

    long storedBytes() {
        long total = 0;
        for (long b : storedBytesByCodec.values()) {
            total += b;
        }
        return total;
    }

    /** Counts the bytes read through it, so the reader knows where a page header ended. */
    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public void close() {
            // the underlying file stays open for the next page
        }
    }
}
