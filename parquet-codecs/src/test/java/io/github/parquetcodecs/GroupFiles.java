package io.github.parquetcodecs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads Parquet files into exact, comparable record descriptions, with parquet-java's example {@link Group} model. All
 * read options verify page checksums where a file has them.
 */
final class GroupFiles {
    private GroupFiles() {}

    /** Stock parquet-java: default read options, whose codec factory is Hadoop's {@code CodecFactory}. */
    static ParquetReadOptions stockOptions() {
        ParquetReadOptions options =
                ParquetReadOptions.builder().usePageChecksumVerification(true).build();
        if (options.getCodecFactory().getClass() != CodecFactory.class) {
            throw new AssertionError("stock read options use " + options.getCodecFactory());
        }
        return options;
    }

    /** Our factory, pages decompressed through {@code decompress(BytesInput, int)} (heap buffers). */
    static ParquetReadOptions ourHeapOptions(CompressionCodecFactory factory) {
        return ParquetReadOptions.builder()
                .withCodecFactory(factory)
                .usePageChecksumVerification(true)
                .build();
    }

    /**
     * Our factory, data pages decompressed through {@code decompress(ByteBuffer, int, ByteBuffer, int)} between direct
     * buffers: parquet-java takes that path when the allocator is direct and the off-heap buffer option is on.
     */
    static ParquetReadOptions ourDirectOptions(CompressionCodecFactory factory) {
        return ParquetReadOptions.builder()
                .withCodecFactory(factory)
                .withAllocator(new DirectByteBufferAllocator())
                .useOffHeapDecryptBuffer(true)
                .usePageChecksumVerification(true)
                .build();
    }

    /**
     * A reader of {@code file} with {@code options}. With a direct allocator parquet-java reads the file into direct
     * buffers, which {@code LocalInputFile} cannot fill before parquet-java 1.18; then the file is read through {@link
     * #input(InputFile)}.
     */
    static ParquetFileReader open(InputFile file, ParquetReadOptions options) throws IOException {
        return new ParquetFileReader(options.getAllocator().isDirect() ? input(file) : file, options);
    }

    /**
     * {@code file}, with streams that fill buffers of either kind and read byte arrays in one call, on every
     * parquet-java release. Before 1.18, the streams of {@code LocalInputFile} cannot fill a direct buffer (their {@code
     * readFully(ByteBuffer)} calls {@code arrayOffset()}, which a direct buffer does not support), and they have no
     * {@code read(byte[], int, int)} of their own, so {@code InputStream}'s reads byte by byte, a system call
     * each (as in {@code ParquetFileWriter.appendFile}, which copies with it).
     */
    static InputFile input(InputFile file) {
        return new InputFile() {
            @Override
            public long getLength() throws IOException {
                return file.getLength();
            }

            @Override
            public SeekableInputStream newStream() throws IOException {
                return new Input(file.newStream(), file.getLength());
            }
        };
    }

    /** The streams of {@link #input(InputFile)}: {@code in}, reading through its {@code readFully(byte[], ...)}. */
    private static final class Input extends SeekableInputStream {
        private final SeekableInputStream in;
        private final long length;

        Input(SeekableInputStream in, long length) {
            this.in = in;
            this.length = length;
        }

        @Override
        public long getPos() throws IOException {
            return in.getPos();
        }

        @Override
        public void seek(long newPos) throws IOException {
            in.seek(newPos);
        }

        @Override
        public int read() throws IOException {
            return in.read();
        }

        @Override
        public int read(byte[] bytes, int offset, int count) throws IOException {
            if (count == 0) {
                return 0;
            }
            long left = length - in.getPos();
            if (left <= 0) {
                return -1;
            }
            int read = (int) Math.min(count, left);
            in.readFully(bytes, offset, read);
            return read;
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
            in.readFully(bytes);
        }

        @Override
        public void readFully(byte[] bytes, int offset, int count) throws IOException {
            in.readFully(bytes, offset, count);
        }

        @Override
        public int read(ByteBuffer buffer) throws IOException {
            byte[] bytes = new byte[buffer.remaining()];
            int read = read(bytes, 0, bytes.length);
            if (read > 0) {
                buffer.put(bytes, 0, read);
            }
            return read;
        }

        @Override
        public void readFully(ByteBuffer buffer) throws IOException {
            byte[] bytes = new byte[buffer.remaining()];
            in.readFully(bytes);
            buffer.put(bytes);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** Every record of the file, each as {@link #describe(Group)} and as {@link Group#toString()}. */
    static List<String> readAll(InputFile file, ParquetReadOptions options) throws IOException {
        return readAll(file, options, null);
    }

    /** Every record of the projection {@code columns} (all columns when null) of the file. */
    static List<String> readAll(InputFile file, ParquetReadOptions options, MessageType columns) throws IOException {
        List<String> records = new ArrayList<>();
        try (ParquetFileReader reader = open(file, options)) {
            MessageType schema = columns != null
                    ? columns
                    : reader.getFooter().getFileMetaData().getSchema();
            reader.setRequestedSchema(schema);
            MessageColumnIO columnIO = new ColumnIOFactory().getColumnIO(schema);
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                RecordReader<Group> recordReader = columnIO.getRecordReader(rowGroup, new GroupRecordConverter(schema));
                for (long row = 0; row < rowGroup.getRowCount(); row++) {
                    Group group = recordReader.read();
                    records.add(record(group));
                }
            }
        }
        return records;
    }

    /** How {@link #readAll} shows a record: {@link #describe(Group)}, then {@link Group#toString()}. */
    static String record(Group group) {
        return describe(group) + "\n" + group;
    }

    /**
     * An exact description of a record: every field with its repetition count, integers in decimal, floating point
     * values with their raw bits, byte arrays and INT96 in hex. {@code Group.toString()} alone would hide differences
     * in non-UTF-8 binaries.
     */
    static String describe(Group group) {
        StringBuilder out = new StringBuilder();
        describe(group, out);
        return out.toString();
    }

    private static void describe(Group group, StringBuilder out) {
        GroupType type = group.getType();
        out.append('{');
        for (int field = 0; field < type.getFieldCount(); field++) {
            Type fieldType = type.getType(field);
            int count = group.getFieldRepetitionCount(field);
            out.append(fieldType.getName()).append('[').append(count).append("]=");
            for (int i = 0; i < count; i++) {
                if (i > 0) {
                    out.append(',');
                }
                if (fieldType.isPrimitive()) {
                    value(group, field, i, fieldType.asPrimitiveType(), out);
                } else {
                    describe(group.getGroup(field, i), out);
                }
            }
            out.append(';');
        }
        out.append('}');
    }

    private static void value(Group group, int field, int index, PrimitiveType type, StringBuilder out) {
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                out.append(group.getBoolean(field, index));
                break;
            case INT32:
                out.append(group.getInteger(field, index));
                break;
            case INT64:
                out.append(group.getLong(field, index));
                break;
            case FLOAT:
                float f = group.getFloat(field, index);
                out.append(f).append("/0x").append(Integer.toHexString(Float.floatToRawIntBits(f)));
                break;
            case DOUBLE:
                double d = group.getDouble(field, index);
                out.append(d).append("/0x").append(Long.toHexString(Double.doubleToRawLongBits(d)));
                break;
            case INT96:
                hex(group.getInt96(field, index), out);
                break;
            case BINARY:
            case FIXED_LEN_BYTE_ARRAY:
                hex(group.getBinary(field, index), out);
                break;
            default:
                throw new AssertionError(type);
        }
    }

    private static void hex(Binary binary, StringBuilder out) {
        out.append("0x");
        for (byte b : binary.getBytes()) {
            out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
    }
}
