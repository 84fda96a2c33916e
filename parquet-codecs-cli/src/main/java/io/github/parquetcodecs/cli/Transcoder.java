package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Rewrites a file with other codecs page by page: each page is decompressed (by this library, with the codec it was
 * written with) and compressed again, and written with the same header fields through parquet-java's {@code
 * ParquetFileWriter}. Records are never decoded. Schema, key-value metadata, row group boundaries, page boundaries and
 * encodings, dictionary pages, page statistics (from the page headers, or from the column index when the headers have
 * none), column and offset indexes (rebuilt by the writer from those statistics and the pages' row counts), column
 * chunk statistics and bloom filters are kept.
 *
 * <p>parquet-java writes some schema elements otherwise than the input has them (a logical type added to a column
 * with only a legacy converted type, the root's repetition dropped); {@link Footers#keepSchema} puts the input's
 * elements back into the footer, so that readers see the input's schema.
 *
 * <p>Why not parquet-java's own {@code ParquetRewriter}: in parquet-java 1.18.1 it cannot run without Hadoop, even over
 * {@code InputFile}/{@code OutputFile}: its constructor builds {@code ParquetReadOptions.builder(conf)}, which creates a
 * stock {@code CodecFactory} with a Hadoop {@code Configuration}, and it compresses through {@code
 * HadoopCodecs.newFactory}, with no way to pass another codec factory or per-column codecs ({@code
 * ParquetRewriterNeedsHadoopTest} checks this, so a parquet-java that changes it is noticed).
 */
final class Transcoder {
    /** The key parquet-java's ParquetRewriter uses for the writer of the input file. */
    static final String ORIGINAL_CREATED_BY = "original.created.by";

    private Transcoder() {}

    /** What a rewrite did. */
    static final class Outcome {
        long rows;
        int rowGroups;
        int pages;
        int columnsWithoutPageStatistics;
        /** Row groups of no rows in the input, not written. */
        int emptyRowGroupsDropped;
        /** Schema elements parquet-java wrote otherwise than the input has them, restored in the footer. */
        int schemaElementsRestored;

        Map<String, Variant> codecs = new LinkedHashMap<>();
    }

    /**
     * Rewrites {@code in} into {@code out}; {@code codecFor} gives each column path's codec and level (null: keep the
     * column's codec at its default level).
     */
    static Outcome rewrite(Path in, Path out, java.util.function.Function<String, Variant> codecFor, boolean overwrite)
            throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        Outcome outcome = new Outcome();
        try (ParquetFileReader reader = ParquetInput.open(in)) {
            FileMetaData meta = reader.getFooter().getFileMetaData();
            if (meta.getEncryptionType() != FileMetaData.EncryptionType.UNENCRYPTED) {
                throw new CliException(in + ": the file has encrypted columns; encrypted files are not supported");
            }
            MessageType schema = meta.getSchema();
            ParquetFileWriter writer = newWriter(
                    new LocalOutputFile(out),
                    schema,
                    overwrite ? ParquetFileWriter.Mode.OVERWRITE : ParquetFileWriter.Mode.CREATE);
            writer.start();
            List<BlockMetaData> blocks = reader.getRowGroups();
            for (BlockMetaData block : blocks) {
                if (block.getRowCount() == 0) {
                    // parquet-java's reader skips empty row groups, and an empty one holds nothing to keep
                    outcome.emptyRowGroupsDropped++;
                    continue;
                }
                PageReadStore store = reader.readNextRowGroup();
                if (store == null) {
                    throw new IOException("row group " + outcome.rowGroups + " could not be read");
                }
                writer.startBlock(block.getRowCount());
                for (ColumnChunkMetaData chunk : block.getColumns()) {
                    String path = chunk.getPath().toDotString();
                    Variant variant = codecFor.apply(path);
                    if (variant == null) {
                        variant = Variant.defaultOf(chunk.getCodec());
                    }
                    outcome.codecs.putIfAbsent(path, variant);
                    BytesInputCompressor compressor = variant.level == null
                            ? factory.getCompressor(variant.codec)
                            : factory.getCompressor(variant.codec, variant.level);
                    ColumnDescriptor descriptor =
                            schema.getColumnDescription(chunk.getPath().toArray());
                    copyChunk(reader, store, block, chunk, descriptor, compressor, writer, outcome);
                    BloomFilter bloomFilter = reader.readBloomFilter(chunk);
                    if (bloomFilter != null) {
                        writer.addBloomFilter(path, bloomFilter);
                    }
                }
                writer.endBlock();
                outcome.rows += block.getRowCount();
                outcome.rowGroups++;
            }
            Map<String, String> keyValue = new LinkedHashMap<>(meta.getKeyValueMetaData());
            if (meta.getCreatedBy() != null) {
                keyValue.putIfAbsent(ORIGINAL_CREATED_BY, meta.getCreatedBy());
            }
            writer.end(keyValue);
        } finally {
            factory.release();
        }
        outcome.schemaElementsRestored = Footers.keepSchema(in, out);
        return outcome;
    }

    private static void copyChunk(
            ParquetFileReader reader,
            PageReadStore store,
            BlockMetaData block,
            ColumnChunkMetaData chunk,
            ColumnDescriptor descriptor,
            BytesInputCompressor compressor,
            ParquetFileWriter writer,
            Outcome outcome)
            throws IOException {
        PageReader pages = store.getPageReader(descriptor);
        ColumnIndex columnIndex = reader.readColumnIndex(chunk);
        OffsetIndex offsetIndex = reader.readOffsetIndex(chunk);
        writer.startColumn(descriptor, chunk.getValueCount(), compressor.getCodecName());
        DictionaryPage dictionary = pages.readDictionaryPage();
        if (dictionary != null) {
            writer.writeDictionaryPage(new DictionaryPage(
                    compressor.compress(dictionary.getBytes()),
                    dictionary.getUncompressedSize(),
                    dictionary.getDictionarySize(),
                    dictionary.getEncoding()));
            outcome.pages++;
        }
        boolean statisticsMissing = false;
        int ordinal = 0;
        for (DataPage page = pages.readPage(); page != null; page = pages.readPage(), ordinal++) {
            Statistics<?> statistics = statistics(page, descriptor, columnIndex, ordinal);
            if (statistics == null) {
                statisticsMissing = true;
                statistics = Statistics.createStats(descriptor.getPrimitiveType());
            }
            if (page instanceof DataPageV1) {
                DataPageV1 v1 = (DataPageV1) page;
                BytesInput bytes = v1.getBytes();
                long rows = rows(v1, descriptor, offsetIndex, ordinal, block.getRowCount());
                writer.writeDataPage(
                        v1.getValueCount(),
                        Math.toIntExact(bytes.size()),
                        compressor.compress(bytes),
                        statistics,
                        rows,
                        v1.getRlEncoding(),
                        v1.getDlEncoding(),
                        v1.getValueEncoding());
            } else {
                DataPageV2 v2 = (DataPageV2) page;
                BytesInput data = v2.getData();
                writer.writeDataPageV2(
                        v2.getRowCount(),
                        v2.getNullCount(),
                        v2.getValueCount(),
                        v2.getRepetitionLevels(),
                        v2.getDefinitionLevels(),
                        v2.getDataEncoding(),
                        compressor.compress(data),
                        Math.toIntExact(data.size()),
                        statistics);
            }
            outcome.pages++;
        }
        if (statisticsMissing) {
            // Some page has no statistics anywhere: the column index the writer would build would call it a page of
            // nulls. Keep the input's chunk statistics and leave the column index out, as parquet-java's rewriter does.
            writer.invalidateStatistics(chunk.getStatistics());
            outcome.columnsWithoutPageStatistics++;
        }
        writer.endColumn();
    }

    /** The page's statistics from its header, else from the column index; null when neither has them. */
    private static Statistics<?> statistics(
            DataPage page, ColumnDescriptor descriptor, ColumnIndex columnIndex, int ordinal) {
        Statistics<?> header =
                page instanceof DataPageV1 ? ((DataPageV1) page).getStatistics() : ((DataPageV2) page).getStatistics();
        // statistics without min and max are complete only for a page of nulls (parquet-java drops a min or max it
        // cannot trust, NaN for example): a column index built from them would call the page all nulls
        if (header != null
                && !header.isEmpty()
                && (header.hasNonNullValue() || header.getNumNulls() == page.getValueCount())) {
            return header;
        }
        if (columnIndex == null || ordinal >= columnIndex.getNullPages().size()) {
            return null;
        }
        Statistics.Builder builder = Statistics.getBuilderForReading(descriptor.getPrimitiveType());
        List<Long> nullCounts = columnIndex.getNullCounts();
        if (nullCounts == null) {
            return null;
        }
        builder.withNumNulls(nullCounts.get(ordinal));
        if (!columnIndex.getNullPages().get(ordinal)) {
            builder.withMin(bytes(columnIndex.getMinValues().get(ordinal)));
            builder.withMax(bytes(columnIndex.getMaxValues().get(ordinal)));
        }
        return builder.build();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    /** Rows in a V1 page: from the offset index, else the values of a flat column, else its repetition levels. */
    private static long rows(
            DataPageV1 page, ColumnDescriptor descriptor, OffsetIndex offsetIndex, int ordinal, long rowGroupRows)
            throws IOException {
        if (offsetIndex != null && ordinal < offsetIndex.getPageCount()) {
            long next =
                    ordinal + 1 < offsetIndex.getPageCount() ? offsetIndex.getFirstRowIndex(ordinal + 1) : rowGroupRows;
            return next - offsetIndex.getFirstRowIndex(ordinal);
        }
        if (descriptor.getMaxRepetitionLevel() == 0) {
            return page.getValueCount();
        }
        ValuesReader levels = page.getRlEncoding().getValuesReader(descriptor, ValuesType.REPETITION_LEVEL);
        levels.initFromPage(
                page.getValueCount(), ByteBufferInputStream.wrap(page.getBytes().toByteBuffer()));
        long rows = 0;
        for (int i = 0; i < page.getValueCount(); i++) {
            if (levels.readInteger() == 0) {
                rows++;
            }
        }
        return rows;
    }

    /**
     * {@code new ParquetFileWriter(file, schema, mode, rowGroupSize, maxPaddingSize, encryption, properties)}, through a
     * method handle. javac cannot pick among ParquetFileWriter's constructors without Hadoop's {@code Configuration} on
     * the compile class path (some overloads take one), and {@code Class.getConstructor} loads the parameter types of
     * every constructor, so it fails without Hadoop too. A method handle is resolved by the JVM from this one
     * constructor's descriptor, as the {@code new} in parquet-java's own ParquetWriter is; the constructor loads no
     * Hadoop class. Row group size: parquet-java's default, used only for padding, which is off (0).
     */
    static ParquetFileWriter newWriter(OutputFile file, MessageType schema, ParquetFileWriter.Mode mode)
            throws IOException {
        MethodHandle constructor;
        try {
            constructor = MethodHandles.publicLookup()
                    .findConstructor(
                            ParquetFileWriter.class,
                            MethodType.methodType(
                                    void.class,
                                    OutputFile.class,
                                    MessageType.class,
                                    ParquetFileWriter.Mode.class,
                                    long.class,
                                    int.class,
                                    FileEncryptionProperties.class,
                                    ParquetProperties.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "this parquet-java has no ParquetFileWriter(OutputFile, MessageType, Mode, long, int,"
                            + " FileEncryptionProperties, ParquetProperties)",
                    e);
        }
        try {
            return (ParquetFileWriter) constructor.invoke(
                    file,
                    schema,
                    mode,
                    128L * 1024 * 1024,
                    0,
                    (FileEncryptionProperties) null,
                    ParquetProperties.builder().build());
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
    }
}
