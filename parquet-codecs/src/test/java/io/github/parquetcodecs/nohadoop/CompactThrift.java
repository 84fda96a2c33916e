package io.github.parquetcodecs.nohadoop;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the fields of a thrift struct in compact-protocol bytes (Parquet's footer and page headers), so that a fuzzer
 * can change one integer or length where it is encoded without knowing the struct's type. Only the encoding is read:
 * field ids, types, and where each varint starts and ends.
 */
final class CompactThrift {
    private CompactThrift() {}

    /** What a token encodes. */
    enum Kind {
        /** an i16, i32 or i64 field or element: a zigzag varint */
        INT,
        /** the length of a binary field or element: a plain varint */
        LENGTH,
        /** the size of a list, set or map: a varint (or a nibble, then not a token) */
        SIZE
    }

    /** One varint in the bytes: where, how long, what it means, and the id of its field at depth 0 (else -1). */
    static final class Token {
        final int offset;
        final int length;
        final Kind kind;
        final int depth;
        final int fieldId;

        Token(int offset, int length, Kind kind, int depth, int fieldId) {
            this.offset = offset;
            this.length = length;
            this.kind = kind;
            this.depth = depth;
            this.fieldId = fieldId;
        }
    }

    /** The tokens of the struct starting at {@code offset}, and the offset after it. */
    static final class Struct {
        final List<Token> tokens;
        final int end;

        Struct(List<Token> tokens, int end) {
            this.tokens = tokens;
            this.end = end;
        }
    }

    /** Parses one struct; an {@code IllegalArgumentException} when the bytes are not one. */
    static Struct parse(byte[] bytes, int offset, int limit) {
        Parser parser = new Parser(bytes, offset, limit);
        parser.struct(0, -1);
        return new Struct(parser.tokens, parser.position);
    }

    /** {@code value} zigzag-encoded as a varint (as compact thrift writes i16, i32 and i64). */
    static byte[] zigzag(long value) {
        return varint((value << 1) ^ (value >> 63));
    }

    /** {@code value} as an unsigned varint (lengths and sizes). */
    static byte[] varint(long value) {
        byte[] out = new byte[10];
        int n = 0;
        while ((value & ~0x7FL) != 0) {
            out[n++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out[n++] = (byte) value;
        byte[] result = new byte[n];
        System.arraycopy(out, 0, result, 0, n);
        return result;
    }

    /** The value of the varint token {@code token} (zigzag-decoded for {@link Kind#INT}). */
    static long value(byte[] bytes, Token token) {
        long raw = 0;
        for (int i = 0; i < token.length; i++) {
            raw |= (long) (bytes[token.offset + i] & 0x7F) << (7 * i);
        }
        return token.kind == Kind.INT ? (raw >>> 1) ^ -(raw & 1) : raw;
    }

    private static final class Parser {
        private final byte[] bytes;
        private final int limit;
        int position;
        final List<Token> tokens = new ArrayList<>();
        private int nesting;

        Parser(byte[] bytes, int offset, int limit) {
            this.bytes = bytes;
            this.position = offset;
            this.limit = Math.min(limit, bytes.length);
        }

        private int next() {
            if (position >= limit) {
                throw new IllegalArgumentException("struct runs past " + limit);
            }
            return bytes[position++] & 0xFF;
        }

        private long varint(Kind kind, int depth, int fieldId) {
            int start = position;
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                if (shift > 63) {
                    throw new IllegalArgumentException("varint too long at " + start);
                }
                int b = next();
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            if (kind != null) {
                tokens.add(new Token(start, position - start, kind, depth, fieldId));
            }
            return value;
        }

        void struct(int depth, int unused) {
            if (++nesting > 64) {
                throw new IllegalArgumentException("nested too deep");
            }
            int lastId = 0;
            while (true) {
                int header = next();
                int type = header & 0x0F;
                if (type == 0) {
                    break;
                }
                int delta = header >>> 4;
                int id;
                if (delta != 0) {
                    id = lastId + delta;
                } else {
                    long raw = varint(null, depth, -1);
                    id = (int) ((raw >>> 1) ^ -(raw & 1));
                }
                lastId = id;
                value(type, depth, depth == 0 ? id : -1, true);
            }
            nesting--;
        }

        private void value(int type, int depth, int fieldId, boolean inStruct) {
            switch (type) {
                case 1:
                case 2:
                    if (!inStruct) {
                        next(); // a bool element is a byte
                    }
                    break;
                case 3:
                    next();
                    break;
                case 4:
                case 5:
                case 6:
                    varint(Kind.INT, depth, fieldId);
                    break;
                case 7:
                    for (int i = 0; i < 8; i++) {
                        next();
                    }
                    break;
                case 8: {
                    long length = varint(Kind.LENGTH, depth, fieldId);
                    if (length < 0 || length > limit - position) {
                        throw new IllegalArgumentException("binary of " + length + " bytes at " + position);
                    }
                    position += (int) length;
                    break;
                }
                case 9:
                case 10: {
                    int header = next();
                    long size = header >>> 4;
                    if (size == 15) {
                        size = varint(Kind.SIZE, depth, fieldId);
                    }
                    int elementType = header & 0x0F;
                    if (size > limit - position) {
                        throw new IllegalArgumentException("list of " + size + " at " + position);
                    }
                    for (long i = 0; i < size; i++) {
                        value(elementType, depth + 1, -1, false);
                    }
                    break;
                }
                case 11: {
                    long size = varint(Kind.SIZE, depth, fieldId);
                    if (size > limit - position) {
                        throw new IllegalArgumentException("map of " + size + " at " + position);
                    }
                    if (size > 0) {
                        int types = next();
                        for (long i = 0; i < size; i++) {
                            value(types >>> 4, depth + 1, -1, false);
                            value(types & 0x0F, depth + 1, -1, false);
                        }
                    }
                    break;
                }
                case 12:
                    struct(depth + 1, -1);
                    break;
                default:
                    throw new IllegalArgumentException("type " + type + " at " + position);
            }
        }
    }
}
