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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.zlib.ZlibCompressor;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory.BytesCompressor;
import org.apache.parquet.hadoop.CodecFactory.BytesDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.ConfigurationUtil;

/**
 * The opt-out: with {@code parquet.compression.codec.hadoop.enabled} ({@link CodecFactory#HADOOP_CODECS_ENABLED})
 * set to {@code true}, {@link CodecFactory} and {@link DirectCodecFactory} compress and decompress through
 * Hadoop's {@link CompressionCodec} classes, their streams and {@link CodecPool}, as they did before the direct
 * codecs. Kept for one release. The factories load this class only when the key is set, so that without it they
 * load no Hadoop codec class.
 */
final class HadoopCodecPath {
  private HadoopCodecPath() {}

  /** A compressor of {@code codec}, or null for UNCOMPRESSED. */
  static BytesCompressor compressor(CompressionCodecName name, CompressionCodec codec, int pageSize) {
    return codec == null ? null : new HadoopCompressor(name, codec, pageSize);
  }

  /** A decompressor of {@code codec}, or null for UNCOMPRESSED. */
  static BytesDecompressor decompressor(CompressionCodec codec) {
    return codec == null ? null : new HadoopDecompressor(codec);
  }

  /**
   * A new Hadoop codec of {@code name} configured for {@code level} (validated by the caller), or null for
   * codecs without levels.
   */
  static CompressionCodec codecAtLevel(CompressionCodecName name, int level, ParquetConfiguration conf) {
    Configuration levelConf = new Configuration(ConfigurationUtil.createHadoopConfiguration(conf));
    switch (name) {
      case ZSTD:
        levelConf.setInt("parquet.compression.codec.zstd.level", level);
        break;
      case GZIP:
        levelConf.setEnum(CodecFactory.GZIP_COMPRESS_LEVEL, zlibLevel(level));
        break;
      case BROTLI:
        levelConf.setInt(CodecFactory.BROTLI_COMPRESS_QUALITY, level);
        break;
      default:
        return null;
    }
    String className = name.getHadoopCompressionCodecClassName();
    try {
      return (CompressionCodec) ReflectionUtils.newInstance(Class.forName(className), levelConf);
    } catch (ClassNotFoundException e) {
      throw new BadConfigurationException("Class " + className + " was not found", e);
    }
  }

  private static ZlibCompressor.CompressionLevel zlibLevel(int level) {
    if (level == -1) {
      return ZlibCompressor.CompressionLevel.DEFAULT_COMPRESSION;
    }
    ZlibCompressor.CompressionLevel[] byLevel = {
      ZlibCompressor.CompressionLevel.NO_COMPRESSION,
      ZlibCompressor.CompressionLevel.BEST_SPEED,
      ZlibCompressor.CompressionLevel.TWO,
      ZlibCompressor.CompressionLevel.THREE,
      ZlibCompressor.CompressionLevel.FOUR,
      ZlibCompressor.CompressionLevel.FIVE,
      ZlibCompressor.CompressionLevel.SIX,
      ZlibCompressor.CompressionLevel.SEVEN,
      ZlibCompressor.CompressionLevel.EIGHT,
      ZlibCompressor.CompressionLevel.BEST_COMPRESSION
    };
    return byLevel[level];
  }

  /** Compresses through the codec's output stream into a reused heap buffer, valid until the next call. */
  private static final class HadoopCompressor extends BytesCompressor {
    private final CompressionCodecName name;
    private final CompressionCodec codec;
    private final Compressor compressor;
    private final ByteArrayOutputStream out;

    HadoopCompressor(CompressionCodecName name, CompressionCodec codec, int pageSize) {
      this.name = name;
      this.codec = codec;
      this.compressor = CodecPool.getCompressor(codec);
      this.out = new ByteArrayOutputStream(Math.max(pageSize, 0));
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      out.reset();
      if (compressor != null) {
        compressor.reset();
      }
      try (CompressionOutputStream stream = codec.createOutputStream(out, compressor)) {
        bytes.writeAllTo(stream);
        stream.finish();
      }
      return BytesInput.from(out);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return name;
    }

    @Override
    public void release() {
      if (compressor != null) {
        CodecPool.returnCompressor(compressor);
      }
    }
  }

  /** Decompresses through the codec's input stream into a new heap array per page. */
  private static final class HadoopDecompressor extends BytesDecompressor {
    private final CompressionCodec codec;
    private final Decompressor decompressor;

    HadoopDecompressor(CompressionCodec codec) {
      this.codec = codec;
      this.decompressor = CodecPool.getDecompressor(codec);
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      if (decompressor != null) {
        decompressor.reset();
      }
      try (InputStream in = codec.createInputStream(bytes.toInputStream(), decompressor)) {
        return BytesInput.copy(BytesInput.from(in, decompressedSize));
      }
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      ByteBuffer page = input.duplicate();
      page.limit(page.position() + compressedSize);
      output.put(decompress(BytesInput.from(page), decompressedSize).toByteBuffer());
      input.position(input.position() + compressedSize);
    }

    @Override
    public void release() {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
      }
    }
  }
}
