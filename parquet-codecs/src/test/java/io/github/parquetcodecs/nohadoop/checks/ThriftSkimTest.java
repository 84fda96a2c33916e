package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;

/**
 * {@link ThriftSkim} walks a compact-protocol struct to its end as parquet-format's generated decoder reads it,
 * allocating nothing, and refuses with a {@link ThriftSkim.TooLarge} a binary, list or map that declares more bytes
 * than are left; any other {@code IOException} says the bytes are not a well-formed struct. (That its table of
 * parquet-format's structs matches parquet-java's generated classes is {@link ThriftSkimTableTest}'s.)
 */
class ThriftSkimTest {
    @Test
    void aV1PageHeaderIsWalkedToItsEndAndItsFieldsKept() throws IOException {
        PageHeader header = new PageHeader(PageType.DATA_PAGE, 100, 60);
        DataPageHeader data = new DataPageHeader(10, Encoding.PLAIN, Encoding.RLE, Encoding.RLE);
        data.setStatistics(new Statistics()
                .setMin_value("a".getBytes(StandardCharsets.UTF_8))
                .setMax_value("zz".getBytes(StandardCharsets.UTF_8))
                .setNull_count(3));
        header.setData_page_header(data);
        header.setCrc(12345);
        byte[] bytes = Thrift.pageHeader(header);
        // the page's bytes follow the header: the walk stops at the header's end
        ThriftSkim.PageFields page = walkPage(Thrift.concat(bytes, new byte[60]));
        assertEquals(bytes.length, page.length);
        assertEquals(List.of(0L, 60L, 10L, -1L, -1L, -1L), fields(page));
    }

    @Test
    void aV2PageHeaderIsWalkedToItsEndAndItsFieldsKept() throws IOException {
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, 100, 60);
        header.setData_page_header_v2(new DataPageHeaderV2(7, 1, 6, Encoding.RLE_DICTIONARY, 3, 2));
        byte[] bytes = Thrift.pageHeader(header);
        ThriftSkim.PageFields page = walkPage(bytes);
        assertEquals(bytes.length, page.length);
        assertEquals(List.of(3L, 60L, -1L, 7L, 2L, 3L), fields(page));
    }

    @Test
    void aFooterParquetJavaWritesIsWalkedToItsEnd() throws IOException {
        SchemaElement root = new SchemaElement("m").setNum_children(1);
        SchemaElement column =
                new SchemaElement("x").setType(Type.INT64).setRepetition_type(FieldRepetitionType.REQUIRED);
        ColumnMetaData meta = new ColumnMetaData(
                Type.INT64, List.of(Encoding.PLAIN, Encoding.RLE), List.of("x"), CompressionCodec.ZSTD, 5, 80, 40, 4);
        meta.setKey_value_metadata(List.of(new KeyValue("k").setValue("v")));
        ColumnChunk chunk = new ColumnChunk(4).setMeta_data(meta);
        FileMetaData footer = new FileMetaData(
                        1, List.of(root, column), 5, List.of(new RowGroup(List.of(chunk), 40, 5)))
                .setCreated_by("test")
                .setKey_value_metadata(List.of(new KeyValue("writer").setValue("ThriftSkimTest")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, out);
        byte[] bytes = out.toByteArray();
        assertEquals(bytes.length, walk(bytes, bytes.length, ThriftSkim.FILE_META_DATA));
    }

    @Test
    void aBinaryLongerThanTheBytesLeftIsTooLarge() {
        // FileMetaData.created_by (6: binary) declaring 100 bytes, 3 of them there
        byte[] bytes = new Thrift().binary(6, 100, 3).end().toBytes();
        assertTooLarge("a field declares 100 bytes at byte 2, 4 are left", bytes, ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aBinaryOfNegativeLengthIsTooLarge() {
        // a length varint that thrift folds into the int -1
        byte[] bytes = new Thrift()
                .field(6, Thrift.BINARY)
                .raw(0xFF, 0xFF, 0xFF, 0xFF, 0x0F)
                .end()
                .toBytes();
        assertTooLarge("a field declares -1 bytes at byte 6, 1 are left", bytes, ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aBinaryOfAFieldTheTableDoesNotKnowIsCheckedToo() {
        // field 99 is in no version of FileMetaData: skipped by its wire type, its length checked all the same
        byte[] bytes = new Thrift().binary(99, 1000, 0).end().toBytes();
        assertTooLarge("a field declares 1000 bytes at byte 5, 1 are left", bytes, ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aListOfMoreElementsThanBytesIsTooLarge() {
        // FileMetaData.schema (2: list<SchemaElement>) of 1000 elements in 6 bytes
        byte[] bytes = new Thrift()
                .field(2, Thrift.LIST)
                .listHeader(1000, Thrift.STRUCT)
                .raw(0, 0, 0, 0, 0, 0)
                .toBytes();
        assertTooLarge(
                "a field declares list elements of at least 1000 bytes at byte 4, 6 are left",
                bytes,
                ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aListOfDoublesTakesEightBytesAnElement() {
        // an unknown field: a list of 3 doubles needs 24 bytes
        byte[] bytes = new Thrift()
                .field(20, Thrift.LIST)
                .listHeader(3, Thrift.DOUBLE)
                .bytes(new byte[16])
                .end()
                .toBytes();
        assertTooLarge(
                "a field declares list elements of at least 24 bytes at byte 3, 17 are left",
                bytes,
                ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aMapOfMoreEntriesThanBytesIsTooLarge() {
        // an unknown map field of 50 entries (each two values of a byte at least) in 10 bytes
        byte[] bytes = new Thrift()
                .field(20, Thrift.MAP)
                .varint(50)
                .raw(Thrift.I32 << 4 | Thrift.I32)
                .bytes(new byte[10])
                .toBytes();
        assertTooLarge(
                "a field declares map entries of at least 100 bytes at byte 4, 10 are left",
                bytes,
                ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aListIsReadAsItsDeclaredElementTypeWhateverItsHeaderSays() {
        // FileMetaData.schema's header says one i32, but the decoder reads a SchemaElement, whose name (4: binary)
        // declares 100 bytes; read as an i32, the same bytes would pass
        byte[] bytes = new Thrift()
                .field(2, Thrift.LIST)
                .listHeader(1, Thrift.I32)
                .begin()
                .binary(4, 100, 0)
                .end()
                .end()
                .toBytes();
        assertTooLarge("a field declares 100 bytes at byte 4, 2 are left", bytes, ThriftSkim.FILE_META_DATA);
    }

    @Test
    void aFieldOfAnotherWireTypeIsSkippedByItAndNotKept() throws IOException {
        // PageHeader.compressed_page_size (3: i32) written as a binary of 2 bytes; then field 2 with its id in the long
        // form
        byte[] bytes = new Thrift()
                .field(1, Thrift.I32)
                .zigzag(0)
                .field(3, Thrift.BINARY)
                .varint(2)
                .raw(7, 7)
                .raw(Thrift.I32, 0x04) // field 2 in the long form (zigzag 2)
                .zigzag(8)
                .end()
                .toBytes();
        ThriftSkim.PageFields page = walkPage(bytes);
        assertEquals(bytes.length, page.length);
        assertEquals(List.of(0L, -1L, -1L, -1L, -1L, -1L), fields(page));
    }

    @Test
    void valuesOfEveryTypeAreStepped() throws IOException {
        // bools take no byte in a struct and one in a list; a double 8, a uuid 16, a set as a list
        byte[] bytes = new Thrift()
                .field(20, Thrift.BOOL_TRUE)
                .field(21, Thrift.BYTE)
                .raw(0x7F)
                .field(22, Thrift.I16)
                .zigzag(-300)
                .field(23, Thrift.I64)
                .zigzag(Long.MIN_VALUE)
                .field(24, Thrift.DOUBLE)
                .bytes(new byte[8])
                .field(25, Thrift.UUID)
                .bytes(new byte[16])
                .field(26, Thrift.LIST)
                .listHeader(2, Thrift.BOOL_TRUE)
                .raw(1, 2)
                .field(27, Thrift.SET)
                .listHeader(20, Thrift.BINARY)
                .bytes(new byte[20])
                .field(28, Thrift.MAP)
                .varint(1)
                .raw(Thrift.BINARY << 4 | Thrift.STRUCT)
                .varint(1)
                .raw('k')
                .raw(0)
                .field(29, Thrift.MAP)
                .varint(0)
                .begin(30)
                .i32(1, 5)
                .end()
                .end()
                .toBytes();
        assertEquals(
                bytes.length, walk(Thrift.concat(bytes, new byte[5]), bytes.length + 5, ThriftSkim.FILE_META_DATA));
    }

    @Test
    void aStructThatRunsPastItsBytesIsMalformed() {
        byte[] bytes = new Thrift().i32(1, 1).i32(2, 2).end().toBytes();
        IOException e = assertThrows(IOException.class, () -> walk(bytes, 3, ThriftSkim.PAGE_HEADER));
        assertEquals(IOException.class, e.getClass());
        assertEquals("the struct runs past its 3 bytes", e.getMessage());
    }

    @Test
    void aStructWhoseDataEndsIsMalformed() {
        byte[] bytes = new Thrift().i32(1, 1).i32(2, 2).toBytes();
        IOException e = assertThrows(IOException.class, () -> walk(bytes, 100, ThriftSkim.PAGE_HEADER));
        assertEquals(IOException.class, e.getClass());
        assertEquals("the data ends after 4 bytes of the struct", e.getMessage());
    }

    @Test
    void aSkippedBinaryWhoseDataEndsIsMalformed() {
        byte[] bytes = new Thrift().binary(6, 10, 3).toBytes();
        IOException e = assertThrows(IOException.class, () -> walk(bytes, 100, ThriftSkim.FILE_META_DATA));
        assertEquals(IOException.class, e.getClass());
        assertEquals("the data ends inside a field at byte 2", e.getMessage());
    }

    @Test
    void anUnknownWireTypeIsMalformed() {
        byte[] bytes = {0x1E, 0};
        IOException e = assertThrows(IOException.class, () -> walk(bytes, 2, ThriftSkim.PAGE_HEADER));
        assertEquals(IOException.class, e.getClass());
        assertEquals("unknown thrift type 14 at byte 1", e.getMessage());
    }

    @Test
    void structsNestedDeeperThanThriftSkipsAreMalformed() {
        Thrift thrift = new Thrift();
        for (int i = 0; i < 70; i++) {
            thrift.begin(1);
        }
        for (int i = 0; i <= 70; i++) {
            thrift.end();
        }
        byte[] bytes = thrift.toBytes();
        IOException e = assertThrows(IOException.class, () -> walk(bytes, bytes.length, ThriftSkim.PAGE_HEADER));
        assertEquals(IOException.class, e.getClass());
        assertEquals("structs nested deeper than 64", e.getMessage());
    }

    private static void assertTooLarge(String message, byte[] bytes, ThriftSkim.Type type) {
        ThriftSkim.TooLarge e = assertThrows(ThriftSkim.TooLarge.class, () -> walk(bytes, bytes.length, type));
        assertEquals(message, e.getMessage());
    }

    private static long walk(byte[] bytes, long available, ThriftSkim.Type type) throws IOException {
        return ThriftSkim.walk(new ByteArrayInputStream(bytes), available, type, null);
    }

    private static ThriftSkim.PageFields walkPage(byte[] bytes) throws IOException {
        ThriftSkim.PageFields page = new ThriftSkim.PageFields();
        assertEquals(
                ThriftSkim.walk(new ByteArrayInputStream(bytes), bytes.length, ThriftSkim.PAGE_HEADER, page),
                page.length);
        return page;
    }

    /** type, compressed size, V1 values, V2 values, repetition and definition level lengths */
    private static List<Long> fields(ThriftSkim.PageFields page) {
        return List.of(
                page.type,
                page.compressedSize,
                page.numValues,
                page.numValuesV2,
                page.repetitionLevelsLength,
                page.definitionLevelsLength);
    }
}
