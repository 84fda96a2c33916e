package io.github.parquetcodecs.nohadoop.checks;

import java.io.IOException;
import java.io.InputStream;

/**
 * Walks one thrift struct in the compact protocol (Parquet's footer and page headers) without building it, and
 * checks that every binary and every list, set or map it declares fits in the bytes that are left.
 *
 * <p>parquet-java's thrift decoder allocates what a length or size declares before reading it, bounded only by its
 * message size limit (100 MB): a binary field that declares 99 MB in a footer or page header of a few bytes costs 99
 * MB, a list that declares 50 million longs a 200 MB array. Walked here first, such a struct is refused with an
 * {@code IOException} before parquet-java decodes it. Nothing is allocated. Also collects the few integer fields of
 * a page header that the page checks need (see {@link PageFields}).
 */
final class ThriftSkim {
    private ThriftSkim() {}

    /**
     * A field's type in parquet-format's thrift IDL, as its generated decoder reads it: a field whose wire type is the
     * declared one is read as declared (a list's elements as the declared element type, whatever the list's header
     * says), any other is skipped by its wire type. The walk follows the same rule, so that it reads the lengths the
     * decoder will allocate by. Fields a newer parquet-format added are included; an older decoder skips them by their
     * wire type, which reads the same bytes unless a list's header lies about its element type.
     */
    static final class Type {
        /** The compact-protocol type code the decoder expects (1 for bool, which is 1 or 2 on the wire). */
        final int kind;
        /** A list's element type. */
        final Type element;
        /** A struct's fields by id. */
        final java.util.Map<Integer, Type> fields = new java.util.HashMap<>();

        private Type(int kind, Type element) {
            this.kind = kind;
            this.element = element;
        }

        Type field(int id, Type type) {
            fields.put(id, type);
            return this;
        }

        static Type struct() {
            return new Type(12, null);
        }

        static Type list(Type element) {
            return new Type(9, element);
        }
    }

    private static final Type BOOL = new Type(1, null);
    private static final Type BYTE = new Type(3, null);
    private static final Type I16 = new Type(4, null);
    private static final Type I32 = new Type(5, null);
    private static final Type I64 = new Type(6, null);
    private static final Type DOUBLE = new Type(7, null);
    private static final Type BINARY = new Type(8, null);
    private static final Type EMPTY = Type.struct();

    private static final Type STATISTICS = Type.struct()
            .field(1, BINARY)
            .field(2, BINARY)
            .field(3, I64)
            .field(4, I64)
            .field(5, BINARY)
            .field(6, BINARY)
            .field(7, BOOL)
            .field(8, BOOL)
            .field(9, I64);

    /** parquet-format's PageHeader. */
    static final Type PAGE_HEADER = Type.struct()
            .field(1, I32)
            .field(2, I32)
            .field(3, I32)
            .field(4, I32)
            .field(
                    5,
                    Type.struct()
                            .field(1, I32)
                            .field(2, I32)
                            .field(3, I32)
                            .field(4, I32)
                            .field(5, STATISTICS))
            .field(6, EMPTY)
            .field(7, Type.struct().field(1, I32).field(2, I32).field(3, BOOL))
            .field(
                    8,
                    Type.struct()
                            .field(1, I32)
                            .field(2, I32)
                            .field(3, I32)
                            .field(4, I32)
                            .field(5, I32)
                            .field(6, I32)
                            .field(7, BOOL)
                            .field(8, STATISTICS));

    private static final Type KEY_VALUE = Type.struct().field(1, BINARY).field(2, BINARY);
    private static final Type TIME_UNIT =
            Type.struct().field(1, EMPTY).field(2, EMPTY).field(3, EMPTY);
    private static final Type LOGICAL_TYPE = Type.struct()
            .field(1, EMPTY)
            .field(2, EMPTY)
            .field(3, EMPTY)
            .field(4, EMPTY)
            .field(5, Type.struct().field(1, I32).field(2, I32))
            .field(6, EMPTY)
            .field(7, Type.struct().field(1, BOOL).field(2, TIME_UNIT))
            .field(8, Type.struct().field(1, BOOL).field(2, TIME_UNIT))
            .field(10, Type.struct().field(1, BYTE).field(2, BOOL))
            .field(11, EMPTY)
            .field(12, EMPTY)
            .field(13, EMPTY)
            .field(14, EMPTY)
            .field(15, EMPTY)
            .field(16, Type.struct().field(1, BYTE))
            .field(17, Type.struct().field(1, BINARY))
            .field(18, Type.struct().field(1, BINARY).field(2, I32));
    private static final Type SCHEMA_ELEMENT = Type.struct()
            .field(1, I32)
            .field(2, I32)
            .field(3, I32)
            .field(4, BINARY)
            .field(5, I32)
            .field(6, I32)
            .field(7, I32)
            .field(8, I32)
            .field(9, I32)
            .field(10, LOGICAL_TYPE);
    private static final Type COLUMN_META_DATA = Type.struct()
            .field(1, I32)
            .field(2, Type.list(I32))
            .field(3, Type.list(BINARY))
            .field(4, I32)
            .field(5, I64)
            .field(6, I64)
            .field(7, I64)
            .field(8, Type.list(KEY_VALUE))
            .field(9, I64)
            .field(10, I64)
            .field(11, I64)
            .field(12, STATISTICS)
            .field(13, Type.list(Type.struct().field(1, I32).field(2, I32).field(3, I32)))
            .field(14, I64)
            .field(15, I32)
            .field(16, Type.struct().field(1, I64).field(2, Type.list(I64)).field(3, Type.list(I64)))
            .field(
                    17,
                    Type.struct()
                            .field(
                                    1,
                                    Type.struct()
                                            .field(1, DOUBLE)
                                            .field(2, DOUBLE)
                                            .field(3, DOUBLE)
                                            .field(4, DOUBLE)
                                            .field(5, DOUBLE)
                                            .field(6, DOUBLE)
                                            .field(7, DOUBLE)
                                            .field(8, DOUBLE))
                            .field(2, Type.list(I32)));
    private static final Type COLUMN_CHUNK = Type.struct()
            .field(1, BINARY)
            .field(2, I64)
            .field(3, COLUMN_META_DATA)
            .field(4, I64)
            .field(5, I32)
            .field(6, I64)
            .field(7, I32)
            .field(
                    8,
                    Type.struct()
                            .field(1, EMPTY)
                            .field(2, Type.struct().field(1, Type.list(BINARY)).field(2, BINARY)))
            .field(9, BINARY);
    private static final Type ROW_GROUP = Type.struct()
            .field(1, Type.list(COLUMN_CHUNK))
            .field(2, I64)
            .field(3, I64)
            .field(4, Type.list(Type.struct().field(1, I32).field(2, BOOL).field(3, BOOL)))
            .field(5, I64)
            .field(6, I64)
            .field(7, I16);
    private static final Type AES_GCM =
            Type.struct().field(1, BINARY).field(2, BINARY).field(3, BOOL);

    /** parquet-format's FileMetaData. */
    static final Type FILE_META_DATA = Type.struct()
            .field(1, I32)
            .field(2, Type.list(SCHEMA_ELEMENT))
            .field(3, I64)
            .field(4, Type.list(ROW_GROUP))
            .field(5, Type.list(KEY_VALUE))
            .field(6, BINARY)
            .field(7, Type.list(Type.struct().field(1, EMPTY).field(2, EMPTY)))
            .field(8, Type.struct().field(1, AES_GCM).field(2, AES_GCM))
            .field(9, BINARY);

    /** Deeper nesting than any Parquet struct has; thrift itself stops skipping at 64. */
    private static final int MAX_DEPTH = 64;

    /**
     * A struct that declares a binary or a list larger than the bytes left: what would make parquet-java's thrift
     * decoder allocate more than the input holds. Any other {@code IOException} of {@link #walk} means the bytes are
     * not a well-formed struct, which parquet-java's decoder reports itself.
     */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    /** What a walk found out about a page header: -1 for fields it does not have. */
    static final class PageFields {
        long type = -1;
        long compressedSize = -1;
        /** num_values of the DataPageHeader (V1) */
        long numValues = -1;
        /** num_values of the DataPageHeaderV2 */
        long numValuesV2 = -1;

        long repetitionLevelsLength = -1;
        long definitionLevelsLength = -1;
        /** The bytes the header took. */
        long length;
    }

    /**
     * Walks the struct at the start of {@code in}, of which at most {@code available} bytes may be read; returns its
     * length, or throws an {@code IOException} saying what does not fit. With {@code page} non-null, the struct is
     * read as a {@code PageHeader} and its fields are stored there.
     */
    static long walk(InputStream in, long available, Type type, PageFields page) throws IOException {
        Walker walker = new Walker(in, available, page);
        walker.struct(type, 0, 0);
        if (page != null) {
            page.length = walker.read;
        }
        return walker.read;
    }

    private static final class Walker {
        private final InputStream in;
        private final long available;
        private final PageFields page;
        long read;

        Walker(InputStream in, long available, PageFields page) {
            this.in = in;
            this.available = available;
            this.page = page;
        }

        private int next() throws IOException {
            if (read >= available) {
                throw new IOException("the struct runs past its " + available + " bytes");
            }
            int b = in.read();
            if (b < 0) {
                throw new IOException("the data ends after " + read + " bytes of the struct");
            }
            read++;
            return b;
        }

        /**
         * A varint as thrift's compact protocol reads it for an i16, i32, length or size: any number of bytes, folded
         * into an int with Java's shift (so that the walk sees the value thrift's decoder will).
         */
        private int varint32() throws IOException {
            int value = 0;
            int shift = 0;
            while (true) {
                int b = next();
                value |= (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
                shift += 7;
            }
        }

        /** A varint as thrift reads it for an i64. */
        private long varint64() throws IOException {
            long value = 0;
            int shift = 0;
            while (true) {
                int b = next();
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
                shift += 7;
            }
        }

        private static int zigzag32(int raw) {
            return (raw >>> 1) ^ -(raw & 1);
        }

        private static long zigzag(long raw) {
            return (raw >>> 1) ^ -(raw & 1);
        }

        private void skip(long count) throws IOException {
            if (count < 0 || count > available - read) {
                throw new TooLarge("a field declares " + count + " bytes at byte " + read + ", " + (available - read)
                        + " are left");
            }
            for (long left = count; left > 0; ) {
                long skipped = in.skip(left);
                if (skipped <= 0) {
                    if (in.read() < 0) {
                        throw new IOException("the data ends inside a field at byte " + read);
                    }
                    skipped = 1;
                }
                left -= skipped;
            }
            read += count;
        }

        /**
         * A struct of {@code type} ({@code null}: unknown, every field skipped by its wire type). {@code path}: for a
         * page header, 0 at the top, else the id of the top-level field this struct is in.
         */
        void struct(Type type, int depth, int path) throws IOException {
            if (depth > MAX_DEPTH) {
                throw new IOException("structs nested deeper than " + MAX_DEPTH);
            }
            int lastId = 0;
            while (true) {
                int header = next();
                int wire = header & 0x0F;
                if (wire == 0) {
                    return;
                }
                int delta = header >>> 4;
                int id = delta != 0 ? lastId + delta : (short) zigzag32(varint32());
                lastId = id;
                Type declared = type == null ? null : type.fields.get(id);
                boolean asDeclared = declared != null && (declared.kind == wire || declared.kind == 1 && wire == 2);
                long value = asDeclared
                        ? typed(declared, depth, depth == 0 ? id : path, true)
                        : value(wire, depth, depth == 0 ? id : path, true);
                if (page != null && value != Long.MIN_VALUE) {
                    record(depth, depth == 0 ? 0 : path, id, value);
                }
            }
        }

        private void record(int depth, int path, int id, long value) {
            if (depth == 0) {
                if (id == 1) {
                    page.type = value;
                } else if (id == 3) {
                    page.compressedSize = value;
                }
            } else if (depth == 1 && path == 5 && id == 1) {
                page.numValues = value;
            } else if (depth == 1 && path == 8 && id == 1) {
                page.numValuesV2 = value;
            } else if (depth == 1 && path == 8 && id == 5) {
                page.definitionLevelsLength = value;
            } else if (depth == 1 && path == 8 && id == 6) {
                page.repetitionLevelsLength = value;
            }
        }

        /** Reads a value as its declared {@code type}, as the generated decoder does. */
        private long typed(Type type, int depth, int path, boolean inStruct) throws IOException {
            if (type.kind == 12) {
                struct(type, depth + 1, path);
                return Long.MIN_VALUE;
            }
            if (type.kind == 9) {
                int header = next();
                long size = header >>> 4;
                if (size == 15) {
                    size = varint32();
                }
                // the elements are read as declared, whatever the header says; each takes a byte at least
                fits(type.element.kind == 7 ? size * 8 : size, "list elements");
                for (long i = 0; i < size; i++) {
                    typed(type.element, depth + 1, path, false);
                }
                return Long.MIN_VALUE;
            }
            return value(type.kind, depth, path, inStruct);
        }

        /** Walks a value of {@code type}; returns it for integers, else {@code Long.MIN_VALUE}. */
        private long value(int type, int depth, int path, boolean inStruct) throws IOException {
            switch (type) {
                case 1: // true
                case 2: // false
                    if (!inStruct) {
                        next(); // a bool in a list is a byte
                    }
                    return Long.MIN_VALUE;
                case 3: // byte
                    next();
                    return Long.MIN_VALUE;
                case 4: // i16
                case 5: // i32
                    return zigzag32(varint32());
                case 6: // i64
                    return zigzag(varint64());
                case 7: // double
                    skip(8);
                    return Long.MIN_VALUE;
                case 8: // binary
                    skip(varint32());
                    return Long.MIN_VALUE;
                case 9: // list
                case 10: { // set
                    int header = next();
                    long size = header >>> 4;
                    if (size == 15) {
                        size = varint32();
                    }
                    elements(size, depth, path, header & 0x0F);
                    return Long.MIN_VALUE;
                }
                case 11: { // map
                    long size = varint32();
                    if (size != 0) {
                        int types = next();
                        fits(size * 2, "map entries");
                        for (long i = 0; i < size; i++) {
                            value(types >>> 4, depth + 1, path, false);
                            value(types & 0x0F, depth + 1, path, false);
                        }
                    }
                    return Long.MIN_VALUE;
                }
                case 12:
                    struct(null, depth + 1, path);
                    return Long.MIN_VALUE;
                case 13: // uuid (thrift 0.19 and later)
                    skip(16);
                    return Long.MIN_VALUE;
                default:
                    throw new IOException("unknown thrift type " + type + " at byte " + read);
            }
        }

        private void elements(long size, int depth, int path, int elementType) throws IOException {
            // every element takes at least one byte (a double 8)
            fits(elementType == 7 ? size * 8 : size, "list elements");
            for (long i = 0; i < size; i++) {
                value(elementType, depth + 1, path, false);
            }
        }

        private void fits(long bytes, String what) throws IOException {
            if (bytes < 0 || bytes > available - read) {
                throw new TooLarge("a field declares " + what + " of at least " + bytes + " bytes at byte " + read
                        + ", " + (available - read) + " are left");
            }
        }
    }
}
