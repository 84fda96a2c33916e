package io.github.parquetcodecs.cli;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.SeekableInputStream;

/** The page headers of one column chunk, read from the file without reading or decompressing the pages. */
final class ChunkPages {
    int dictionaryPages;
    int dataPagesV1;
    int dataPagesV2;
    int otherPages;
    /** Compressed bytes of the pages' bodies (without headers), as stored. */
    long compressedBodies;
    /** Uncompressed bytes of the pages' bodies, as the headers state them. */
    long uncompressedBodies;

    private ChunkPages() {}

    static ChunkPages read(SeekableInputStream stream, ColumnChunkMetaData chunk) throws IOException {
        ChunkPages pages = new ChunkPages();
        long start = chunk.getStartingPos();
        long end = start + chunk.getTotalSize();
        long valuesLeft = chunk.getValueCount();
        long position = start;
        while (position < end && valuesLeft > 0) {
            stream.seek(position);
            Counting counting = new Counting(new BufferedInputStream(stream, 512));
            PageHeader header = Util.readPageHeader(counting);
            int compressed = header.getCompressed_page_size();
            if (compressed < 0) {
                throw new IOException("page at offset " + position + " states a negative size");
            }
            position += counting.count + compressed;
            pages.compressedBodies += compressed;
            pages.uncompressedBodies += header.getUncompressed_page_size();
            PageType type = header.getType();
            if (type == PageType.DICTIONARY_PAGE) {
                pages.dictionaryPages++;
            } else if (type == PageType.DATA_PAGE) {
                pages.dataPagesV1++;
                valuesLeft -= header.getData_page_header().getNum_values();
            } else if (type == PageType.DATA_PAGE_V2) {
                pages.dataPagesV2++;
                valuesLeft -= header.getData_page_header_v2().getNum_values();
            } else {
                pages.otherPages++;
            }
        }
        return pages;
    }

    int dataPages() {
        return dataPagesV1 + dataPagesV2;
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
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            return skipped;
        }

        @Override
        public void close() {
            // the underlying file stays open for the next page
        }
    }
}
