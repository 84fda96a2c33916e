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
package org.apache.parquet.benchmarks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Page compression and decompression through {@link CodecFactory}: the direct codecs against Hadoop's codecs
 * ({@code parquet.compression.codec.hadoop.enabled=true}), on the heap factory and on the direct codec factory.
 *
 * <p>A page is half text-like bytes (repeated words) and half random bytes, so that every codec has something to
 * compress and something it cannot. LZ4 and LZO are left out: Hadoop's LZ4 needs the native Hadoop library, and
 * Hadoop has no LZO codec of its own. BROTLI is left out: Hadoop's codec for it is not a Maven Central artifact.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CodecBenchmarks {
  @Param({"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
  public String codec;

  @Param({"direct", "hadoop"})
  public String codecs;

  @Param({"heap", "directFactory"})
  public String factory;

  @Param({"1048576"})
  public int pageSize;

  private CodecFactory codecFactory;
  private BytesInputCompressor compressor;
  private BytesInputDecompressor decompressor;
  private byte[] page;
  private byte[] compressed;
  private ByteBuffer compressedDirect;
  private ByteBuffer output;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    Configuration conf = new Configuration();
    conf.setBoolean("parquet.compression.codec.hadoop.enabled", "hadoop".equals(codecs));
    codecFactory = "heap".equals(factory)
        ? new CodecFactory(conf, pageSize)
        : CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), pageSize);
    CompressionCodecName name = CompressionCodecName.valueOf(codec);
    compressor = codecFactory.getCompressor(name);
    decompressor = codecFactory.getDecompressor(name);
    page = page(pageSize);
    compressed = compressor.compress(BytesInput.from(page)).toByteArray();
    compressedDirect = ByteBuffer.allocateDirect(compressed.length);
    compressedDirect.put(compressed).flip();
    output = ByteBuffer.allocateDirect(pageSize);
    byte[] decoded = decompressor.decompress(BytesInput.from(compressed), pageSize).toByteArray();
    if (!Arrays.equals(decoded, page)) {
      throw new IllegalStateException(codec + " (" + codecs + ", " + factory + ") does not round-trip");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    codecFactory.release();
  }

  /** Half repeated words, half random bytes, the same for every trial. */
  private static byte[] page(int size) {
    byte[] words = "parquet page values 0123456789 compress ".getBytes(StandardCharsets.US_ASCII);
    Random random = new Random(42);
    byte[] page = new byte[size];
    for (int i = 0; i < size; i++) {
      page[i] = i < size / 2 ? words[(i + random.nextInt(3)) % words.length] : (byte) random.nextInt();
    }
    return page;
  }

  /** Compresses a page; returns its compressed size so that the work is not dead code. */
  @Benchmark
  public long compress() throws IOException {
    return compressor.compress(BytesInput.from(page)).size();
  }

  /** Decompresses a page from a heap array into a BytesInput, as the page readers do. */
  @Benchmark
  public long decompressBytesInput() throws IOException {
    // every implementation decompresses the whole page before it returns
    return decompressor.decompress(BytesInput.from(compressed), pageSize).size();
  }

  /** Decompresses a page from a direct buffer into a direct buffer. */
  @Benchmark
  public byte decompressByteBuffer() throws IOException {
    ByteBuffer input = compressedDirect.duplicate();
    output.clear();
    decompressor.decompress(input, compressed.length, output, pageSize);
    return output.get(pageSize - 1);
  }
}
