/**
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 * <p>
 * http://www.apache.org/licenses/LICENSE-2.0
 * <p>
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.apache.parquet.hadoop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.DirectDecompressionCodec;
import org.apache.parquet.ParquetRuntimeException;
import org.apache.parquet.Preconditions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.ByteBufferReleaser;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.ReusingByteBufferAllocator;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.util.AutoCloseables;

/**
 * Factory to produce compressors and decompressors that operate on java
 * direct memory, without requiring a copy into heap memory (where possible).
 * Every codec compresses into and decompresses into buffers of the given allocator.
 */
class DirectCodecFactory extends CodecFactory implements AutoCloseable {

  private final ByteBufferAllocator allocator;

  /**
   * See docs on CodecFactory#createDirectCodecFactory which is how this class is
   * exposed publicly and is just a pass-through factory method for this constructor
   * to hide the rest of this class from public access.
   *
   * @throws NullPointerException if allocator is {@code null}
   */
  DirectCodecFactory(Configuration config, ByteBufferAllocator allocator, int pageSize) {
    this(new HadoopParquetConfiguration(config), allocator, pageSize);
  }

  /**
   * The Hadoop-free constructor behind
   * {@link CodecFactory#createDirectCodecFactory(ParquetConfiguration, ByteBufferAllocator, int)}.
   *
   * @throws NullPointerException if allocator is {@code null}
   */
  DirectCodecFactory(ParquetConfiguration config, ByteBufferAllocator allocator, int pageSize) {
    super(config, pageSize);

    this.allocator = Objects.requireNonNull(allocator, "allocator cannot be null");
    Preconditions.checkState(
        allocator.isDirect(),
        "A %s requires a direct buffer allocator be provided.",
        getClass().getSimpleName());
  }

  @Override
  BytesCompressor newCompressor(Codec codec, int level, CodecSettings settings) {
    return new DirectCompressor(codec, level, settings);
  }

  @Override
  BytesDecompressor newDecompressor(Codec codec, CodecSettings settings) {
    return new FullDirectDecompressor(codec, settings);
  }

  public void close() {
    release();
  }


  /**
   * {@link #decompress(ByteBuffer, int, ByteBuffer, int)} decompresses into the caller's buffer, heap or direct;
   * {@link #decompress(BytesInput, int)} into a new array for each page, which stays valid after later calls:
   * readers keep pages, such as the dictionary page whose binary values point into it, while they decompress the
   * next ones.
   */
  private abstract class BaseDecompressor extends BytesDecompressor {
    private final DecompressorHandle handle;

    BaseDecompressor(Codec codec, CodecSettings settings) {
      handle = new DecompressorHandle(codec, settings);
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
   * Compresses into a buffer of the factory's allocator, reused by the next call: the returned
   * {@link BytesInput} is valid until then.
   */
  private abstract class BaseCompressor extends BytesCompressor {
    private final CompressorHandle handle;
    private final ReusingByteBufferAllocator inputAllocator;
    private final ReusingByteBufferAllocator outputAllocator;
    private ByteBuffer output;

    BaseCompressor(Codec codec, int level, CodecSettings settings) {
      handle = new CompressorHandle(codec, level, settings);
      inputAllocator = ReusingByteBufferAllocator.strict(allocator);
      // Using unsafe reusing allocator because we give out the output ByteBuffer wrapped in a BytesInput. But
      // that's what BytesInputs are for. It is expected to copy the data from the returned BytesInput before
      // using this compressor again.
      outputAllocator = ReusingByteBufferAllocator.unsafe(allocator);
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      try (ByteBufferReleaser releaser = inputAllocator.getReleaser()) {
        ByteBuffer input = bytes.toByteBuffer(releaser);
        int size = handle.compress(input, bound -> output = outputAllocator.allocate(bound));
        output.limit(output.position() + size);
        return BytesInput.from(output);
      }
    }

    @Override
    public CompressionCodecName getCodecName() {
      return handle.getCodecName();
    }

    /** Frees the buffers now; the compressor stays usable. */
    @Override
    public void release() {
      output = null;
      AutoCloseables.uncheckedClose(outputAllocator, inputAllocator);
    }
  }

  /** The decompressor of this factory, for every codec. */
  public class FullDirectDecompressor extends BaseDecompressor {
    public FullDirectDecompressor(CompressionCodecName codecName) {
      this(Codecs.of(codecName), new CodecSettings(conf));
    }

    private FullDirectDecompressor(Codec codec, CodecSettings settings) {
      super(codec, settings);
    }
  }

  /** The compressor of this factory, for every codec. */
  private class DirectCompressor extends BaseCompressor {
    DirectCompressor(Codec codec, int level, CodecSettings settings) {
      super(codec, level, settings);
    }
  }

  /**
   * A decompressor for the codec that {@code codec} implements.
   *
   * @deprecated Use {@link FullDirectDecompressor} instead
   */
  @Deprecated
  public class IndirectDecompressor extends BytesDecompressor {
    private final BytesDecompressor decompressor;

    public IndirectDecompressor(CompressionCodec codec) {
      this.decompressor = new FullDirectDecompressor(CompressionCodecName.fromCompressionCodec(codec.getClass()));
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      return decompressor.decompress(bytes, decompressedSize);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      decompressor.decompress(input, compressedSize, output, decompressedSize);
    }

    @Override
    public void release() {
      decompressor.release();
    }
  }

  /**
   * @deprecated Use {@link FullDirectDecompressor} instead
   */
  @Deprecated
  public class SnappyDecompressor extends BaseDecompressor {
    public SnappyDecompressor() {
      super(Codecs.of(CompressionCodecName.SNAPPY), new CodecSettings(conf));
    }
  }

  /**
   * @deprecated Use {@link CodecFactory#getCompressor(CompressionCodecName)} instead
   */
  @Deprecated
  public class SnappyCompressor extends BaseCompressor {
    public SnappyCompressor() {
      super(Codecs.of(CompressionCodecName.SNAPPY), 0, new CodecSettings(conf));
    }
  }

  /**
   * @deprecated Use {@link CodecFactory#NO_OP_DECOMPRESSOR} instead
   */
  @Deprecated
  public class NoopDecompressor extends BytesDecompressor {

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      NO_OP_DECOMPRESSOR.decompress(input, compressedSize, output, decompressedSize);
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      return NO_OP_DECOMPRESSOR.decompress(bytes, decompressedSize);
    }

    @Override
    public void release() {
      NO_OP_DECOMPRESSOR.release();
    }
  }

  /**
   * @deprecated Use {@link CodecFactory#NO_OP_COMPRESSOR} instead
   */
  @Deprecated
  public static class NoopCompressor extends BytesCompressor {

    public NoopCompressor() {}

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      return NO_OP_COMPRESSOR.compress(bytes);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return NO_OP_COMPRESSOR.getCodecName();
    }

    @Override
    public void release() {
      NO_OP_COMPRESSOR.release();
    }
  }

  /**
   * @deprecated no longer used: the factory's codecs pool no Hadoop compressors. Kept for binary compatibility.
   */
  @Deprecated
  static class DirectCodecPool {

    public static final DirectCodecPool INSTANCE = new DirectCodecPool();

    private DirectCodecPool() {}

    /** Creates Hadoop compressors and decompressors for one codec; nothing is pooled any more. */
    public class CodecPool {
      private final CompressionCodec codec;

      private CodecPool(CompressionCodec codec) {
        this.codec = codec;
      }

      public Object borrowDirectDecompressor() {
        Preconditions.checkArgument(
            supportsDirectDecompression(), "Tried to get a direct Decompressor from a non-direct codec.");
        return ((DirectDecompressionCodec) codec).createDirectDecompressor();
      }

      public boolean supportsDirectDecompression() {
        return codec instanceof DirectDecompressionCodec;
      }

      public Decompressor borrowDecompressor() {
        return codec.createDecompressor();
      }

      public Compressor borrowCompressor() {
        return codec.createCompressor();
      }
    }

    public CodecPool codec(CompressionCodec codec) {
      return new CodecPool(codec);
    }

    public static class ParquetCompressionCodecException extends ParquetRuntimeException {

      public ParquetCompressionCodecException() {
        super();
      }

      public ParquetCompressionCodecException(String message, Throwable cause) {
        super(message, cause);
      }

      public ParquetCompressionCodecException(String message) {
        super(message);
      }

      public ParquetCompressionCodecException(Throwable cause) {
        super(cause);
      }
    }
  }
}
