/**
 * The corrupt-file checks of the Hadoop-free reader ({@code io.github.parquetcodecs.nohadoop.HadoopFreeFileReader}):
 * walks of a file's footer, page headers and page runs that refuse what would make parquet-java allocate more than the
 * file holds, before parquet-java decodes it (docs/hostile-input.md, "Corrupt files"). They need no Hadoop and read
 * nothing of their own: parquet-java reads through {@link io.github.parquetcodecs.nohadoop.checks.CheckedInputFile},
 * whose reads are walked as they complete, and the row groups it hands out are wrapped in {@link
 * io.github.parquetcodecs.nohadoop.checks.CheckedPageReadStore}, whose pages are checked as they are read.
 *
 * <ul>
 *   <li>{@code ThriftSkim}: walks one compact-protocol thrift struct (footer, page header) along parquet-format's IDL,
 *       refusing a binary or list larger than the bytes left;
 *   <li>{@code PageHeaders}, {@code FileWindow}: the page headers of a row group's column chunks;
 *   <li>{@code PageRuns}: the runs of levels, dictionary indexes and RLE booleans, and delta headers, of a data page;
 *   <li>{@code CheckedPageReadStore}: dictionary page counts, and the data pages' runs;
 *   <li>{@code CheckedInputFile}: runs the footer and page-header walks on the bytes parquet-java reads.
 * </ul>
 *
 * <p>Not API: this package is internal to the library. Its two public classes are public only so that package {@code
 * io.github.parquetcodecs.nohadoop} can use them, and anything here may change or go in any release without notice.
 * Use {@code io.github.parquetcodecs.nohadoop.HadoopFreeParquet}.
 */
package io.github.parquetcodecs.nohadoop.checks;
