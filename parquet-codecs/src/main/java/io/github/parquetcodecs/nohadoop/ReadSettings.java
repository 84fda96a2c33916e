package io.github.parquetcodecs.nohadoop;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetMetricsCallback;

/**
 * Every setting of a {@link ParquetReadOptions}, each under its own name (the name of the {@code ParquetReadOptions}
 * field it becomes): what {@link HadoopFreeReadOptionsBuilder} fills in through a {@link Builder}, and what {@link
 * ReadOptionsConstructor} hands to {@code ParquetReadOptions}' constructor. Immutable: no setting changes once built
 * (the objects it holds, such as the configuration, are shared, as in {@code ParquetReadOptions}).
 */
final class ReadSettings {
    final boolean useSignedStringMinMax;
    final boolean useStatsFilter;
    final boolean useDictionaryFilter;
    final boolean useRecordFilter;
    final boolean useColumnIndexFilter;
    final boolean usePageChecksumVerification;
    final boolean useBloomFilter;
    final boolean useOffHeapDecryptBuffer;
    final boolean useHadoopVectoredIo;
    final FilterCompat.Filter recordFilter;
    final ParquetMetadataConverter.MetadataFilter metadataFilter;
    final CompressionCodecFactory codecFactory;
    final ByteBufferAllocator allocator;
    final int maxAllocationSize;
    final Map<String, String> properties; // an unmodifiable copy
    final FileDecryptionProperties fileDecryptionProperties;
    final ParquetMetricsCallback metricsCallback;
    final ParquetConfiguration conf;

    private ReadSettings(Builder builder) {
        useSignedStringMinMax = builder.useSignedStringMinMax;
        useStatsFilter = builder.useStatsFilter;
        useDictionaryFilter = builder.useDictionaryFilter;
        useRecordFilter = builder.useRecordFilter;
        useColumnIndexFilter = builder.useColumnIndexFilter;
        usePageChecksumVerification = builder.usePageChecksumVerification;
        useBloomFilter = builder.useBloomFilter;
        useOffHeapDecryptBuffer = builder.useOffHeapDecryptBuffer;
        useHadoopVectoredIo = builder.useHadoopVectoredIo;
        recordFilter = builder.recordFilter;
        metadataFilter = builder.metadataFilter;
        codecFactory = builder.codecFactory;
        allocator = builder.allocator;
        maxAllocationSize = builder.maxAllocationSize;
        properties = Collections.unmodifiableMap(new HashMap<>(builder.properties));
        fileDecryptionProperties = builder.fileDecryptionProperties;
        metricsCallback = builder.metricsCallback;
        conf = builder.conf;
    }

    /**
     * The settings while they are being chosen, under the same names. It has no defaults of its own: {@link
     * HadoopFreeReadOptionsBuilder}'s constructor sets every one. Not thread-safe.
     */
    static final class Builder {
        boolean useSignedStringMinMax;
        boolean useStatsFilter;
        boolean useDictionaryFilter;
        boolean useRecordFilter;
        boolean useColumnIndexFilter;
        boolean usePageChecksumVerification;
        boolean useBloomFilter;
        boolean useOffHeapDecryptBuffer;
        boolean useHadoopVectoredIo;
        FilterCompat.Filter recordFilter;
        ParquetMetadataConverter.MetadataFilter metadataFilter;
        CompressionCodecFactory codecFactory;
        ByteBufferAllocator allocator;
        int maxAllocationSize;
        final Map<String, String> properties = new HashMap<>();
        FileDecryptionProperties fileDecryptionProperties;
        ParquetMetricsCallback metricsCallback;
        ParquetConfiguration conf;

        /** The settings as they are now; later changes to this builder do not reach them. */
        ReadSettings build() {
            return new ReadSettings(this);
        }
    }
}
