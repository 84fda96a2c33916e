package io.github.parquetcodecs.nohadoop.checks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * Writes compact-protocol thrift by hand, byte by byte, so that a test can state a struct that no generated encoder
 * would write: a binary or list that declares more than follows, a list whose header names another element type, a
 * field of an unexpected wire type.
 */
final class Thrift {
    /** Compact-protocol type codes. */
    static final int BOOL_TRUE = 1;

    static final int BYTE = 3;
    static final int I16 = 4;
    static final int I32 = 5;
    static final int I64 = 6;
    static final int DOUBLE = 7;
    static final int BINARY = 8;
    static final int LIST = 9;
    static final int SET = 10;
    static final int MAP = 11;
    static final int STRUCT = 12;
    static final int UUID = 13;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Deque<Integer> outer = new ArrayDeque<>();
    private int lastId;

    /** A field header: a delta and the type in one byte when the id follows the last by 1 to 15, else the long form. */
    Thrift field(int id, int type) {
        int delta = id - lastId;
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint((id << 1) ^ (id >> 31));
        }
        lastId = id;
        return this;
    }

    Thrift i32(int id, long value) {
        field(id, I32);
        return zigzag(value);
    }

    Thrift i64(int id, long value) {
        field(id, I64);
        return zigzag(value);
    }

    /** A binary field that declares {@code declared} bytes and is followed by {@code present} of them. */
    Thrift binary(int id, long declared, int present) {
        field(id, BINARY);
        varint(declared);
        return bytes(new byte[present]);
    }

    /** A list or set header of {@code size} elements of {@code elementType}. */
    Thrift listHeader(int size, int elementType) {
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xF0 | elementType);
            varint(size);
        }
        return this;
    }

    /** Starts a struct field: its fields follow, up to {@link #end}. */
    Thrift begin(int id) {
        field(id, STRUCT);
        return begin();
    }

    /** Starts a struct that is not a field (a list element). */
    Thrift begin() {
        outer.push(lastId);
        lastId = 0;
        return this;
    }

    /** Ends the struct begun last (or the top-level one). */
    Thrift end() {
        out.write(0);
        lastId = outer.isEmpty() ? 0 : outer.pop();
        return this;
    }

    Thrift zigzag(long value) {
        return varint((value << 1) ^ (value >> 63));
    }

    Thrift varint(long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
        return this;
    }

    Thrift raw(int... bytes) {
        for (int b : bytes) {
            out.write(b);
        }
        return this;
    }

    Thrift bytes(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    byte[] toBytes() {
        return out.toByteArray();
    }

    int size() {
        return out.size();
    }

    /** {@code header} as parquet-format's generated encoder writes it. */
    static byte[] pageHeader(PageHeader header) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            Util.writePageHeader(header, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A V1 data page header written by parquet-format: {@code values} PLAIN values in {@code size} bytes. */
    static byte[] dataPage(int values, int size) {
        PageHeader header = new PageHeader(org.apache.parquet.format.PageType.DATA_PAGE, size, size);
        header.setData_page_header(new org.apache.parquet.format.DataPageHeader(
                values,
                org.apache.parquet.format.Encoding.PLAIN,
                org.apache.parquet.format.Encoding.RLE,
                org.apache.parquet.format.Encoding.RLE));
        return pageHeader(header);
    }

    /** {@code parts} one after the other. */
    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            bytes.write(part, 0, part.length);
        }
        return bytes.toByteArray();
    }
}
