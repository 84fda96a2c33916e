package io.github.parquetcodecs.nohadoop;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;

/**
 * A {@link ParquetWriter.Builder} for any {@link WriteSupport} that code compiled without Hadoop can get and use. Get
 * one from {@link HadoopFreeParquet#writer(OutputFile, WriteSupport, ParquetConfiguration)}: it already has a {@link
 * ParquetConfiguration} and a {@link HadoopFreeCodecFactory}, so {@link #build()} never reaches Hadoop.
 *
 * <p>Call the inherited settings ({@code withCompressionCodec}, {@code withRowGroupSize}, {@code withPageSize}, {@code
 * withDictionaryEncoding}, {@code withWriteMode}, ...) as usual. To change the configuration use {@link
 * HadoopFreeParquet#configure} rather than {@code withConf}: javac cannot choose between the two {@code withConf}
 * overloads without Hadoop's {@code Configuration} on the class path.
 */
public final class HadoopFreeWriterBuilder<T> extends ParquetWriter.Builder<T, HadoopFreeWriterBuilder<T>> {
    private final WriteSupport<T> writeSupport;

    HadoopFreeWriterBuilder(OutputFile file, WriteSupport<T> writeSupport) {
        super(file);
        this.writeSupport = Objects.requireNonNull(writeSupport, "writeSupport");
    }

    @Override
    protected HadoopFreeWriterBuilder<T> self() {
        return this;
    }

    /** The write support given to {@link HadoopFreeParquet#writer}; it is initialised with the configuration. */
    @Override
    protected WriteSupport<T> getWriteSupport(ParquetConfiguration conf) {
        return writeSupport;
    }

    /**
     * Required by {@code ParquetWriter.Builder}, which calls it only for a Hadoop {@code Configuration}. A Hadoop type
     * in a method signature loads no class: the JVM loads {@code Configuration} only if this method is called.
     */
    @Override
    protected WriteSupport<T> getWriteSupport(Configuration conf) {
        return writeSupport;
    }
}
