package io.github.parquetcodecs.nohadoop;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.filter.UnboundRecordFilter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.ParquetInputFormat;

/**
 * The record filter that a configuration names, read exactly as {@code ParquetInputFormat.getFilter(conf)} reads it,
 * which {@code ParquetReadOptions.Builder(conf)} calls but which cannot run without Hadoop ({@code
 * ParquetInputFormat} extends Hadoop's {@code FileInputFormat}). The two keys are compile-time constants, so naming
 * them here does not load {@code ParquetInputFormat}.
 */
final class ConfiguredFilter {
    private ConfiguredFilter() {}

    /** A non-null filter: the configured predicate, the configured unbound record filter, or {@code NOOP}. */
    static FilterCompat.Filter of(ParquetConfiguration conf) {
        return FilterCompat.get(predicate(conf), unboundRecordFilter(conf));
    }

    /**
     * The predicate under {@value ParquetInputFormat#FILTER_PREDICATE}: Java-serialized, gzipped and MIME-base64
     * encoded, the format of {@code ParquetInputFormat.setFilterPredicate}.
     */
    private static FilterPredicate predicate(ParquetConfiguration conf) {
        String key = ParquetInputFormat.FILTER_PREDICATE;
        String encoded = conf.get(key);
        if (encoded == null) {
            return null;
        }
        byte[] bytes = Base64.getMimeDecoder().decode(encoded.getBytes(StandardCharsets.UTF_8));
        try (ObjectInputStream in = new ObjectInputStream(new GZIPInputStream(new ByteArrayInputStream(bytes)))) {
            return (FilterPredicate) in.readObject();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new BadConfigurationException("Could not read the filter predicate under " + key, e);
        }
    }

    /** An instance of the {@link UnboundRecordFilter} class named under {@value ParquetInputFormat#UNBOUND_RECORD_FILTER}. */
    private static UnboundRecordFilter unboundRecordFilter(ParquetConfiguration conf) {
        String key = ParquetInputFormat.UNBOUND_RECORD_FILTER;
        String className = conf.get(key);
        if (className == null) {
            return null;
        }
        Class<?> filterClass;
        try {
            filterClass = conf.getClassByName(className);
        } catch (ClassNotFoundException e) {
            throw new BadConfigurationException("could not instantiate class " + className + " set at " + key, e);
        }
        if (!UnboundRecordFilter.class.isAssignableFrom(filterClass)) {
            throw new BadConfigurationException(
                    "class " + className + " set at " + key + " is not a " + UnboundRecordFilter.class.getName());
        }
        try {
            return (UnboundRecordFilter) filterClass.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new BadConfigurationException("could not instantiate unbound record filter class " + className, e);
        }
    }
}
