/**
 * Writing and reading Parquet files with parquet-java and no Hadoop jar on the compile or run class path
 * (PARQUET-1126): the entry points that replace parquet-java's own, which need Hadoop. Start at {@link
 * io.github.parquetcodecs.nohadoop.HadoopFreeParquet}: {@code writer(...)} gives a {@code ParquetWriter.Builder} for
 * any write support, {@code readOptions(...)} builds {@code ParquetReadOptions}, and {@code openReader(...)} reads
 * records through any read support.
 *
 * <p>This package builds on {@link io.github.parquetcodecs.HadoopFreeCodecFactory}, which compresses and decompresses
 * the pages; with Hadoop on the class path, that factory alone is enough and this package is not needed.
 */
package io.github.parquetcodecs.nohadoop;
