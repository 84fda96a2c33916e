package io.github.parquetcodecs.nohadoop;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
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
 * Creates {@link ParquetReadOptions} without going through {@link ParquetReadOptions.Builder}, which cannot be used
 * without Hadoop.
 *
 * <p><b>Why reflection.</b> This is the one place where the library reaches a non-public member, because no compiled call works
 * on every supported parquet-java version (1.14.4 to 1.18.1; their {@code ParquetReadOptions} sources are identical
 * apart from one default):
 *
 * <ul>
 *   <li>Both public {@code Builder} constructors need Hadoop: {@code Builder()} creates a {@code
 *       HadoopParquetConfiguration} (which wraps {@code org.apache.hadoop.conf.Configuration}), and {@code
 *       Builder(ParquetConfiguration)} creates a stock {@code CodecFactory} (which converts the configuration to a
 *       Hadoop one) and calls {@code ParquetInputFormat.getFilter}, whose class extends Hadoop's {@code
 *       FileInputFormat}. A subclass of {@code Builder} must call one of them, so overriding {@code build()} does not
 *       help: the subclass fails with {@code NoClassDefFoundError} before {@code build()} runs.
 *   <li>The {@code ParquetReadOptions} constructors, and so a subclass of it, are package-private. A helper class in
 *       package {@code org.apache.parquet} inside this jar would compile, but it belongs to parquet-java's package
 *       only when both are defined by the same class loader: with parquet-java in a parent loader and this library in
 *       a child one (an application server, a plugin or a child-first job class loader), the call fails at run time
 *       with {@code IllegalAccessError}.
 * </ul>
 *
 * Reflection on the package-private 18-argument constructor (the one that takes the {@link ParquetConfiguration})
 * works whatever loads the two jars. (parquet-java cannot run on the module path: parquet-common and parquet-hadoop
 * both contain package {@code org.apache.parquet}.) The constructor is looked up with class literals, so relocating
 * parquet-java with a shading plugin relocates the lookup too, and {@code getDeclaredConstructor} resolves only
 * parquet classes: no constructor of {@code ParquetReadOptions} takes a Hadoop type. Its signature is the same in
 * every supported version; if a future version changes it, {@link #newOptions} fails with a message saying so, the
 * first time read options are built.
 */
final class ReadOptionsConstructor {
    private static final Constructor<ParquetReadOptions> CONSTRUCTOR;
    private static final RuntimeException LOOKUP_FAILURE;

    static {
        Constructor<ParquetReadOptions> constructor = null;
        RuntimeException failure = null;
        try {
            constructor = ParquetReadOptions.class.getDeclaredConstructor(
                    boolean.class, // useSignedStringMinMax
                    boolean.class, // useStatsFilter
                    boolean.class, // useDictionaryFilter
                    boolean.class, // useRecordFilter
                    boolean.class, // useColumnIndexFilter
                    boolean.class, // usePageChecksumVerification
                    boolean.class, // useBloomFilter
                    boolean.class, // useOffHeapDecryptBuffer
                    boolean.class, // useHadoopVectoredIo
                    FilterCompat.Filter.class,
                    ParquetMetadataConverter.MetadataFilter.class,
                    CompressionCodecFactory.class,
                    ByteBufferAllocator.class,
                    int.class, // maxAllocationSize
                    Map.class, // properties
                    FileDecryptionProperties.class,
                    ParquetMetricsCallback.class,
                    ParquetConfiguration.class);
            constructor.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            constructor = null;
            failure = new UnsupportedOperationException(
                    "This parquet-java version has no ParquetReadOptions constructor with the signature of "
                            + "parquet-java 1.14.4 to 1.18.1, which io.github.parquetcodecs needs to build read "
                            + "options without Hadoop (parquet-hadoop "
                            + ParquetReadOptions.class.getPackage().getImplementationVersion() + ")",
                    e);
        }
        CONSTRUCTOR = constructor;
        LOOKUP_FAILURE = failure;
    }

    private ReadOptionsConstructor() {}

    /** The values of every {@link ParquetReadOptions} field, in the order of its constructor. */
    static ParquetReadOptions newOptions(
            boolean useSignedStringMinMax,
            boolean useStatsFilter,
            boolean useDictionaryFilter,
            boolean useRecordFilter,
            boolean useColumnIndexFilter,
            boolean usePageChecksumVerification,
            boolean useBloomFilter,
            boolean useOffHeapDecryptBuffer,
            boolean useHadoopVectoredIo,
            FilterCompat.Filter recordFilter,
            ParquetMetadataConverter.MetadataFilter metadataFilter,
            CompressionCodecFactory codecFactory,
            ByteBufferAllocator allocator,
            int maxAllocationSize,
            Map<String, String> properties,
            FileDecryptionProperties fileDecryptionProperties,
            ParquetMetricsCallback metricsCallback,
            ParquetConfiguration conf) {
        if (CONSTRUCTOR == null) {
            throw LOOKUP_FAILURE;
        }
        try {
            return CONSTRUCTOR.newInstance(
                    useSignedStringMinMax,
                    useStatsFilter,
                    useDictionaryFilter,
                    useRecordFilter,
                    useColumnIndexFilter,
                    usePageChecksumVerification,
                    useBloomFilter,
                    useOffHeapDecryptBuffer,
                    useHadoopVectoredIo,
                    recordFilter,
                    metadataFilter,
                    codecFactory,
                    allocator,
                    maxAllocationSize,
                    properties,
                    fileDecryptionProperties,
                    metricsCallback,
                    conf);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } catch (InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException("Cannot call ParquetReadOptions' constructor", e);
        }
    }
}
