package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * A Parquet file taken apart into its thrift footer and, per row group and column, its pages (thrift header and
 * bytes), so that a test can change any of them and write the file again. Offsets are never hard-coded: the pages
 * are found from the footer's column metadata, and {@link #write()} lays the pages out again and sets every offset
 * and size of the footer to where they are. Column and offset indexes and bloom filters are dropped on writing
 * (their offsets would no longer hold); {@link #withFooter} keeps every byte before the footer instead.
 */
final class ParquetSurgery {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    /** One page: its thrift header and the bytes that follow it (compressed, as stored). */
    static final class Page {
        PageHeader header;
        byte[] data;

        Page(PageHeader header, byte[] data) {
            this.header = header;
            this.data = data;
        }

        boolean isDictionary() {
            return header.getType() == PageType.DICTIONARY_PAGE;
        }
    }

    final byte[] original;
    final FileMetaData footer;
    final int footerStart;
    /** [row group][column] -> pages in file order. */
    final List<List<List<Page>>> pages = new ArrayList<>();

    private ParquetSurgery(byte[] bytes) throws IOException {
        original = bytes;
        assertArrayEquals(MAGIC, Arrays.copyOfRange(bytes, 0, 4), "leading magic");
        assertArrayEquals(MAGIC, Arrays.copyOfRange(bytes, bytes.length - 4, bytes.length), "trailing magic");
        int footerLength = ByteBuffer.wrap(bytes, bytes.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        footerStart = bytes.length - 8 - footerLength;
        footer = Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, footerLength));
        for (RowGroup rowGroup : footer.getRow_groups()) {
            List<List<Page>> columns = new ArrayList<>();
            for (ColumnChunk chunk : rowGroup.getColumns()) {
                ColumnMetaData meta = chunk.getMeta_data();
                long start = chunkStart(meta);
                long end = start + meta.getTotal_compressed_size();
                List<Page> chunkPages = new ArrayList<>();
                long position = start;
                while (position < end) {
                    ByteArrayInputStream in =
                            new ByteArrayInputStream(bytes, (int) position, bytes.length - (int) position);
                    PageHeader header = Util.readPageHeader(in);
                    int headerLength = bytes.length - (int) position - in.available();
                    int dataStart = (int) position + headerLength;
                    byte[] data = Arrays.copyOfRange(bytes, dataStart, dataStart + header.getCompressed_page_size());
                    chunkPages.add(new Page(header, data));
                    position = dataStart + (long) header.getCompressed_page_size();
                }
                assertEquals(end, position, "the pages of a column chunk end where its metadata says");
                columns.add(chunkPages);
            }
            pages.add(columns);
        }
    }

    static ParquetSurgery of(byte[] bytes) throws IOException {
        return new ParquetSurgery(bytes);
    }

    /** A copy, to change without touching this one. */
    ParquetSurgery copy() throws IOException {
        return new ParquetSurgery(original);
    }

    static long chunkStart(ColumnMetaData meta) {
        return meta.isSetDictionary_page_offset() && meta.getDictionary_page_offset() > 0
                ? Math.min(meta.getDictionary_page_offset(), meta.getData_page_offset())
                : meta.getData_page_offset();
    }

    ColumnMetaData meta(int rowGroup, int column) {
        return footer.getRow_groups().get(rowGroup).getColumns().get(column).getMeta_data();
    }

    List<Page> chunk(int rowGroup, int column) {
        return pages.get(rowGroup).get(column);
    }

    /** The data pages (not the dictionary page) of a column chunk. */
    List<Page> dataPages(int rowGroup, int column) {
        List<Page> data = new ArrayList<>();
        for (Page page : chunk(rowGroup, column)) {
            if (!page.isDictionary()) {
                data.add(page);
            }
        }
        return data;
    }

    Page dictionaryPage(int rowGroup, int column) {
        Page first = chunk(rowGroup, column).get(0);
        assertTrue(first.isDictionary(), "column " + column + " of row group " + rowGroup + " has a dictionary page");
        return first;
    }

    /**
     * The file with the pages as they are now: each column chunk's pages written in order, the footer's chunk and row
     * group offsets and sizes set to where they now are, and column indexes, offset indexes and bloom filters
     * dropped. Everything else in the footer (value counts, codecs, ...) is as the test left it.
     */
    byte[] write() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(MAGIC);
        for (int r = 0; r < pages.size(); r++) {
            RowGroup rowGroup = footer.getRow_groups().get(r);
            long rowGroupStart = out.size();
            for (int c = 0; c < pages.get(r).size(); c++) {
                ColumnChunk chunk = rowGroup.getColumns().get(c);
                ColumnMetaData meta = chunk.getMeta_data();
                long chunkStart = out.size();
                meta.unsetDictionary_page_offset();
                boolean dataSeen = false;
                long uncompressed = 0;
                for (Page page : pages.get(r).get(c)) {
                    long pageStart = out.size();
                    if (page.isDictionary() && !dataSeen) {
                        meta.setDictionary_page_offset(pageStart);
                    } else if (!dataSeen) {
                        meta.setData_page_offset(pageStart);
                        dataSeen = true;
                    }
                    Util.writePageHeader(page.header, out);
                    uncompressed += out.size() - pageStart + page.header.getUncompressed_page_size();
                    out.write(page.data);
                }
                meta.setTotal_compressed_size(out.size() - chunkStart);
                meta.setTotal_uncompressed_size(uncompressed);
                chunk.setFile_offset(chunkStart);
                chunk.unsetColumn_index_offset();
                chunk.unsetColumn_index_length();
                chunk.unsetOffset_index_offset();
                chunk.unsetOffset_index_length();
                meta.unsetBloom_filter_offset();
                meta.unsetBloom_filter_length();
            }
            rowGroup.setFile_offset(rowGroupStart);
            rowGroup.setTotal_compressed_size(out.size() - rowGroupStart);
        }
        writeFooter(out, footer);
        return out.toByteArray();
    }

    /** Every byte before the footer as it was, then the footer as the test left it. */
    byte[] withFooter() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(original, 0, footerStart);
        writeFooter(out, footer);
        return out.toByteArray();
    }

    /** Every byte before the footer as it was, then {@code footerBytes} as the footer, its length and the magic. */
    byte[] withFooterBytes(byte[] footerBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(original, 0, footerStart);
        out.write(footerBytes, 0, footerBytes.length);
        out.write(littleEndian(footerBytes.length), 0, 4);
        out.write(MAGIC, 0, 4);
        return out.toByteArray();
    }

    /** The footer's thrift bytes as they are in the original file. */
    byte[] footerBytes() {
        return Arrays.copyOfRange(original, footerStart, original.length - 8);
    }

    private static void writeFooter(ByteArrayOutputStream out, FileMetaData footer) throws IOException {
        ByteArrayOutputStream thrift = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, thrift);
        thrift.writeTo(out);
        out.write(littleEndian(thrift.size()));
        out.write(MAGIC);
    }

    static byte[] littleEndian(int value) {
        return ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(value)
                .array();
    }
}
