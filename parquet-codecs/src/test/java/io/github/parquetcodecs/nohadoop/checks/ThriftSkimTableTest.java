package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.Version;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.junit.jupiter.api.Test;

/**
 * {@link ThriftSkim}'s table of parquet-format's structs (field ids and types, as it walks footers and page headers)
 * against the thrift classes parquet-java generated from parquet.thrift ({@code org.apache.parquet.format}, in
 * parquet-format-structures), through their {@code metaDataMap}s: every field parquet-java's decoder reads as declared
 * must be in the table with the same type, recursively, or the walk would read other lengths than the decoder
 * allocates by. A parquet-java that adds a field or changes a type fails here until the table follows.
 *
 * <p>The table may hold fields the running parquet-java does not have (parquet-format only ever appends fields, and an
 * older decoder skips a newer field by its wire type): such a field's id must come after every id of its struct in the
 * running parquet-java, and on the parquet-java the table was last checked against ({@link #TABLE_OF}), there may be
 * none. The classes are read by reflection, so that no shaded thrift class is named.
 */
class ThriftSkimTableTest {
    /** The parquet-java whose generated classes the table matches exactly. */
    private static final String TABLE_OF = "1.18.1";

    @Test
    void pageHeaderMatchesParquetJavasGeneratedClass() throws ReflectiveOperationException {
        assertMatches("PageHeader", ThriftSkim.PAGE_HEADER, PageHeader.class);
    }

    @Test
    void fileMetaDataMatchesParquetJavasGeneratedClass() throws ReflectiveOperationException {
        assertMatches("FileMetaData", ThriftSkim.FILE_META_DATA, FileMetaData.class);
    }

    @Test
    void theComparisonSeesADifference() throws ReflectiveOperationException {
        // the table's PageHeader read as if it were a FileMetaData: field 2 is a list there, an i32 here
        Differences differences = new Differences();
        compare("FileMetaData", ThriftSkim.PAGE_HEADER, FileMetaData.class, differences);
        assertTrue(
                differences.wrong.contains("FileMetaData.schema (2): the table has type 5, parquet-java 9"),
                differences.wrong.toString());
    }

    private static void assertMatches(String name, ThriftSkim.Type table, Class<?> generated)
            throws ReflectiveOperationException {
        Differences differences = new Differences();
        compare(name, table, generated, differences);
        assertEquals(List.of(), differences.wrong, "the table differs from parquet-java " + Version.VERSION_NUMBER);
        if (Version.VERSION_NUMBER.equals(TABLE_OF)) {
            assertEquals(List.of(), differences.newer, "fields parquet-java " + TABLE_OF + " does not have");
        }
    }

    /** What differs: fields missing or of another type, and fields only the table has. */
    private static final class Differences {
        final List<String> wrong = new ArrayList<>();
        final List<String> newer = new ArrayList<>();
    }

    /** Compares the table's struct {@code table} with the generated struct {@code generated}, at {@code path}. */
    private static void compare(String path, ThriftSkim.Type table, Class<?> generated, Differences differences)
            throws ReflectiveOperationException {
        TreeMap<Integer, Object> fields = new TreeMap<>(); // by id: FieldMetaData
        Map<Integer, String> names = new TreeMap<>();
        for (Map.Entry<?, ?> entry : metaDataMap(generated).entrySet()) {
            Object id = entry.getKey(); // the struct's _Fields
            int number = (short) id.getClass().getMethod("getThriftFieldId").invoke(id);
            fields.put(number, entry.getValue());
            names.put(number, (String) id.getClass().getMethod("getFieldName").invoke(id));
        }
        int last = fields.isEmpty() ? 0 : fields.lastKey();
        for (Map.Entry<Integer, Object> field : fields.entrySet()) {
            String at = path + "." + names.get(field.getKey()) + " (" + field.getKey() + ")";
            ThriftSkim.Type type = table.fields.get(field.getKey());
            if (type == null) {
                differences.wrong.add(at + ": not in the table");
            } else {
                compareValue(at, type, get(field.getValue(), "valueMetaData"), differences);
            }
        }
        for (int id : new TreeMap<>(table.fields).keySet()) {
            if (!fields.containsKey(id)) {
                String at = path + " (" + id + ")";
                differences.newer.add(at);
                if (id < last) {
                    differences.wrong.add(at + ": only in the table, but parquet-java has field " + last);
                }
            }
        }
    }

    /** Compares a value of the table's type {@code table} with the generated {@code FieldValueMetaData}. */
    private static void compareValue(String at, ThriftSkim.Type table, Object value, Differences differences)
            throws ReflectiveOperationException {
        byte thriftType = (byte) get(value, "type");
        int kind = compactType(thriftType);
        if (table.kind != kind) {
            differences.wrong.add(at + ": the table has type " + table.kind + ", parquet-java " + kind);
            return;
        }
        if (kind == 9) {
            compareValue(at + "[]", table.element, get(value, "elemMetaData"), differences);
        } else if (kind == 12) {
            compare(at, table, structClass(value), differences);
        }
    }

    /**
     * The compact-protocol type code of a thrift {@code TType} (bool 1, byte 3, i16 4, i32 5, i64 6, double 7, binary
     * 8, list 9, set 10, map 11, struct 12), as ThriftSkim's table holds them; an enum is an i32 on the wire.
     * (Unknown types come back negated, so that they match nothing.)
     */
    private static int compactType(byte thriftType) {
        switch (thriftType) {
            case 2: // BOOL
                return 1;
            case 3: // BYTE
                return 3;
            case 4: // DOUBLE
                return 7;
            case 6: // I16
                return 4;
            case 8: // I32
            case 16: // ENUM in older thrift
            case -1: // ENUM in thrift 0.14 and later (not a wire type)
                return 5;
            case 10: // I64
                return 6;
            case 11: // STRING (binary)
                return 8;
            case 12: // STRUCT
                return 12;
            case 13: // MAP
                return 11;
            case 14: // SET
                return 10;
            case 15: // LIST
                return 9;
            default:
                return -thriftType;
        }
    }

    /** The generated class of a struct value: its {@code StructMetaData}'s, or for a typedef, by its name. */
    private static Class<?> structClass(Object value) throws ReflectiveOperationException {
        try {
            return (Class<?>) get(value, "structClass");
        } catch (NoSuchFieldException typedef) {
            String name = (String) value.getClass().getMethod("getTypedefName").invoke(value);
            return Class.forName(PageHeader.class.getPackageName() + "." + name);
        }
    }

    private static Map<?, ?> metaDataMap(Class<?> generated) throws ReflectiveOperationException {
        return (Map<?, ?>) generated.getField("metaDataMap").get(null);
    }

    private static Object get(Object object, String field) throws ReflectiveOperationException {
        Field f = object.getClass().getField(field);
        return f.get(object);
    }
}
