package io.github.parquetcodecs.nohadoop.checks;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A small file laid out as Parquet lays one out: {@code PAR1}, column chunks one after the other (each given as its
 * bytes: page headers and pages), a footer, its length and a magic. The chunks are of columns {@code x}, {@code y},
 * ... of {@link #SCHEMA}, in one row group; the footer is given as bytes, so that it may be anything.
 */
final class ChunkFile {
    static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType("message m { required int64 x; required int64 y; required int64 z; }");

    static final ColumnDescriptor X = SCHEMA.getColumns().get(0);
    static final ColumnDescriptor Y = SCHEMA.getColumns().get(1);
    static final ColumnDescriptor Z = SCHEMA.getColumns().get(2);

    /** The file's name in messages. */
    static final String NAME = "f.parquet";

    final byte[] bytes;
    /** Where each chunk starts, and where the last ends. */
    final List<Long> starts = new ArrayList<>();

    private ChunkFile(byte[] bytes) {
        this.bytes = bytes;
    }

    /** A file of {@code chunks}, then {@code footer} under the magic {@code PAR1}. */
    static ChunkFile of(byte[] footer, byte[]... chunks) {
        return of("PAR1", footer, chunks);
    }

    static ChunkFile of(String magic, byte[] footer, byte[]... chunks) {
        List<byte[]> parts = new ArrayList<>();
        parts.add(bytes("PAR1"));
        List<Long> starts = new ArrayList<>();
        long at = 4;
        for (byte[] chunk : chunks) {
            starts.add(at);
            parts.add(chunk);
            at += chunk.length;
        }
        starts.add(at);
        parts.add(footer);
        parts.add(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(footer.length)
                .array());
        parts.add(bytes(magic));
        ChunkFile file = new ChunkFile(Thrift.concat(parts.toArray(new byte[0][])));
        file.starts.addAll(starts);
        return file;
    }

    /** Where the footer starts, after the last chunk. */
    long footerStart() {
        return starts.get(starts.size() - 1);
    }

    /** The end of the file's data: all but the footer's length and the magic. */
    long dataEnd() {
        return bytes.length - 8;
    }

    MemoryFile input() {
        return new MemoryFile(NAME, bytes);
    }

    /** The bytes of chunk {@code i}, as its metadata places it. */
    ByteArrayInputStream chunk(int i) {
        return new ByteArrayInputStream(bytes, (int) (long) starts.get(i), (int) (starts.get(i + 1) - starts.get(i)));
    }

    /**
     * The row group: chunk {@code i} of column {@code i} of {@link #SCHEMA}, of {@code values[i]} values, at where
     * it was placed and of its size.
     */
    BlockMetaData block(long... values) {
        BlockMetaData block = new BlockMetaData();
        for (int i = 0; i < values.length; i++) {
            block.addColumn(chunk(i, starts.get(i), values[i], starts.get(i + 1) - starts.get(i)));
        }
        block.setRowCount(values.length == 0 ? 0 : values[0]);
        return block;
    }

    /** The metadata of a chunk of column {@code i} of {@link #SCHEMA}. */
    @SuppressWarnings("deprecation") // the one factory all of parquet-java 1.14 to 1.18 have
    static ColumnChunkMetaData chunk(int i, long start, long values, long size) {
        return ColumnChunkMetaData.get(
                ColumnPath.get(SCHEMA.getColumns().get(i).getPath()),
                PrimitiveTypeName.INT64,
                CompressionCodecName.UNCOMPRESSED,
                Set.of(Encoding.PLAIN),
                start,
                0,
                values,
                size,
                size);
    }

    /** A V1 data page written by parquet-format: its header, then {@code size} bytes. */
    static byte[] page(int values, int size) {
        return Thrift.concat(Thrift.dataPage(values, size), new byte[size]);
    }

    /**
     * A V1 data page of 2 values in 16 bytes whose header's statistics (max, a binary) declare {@code declared} bytes,
     * none of them there: its header is 22 bytes, the declared length ends at its 19th.
     */
    static byte[] statisticsDeclaring(long declared) {
        byte[] header = new Thrift()
                .i32(1, 0)
                .i32(2, 16)
                .i32(3, 16)
                .begin(5)
                .i32(1, 2)
                .i32(2, 0)
                .i32(3, 0)
                .i32(4, 0)
                .begin(5)
                .binary(1, declared, 0)
                .end()
                .end()
                .end()
                .toBytes();
        return Thrift.concat(header, new byte[16]);
    }

    static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.US_ASCII);
    }
}
