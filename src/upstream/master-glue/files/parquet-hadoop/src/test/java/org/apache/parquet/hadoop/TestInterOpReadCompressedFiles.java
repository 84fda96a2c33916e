/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *   http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing,
 * software distributed under the License is distributed on an
 * "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY
 * KIND, either express or implied.  See the License for the
 * specific language governing permissions and limitations
 * under the License.
 */
package org.apache.parquet.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compressed files of parquet-testing, written by parquet-cpp, parquet-mr, Impala and Rust, read with the
 * direct codecs of {@link CodecFactory} and of the direct codec factory, and with Hadoop's codecs
 * ({@code parquet.compression.codec.hadoop.enabled}): all three read every row, and the same values.
 */
public class TestInterOpReadCompressedFiles {
  private static final String CHANGESET = "1a2a751";
  private final InterOpTester interop = new InterOpTester();

  /** The file, its codec and its row count, as its footer states them. */
  static Stream<Arguments> files() {
    return Stream.of(
        Arguments.of("alltypes_plain.snappy.parquet", CompressionCodecName.SNAPPY, 2),
        Arguments.of("datapage_v1-snappy-compressed-checksum.parquet", CompressionCodecName.SNAPPY, 5120),
        Arguments.of("datapage_v2.snappy.parquet", CompressionCodecName.SNAPPY, 5),
        Arguments.of("rle-dict-snappy-checksum.parquet", CompressionCodecName.SNAPPY, 1000),
        Arguments.of("nested_maps.snappy.parquet", CompressionCodecName.SNAPPY, 6),
        Arguments.of("byte_stream_split.zstd.parquet", CompressionCodecName.ZSTD, 300),
        Arguments.of("delta_length_byte_array.parquet", CompressionCodecName.ZSTD, 1000),
        Arguments.of("byte_stream_split_extended.gzip.parquet", CompressionCodecName.GZIP, 200),
        Arguments.of("data_index_bloom_encoding_stats.parquet", CompressionCodecName.GZIP, 14),
        Arguments.of("hadoop_lz4_compressed.parquet", CompressionCodecName.LZ4, 4),
        Arguments.of("lz4_raw_compressed.parquet", CompressionCodecName.LZ4_RAW, 4),
        Arguments.of("lz4_raw_compressed_larger.parquet", CompressionCodecName.LZ4_RAW, 10000));
  }

  @ParameterizedTest
  @MethodSource("files")
  public void readWithBothFactoriesAndHadoopCodecs(String name, CompressionCodecName codec, int rows)
      throws IOException {
    Path file = interop.GetInterOpFile(name, CHANGESET);
    Configuration conf = new Configuration();
    try (ParquetFileReader footer = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
      for (BlockMetaData block : footer.getFooter().getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          assertThat(column.getCodec()).as("%s: codec of %s", name, column.getPath()).isEqualTo(codec);
        }
      }
    }

    List<String> direct = read(file, conf, null);
    CodecFactory directFactory = CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), 0);
    List<String> directFactoryRows = read(file, conf, directFactory);
    directFactory.release();
    Configuration hadoopConf = new Configuration();
    hadoopConf.setBoolean("parquet.compression.codec.hadoop.enabled", true);
    // Hadoop's Lz4Codec needs the native Hadoop library: hadoop_lz4_compressed.parquet holds the same rows as
    // lz4_raw_compressed.parquet, which Hadoop's codec for LZ4_RAW reads
    List<String> hadoop = codec == CompressionCodecName.LZ4
        ? read(interop.GetInterOpFile("lz4_raw_compressed.parquet", CHANGESET), hadoopConf, null)
        : read(file, hadoopConf, null);

    assertThat(direct).as("%s: rows read with CodecFactory", name).hasSize(rows);
    assertThat(directFactoryRows)
        .as("%s: DirectCodecFactory against CodecFactory", name)
        .isEqualTo(direct);
    assertThat(hadoop).as("%s: Hadoop's codecs against the direct codecs", name).isEqualTo(direct);
  }

  private static List<String> read(Path file, Configuration conf, CompressionCodecFactory codecs)
      throws IOException {
    ParquetReader.Builder<Group> builder =
        ParquetReader.builder(new GroupReadSupport(), file).withConf(conf);
    if (codecs != null) {
      builder = builder.withCodecFactory(codecs);
    }
    List<String> rows = new ArrayList<>();
    try (ParquetReader<Group> reader = builder.build()) {
      for (Group group = reader.read(); group != null; group = reader.read()) {
        rows.add(group.toString());
      }
    }
    return rows;
  }
}
