package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Field;
import com.google.protobuf.Message;
import com.google.protobuf.Option;
import com.google.protobuf.SourceContext;
import com.google.protobuf.Syntax;
import com.google.protobuf.Type;
import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.proto.ProtoReadSupport;
import org.apache.parquet.proto.ProtoWriteSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * parquet-protobuf without Hadoop: {@link ProtoWriteSupport} and {@link ProtoReadSupport} are ordinary write and read
 * supports, so {@link HadoopFreeParquet#writer} and {@link HadoopFreeParquet#openReader} run them with no Hadoop jar
 * on the class path (this module has none), through every codec. The messages are protobuf's own {@link Type}
 * (from protobuf-java, so no generated code is needed): strings, int32, bool, two enums, repeated nested messages, an
 * optional nested message, repeated strings and {@link Any}'s bytes.
 */
class ProtobufRoundTripTest {
    private static final int ROWS = 4_000;

    @TempDir
    Path dir;

    @BeforeAll
    static void noHadoop() {
        NoHadoop.assertAbsent();
    }

    static Type message(long id) {
        SplittableRandom random = new SplittableRandom(id * 0x9E3779B97F4A7C15L);
        Type.Builder type = Type.newBuilder()
                .setName("type-" + id)
                .setSyntax(id % 2 == 0 ? Syntax.SYNTAX_PROTO2 : Syntax.SYNTAX_PROTO3);
        int fields = random.nextInt(5);
        for (int i = 0; i < fields; i++) {
            type.addFields(Field.newBuilder()
                    .setKind(Field.Kind.forNumber(1 + random.nextInt(18)))
                    .setCardinality(Field.Cardinality.forNumber(random.nextInt(4)))
                    .setNumber(1 + random.nextInt(536_870_911))
                    .setName("field_" + i + "_" + Long.toHexString(random.nextLong()))
                    .setTypeUrl(random.nextBoolean() ? "" : "type.googleapis.com/t" + random.nextInt(100))
                    .setOneofIndex(random.nextInt(3))
                    .setPacked(random.nextBoolean())
                    .setJsonName("f" + i)
                    .setDefaultValue(random.nextInt(4) == 0 ? "d" + random.nextInt() : ""));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            type.addOneofs("oneof_" + i);
        }
        if (id % 3 == 0) {
            type.setSourceContext(SourceContext.newBuilder().setFileName("dir/file_" + id + ".proto"));
        }
        if (id % 5 == 0) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            type.addOptions(Option.newBuilder()
                    .setName("option_" + id)
                    .setValue(Any.newBuilder()
                            .setTypeUrl("type.googleapis.com/google.protobuf.BytesValue")
                            .setValue(ByteString.copyFrom(bytes))));
        }
        return type.build();
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void protobufMessagesRoundTrip(CompressionCodecName codec) throws IOException {
        Path file = dir.resolve(codec + ".parquet");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        try (ParquetWriter<Type> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new ProtoWriteSupport<Type>(Type.class), conf)
                .withCompressionCodec(codec)
                .withRowGroupSize(128 * 1024L)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                writer.write(message(id));
            }
        }

        ParquetReadOptions options = HadoopFreeParquet.readOptions(conf).build();
        assertTrue(options.getCodecFactory() instanceof HadoopFreeCodecFactory, "codec factory");
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), options)) {
            assertEquals(ROWS, reader.getRecordCount());
            assertEquals(
                    Type.class.getName(),
                    reader.getFooter().getFileMetaData().getKeyValueMetaData().get("parquet.proto.class"));
            for (BlockMetaData rowGroup : reader.getFooter().getBlocks()) {
                for (ColumnChunkMetaData column : rowGroup.getColumns()) {
                    assertEquals(codec, column.getCodec(), column.getPath().toDotString());
                }
            }
        }

        int read = 0;
        try (HadoopFreeRecordReader<Type> reader =
                HadoopFreeParquet.openReader(new LocalInputFile(file), new ProtoReadSupport<Type>(), options)) {
            // Object, not Type: parquet-protobuf's record converter hands out its one reused builder, whatever its
            // type parameter says (pinned here, as docs/no-hadoop.md tells users)
            for (Object actual = reader.read(); actual != null; actual = reader.read()) {
                assertTrue(actual instanceof Message.Builder, actual.getClass().getName());
                assertEquals(message(read), built(actual), "message " + read);
                read++;
            }
        }
        assertEquals(ROWS, read);
    }

    /** What parquet-protobuf's reader returned, as a message. */
    private static Message built(Object value) {
        return value instanceof Message.Builder ? ((Message.Builder) value).build() : (Message) value;
    }

    /** The messages differ from row to row, and in every part the schema has. */
    @Test
    void messagesCoverTheSchema() {
        assertNotEquals(message(1), message(2));
        boolean options = false;
        boolean sourceContext = false;
        boolean fields = false;
        for (long id = 0; id < 30; id++) {
            Type type = message(id);
            options |= type.getOptionsCount() > 0;
            sourceContext |= type.hasSourceContext();
            fields |= type.getFieldsCount() > 1;
        }
        assertTrue(options && sourceContext && fields);
    }
}
