package io.github.parquetcodecs;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rows every interoperability case writes and expects back: nulls, ints and longs over their whole range, floats
 * and doubles with NaN, -0.0, infinities and subnormals, booleans, low-cardinality strings (dictionary-encoded, with
 * control characters and non-ASCII text) and long high-cardinality strings of random words and code points
 * (plain-encoded, compressing only somewhat, so that pages exceed 1 MiB uncompressed).
 *
 * <p>The Python side gets the rows as JSON ({@link #writeJson}): doubles and floats as the integers of their IEEE 754
 * bits, so nothing is lost in decimal conversion. Both sides reduce a column to a {@linkplain #digest digest} of an
 * exact canonical encoding, so a digest match is an exact, value-by-value match including where the nulls are.
 */
final class InteropDataset {
    enum Type {
        INT32,
        INT64,
        FLOAT,
        DOUBLE,
        BOOLEAN,
        STRING
    }

    /** One column: its values (null for a null), and whether writers should dictionary-encode it. */
    static final class Column {
        final String name;
        final Type type;
        final boolean required;
        final boolean dictionary;
        final List<Object> values;

        Column(String name, Type type, boolean required, boolean dictionary, List<Object> values) {
            this.name = name;
            this.type = type;
            this.required = required;
            this.dictionary = dictionary;
            this.values = Collections.unmodifiableList(values);
        }

        long nullCount() {
            return values.stream().filter(v -> v == null).count();
        }
    }

    static final String[] LOW_CARDINALITY = {
        "",
        "a",
        "parquet",
        "codec",
        "snappy",
        "zstd",
        "gzip",
        "brotli",
        "lz4",
        "Grüße",
        "日本語のテキスト",
        "emoji \uD83D\uDE00\uD83E\uDD80",
        "tab\there",
        "line\nbreak\r\n",
        "quote \" and backslash \\",
        "nul \u0000 and \u001f control",
        "   leading and trailing spaces   ",
        "a somewhat longer value that repeats many times in the column",
        "Ελληνικά",
        "кириллица",
        "\u2028\u2029 separators",
        "N",
        "null",
        "0"
    };

    private static final float[] SPECIAL_FLOATS = {
        0.0f,
        -0.0f,
        Float.NaN,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        -Float.MIN_VALUE,
        Float.MIN_NORMAL,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        1.0f,
        Math.nextUp(1.0f)
    };

    private static final double[] SPECIAL_DOUBLES = {
        0.0,
        -0.0,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MIN_NORMAL,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        0.1,
        Math.nextUp(1.0)
    };

    private static final int[] SPECIAL_INTS = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final long[] SPECIAL_LONGS = {0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE};

    /** Long strings are up to this many code points (half of it on average). */
    static final int TEXT_LENGTH = 400;

    final int rows;
    final List<Column> columns;

    private InteropDataset(int rows, List<Column> columns) {
        this.rows = rows;
        this.columns = Collections.unmodifiableList(columns);
    }

    /** A deterministic data set of {@code rows} rows. */
    static InteropDataset generate(int rows, long seed) {
        Random random = new Random(seed);
        String[] vocabulary = new String[3000];
        for (int i = 0; i < vocabulary.length; i++) {
            StringBuilder word = new StringBuilder();
            appendRandomCodePoints(random, word, 3 + random.nextInt(8));
            vocabulary[i] = word.toString();
        }
        List<Object> id = new ArrayList<>(rows);
        List<Object> i32 = new ArrayList<>(rows);
        List<Object> i64 = new ArrayList<>(rows);
        List<Object> f32 = new ArrayList<>(rows);
        List<Object> f64 = new ArrayList<>(rows);
        List<Object> flag = new ArrayList<>(rows);
        List<Object> sLow = new ArrayList<>(rows);
        List<Object> sHigh = new ArrayList<>(rows);
        for (int row = 0; row < rows; row++) {
            id.add((long) row);
            i32.add(
                    random.nextInt(12) == 0
                            ? null
                            : row % 97 == 0
                                    ? SPECIAL_INTS[row / 97 % SPECIAL_INTS.length]
                                    : random.nextInt(2000) - 1000);
            i64.add(
                    random.nextInt(20) == 0
                            ? null
                            : row % 89 == 0 ? SPECIAL_LONGS[row / 89 % SPECIAL_LONGS.length] : random.nextLong());
            f32.add(
                    random.nextInt(20) == 0
                            ? null
                            : row % 83 == 0
                                    ? SPECIAL_FLOATS[row / 83 % SPECIAL_FLOATS.length]
                                    : (float) ((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(60) - 30)));
            f64.add(
                    random.nextInt(20) == 0
                            ? null
                            : row % 79 == 0
                                    ? SPECIAL_DOUBLES[row / 79 % SPECIAL_DOUBLES.length]
                                    : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(600) - 300));
            flag.add(random.nextInt(10) == 0 ? null : random.nextBoolean());
            sLow.add(random.nextInt(10) == 0 ? null : LOW_CARDINALITY[random.nextInt(LOW_CARDINALITY.length)]);
            sHigh.add(random.nextInt(33) == 0 ? null : randomText(random, vocabulary, random.nextInt(TEXT_LENGTH)));
        }
        List<Column> columns = new ArrayList<>();
        columns.add(new Column("id", Type.INT64, true, false, id));
        columns.add(new Column("i32", Type.INT32, false, true, i32));
        columns.add(new Column("i64", Type.INT64, false, true, i64));
        columns.add(new Column("f32", Type.FLOAT, false, true, f32));
        columns.add(new Column("f64", Type.DOUBLE, false, false, f64));
        columns.add(new Column("flag", Type.BOOLEAN, false, true, flag));
        columns.add(new Column("s_low", Type.STRING, false, true, sLow));
        columns.add(new Column("s_high", Type.STRING, false, false, sHigh));
        return new InteropDataset(rows, columns);
    }

    /**
     * Text of about {@code length} code points: words from {@code vocabulary} and runs of random code points (mostly
     * ASCII with control characters, some 2-, 3- and 4-byte UTF-8), so that it compresses somewhat but not much.
     */
    private static String randomText(Random random, String[] vocabulary, int length) {
        StringBuilder text = new StringBuilder(length + 16);
        while (text.length() < length) {
            if (random.nextInt(100) < 60) {
                text.append(vocabulary[random.nextInt(vocabulary.length)]);
            } else {
                appendRandomCodePoints(random, text, 1 + random.nextInt(6));
            }
            text.append(' ');
        }
        return text.toString();
    }

    private static void appendRandomCodePoints(Random random, StringBuilder text, int count) {
        for (int i = 0; i < count; i++) {
            int kind = random.nextInt(100);
            int codePoint;
            if (kind < 70) {
                codePoint = random.nextInt(128);
            } else if (kind < 90) {
                codePoint = 0x80 + random.nextInt(0x800 - 0x80);
            } else if (kind < 97) {
                codePoint = 0x800 + random.nextInt(0xD800 - 0x800); // below the surrogates
            } else {
                codePoint = 0x10000 + random.nextInt(0x10FFFF - 0x10000 + 1);
            }
            text.appendCodePoint(codePoint);
        }
    }

    Column column(String name) {
        for (Column column : columns) {
            if (column.name.equals(name)) {
                return column;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** The digest of every column, by name, in the canonical encoding of {@link #digest}. */
    Map<String, String> digests() {
        Map<String, String> digests = new LinkedHashMap<>();
        for (Column column : columns) {
            digests.put(column.name, digest(column.type, column.values));
        }
        return digests;
    }

    /**
     * SHA-256 over the canonical encoding of a column, which {@code interop.py} implements too: per row, byte 0 for a
     * null, else byte 1 and the value: INT32, INT64, FLOAT and DOUBLE as their big-endian bits (raw IEEE 754 bits, so
     * NaN payloads and -0.0 count), BOOLEAN as one byte 0 or 1, STRING as the big-endian int32 length of its UTF-8
     * bytes and those bytes.
     */
    static String digest(Type type, List<?> values) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        ByteBuffer scratch = ByteBuffer.allocate(9);
        for (Object value : values) {
            scratch.clear();
            if (value == null) {
                scratch.put((byte) 0);
            } else {
                scratch.put((byte) 1);
                switch (type) {
                    case INT32:
                        scratch.putInt((Integer) value);
                        break;
                    case INT64:
                        scratch.putLong((Long) value);
                        break;
                    case FLOAT:
                        scratch.putInt(Float.floatToRawIntBits((Float) value));
                        break;
                    case DOUBLE:
                        scratch.putLong(Double.doubleToRawLongBits((Double) value));
                        break;
                    case BOOLEAN:
                        scratch.put((byte) (((Boolean) value) ? 1 : 0));
                        break;
                    case STRING:
                        byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
                        scratch.putInt(utf8.length);
                        sha.update(scratch.array(), 0, scratch.position());
                        scratch.clear();
                        sha.update(utf8);
                        break;
                    default:
                        throw new AssertionError(type);
                }
            }
            sha.update(scratch.array(), 0, scratch.position());
        }
        StringBuilder hex = new StringBuilder(64);
        for (byte b : sha.digest()) {
            hex.append(String.format("%02x", b & 0xff));
        }
        return hex.toString();
    }

    /**
     * Writes the rows for {@code interop.py}: {@code {"rows": n, "columns": [{"name", "type", "required",
     * "dictionary", "values": [...]}]}}, floats and doubles as the signed integers of their raw bits.
     */
    void writeJson(Path path) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            out.write("{\"rows\": " + rows + ", \"columns\": [");
            for (int c = 0; c < columns.size(); c++) {
                Column column = columns.get(c);
                out.write(c == 0 ? "\n" : ",\n");
                out.write("{\"name\": ");
                writeJsonString(out, column.name);
                out.write(", \"type\": \"" + column.type.name().toLowerCase() + "\", \"required\": " + column.required
                        + ", \"dictionary\": " + column.dictionary + ", \"values\": [");
                for (int row = 0; row < column.values.size(); row++) {
                    if (row > 0) {
                        out.write(',');
                    }
                    Object value = column.values.get(row);
                    if (value == null) {
                        out.write("null");
                    } else if (value instanceof Float) {
                        out.write(Integer.toString(Float.floatToRawIntBits((Float) value)));
                    } else if (value instanceof Double) {
                        out.write(Long.toString(Double.doubleToRawLongBits((Double) value)));
                    } else if (value instanceof String) {
                        writeJsonString(out, (String) value);
                    } else {
                        out.write(value.toString()); // Integer, Long, Boolean
                    }
                }
                out.write("]}");
            }
            out.write("\n]}\n");
        }
    }

    private static void writeJsonString(BufferedWriter out, String value) throws IOException {
        out.write('"');
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (ch == '"' || ch == '\\') {
                out.write('\\');
                out.write(ch);
            } else if (ch < 0x20) {
                out.write(String.format("\\u%04x", (int) ch));
            } else {
                out.write(ch); // surrogate pairs stay together and become one 4-byte UTF-8 sequence
            }
        }
        out.write('"');
    }
}
