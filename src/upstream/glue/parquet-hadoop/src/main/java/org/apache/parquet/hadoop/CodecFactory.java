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

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.parquet.Preconditions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.ConfigurationUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compressors and decompressors for every {@link CompressionCodecName}, backed by the direct codec
 * implementations of this package (package-private, not API): snappy-java, zstd-jni, aircompressor,
 * {@code java.util.zip} and (optional) brotli4j, called without Hadoop's {@code CompressionCodec} or
 * {@code CodecPool}. Loading and using this class needs no Hadoop class when it is constructed with a
 * {@link ParquetConfiguration} that is not a {@link HadoopParquetConfiguration}.
 *
 * <p>Levels are read from the configuration with the keys parquet-java always used:
 * {@code parquet.compression.codec.zstd.level} (or {@code io.compression.codec.zstd.level}),
 * {@code parquet.compression.codec.zstd.workers}, {@code zlib.compress.level} and
 * {@code compression.brotli.quality}; {@code parquet.compression.codec.native} chooses between the native
 * and the pure-Java SNAPPY and ZSTD implementations ({@code auto}, {@code native-only} or {@code pure-java}),
 * and {@code parquet.compression.codec.max.decompressed.page.size} refuses larger pages before allocating them.
 *
 * <p>{@code parquet.compression.codec.hadoop.enabled=true} goes back to Hadoop's {@link CompressionCodec} classes,
 * through {@link #getCodec(CompressionCodecName)}, for one release.
 */
public class CodecFactory implements CompressionCodecFactory {

  private static final Logger LOG = LoggerFactory.getLogger(CodecFactory.class);

  /**
   * The Hadoop codecs created by {@link #getCodec(CompressionCodecName)}, which this factory uses only with
   * {@code parquet.compression.codec.hadoop.enabled=true}.
   */
  protected static final Map<String, CompressionCodec> CODEC_BY_NAME =
      Collections.synchronizedMap(new HashMap<String, CompressionCodec>());

  /**
   * {@code true}: compress and decompress with Hadoop's codecs through {@link #getCodec(CompressionCodecName)}, as
   * before the direct codecs; {@code false} (the default): the direct codecs. For one release.
   */
  static final String HADOOP_CODECS_ENABLED = "parquet.compression.codec.hadoop.enabled";

  static final String GZIP_COMPRESS_LEVEL = "zlib.compress.level";
  static final String BROTLI_COMPRESS_QUALITY = "compression.brotli.quality";

  private final Map<String, BytesCompressor> compressors = new HashMap<>();
  private final Map<CompressionCodecName, BytesDecompressor> decompressors = new HashMap<>();

  protected final ParquetConfiguration conf;
  protected final int pageSize;

  // May be null if parquetConfiguration is not an instance of org.apache.parquet.conf.HadoopParquetConfiguration
  @Deprecated
  protected final Configuration configuration;

  static final BytesDecompressor NO_OP_DECOMPRESSOR = new BytesDecompressor() {
    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize) {
      Preconditions.checkArgument(
          compressedSize == decompressedSize,
          "Non-compressed data did not have matching compressed and decompressed sizes.");
      Preconditions.checkArgument(
          input.remaining() >= compressedSize, "Not enough bytes available in the input buffer");
      int origLimit = input.limit();
      input.limit(input.position() + compressedSize);
      output.put(input);
      input.limit(origLimit);
    }

    /** The page as it is, once its size is checked: fewer bytes than declared is an {@link EOFException}. */
    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      if (bytes.size() != decompressedSize) {
        String message = "UNCOMPRESSED page holds " + bytes.size() + " bytes, expected " + decompressedSize;
        throw bytes.size() < decompressedSize ? new EOFException(message) : new IOException(message);
      }
      return bytes;
    }

    @Override
    public void release() {}
  };

  static final BytesCompressor NO_OP_COMPRESSOR = new BytesCompressor() {
    @Override
    public BytesInput compress(BytesInput bytes) {
      return bytes;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.UNCOMPRESSED;
    }

    @Override
    public void release() {}
  };

  /**
   * Create a new codec factory.
   *
   * @param configuration used to pass compression codec configuration information
   * @param pageSize      the expected page size, does not set a hard limit, currently just
   *                      used to set the initial size of the output stream used when
   *                      compressing a buffer. If this factory is only used to construct
   *                      decompressors this parameter has no impact on the function of the factory
   */
  public CodecFactory(Configuration configuration, int pageSize) {
    this(new HadoopParquetConfiguration(configuration), pageSize);
  }

  /**
   * Create a new codec factory.
   *
   * @param configuration used to pass compression codec configuration information
   * @param pageSize      the expected page size, does not set a hard limit, currently just
   *                      used to set the initial size of the output stream used when
   *                      compressing a buffer. If this factory is only used to construct
   *                      decompressors this parameter has no impact on the function of the factory
   */
  public CodecFactory(ParquetConfiguration configuration, int pageSize) {
    if (configuration instanceof HadoopParquetConfiguration) {
      this.configuration = ((HadoopParquetConfiguration) configuration).getConfiguration();
    } else {
      this.configuration = null;
    }
    this.conf = configuration;
    this.pageSize = pageSize;
  }

  /**
   * Create a codec factory that will provide compressors and decompressors
   * that will work natively with ByteBuffers backed by direct memory.
   *
   * @param config    configuration options for different compression codecs
   * @param allocator an allocator for creating result buffers during compression
   *                  and decompression, must provide buffers backed by Direct
   *                  memory and return true for the isDirect() method
   *                  on the ByteBufferAllocator interface
   * @param pageSize  the default page size. This does not set a hard limit on the
   *                  size of buffers that can be compressed, but performance may
   *                  be improved by setting it close to the expected size of buffers
   *                  (in the case of parquet, pages) that will be compressed. This
   *                  setting is unused in the case of decompressing data, as parquet
   *                  always records the uncompressed size of a buffer. If this
   *                  CodecFactory is only going to be used for decompressors, this
   *                  parameter will not impact the function of the factory.
   * @return a configured direct codec factory
   */
  public static CodecFactory createDirectCodecFactory(
      Configuration config, ByteBufferAllocator allocator, int pageSize) {
    return new DirectCodecFactory(config, allocator, pageSize);
  }

  /**
   * Create a codec factory that will provide compressors and decompressors
   * that will work natively with ByteBuffers backed by direct memory, without Hadoop.
   *
   * @param config    configuration options for different compression codecs
   * @param allocator an allocator for creating result buffers during compression
   *                  and decompression, must provide buffers backed by Direct
   *                  memory and return true for the isDirect() method
   *                  on the ByteBufferAllocator interface
   * @param pageSize  the default page size; see
   *                  {@link #createDirectCodecFactory(Configuration, ByteBufferAllocator, int)}
   * @return a configured direct codec factory
   */
  public static CodecFactory createDirectCodecFactory(
      ParquetConfiguration config, ByteBufferAllocator allocator, int pageSize) {
    return new DirectCodecFactory(config, allocator, pageSize);
  }

  /**
   * Decompresses into heap memory; the {@link ByteBuffer} method decompresses into the caller's buffer,
   * heap or direct. Pages returned as {@link BytesInput} stay valid after later calls.
   */
  class HeapBytesDecompressor extends BytesDecompressor {

    private final DecompressorHandle handle;

    HeapBytesDecompressor(Codec codec, CodecSettings settings) {
      this.handle = new DecompressorHandle(codec, settings);
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      return handle.decompress(bytes, decompressedSize);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      handle.decompress(input, compressedSize, output, decompressedSize);
    }

    /** Nothing to free: the decompressor borrows a codec engine from the shared pool for each page. */
    @Override
    public void release() {}
  }

  /**
   * Compresses into a reusable heap buffer: the returned {@link BytesInput} is valid until the next call.
   */
  class HeapBytesCompressor extends BytesCompressor {

    private final CompressorHandle handle;

    HeapBytesCompressor(Codec codec, int level, CodecSettings settings) {
      this.handle = new CompressorHandle(codec, level, settings);
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      return handle.compress(bytes);
    }

    /** Drops the output buffer now; the compressor stays usable and allocates it again if used again. */
    @Override
    public void release() {
      handle.dropBuffers();
    }

    @Override
    public CompressionCodecName getCodecName() {
      return handle.getCodecName();
    }
  }

  @Override
  public BytesCompressor getCompressor(CompressionCodecName codecName) {
    String key = cacheKey(codecName);
    BytesCompressor comp = compressors.get(key);
    if (comp == null) {
      comp = createCompressor(codecName);
      compressors.put(key, comp);
    }
    return comp;
  }

  @Override
  public BytesCompressor getCompressor(CompressionCodecName codecName, int level) {
    String key = cacheKey(codecName, level);
    BytesCompressor comp = compressors.get(key);
    if (comp == null) {
      comp = createCompressorAtLevel(codecName, level);
      compressors.put(key, comp);
    }
    return comp;
  }

  @Override
  public BytesDecompressor getDecompressor(CompressionCodecName codecName) {
    BytesDecompressor decomp = decompressors.get(codecName);
    if (decomp == null) {
      decomp = createDecompressor(codecName);
      decompressors.put(codecName, decomp);
    }
    return decomp;
  }

  protected BytesCompressor createCompressor(CompressionCodecName codecName) {
    if (useHadoopCodecs()) {
      BytesCompressor hadoop = HadoopCodecPath.compressor(codecName, getCodec(codecName), pageSize);
      return hadoop == null ? NO_OP_COMPRESSOR : hadoop;
    }
    CodecSettings settings = new CodecSettings(conf);
    Codec codec = Codecs.of(codecName);
    return compressorFor(codec, settings.configuredLevel(codec), settings);
  }

  protected BytesDecompressor createDecompressor(CompressionCodecName codecName) {
    if (useHadoopCodecs()) {
      BytesDecompressor hadoop = HadoopCodecPath.decompressor(getCodec(codecName));
      return hadoop == null ? NO_OP_DECOMPRESSOR : hadoop;
    }
    Codec codec = Codecs.of(codecName);
    return codec.passThrough() ? NO_OP_DECOMPRESSOR : newDecompressor(codec, new CodecSettings(conf));
  }

  protected BytesCompressor createCompressorAtLevel(CompressionCodecName codecName, int level) {
    Codec codec = Codecs.of(codecName);
    Levels levels = codec.levels();
    if (levels != null) {
      levels.validate(level);
    } else if (!codec.passThrough()) {
      LOG.warn("Compression level {} is not supported for codec {} and will be ignored.", level, codecName);
    }
    if (useHadoopCodecs()) {
      CompressionCodec hadoopCodec =
          levels != null ? HadoopCodecPath.codecAtLevel(codecName, level, conf) : getCodec(codecName);
      BytesCompressor hadoop = HadoopCodecPath.compressor(codecName, hadoopCodec, pageSize);
      return hadoop == null ? NO_OP_COMPRESSOR : hadoop;
    }
    return compressorFor(codec, levels != null ? level : 0, new CodecSettings(conf));
  }

  private boolean useHadoopCodecs() {
    return conf.getBoolean(HADOOP_CODECS_ENABLED, false);
  }

  private BytesCompressor compressorFor(Codec codec, int level, CodecSettings settings) {
    return codec.passThrough() ? NO_OP_COMPRESSOR : newCompressor(codec, level, settings);
  }

  /** A compressor of {@code codec}; {@link DirectCodecFactory} compresses into direct memory. */
  BytesCompressor newCompressor(Codec codec, int level, CodecSettings settings) {
    return new HeapBytesCompressor(codec, level, settings);
  }

  /** A decompressor of {@code codec}; {@link DirectCodecFactory} decompresses into direct memory. */
  BytesDecompressor newDecompressor(Codec codec, CodecSettings settings) {
    return new HeapBytesDecompressor(codec, settings);
  }

  /**
   * Creates, or returns from {@link #CODEC_BY_NAME}, the Hadoop codec class that {@code codecName} names.
   * This factory uses it only with {@code parquet.compression.codec.hadoop.enabled=true}: otherwise its
   * compressors and decompressors call the codec libraries directly, and overriding this method does not
   * change them.
   *
   * @param codecName the requested codec
   * @return the corresponding hadoop codec. null if UNCOMPRESSED
   * @deprecated will be removed in 2.0.0; Hadoop codecs are used only by the opt-out above
   */
  @Deprecated
  protected CompressionCodec getCodec(CompressionCodecName codecName) {
    String codecClassName = codecName.getHadoopCompressionCodecClassName();
    if (codecClassName == null) {
      return null;
    }
    String codecCacheKey = this.cacheKey(codecName);
    CompressionCodec codec = CODEC_BY_NAME.get(codecCacheKey);
    if (codec != null) {
      return codec;
    }

    try {
      Class<?> codecClass;
      try {
        codecClass = Class.forName(codecClassName);
      } catch (ClassNotFoundException e) {
        // Try to load the class using the job classloader
        codecClass = new Configuration(false).getClassLoader().loadClass(codecClassName);
      }
      codec = (CompressionCodec)
          ReflectionUtils.newInstance(codecClass, ConfigurationUtil.createHadoopConfiguration(conf));
      CODEC_BY_NAME.put(codecCacheKey, codec);
      return codec;
    } catch (ClassNotFoundException e) {
      throw new BadConfigurationException("Class " + codecClassName + " was not found", e);
    }
  }

  private String cacheKey(CompressionCodecName codecName) {
    String level = null;
    switch (codecName) {
      case GZIP:
        level = conf.get(GZIP_COMPRESS_LEVEL);
        break;
      case BROTLI:
        level = conf.get(BROTLI_COMPRESS_QUALITY);
        break;
      case ZSTD:
        level = conf.get("parquet.compression.codec.zstd.level");
        break;
      default:
        // compression level is not supported; ignore it
    }
    String codecClass = codecName.getHadoopCompressionCodecClassName();
    return level == null ? codecClass : codecClass + ":" + level;
  }

  private String cacheKey(CompressionCodecName codecName, int level) {
    String codecClass = codecName.getHadoopCompressionCodecClassName();
    return (codecClass == null ? codecName.name() : codecClass) + ":" + level;
  }

  @Override
  public void release() {
    for (BytesCompressor compressor : compressors.values()) {
      compressor.release();
    }
    compressors.clear();
    for (BytesDecompressor decompressor : decompressors.values()) {
      decompressor.release();
    }
    decompressors.clear();
  }

  /**
   * @deprecated will be removed in 2.0.0; use CompressionCodecFactory.BytesInputCompressor instead.
   */
  @Deprecated
  public abstract static class BytesCompressor implements CompressionCodecFactory.BytesInputCompressor {
    public abstract BytesInput compress(BytesInput bytes) throws IOException;

    public abstract CompressionCodecName getCodecName();

    public abstract void release();
  }

  /**
   * @deprecated will be removed in 2.0.0; use CompressionCodecFactory.BytesInputDecompressor instead.
   */
  @Deprecated
  public abstract static class BytesDecompressor implements CompressionCodecFactory.BytesInputDecompressor {
    public abstract BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException;

    public abstract void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException;

    public abstract void release();
  }
}
