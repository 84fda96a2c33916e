package io.github.parquetcodecs.nohadoop;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
 *
 * <p><b>No setting by position.</b> The constructor takes nine booleans in a row, so two of them swapped would still
 * run. Here each parameter is declared once, in {@link #PARAMETERS}, by its type and the {@link ReadSettings} field it
 * takes, which has the name of the {@code ParquetReadOptions} field it becomes; the lookup and the call both come
 * from that one list. {@code ReadOptionsTest.eachSettingChangesOnlyItsOwnGetter} (parquet-codecs-nohadoop-tests)
 * checks the mapping through the getters of the built options, on every supported parquet-java version.
 */
final class ReadOptionsConstructor {
    /** One parameter of the constructor: its type, and the setting it takes. */
    private static final class Parameter {
        final Class<?> type;
        final Function<ReadSettings, Object> setting;

        Parameter(Class<?> type, Function<ReadSettings, Object> setting) {
            this.type = type;
            this.setting = setting;
        }
    }

    /** The parameters of the package-private 18-argument constructor, in its order. */
    private static final List<Parameter> PARAMETERS = Collections.unmodifiableList(Arrays.asList(
            new Parameter(boolean.class, settings -> settings.useSignedStringMinMax),
            new Parameter(boolean.class, settings -> settings.useStatsFilter),
            new Parameter(boolean.class, settings -> settings.useDictionaryFilter),
            new Parameter(boolean.class, settings -> settings.useRecordFilter),
            new Parameter(boolean.class, settings -> settings.useColumnIndexFilter),
            new Parameter(boolean.class, settings -> settings.usePageChecksumVerification),
            new Parameter(boolean.class, settings -> settings.useBloomFilter),
            new Parameter(boolean.class, settings -> settings.useOffHeapDecryptBuffer),
            new Parameter(boolean.class, settings -> settings.useHadoopVectoredIo),
            new Parameter(FilterCompat.Filter.class, settings -> settings.recordFilter),
            new Parameter(ParquetMetadataConverter.MetadataFilter.class, settings -> settings.metadataFilter),
            new Parameter(CompressionCodecFactory.class, settings -> settings.codecFactory),
            new Parameter(ByteBufferAllocator.class, settings -> settings.allocator),
            new Parameter(int.class, settings -> settings.maxAllocationSize),
            // each ParquetReadOptions gets a modifiable copy of its own
            new Parameter(Map.class, settings -> new HashMap<>(settings.properties)),
            new Parameter(FileDecryptionProperties.class, settings -> settings.fileDecryptionProperties),
            new Parameter(ParquetMetricsCallback.class, settings -> settings.metricsCallback),
            new Parameter(ParquetConfiguration.class, settings -> settings.conf)));

    private static final Constructor<ParquetReadOptions> CONSTRUCTOR;
    private static final RuntimeException LOOKUP_FAILURE;

    static {
        Constructor<ParquetReadOptions> constructor = null;
        RuntimeException failure = null;
        try {
            Class<?>[] types = new Class<?>[PARAMETERS.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = PARAMETERS.get(i).type;
            }
            constructor = ParquetReadOptions.class.getDeclaredConstructor(types);
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

    /** New options with every setting of {@code settings}, each passed as the constructor parameter it belongs to. */
    static ParquetReadOptions newOptions(ReadSettings settings) {
        if (CONSTRUCTOR == null) {
            throw LOOKUP_FAILURE;
        }
        Object[] arguments = new Object[PARAMETERS.size()];
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = PARAMETERS.get(i).setting.apply(settings);
        }
        try {
            return CONSTRUCTOR.newInstance(arguments);
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
