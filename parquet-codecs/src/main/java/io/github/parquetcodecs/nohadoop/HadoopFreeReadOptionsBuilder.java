package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.util.Objects;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetMetricsCallback;
import org.apache.parquet.hadoop.UnmaterializableRecordCounter;

/**
 * Builds {@link ParquetReadOptions} without Hadoop: the same settings, methods and configuration keys as {@link
 * ParquetReadOptions.Builder}, whose constructors need Hadoop, with a {@link HadoopFreeCodecFactory} instead of the
 * stock {@code CodecFactory}. Get one from {@link HadoopFreeParquet#readOptions(ParquetConfiguration)}; pass what
 * {@link #build()} returns to {@code new ParquetFileReader(InputFile, ParquetReadOptions)} or to {@link
 * HadoopFreeParquet#openReader}.
 *
 * <p>Like {@code ParquetReadOptions.Builder(conf)}, the constructor reads these keys from the configuration, with
 * stock parquet-java's defaults: {@code parquet.strings.signed-min-max.enabled}, {@code
 * parquet.filter.dictionary.enabled}, {@code parquet.filter.stats.enabled}, {@code
 * parquet.filter.record-level.enabled}, {@code parquet.filter.columnindex.enabled}, {@code
 * parquet.page.verify-checksum.enabled}, {@code parquet.filter.bloom.enabled}, {@code
 * parquet.decrypt.off-heap.buffer.enabled}, {@code parquet.hadoop.vectored.io.enabled}, {@code
 * parquet.read.allocation.size}, {@code parquet.read.bad.record.threshold}, and the record filter under {@code
 * parquet.private.read.filter.predicate} or {@code parquet.read.filter}. The configuration also becomes {@link
 * ParquetReadOptions#getConfiguration()}, which record readers pass to the {@code ReadSupport}. Its keys {@code
 * parquet.codecs.read.ahead.threads} and {@code parquet.codecs.read.ahead.bytes} ({@link #withReadAhead}) are checked
 * here.
 *
 * <p>Not thread-safe; each {@link #build()} returns independent options (the properties are copied).
 */
public final class HadoopFreeReadOptionsBuilder {
    // Same key and default as ParquetReadOptions' private ALLOCATION_SIZE constant.
    private static final String ALLOCATION_SIZE = "parquet.read.allocation.size";
    private static final int ALLOCATION_SIZE_DEFAULT = 8 * 1024 * 1024;
    private static final String SIGNED_STRING_MIN_MAX = "parquet.strings.signed-min-max.enabled";

    /** Every setting, by name; {@link #build()} hands a snapshot of them to {@link ReadOptionsConstructor}. */
    private final ReadSettings.Builder settings = new ReadSettings.Builder();

    // The ParquetInputFormat and UnmaterializableRecordCounter keys are compile-time constants: javac copies their
    // values here, so neither class (nor Hadoop, which ParquetInputFormat extends) is loaded.
    HadoopFreeReadOptionsBuilder(ParquetConfiguration conf) {
        settings.conf = Objects.requireNonNull(conf, "conf");
        settings.useSignedStringMinMax = conf.getBoolean(SIGNED_STRING_MIN_MAX, false);
        settings.useDictionaryFilter = conf.getBoolean(ParquetInputFormat.DICTIONARY_FILTERING_ENABLED, true);
        settings.useStatsFilter = conf.getBoolean(ParquetInputFormat.STATS_FILTERING_ENABLED, true);
        settings.useRecordFilter = conf.getBoolean(ParquetInputFormat.RECORD_FILTERING_ENABLED, true);
        settings.useColumnIndexFilter = conf.getBoolean(ParquetInputFormat.COLUMN_INDEX_FILTERING_ENABLED, true);
        settings.usePageChecksumVerification = conf.getBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, false);
        settings.useBloomFilter = conf.getBoolean(ParquetInputFormat.BLOOM_FILTERING_ENABLED, true);
        settings.useOffHeapDecryptBuffer = conf.getBoolean(ParquetInputFormat.OFF_HEAP_DECRYPT_BUFFER_ENABLED, false);
        // Vectored reads apply to Hadoop streams only; kept for parity. The default is the one of the parquet-java
        // version this library is compiled against.
        settings.useHadoopVectoredIo = conf.getBoolean(
                ParquetInputFormat.HADOOP_VECTORED_IO_ENABLED, ParquetInputFormat.HADOOP_VECTORED_IO_DEFAULT);
        settings.codecFactory = new HadoopFreeCodecFactory(conf);
        settings.recordFilter = ConfiguredFilter.of(conf);
        settings.metadataFilter = ParquetMetadataConverter.NO_FILTER;
        settings.allocator = new HeapByteBufferAllocator();
        settings.maxAllocationSize = conf.getInt(ALLOCATION_SIZE, ALLOCATION_SIZE_DEFAULT);
        String badRecordThreshold = conf.get(UnmaterializableRecordCounter.BAD_RECORD_THRESHOLD_CONF_KEY);
        if (badRecordThreshold != null) {
            set(UnmaterializableRecordCounter.BAD_RECORD_THRESHOLD_CONF_KEY, badRecordThreshold);
        }
        // fileDecryptionProperties and metricsCallback: none, as in ParquetReadOptions.Builder
        // the read-ahead keys are read when a file is opened (ReadAhead.of), from the properties or else this
        // configuration; a bad value fails here
        checkReadAheadKey(conf, ReadAhead.THREADS, 0, ReadAhead.MAX_THREADS);
        checkReadAheadKey(conf, ReadAhead.BYTES, ReadAhead.MIN_BYTES, ReadAhead.MAX_BYTES);
    }

    private static void checkReadAheadKey(ParquetConfiguration conf, String key, long min, long max) {
        String value = conf.get(key);
        if (value != null) {
            ReadAhead.parse(key, value, min, max);
        }
    }

    /**
     * Decompresses pages on {@code threads} threads of the reader's own ahead of the thread that reads the values
     * ({@code parquet.codecs.read.ahead.threads}; 0, the default: off). Used by {@link HadoopFreeParquet#openFile} and
     * {@link HadoopFreeParquet#openReader}; see docs/configuration.md, "Read-ahead", for where it applies and what it
     * costs. The threads end when the reader is closed, or one second after their last page.
     *
     * @throws IllegalArgumentException for fewer than 0 or more than 64 threads
     */
    public HadoopFreeReadOptionsBuilder withReadAhead(int threads) {
        return set(
                ReadAhead.THREADS,
                Long.toString(ReadAhead.parse(ReadAhead.THREADS, Integer.toString(threads), 0, ReadAhead.MAX_THREADS)));
    }

    /**
     * The most bytes of decompressed pages a reader holds ahead of the thread that reads the values ({@code
     * parquet.codecs.read.ahead.bytes}; default 32 MiB); one page per read-ahead thread may go over it.
     *
     * @throws IllegalArgumentException for less than 1 MiB or more than 1 TiB
     */
    public HadoopFreeReadOptionsBuilder withReadAheadBytes(long bytes) {
        return set(
                ReadAhead.BYTES,
                Long.toString(ReadAhead.parse(
                        ReadAhead.BYTES, Long.toString(bytes), ReadAhead.MIN_BYTES, ReadAhead.MAX_BYTES)));
    }

    public HadoopFreeReadOptionsBuilder useSignedStringMinMax(boolean useSignedStringMinMax) {
        settings.useSignedStringMinMax = useSignedStringMinMax;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useSignedStringMinMax() {
        return useSignedStringMinMax(true);
    }

    /** Row-group filtering with column statistics. */
    public HadoopFreeReadOptionsBuilder useStatsFilter(boolean useStatsFilter) {
        settings.useStatsFilter = useStatsFilter;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useStatsFilter() {
        return useStatsFilter(true);
    }

    /** Row-group filtering with dictionaries. */
    public HadoopFreeReadOptionsBuilder useDictionaryFilter(boolean useDictionaryFilter) {
        settings.useDictionaryFilter = useDictionaryFilter;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useDictionaryFilter() {
        return useDictionaryFilter(true);
    }

    /** Whether record readers apply the record filter to each record (not only to row groups and pages). */
    public HadoopFreeReadOptionsBuilder useRecordFilter(boolean useRecordFilter) {
        settings.useRecordFilter = useRecordFilter;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useRecordFilter() {
        return useRecordFilter(true);
    }

    /** Page filtering with column indexes. */
    public HadoopFreeReadOptionsBuilder useColumnIndexFilter(boolean useColumnIndexFilter) {
        settings.useColumnIndexFilter = useColumnIndexFilter;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useColumnIndexFilter() {
        return useColumnIndexFilter(true);
    }

    /** Verify the CRC of every page that has one; a mismatch fails the read. */
    public HadoopFreeReadOptionsBuilder usePageChecksumVerification(boolean usePageChecksumVerification) {
        settings.usePageChecksumVerification = usePageChecksumVerification;
        return this;
    }

    public HadoopFreeReadOptionsBuilder usePageChecksumVerification() {
        return usePageChecksumVerification(true);
    }

    /** Same as {@link #usePageChecksumVerification(boolean)}, the other name {@code ParquetReadOptions} uses. */
    public HadoopFreeReadOptionsBuilder withPageChecksumVerification(boolean usePageChecksumVerification) {
        return usePageChecksumVerification(usePageChecksumVerification);
    }

    /** Row-group filtering with bloom filters. */
    public HadoopFreeReadOptionsBuilder useBloomFilter(boolean useBloomFilter) {
        settings.useBloomFilter = useBloomFilter;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useBloomFilter() {
        return useBloomFilter(true);
    }

    public HadoopFreeReadOptionsBuilder useOffHeapDecryptBuffer(boolean useOffHeapDecryptBuffer) {
        settings.useOffHeapDecryptBuffer = useOffHeapDecryptBuffer;
        return this;
    }

    public HadoopFreeReadOptionsBuilder useOffHeapDecryptBuffer() {
        return useOffHeapDecryptBuffer(true);
    }

    /** Vectored reads, used only by Hadoop input streams; kept so that options round-trip. */
    public HadoopFreeReadOptionsBuilder withUseHadoopVectoredIo(boolean useHadoopVectoredIo) {
        settings.useHadoopVectoredIo = useHadoopVectoredIo;
        return this;
    }

    /**
     * The filter for row groups, pages and (with {@link #useRecordFilter(boolean)}) records, for example {@code
     * FilterCompat.get(FilterApi.eq(FilterApi.intColumn("x"), 7))}. Replaces any filter from the configuration.
     */
    public HadoopFreeReadOptionsBuilder withRecordFilter(FilterCompat.Filter recordFilter) {
        settings.recordFilter = recordFilter;
        return this;
    }

    /** Read only the row groups whose midpoint lies in {@code [start, end)}, as a split of a file. */
    public HadoopFreeReadOptionsBuilder withRange(long start, long end) {
        settings.metadataFilter = ParquetMetadataConverter.range(start, end);
        return this;
    }

    /** Read only the row groups starting at these offsets. */
    public HadoopFreeReadOptionsBuilder withOffsets(long... rowGroupOffsets) {
        settings.metadataFilter = ParquetMetadataConverter.offsets(rowGroupOffsets);
        return this;
    }

    public HadoopFreeReadOptionsBuilder withMetadataFilter(ParquetMetadataConverter.MetadataFilter metadataFilter) {
        settings.metadataFilter = metadataFilter;
        return this;
    }

    /**
     * The codec factory; by default a {@link HadoopFreeCodecFactory} of the builder's configuration. A stock {@code
     * CodecFactory} here would bring Hadoop back.
     */
    public HadoopFreeReadOptionsBuilder withCodecFactory(CompressionCodecFactory codecFactory) {
        settings.codecFactory = codecFactory;
        return this;
    }

    /**
     * The allocator for the buffers the reader reads column chunks and pages into; default heap buffers. With a direct
     * allocator on parquet-java 1.14 or 1.15, read through an {@code InputFile} whose stream fills direct buffers:
     * those versions' {@code LocalInputFile} calls {@code ByteBuffer.arrayOffset()} and so fails on them.
     */
    public HadoopFreeReadOptionsBuilder withAllocator(ByteBufferAllocator allocator) {
        settings.allocator = allocator;
        return this;
    }

    /** The largest buffer the reader allocates at once when it reads column chunks; default 8 MiB. */
    public HadoopFreeReadOptionsBuilder withMaxAllocationInBytes(int allocationSizeInBytes) {
        settings.maxAllocationSize = allocationSizeInBytes;
        return this;
    }

    public HadoopFreeReadOptionsBuilder withDecryption(FileDecryptionProperties fileDecryptionProperties) {
        settings.fileDecryptionProperties = fileDecryptionProperties;
        return this;
    }

    public HadoopFreeReadOptionsBuilder withMetricsCallback(ParquetMetricsCallback metricsCallback) {
        settings.metricsCallback = metricsCallback;
        return this;
    }

    /**
     * A property of the options ({@link ParquetReadOptions#getProperty(String)}). Record readers copy the properties
     * into the configuration they give the {@code ReadSupport}, for example {@code parquet.read.schema} for a
     * projection.
     */
    public HadoopFreeReadOptionsBuilder set(String key, String value) {
        settings.properties.put(key, value);
        return this;
    }

    /**
     * Copies every setting of {@code options}, its configuration and its properties. Unlike {@code
     * ParquetReadOptions.Builder.copy}, which leaves them out, this includes the column-index filter, bloom filter,
     * off-heap decrypt buffer and max allocation settings.
     */
    public HadoopFreeReadOptionsBuilder copy(ParquetReadOptions options) {
        useSignedStringMinMax(options.useSignedStringMinMax());
        useStatsFilter(options.useStatsFilter());
        useDictionaryFilter(options.useDictionaryFilter());
        useRecordFilter(options.useRecordFilter());
        useColumnIndexFilter(options.useColumnIndexFilter());
        usePageChecksumVerification(options.usePageChecksumVerification());
        useBloomFilter(options.useBloomFilter());
        useOffHeapDecryptBuffer(options.useOffHeapDecryptBuffer());
        withUseHadoopVectoredIo(options.useHadoopVectoredIo());
        withRecordFilter(options.getRecordFilter());
        withMetadataFilter(options.getMetadataFilter());
        withCodecFactory(options.getCodecFactory());
        withAllocator(options.getAllocator());
        withMaxAllocationInBytes(options.getMaxAllocationSize());
        withDecryption(options.getDecryptionProperties());
        withMetricsCallback(options.getMetricsCallback());
        settings.conf = options.getConfiguration();
        for (String name : options.getPropertyNames()) {
            set(name, options.getProperty(name));
        }
        return this;
    }

    /** The options; the codec factory is a {@link HadoopFreeCodecFactory} unless one was set. */
    public ParquetReadOptions build() {
        if (settings.codecFactory == null) {
            settings.codecFactory = new HadoopFreeCodecFactory(settings.conf);
        }
        return ReadOptionsConstructor.newOptions(settings.build());
    }
}
