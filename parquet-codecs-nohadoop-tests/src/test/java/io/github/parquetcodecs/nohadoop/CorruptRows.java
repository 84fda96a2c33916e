package io.github.parquetcodecs.nohadoop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The valid file the corrupt-file suite starts from, and the ways it reads files back: each reader returns the rows it
 * read, so that a test can compare them with {@link #expected}.
 */
final class CorruptRows {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message row { required int64 id; required int64 category; required binary name (STRING); optional double score; }");
    /** Column indexes: {@code id} is plain-encoded, {@code category} and {@code name} dictionary-encoded. */
    static final int ID = 0;

    static final int CATEGORY = 1;
    static final int NAME = 2;
    static final int SCORE = 3;
    static final int ROWS = 6000;
    /** Rows per page. */
    static final int PAGE_ROWS = 100;

    private CorruptRows() {}

    /** A row as read back. */
    record Row(long id, long category, String name, Double score) {}

    static Row expected(long id) {
        return new Row(id, id % 50, "name-" + (id * 7 % 20), id % 5 == 0 ? null : id * 0.5);
    }

    static List<Row> expectedRows() {
        List<Row> rows = new ArrayList<>();
        for (long id = 0; id < ROWS; id++) {
            rows.add(expected(id));
        }
        return rows;
    }

    /** Writes the valid file: several row groups of several pages, every column dictionary-encoded. */
    static void write(Path file, CompressionCodecName codec) throws IOException {
        var conf = new org.apache.parquet.conf.PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
        SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .withRowGroupSize(8 * 1024L)
                .withPageRowCountLimit(PAGE_ROWS)
                .build()) {
            for (long id = 0; id < ROWS; id++) {
                Row row = expected(id);
                Group group = factory.newGroup()
                        .append("id", row.id())
                        .append("category", row.category())
                        .append("name", row.name());
                if (row.score() != null) {
                    group.append("score", row.score());
                }
                writer.write(group);
            }
        }
    }

    /** A way to read a whole file through one of the library's reading entry points (or stock parquet-java's). */
    enum Reader {
        /** {@code HadoopFreeParquet.openReader} with the example model. */
        GROUP_RECORDS {
            @Override
            List<Row> read(Path file, ParquetReadOptions options) throws IOException {
                List<Row> rows = new ArrayList<>();
                try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                        HadoopFreeParquet.localFile(file), new GroupReadSupport(), options)) {
                    for (Group group = reader.read(); group != null; group = reader.read()) {
                        rows.add(new Row(
                                group.getLong("id", 0),
                                group.getLong("category", 0),
                                group.getString("name", 0),
                                group.getFieldRepetitionCount("score") == 0 ? null : group.getDouble("score", 0)));
                    }
                }
                return rows;
            }
        },
        /** {@code HadoopFreeParquet.openReader} with Avro generic records. */
        AVRO_RECORDS {
            @Override
            List<Row> read(Path file, ParquetReadOptions options) throws IOException {
                List<Row> rows = new ArrayList<>();
                try (HadoopFreeRecordReader<GenericRecord> reader = HadoopFreeParquet.openReader(
                        HadoopFreeParquet.localFile(file), new AvroReadSupport<>(GenericData.get()), options)) {
                    for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
                        rows.add(new Row(
                                (Long) record.get("id"),
                                (Long) record.get("category"),
                                Objects.toString(record.get("name")),
                                (Double) record.get("score")));
                    }
                }
                return rows;
            }
        },
        /** {@code HadoopFreeParquet.openFile}: row group by row group, each column decoded on its own. */
        FILE_READER {
            @Override
            List<Row> read(Path file, ParquetReadOptions options) throws IOException {
                try (ParquetFileReader reader =
                        HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(file), options)) {
                    return readColumns(reader);
                }
            }
        },
        /** {@code HadoopFreeParquet.openFile}: row groups by index ({@code readRowGroup(int)}). */
        FILE_READER_BY_INDEX {
            @Override
            List<Row> read(Path file, ParquetReadOptions options) throws IOException {
                try (ParquetFileReader reader =
                        HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(file), options)) {
                    List<Row> rows = new ArrayList<>();
                    String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
                    for (int i = 0; i < reader.getRowGroups().size(); i++) {
                        decode(reader.readRowGroup(i), createdBy, rows);
                    }
                    return rows;
                }
            }
        },
        /** {@code new ParquetFileReader(InputFile, HadoopFreeParquet.readOptions().build())}: parquet-java's own. */
        STOCK_FILE_READER {
            @Override
            List<Row> read(Path file, ParquetReadOptions options) throws IOException {
                InputFile input = HadoopFreeParquet.localFile(file);
                try (ParquetFileReader reader = new ParquetFileReader(input, options)) {
                    return readColumns(reader);
                }
            }
        };

        abstract List<Row> read(Path file, ParquetReadOptions options) throws IOException;

        /** Whether this reader is one of the library's entry points (not parquet-java's own constructor). */
        boolean library() {
            return this != STOCK_FILE_READER;
        }
    }

    private static List<Row> readColumns(ParquetFileReader reader) throws IOException {
        List<Row> rows = new ArrayList<>();
        String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
        for (PageReadStore rowGroup = reader.readNextRowGroup();
                rowGroup != null;
                rowGroup = reader.readNextRowGroup()) {
            decode(rowGroup, createdBy, rows);
        }
        return rows;
    }

    /** Decodes every column of a row group on its own, then zips the columns into rows. */
    private static void decode(PageReadStore rowGroup, String createdBy, List<Row> rows) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(
                rowGroup, new GroupRecordConverter(SCHEMA).getRootConverter(), SCHEMA, createdBy);
        int count = Math.toIntExact(rowGroup.getRowCount());
        long[] ids = new long[count];
        long[] categories = new long[count];
        String[] names = new String[count];
        Double[] scores = new Double[count];
        for (ColumnDescriptor column : SCHEMA.getColumns()) {
            ColumnReader reader = store.getColumnReader(column);
            String name = column.getPath()[0];
            for (int i = 0; i < count; i++) {
                boolean present = reader.getCurrentDefinitionLevel() == column.getMaxDefinitionLevel();
                switch (name) {
                    case "id" -> ids[i] = reader.getLong();
                    case "category" -> categories[i] = reader.getLong();
                    case "name" -> names[i] = reader.getBinary().toStringUsingUTF8();
                    case "score" -> scores[i] = present ? reader.getDouble() : null;
                    default -> throw new AssertionError(name);
                }
                reader.consume();
            }
        }
        for (int i = 0; i < count; i++) {
            rows.add(new Row(ids[i], categories[i], names[i], scores[i]));
        }
    }
}
