package io.github.parquetcodecs;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Java side of the interoperability tests: writes {@link InteropDataset} through stock parquet-java with a {@link
 * HadoopFreeCodecFactory}, and reads any Parquet file back through parquet-java with one, recording the values and
 * what the file holds (codecs, row groups, page kinds and sizes).
 */
final class InteropParquet {
    private InteropParquet() {}

    /** Page size threshold: the long-string column's pages reach it, so they are over 1 MiB. */
    static final int PAGE_SIZE = 1280 * 1024;

    /** Row group size threshold: about 3 row groups for the data set (compressed pages count less). */
    static final long ROW_GROUP_SIZE = 3L * 1024 * 1024 / 2;

    enum PageVersion {
        V1,
        V2
    }

    static MessageType schema(InteropDataset data) {
        Types.MessageTypeBuilder builder = Types.buildMessage();
        for (InteropDataset.Column column : data.columns) {
            Type.Repetition repetition = column.required ? Type.Repetition.REQUIRED : Type.Repetition.OPTIONAL;
            switch (column.type) {
                case INT32:
                    builder.primitive(PrimitiveTypeName.INT32, repetition).named(column.name);
                    break;
                case INT64:
                    builder.primitive(PrimitiveTypeName.INT64, repetition).named(column.name);
                    break;
                case FLOAT:
                    builder.primitive(PrimitiveTypeName.FLOAT, repetition).named(column.name);
                    break;
                case DOUBLE:
                    builder.primitive(PrimitiveTypeName.DOUBLE, repetition).named(column.name);
                    break;
                case BOOLEAN:
                    builder.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(column.name);
                    break;
                case STRING:
                    builder.primitive(PrimitiveTypeName.BINARY, repetition)
                            .as(LogicalTypeAnnotation.stringType())
                            .named(column.name);
                    break;
                default:
                    throw new AssertionError(column.type);
            }
        }
        return builder.named("interop");
    }

    /**
     * Writes {@code data} with stock parquet-java's {@code ParquetWriter} and {@code factory}, or with parquet-java's
     * own Hadoop codecs when {@code factory} is null.
     */
    static void write(
            InteropDataset data,
            Path file,
            CompressionCodecName codec,
            PageVersion version,
            int pageSize,
            CompressionCodecFactory factory)
            throws IOException {
        MessageType schema = schema(data);
        ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(schema)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCompressionCodec(codec)
                .withWriterVersion(version == PageVersion.V1 ? WriterVersion.PARQUET_1_0 : WriterVersion.PARQUET_2_0)
                .withPageSize(pageSize)
                .withPageRowCountLimit(Integer.MAX_VALUE)
                .withRowGroupSize(ROW_GROUP_SIZE)
                .withDictionaryEncoding(true);
        if (factory != null) {
            builder.withConf(new PlainParquetConfiguration()).withCodecFactory(factory);
        }
        for (InteropDataset.Column column : data.columns) {
            builder.withDictionaryEncoding(column.name, column.dictionary);
        }
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> writer = builder.build()) {
            for (int row = 0; row < data.rows; row++) {
                Group group = groups.newGroup();
                for (InteropDataset.Column column : data.columns) {
                    Object value = column.values.get(row);
                    if (value == null) {
                        continue;
                    }
                    switch (column.type) {
                        case INT32:
                            group.add(column.name, (Integer) value);
                            break;
                        case INT64:
                            group.add(column.name, (Long) value);
                            break;
                        case FLOAT:
                            group.add(column.name, (Float) value);
                            break;
                        case DOUBLE:
                            group.add(column.name, (Double) value);
                            break;
                        case BOOLEAN:
                            group.add(column.name, (Boolean) value);
                            break;
                        case STRING:
                            group.add(column.name, Binary.fromString((String) value));
                            break;
                        default:
                            throw new AssertionError(column.type);
                    }
                }
                writer.write(group);
            }
        }
    }

    /** The pages of one column chunk. */
    static final class ChunkPages {
        final String column;
        final CompressionCodecName codec;
        final Set<Encoding> encodings;
        int dictionaryPages;
        int v1Pages;
        int v2Pages;
        /** Data pages whose values are dictionary indices (RLE_DICTIONARY or PLAIN_DICTIONARY). */
        int dictionaryEncodedPages;
        /** Data pages whose values are not dictionary indices. */
        int otherEncodedPages;

        /** The largest data page, uncompressed, as its header says. */
        int maxUncompressedPage;

        ChunkPages(String column, CompressionCodecName codec, Set<Encoding> encodings) {
            this.column = column;
            this.codec = codec;
            this.encodings = encodings;
        }
    }

    /** What a file holds and the values read from it. */
    static final class FileContents {
        final List<List<ChunkPages>> rowGroups = new ArrayList<>();
        final Map<String, PrimitiveTypeName> physicalTypes = new LinkedHashMap<>();
        final Map<String, List<Object>> values = new LinkedHashMap<>();
        long rows;

        Set<CompressionCodecName> codecs() {
            Set<CompressionCodecName> codecs = EnumSet.noneOf(CompressionCodecName.class);
            rowGroups.forEach(group -> group.forEach(chunk -> codecs.add(chunk.codec)));
            return codecs;
        }

        Set<PageVersion> dataPageVersions() {
            Set<PageVersion> versions = EnumSet.noneOf(PageVersion.class);
            for (List<ChunkPages> group : rowGroups) {
                for (ChunkPages chunk : group) {
                    if (chunk.v1Pages > 0) {
                        versions.add(PageVersion.V1);
                    }
                    if (chunk.v2Pages > 0) {
                        versions.add(PageVersion.V2);
                    }
                }
            }
            return versions;
        }

        int maxUncompressedPage() {
            return rowGroups.stream()
                    .flatMap(List::stream)
                    .mapToInt(c -> c.maxUncompressedPage)
                    .max()
                    .orElse(0);
        }

        int pages(java.util.function.ToIntFunction<ChunkPages> count) {
            return rowGroups.stream().flatMap(List::stream).mapToInt(count).sum();
        }

        /** A one-line summary, for the report. */
        String summary() {
            Map<String, Set<String>> encodings = new LinkedHashMap<>();
            for (List<ChunkPages> group : rowGroups) {
                for (ChunkPages chunk : group) {
                    Set<String> names = encodings.computeIfAbsent(chunk.column, k -> new TreeSet<>());
                    chunk.encodings.forEach(e -> names.add(e.name()));
                }
            }
            return String.format(
                    "%d rows, %d row groups, codecs %s, pages: %d dictionary, %d V1, %d V2 (%d dictionary-encoded,"
                            + " %d not), largest %.2f MiB uncompressed",
                    rows,
                    rowGroups.size(),
                    codecs(),
                    pages(c -> c.dictionaryPages),
                    pages(c -> c.v1Pages),
                    pages(c -> c.v2Pages),
                    pages(c -> c.dictionaryEncodedPages),
                    pages(c -> c.otherEncodedPages),
                    maxUncompressedPage() / (1024.0 * 1024.0));
        }
    }

    /**
     * Reads {@code file} through parquet-java with {@code factory}, opened with {@link HadoopFreeParquet#openFile} so that
     * the corrupt-file checks run on every file the other engines write: every page header of every column chunk, then
     * every value. Columns are read by name and their values converted to the Java types of {@link InteropDataset}.
     */
    static FileContents read(Path file, CompressionCodecFactory factory) throws IOException {
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(factory)
                .build();
        FileContents contents = new FileContents();
        try (ParquetFileReader reader = HadoopFreeParquet.openFile(new LocalInputFile(file), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            for (Type field : schema.getFields()) {
                contents.physicalTypes.put(
                        field.getName(), field.asPrimitiveType().getPrimitiveTypeName());
                contents.values.put(field.getName(), new ArrayList<>());
            }
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            MessageColumnIO columnIO = new ColumnIOFactory().getColumnIO(schema);
            for (int b = 0; b < blocks.size(); b++) {
                BlockMetaData block = blocks.get(b);
                // pass 1: the pages
                PageReadStore pages = reader.readRowGroup(b);
                List<ChunkPages> chunks = new ArrayList<>();
                for (ColumnChunkMetaData meta : block.getColumns()) {
                    ColumnDescriptor descriptor =
                            schema.getColumnDescription(meta.getPath().toArray());
                    ChunkPages chunk = new ChunkPages(
                            meta.getPath().toDotString(), meta.getCodec(), EnumSet.copyOf(meta.getEncodings()));
                    inspect(pages.getPageReader(descriptor), chunk);
                    chunks.add(chunk);
                }
                contents.rowGroups.add(chunks);
                // pass 2: the values
                pages = reader.readRowGroup(b);
                RecordReader<Group> records = columnIO.getRecordReader(pages, new GroupRecordConverter(schema));
                for (long row = 0; row < pages.getRowCount(); row++) {
                    Group group = records.read();
                    for (Type field : schema.getFields()) {
                        contents.values.get(field.getName()).add(value(group, field));
                    }
                }
                contents.rows += pages.getRowCount();
            }
        }
        return contents;
    }

    private static void inspect(PageReader reader, ChunkPages chunk) throws IOException {
        DictionaryPage dictionary = reader.readDictionaryPage();
        if (dictionary != null) {
            chunk.dictionaryPages++;
            dictionary.getBytes().toByteArray(); // force decompression
        }
        DataPage page;
        while ((page = reader.readPage()) != null) {
            Encoding encoding;
            if (page instanceof DataPageV1) {
                chunk.v1Pages++;
                encoding = ((DataPageV1) page).getValueEncoding();
                ((DataPageV1) page).getBytes().toByteArray(); // force decompression
            } else {
                chunk.v2Pages++;
                encoding = ((DataPageV2) page).getDataEncoding();
                ((DataPageV2) page).getData().toByteArray();
            }
            if (encoding.usesDictionary()) {
                chunk.dictionaryEncodedPages++;
            } else {
                chunk.otherEncodedPages++;
            }
            chunk.maxUncompressedPage = Math.max(chunk.maxUncompressedPage, page.getUncompressedSize());
        }
    }

    private static Object value(Group group, Type field) {
        String name = field.getName();
        if (group.getFieldRepetitionCount(name) == 0) {
            return null;
        }
        switch (field.asPrimitiveType().getPrimitiveTypeName()) {
            case INT32:
                return group.getInteger(name, 0);
            case INT64:
                return group.getLong(name, 0);
            case FLOAT:
                return group.getFloat(name, 0);
            case DOUBLE:
                return group.getDouble(name, 0);
            case BOOLEAN:
                return group.getBoolean(name, 0);
            case BINARY:
                return group.getBinary(name, 0).toStringUsingUTF8();
            default:
                throw new AssertionError(name + ": unexpected type " + field);
        }
    }

    /** The Parquet physical type the data set's column type maps to. */
    static PrimitiveTypeName physicalType(InteropDataset.Type type) {
        switch (type) {
            case INT32:
                return PrimitiveTypeName.INT32;
            case INT64:
                return PrimitiveTypeName.INT64;
            case FLOAT:
                return PrimitiveTypeName.FLOAT;
            case DOUBLE:
                return PrimitiveTypeName.DOUBLE;
            case BOOLEAN:
                return PrimitiveTypeName.BOOLEAN;
            case STRING:
                return PrimitiveTypeName.BINARY;
            default:
                throw new AssertionError(type);
        }
    }

    /**
     * Wraps a factory and counts the pages its compressors and decompressors handle, per codec, to prove that
     * parquet-java went through it (Hadoop's codecs are on the test class path too).
     */
    static final class CountingFactory implements CompressionCodecFactory {
        final HadoopFreeCodecFactory delegate;
        final Map<CompressionCodecName, AtomicLong> compressed = new EnumMap<>(CompressionCodecName.class);
        final Map<CompressionCodecName, AtomicLong> decompressed = new EnumMap<>(CompressionCodecName.class);

        CountingFactory(HadoopFreeCodecFactory delegate) {
            this.delegate = delegate;
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                compressed.put(codec, new AtomicLong());
                decompressed.put(codec, new AtomicLong());
            }
        }

        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return counting(delegate.getCompressor(codec), compressed.get(codec));
        }

        // no @Override: parquet-java 1.14 has no getCompressor(codec, level)
        public BytesInputCompressor getCompressor(CompressionCodecName codec, int level) {
            return counting(delegate.getCompressor(codec, level), compressed.get(codec));
        }

        private static BytesInputCompressor counting(BytesInputCompressor compressor, AtomicLong count) {
            return new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) throws IOException {
                    count.incrementAndGet();
                    return compressor.compress(bytes);
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return compressor.getCodecName();
                }

                @Override
                public void release() {
                    compressor.release();
                }
            };
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            BytesInputDecompressor decompressor = delegate.getDecompressor(codec);
            AtomicLong count = decompressed.get(codec);
            return new BytesInputDecompressor() {
                @Override
                public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                    count.incrementAndGet();
                    return decompressor.decompress(bytes, uncompressedSize);
                }

                @Override
                public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                        throws IOException {
                    count.incrementAndGet();
                    decompressor.decompress(input, compressedSize, output, uncompressedSize);
                }

                @Override
                public void release() {
                    decompressor.release();
                }
            };
        }

        @Override
        public void release() {
            delegate.release();
        }
    }
}
