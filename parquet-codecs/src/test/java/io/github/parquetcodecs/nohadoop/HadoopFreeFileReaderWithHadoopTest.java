package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HashMap;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HadoopFreeFileReader} with Hadoop on the class path (this module's tests have it): {@code getPath()} is
 * parquet-java's, and a chunk with more values than its metadata gives the same {@code IOException} as {@code new
 * ParquetFileReader}. Without Hadoop, parquet-codecs-nohadoop-tests' {@code CorruptFileTest} covers it.
 */
class HadoopFreeFileReaderWithHadoopTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int32 x; }");

    @TempDir
    Path dir;

    /** One chunk whose metadata says 3 values and whose page holds 4. */
    @SuppressWarnings("deprecation") // the writeDataPage overload every supported parquet-java has
    private static void writeCorrupt(Path file) throws IOException {
        ColumnDescriptor column = SCHEMA.getColumns().get(0);
        ByteBuffer values = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4; i++) {
            values.putInt(i);
        }
        ParquetFileWriter writer = new ParquetFileWriter(
                new LocalOutputFile(file), SCHEMA, ParquetFileWriter.Mode.CREATE, ParquetWriter.DEFAULT_BLOCK_SIZE, 0);
        writer.start();
        writer.startBlock(4);
        writer.startColumn(column, 3, CompressionCodecName.UNCOMPRESSED);
        writer.writeDataPage(
                4,
                16,
                BytesInput.from(values.array()),
                Statistics.getBuilderForReading(column.getPrimitiveType()).build(),
                Encoding.BIT_PACKED,
                Encoding.BIT_PACKED,
                Encoding.PLAIN);
        writer.endColumn();
        writer.endBlock();
        writer.end(new HashMap<>());
    }

    @Test
    @SuppressWarnings("deprecation") // getPath(), the method under test
    void withHadoopGetPathAndTheErrorAreParquetJavas() throws IOException {
        Path file = dir.resolve("corrupt.parquet");
        writeCorrupt(file);
        InputFile input = HadoopFreeParquet.localFile(file);
        String expected;
        try (ParquetFileReader stock =
                new ParquetFileReader(input, HadoopFreeParquet.readOptions().build())) {
            expected = assertThrows(IOException.class, stock::readNextRowGroup).getMessage();
        }
        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                input, HadoopFreeParquet.readOptions().build())) {
            assertEquals(new org.apache.hadoop.fs.Path(file.toString()), reader.getPath());
            IOException thrown = assertThrows(IOException.class, reader::readNextRowGroup);
            assertEquals(expected, thrown.getMessage());
            assertTrue(expected.startsWith("Expected 3 values in column chunk at " + file + " offset "), expected);
        }
    }
}
