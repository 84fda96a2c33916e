package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import io.github.parquetcodecs.nohadoop.HadoopFreeRecordReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Checks a rewritten file against its input: same schema, row groups of the same sizes (empty ones left out), the
 * input's key-value
 * metadata, and the same records, read one by one through parquet-java's example object model and compared value by
 * value (floating-point values by their bits, binary values byte for byte).
 */
final class Verifier {
    private Verifier() {}

    /** Returns the number of records compared; throws a {@link CliException} describing the first difference. */
    static long verify(Path in, Path out) throws IOException {
        return verify(in, out, in.toString(), out.toString());
    }

    /** As {@link #verify(Path, Path)}, naming the files {@code inName} and {@code outName} in errors. */
    static long verify(Path in, Path out, String inName, String outName) throws IOException {
        ParquetMetadata a = ParquetInput.footer(in);
        ParquetMetadata b = ParquetInput.footer(out);
        FileMetaData metaA = a.getFileMetaData();
        FileMetaData metaB = b.getFileMetaData();
        if (!metaA.getSchema().equals(metaB.getSchema())) {
            throw new CliException(
                    "verification failed: the schema differs:\n" + metaA.getSchema() + "\nvs\n" + metaB.getSchema());
        }
        // rewrite leaves out row groups of no rows
        List<BlockMetaData> blocksA = nonEmpty(a.getBlocks());
        List<BlockMetaData> blocksB = nonEmpty(b.getBlocks());
        if (blocksA.size() != blocksB.size()) {
            throw new CliException(
                    "verification failed: " + blocksA.size() + " row groups in, " + blocksB.size() + " out");
        }
        for (int i = 0; i < blocksA.size(); i++) {
            if (blocksA.get(i).getRowCount() != blocksB.get(i).getRowCount()) {
                throw new CliException("verification failed: row group " + i + " has "
                        + blocksA.get(i).getRowCount() + " rows in, "
                        + blocksB.get(i).getRowCount() + " out");
            }
        }
        metaA.getKeyValueMetaData().forEach((key, value) -> {
            if (!value.equals(metaB.getKeyValueMetaData().get(key))) {
                throw new CliException("verification failed: key-value metadata '" + key + "' differs");
            }
        });
        long records = 0;
        try (HadoopFreeRecordReader<Group> readerA = open(in);
                HadoopFreeRecordReader<Group> readerB = open(out)) {
            while (true) {
                Group x = read(readerA, inName, records);
                Group y = read(readerB, outName, records);
                if (x == null || y == null) {
                    if (x != y) {
                        throw new CliException("verification failed: " + (x == null ? inName : outName)
                                + " ended after " + records + " records, the other did not");
                    }
                    return records;
                }
                String difference = difference(x, y, "");
                if (difference != null) {
                    throw new CliException("verification failed: record " + records + " differs at " + difference);
                }
                records++;
            }
        }
    }

    /** The next record, or an error naming the file, the record and what failed (not a reader's object name). */
    private static Group read(HadoopFreeRecordReader<Group> reader, String name, long record) throws IOException {
        try {
            return reader.read();
        } catch (IOException | RuntimeException e) {
            Throwable cause = e;
            StringBuilder message = new StringBuilder();
            while (cause != null) {
                String text = cause.getMessage();
                if (text != null && !text.isEmpty()) {
                    // parquet-java names the file by its InputFile's toString, e.g. LocalInputFile@7857fe2
                    text = text.replaceAll("\\s*in file \\S*@[0-9a-f]+", "");
                    message.append(message.length() == 0 ? "" : ": ").append(text);
                }
                cause = cause.getCause() == cause ? null : cause.getCause();
            }
            throw new CliException(
                    "verification failed: cannot read record " + record + " of " + name + ": "
                            + (message.length() == 0 ? e.getClass().getSimpleName() : message),
                    e);
        }
    }

    private static List<BlockMetaData> nonEmpty(List<BlockMetaData> blocks) {
        List<BlockMetaData> nonEmpty = new java.util.ArrayList<>();
        for (BlockMetaData block : blocks) {
            if (block.getRowCount() > 0) {
                nonEmpty.add(block);
            }
        }
        return nonEmpty;
    }

    private static HadoopFreeRecordReader<Group> open(Path path) throws IOException {
        return HadoopFreeParquet.openReader(
                new LocalInputFile(path),
                new GroupReadSupport(),
                HadoopFreeParquet.readOptions().build());
    }

    /** Where {@code x} and {@code y} differ first, or null when they are equal. */
    static String difference(Group x, Group y, String prefix) {
        GroupType type = x.getType();
        for (int field = 0; field < type.getFieldCount(); field++) {
            Type fieldType = type.getType(field);
            String name = prefix + fieldType.getName();
            int count = x.getFieldRepetitionCount(field);
            if (count != y.getFieldRepetitionCount(field)) {
                return name + " (" + count + " values vs " + y.getFieldRepetitionCount(field) + ")";
            }
            for (int i = 0; i < count; i++) {
                String at = name + (count > 1 ? "[" + i + "]" : "");
                if (fieldType.isPrimitive()) {
                    if (!sameValue(x, y, field, i, fieldType.asPrimitiveType())) {
                        return at + " (" + x.getValueToString(field, i) + " vs " + y.getValueToString(field, i) + ")";
                    }
                } else {
                    String inner = difference(x.getGroup(field, i), y.getGroup(field, i), at + ".");
                    if (inner != null) {
                        return inner;
                    }
                }
            }
        }
        return null;
    }

    private static boolean sameValue(Group x, Group y, int field, int i, PrimitiveType type) {
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                return x.getBoolean(field, i) == y.getBoolean(field, i);
            case INT32:
                return x.getInteger(field, i) == y.getInteger(field, i);
            case INT64:
                return x.getLong(field, i) == y.getLong(field, i);
            case FLOAT:
                return Float.floatToRawIntBits(x.getFloat(field, i)) == Float.floatToRawIntBits(y.getFloat(field, i));
            case DOUBLE:
                return Double.doubleToRawLongBits(x.getDouble(field, i))
                        == Double.doubleToRawLongBits(y.getDouble(field, i));
            case INT96:
                return x.getInt96(field, i).equals(y.getInt96(field, i));
            default: // BINARY, FIXED_LEN_BYTE_ARRAY
                return x.getBinary(field, i).equals(y.getBinary(field, i));
        }
    }
}
