package io.github.parquetcodecs.nohadoop;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * Writes the corrupt files of the suite that the issue describes and the fuzzer reaches only rarely, from a corpus
 * file written here: {@code java ... CorruptFileCraft <dir>}. Run once; the files are committed under
 * src/test/resources/io/github/parquetcodecs/nohadoop/corrupt-files/.
 */
final class CorruptFileCraft {
    private CorruptFileCraft() {}

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args[0]);
        byte[] base = null;
        for (FileCorpus.File file : FileCorpus.files()) {
            if (file.name.equals("uncompressed-parquet_1_0-plain.parquet")) {
                base = file.bytes;
            }
        }
        // a row group that declares 2^31 - 9 rows: parquet-java's record reader goes on past its pages
        FileMetaData footer = footer(base);
        footer.getRow_groups().get(0).setNum_rows(Integer.MAX_VALUE - 8);
        Files.write(dir.resolve("100-row-count-2147483639.parquet"), withFooter(base, footer));
        // the same in a file of one optional column, all null: past its pages, parquet-java's column reader goes on
        // giving nulls, and the record reader 2^31 - 9 records
        byte[] allNull = written(dir, "message nulls { optional int32 x; }", 100, (group, i) -> {});
        footer = footer(allNull);
        footer.getRow_groups().get(0).setNum_rows(Integer.MAX_VALUE - 8);
        Files.write(dir.resolve("104-row-count-2147483639-all-null.parquet"), withFooter(allNull, footer));
        // a column chunk of 1 GiB in a file of kilobytes: parquet-java allocates it before reading
        footer = footer(base);
        footer.getRow_groups().get(0).getColumns().get(0).getMeta_data().setTotal_compressed_size(1L << 30);
        Files.write(dir.resolve("101-chunk-of-1-gib.parquet"), withFooter(base, footer));
        // the trailing magic of an encrypted footer, PARE: ParquetCryptoRuntimeException without keys
        byte[] pare = base.clone();
        System.arraycopy("PARE".getBytes(StandardCharsets.US_ASCII), 0, pare, pare.length - 4, 4);
        Files.write(dir.resolve("102-magic-pare.parquet"), pare);
        // the first page of the row group's last column chunk declares 2^31 - 1 bytes: parquet-java's WorkaroundChunk
        // allocates what it misses past the chunk before reading it
        footer = footer(base);
        ColumnMetaData last = footer.getRow_groups()
                .get(0)
                .getColumns()
                .get(footer.getRow_groups().get(0).getColumns().size() - 1)
                .getMeta_data();
        int at = (int)
                (last.isSetDictionary_page_offset() && last.getDictionary_page_offset() > 0
                        ? last.getDictionary_page_offset()
                        : last.getData_page_offset());
        CompactThrift.Struct header = CompactThrift.parse(base, at, base.length);
        for (CompactThrift.Token token : header.tokens) {
            if (token.depth == 0 && token.fieldId == 3) {
                byte[] size = CompactThrift.zigzag(Integer.MAX_VALUE);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(base, 0, token.offset);
                out.write(size);
                out.write(base, token.offset + token.length, base.length - token.offset - token.length);
                Files.write(dir.resolve("103-page-of-2-gib-past-the-last-chunk.parquet"), out.toByteArray());
            }
        }
        // a dictionary-encoded data page (UNCOMPRESSED, V1) whose first run of dictionary indexes has a header of
        // eight varint bytes: parquet-column's readUnsignedVarInt reads it to the end, with int shifts that wrap,
        // and its decoder allocates an int[845,569,200] for a bit-packed run of 642,567,062 groups (issue 42, found in
        // alltypes_tiny_pages.parquet with three bytes of a page changed: OutOfMemoryError)
        byte[] dictionary = written(
                dir,
                "message strings { optional binary s (UTF8); }",
                64,
                (group, i) -> group.add("s", "value-" + i % 8));
        footer = footer(dictionary);
        ColumnMetaData chunk = footer.getRow_groups().get(0).getColumns().get(0).getMeta_data();
        CompactThrift.Struct page =
                CompactThrift.parse(dictionary, (int) chunk.getData_page_offset(), dictionary.length);
        int levels = ByteBuffer.wrap(dictionary, page.end, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        // after the levels' length and bytes, the bit width (3 for 8 values), then the first run's header
        int run = page.end + 4 + levels + 1;
        byte[] longHeader = {
            (byte) 0x85, (byte) 0x80, (byte) 0xe4, (byte) 0xe4, (byte) 0xe4, (byte) 0xe5, (byte) 0xe5, 0
        };
        System.arraycopy(longHeader, 0, dictionary, run, longHeader.length);
        Files.write(dir.resolve("105-dictionary-run-header-of-8-varint-bytes.parquet"), dictionary);
    }

    /**
     * A file of {@code rows} rows of {@code schema}, each filled by {@code fill}, written by the Hadoop-free writer
     * UNCOMPRESSED with data page V1 and dictionary encoding.
     */
    private static byte[] written(
            Path dir,
            String schema,
            int rows,
            java.util.function.ObjIntConsumer<org.apache.parquet.example.data.Group> fill)
            throws IOException {
        Path file = dir.resolve("written.tmp");
        Files.deleteIfExists(file);
        org.apache.parquet.schema.MessageType type =
                org.apache.parquet.schema.MessageTypeParser.parseMessageType(schema);
        org.apache.parquet.conf.PlainParquetConfiguration conf =
                new org.apache.parquet.conf.PlainParquetConfiguration();
        conf.set(org.apache.parquet.hadoop.example.GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, type.toString());
        try (org.apache.parquet.hadoop.ParquetWriter<org.apache.parquet.example.data.Group> writer =
                HadoopFreeParquet.writer(
                                new org.apache.parquet.io.LocalOutputFile(file),
                                new org.apache.parquet.hadoop.example.GroupWriteSupport(),
                                conf)
                        .withCompressionCodec(org.apache.parquet.hadoop.metadata.CompressionCodecName.UNCOMPRESSED)
                        .withWriterVersion(org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_1_0)
                        .withDictionaryEncoding(true)
                        .build()) {
            org.apache.parquet.example.data.simple.SimpleGroupFactory groups =
                    new org.apache.parquet.example.data.simple.SimpleGroupFactory(type);
            for (int i = 0; i < rows; i++) {
                org.apache.parquet.example.data.Group group = groups.newGroup();
                fill.accept(group, i);
                writer.write(group);
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        Files.delete(file);
        return bytes;
    }

    private static FileMetaData footer(byte[] file) throws IOException {
        int length = ByteBuffer.wrap(file, file.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        return Util.readFileMetaData(new ByteArrayInputStream(file, file.length - 8 - length, length));
    }

    private static byte[] withFooter(byte[] file, FileMetaData footer) throws IOException {
        int length = ByteBuffer.wrap(file, file.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Arrays.copyOf(file, file.length - 8 - length));
        ByteArrayOutputStream thrift = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, thrift);
        out.write(thrift.toByteArray());
        out.write(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(thrift.size())
                .array());
        out.write("PAR1".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
