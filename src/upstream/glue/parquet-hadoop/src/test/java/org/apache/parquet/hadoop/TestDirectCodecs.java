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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.lz4.Lz4Compressor;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The direct codecs behind {@link CodecFactory} and the direct codec factory: every codec on heap, direct and
 * mixed buffers, zero-byte pages, pages of the wrong size, legacy LZ4 pages, agreement with Hadoop's codecs,
 * levels from the configuration, and use without Hadoop on the class path.
 */
public class TestDirectCodecs {
  private static final Logger LOG = LoggerFactory.getLogger(TestDirectCodecs.class);

  private static final int GUARD = 8;
  private static final byte GUARD_BYTE = (byte) 0x5A;

  private static CodecFactory heapFactory(Configuration conf) {
    return new CodecFactory(conf, 64 * 1024);
  }

  private static CodecFactory directFactory(Configuration conf) {
    return CodecFactory.createDirectCodecFactory(conf, new DirectByteBufferAllocator(), 64 * 1024);
  }

  private static List<CodecFactory> factories(Configuration conf) {
    return Arrays.asList(heapFactory(conf), directFactory(conf));
  }

  /** Half repetitive text, half random bytes: something for every codec to compress. */
  private static byte[] page(int size, long seed) {
    byte[] page = new byte[size];
    Random random = new Random(seed);
    byte[] words = "parquet page of values 0123456789 ".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < size; i++) {
      page[i] = i < size / 2 ? words[(i + random.nextInt(3)) % words.length] : (byte) random.nextInt();
    }
    return page;
  }

  /** A buffer holding {@code content} at position {@code shift}, with guard bytes on both sides. */
  private static ByteBuffer guarded(byte[] content, int room, boolean direct, int shift) {
    int capacity = shift + Math.max(content.length, room) + GUARD;
    ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    for (int i = 0; i < capacity; i++) {
      buffer.put(i, GUARD_BYTE);
    }
    buffer.position(shift);
    buffer.put(content);
    buffer.position(shift);
    return buffer;
  }

  private static void roundTrip(CodecFactory factory, CompressionCodecName codec, byte[] page) throws IOException {
    byte[] compressed = factory.getCompressor(codec)
        .compress(BytesInput.from(page))
        .toByteArray();
    BytesInputDecompressor decompressor = factory.getDecompressor(codec);
    assertThat(decompressor.decompress(BytesInput.from(compressed), page.length).toByteArray())
        .as("%s, %d bytes, BytesInput", codec, page.length)
        .isEqualTo(page);
    for (boolean directIn : new boolean[] {false, true}) {
      for (boolean directOut : new boolean[] {false, true}) {
        ByteBuffer input = guarded(compressed, 0, directIn, GUARD + 3);
        ByteBuffer output = guarded(new byte[0], page.length, directOut, GUARD + 5);
        decompressor.decompress(input, compressed.length, output, page.length);
        String what = String.format(
            "%s, %d bytes, %s input, %s output", codec, page.length, kind(directIn), kind(directOut));
        assertThat(input.position()).as(what).isEqualTo(GUARD + 3 + compressed.length);
        assertThat(output.position()).as(what).isEqualTo(GUARD + 5 + page.length);
        byte[] decoded = new byte[page.length];
        ByteBuffer view = output.duplicate();
        view.position(GUARD + 5);
        view.get(decoded);
        assertThat(decoded).as(what).isEqualTo(page);
        assertGuards(output, GUARD + 5, page.length, what);
      }
    }
  }

  /** Checks that nothing outside {@code buffer[start, start + length)} was written. */
  private static void assertGuards(ByteBuffer buffer, int start, int length, String what) {
    int changed = -1;
    for (int i = 0; i < buffer.capacity() && changed < 0; i++) {
      if ((i < start || i >= start + length) && buffer.get(i) != GUARD_BYTE) {
        changed = i;
      }
    }
    assertThat(changed).as("%s: first guard byte written", what).isEqualTo(-1);
  }

  private static String kind(boolean direct) {
    return direct ? "direct" : "heap";
  }

  @Test
  public void everyCodecOnHeapDirectAndMixedBuffers() throws IOException {
    for (CodecFactory factory : factories(new Configuration())) {
      for (CompressionCodecName codec : CompressionCodecName.values()) {
        for (int size : new int[] {1, 100, 70_000, 600_000}) {
          roundTrip(factory, codec, page(size, codec.ordinal() * 31L + size));
        }
      }
      factory.release();
    }
  }

  @Test
  public void heapBuffersThroughTheDirectFactory() throws IOException {
    CodecFactory factory = directFactory(new Configuration());
    for (CompressionCodecName codec : new CompressionCodecName[] {CompressionCodecName.SNAPPY, CompressionCodecName.ZSTD
    }) {
      byte[] page = page(10_000, 7);
      byte[] compressed =
          factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
      ByteBuffer output = ByteBuffer.allocate(page.length);
      factory.getDecompressor(codec).decompress(ByteBuffer.wrap(compressed), compressed.length, output, page.length);
      assertThat(output.array()).as("%s", codec).isEqualTo(page);
      assertThat(factory.getDecompressor(codec)
              .decompress(BytesInput.from(ByteBuffer.wrap(compressed)), page.length)
              .toByteArray())
          .as("%s", codec)
          .isEqualTo(page);
    }
    factory.release();
  }

  @Test
  public void zeroBytePages() throws IOException {
    for (CodecFactory factory : factories(new Configuration())) {
      for (CompressionCodecName codec : CompressionCodecName.values()) {
        roundTrip(factory, codec, new byte[0]);
        // a page with no bytes at all, compressed or not
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        assertThat(decompressor.decompress(BytesInput.empty(), 0).size())
            .as("%s", codec)
            .isZero();
        ByteBuffer output = ByteBuffer.allocateDirect(4);
        decompressor.decompress(ByteBuffer.allocateDirect(0), 0, output, 0);
        assertThat(output.position()).as("%s", codec).isZero();
      }
      factory.release();
    }
  }

  @Test
  public void pagesOfTheWrongSizeFailWithoutWritingPastTheOutput() throws IOException {
    for (CodecFactory factory : factories(new Configuration())) {
      for (CompressionCodecName codec : CompressionCodecName.values()) {
        if (codec == CompressionCodecName.UNCOMPRESSED) {
          continue;
        }
        byte[] page = page(5000, codec.ordinal());
        byte[] compressed =
            factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        for (int declared : new int[] {page.length - 1, page.length + 1}) {
          ByteBuffer output = guarded(new byte[0], page.length + 1, true, GUARD);
          assertThatThrownBy(() -> decompressor.decompress(
                  ByteBuffer.wrap(compressed), compressed.length, output, declared))
              .as("%s declared as %d bytes", codec, declared)
              .isInstanceOf(IOException.class)
              .hasMessageContaining(codec.name());
          assertGuards(output, GUARD, declared, codec + " declared as " + declared + " bytes");
        }
      }
      factory.release();
    }
  }

  /** A page that decodes to fewer bytes than declared ends early: EOFException, on both paths. */
  @Test
  public void shortOutputIsAnEofException() throws IOException {
    byte[] page = page(5000, 4);
    for (CodecFactory factory : factories(new Configuration())) {
      // an LZ4 block does not state its size: it decodes, and comes out one byte short
      byte[] compressed = factory.getCompressor(CompressionCodecName.LZ4_RAW)
          .compress(BytesInput.from(page))
          .toByteArray();
      BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.LZ4_RAW);
      assertThatThrownBy(() -> decompressor.decompress(BytesInput.from(compressed), page.length + 1))
          .isInstanceOf(EOFException.class)
          .hasMessageContaining("decoded to " + page.length + " bytes, expected " + (page.length + 1));
      ByteBuffer output = guarded(new byte[0], page.length + 1, true, GUARD);
      assertThatThrownBy(() -> decompressor.decompress(
              ByteBuffer.wrap(compressed), compressed.length, output, page.length + 1))
          .isInstanceOf(EOFException.class);
      factory.release();
    }
  }

  /** UNCOMPRESSED pages hold exactly their declared size: shorter is an EOFException, longer an IOException. */
  @Test
  public void uncompressedPagesAreSizeChecked() throws IOException {
    byte[] page = page(100, 5);
    for (CodecFactory factory : factories(new Configuration())) {
      BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.UNCOMPRESSED);
      assertThat(decompressor.decompress(BytesInput.from(page), 100).toByteArray())
          .isEqualTo(page);
      assertThatThrownBy(() -> decompressor.decompress(BytesInput.from(page), 101))
          .isInstanceOf(EOFException.class)
          .hasMessage("UNCOMPRESSED page holds 100 bytes, expected 101");
      assertThatThrownBy(() -> decompressor.decompress(BytesInput.from(page), 99))
          .isInstanceOf(IOException.class)
          .isNotInstanceOf(EOFException.class)
          .hasMessage("UNCOMPRESSED page holds 100 bytes, expected 99");
      factory.release();
    }
  }

  /**
   * parquet.compression.codec.hadoop.enabled=true: both factories use Hadoop's codecs again (their classes say so),
   * and what they write reads with the direct codecs, and the reverse, also at a level.
   */
  @Test
  public void hadoopCodecsOptOut() throws IOException {
    Configuration optOut = new Configuration();
    optOut.setBoolean("parquet.compression.codec.hadoop.enabled", true);
    Set<CompressionCodecName> codecs = EnumSet.of(
        CompressionCodecName.SNAPPY,
        CompressionCodecName.GZIP,
        CompressionCodecName.ZSTD,
        CompressionCodecName.LZ4_RAW);
    CodecFactory direct = heapFactory(new Configuration());
    for (CodecFactory hadoop : factories(optOut)) {
      for (CompressionCodecName codec : codecs) {
        byte[] page = page(70_000, codec.ordinal() + 7);
        BytesInputCompressor compressor = hadoop.getCompressor(codec);
        BytesInputDecompressor decompressor = hadoop.getDecompressor(codec);
        assertThat(compressor.getClass().getName())
            .isEqualTo("org.apache.parquet.hadoop.HadoopCodecPath$HadoopCompressor");
        assertThat(decompressor.getClass().getName())
            .isEqualTo("org.apache.parquet.hadoop.HadoopCodecPath$HadoopDecompressor");
        byte[] fromHadoop = compressor.compress(BytesInput.from(page)).toByteArray();
        assertThat(direct.getDecompressor(codec)
                .decompress(BytesInput.from(fromHadoop), page.length)
                .toByteArray())
            .as("%s: the direct codec reads the Hadoop codec's page", codec)
            .isEqualTo(page);
        byte[] fromDirect =
            direct.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
        assertThat(decompressor.decompress(BytesInput.from(fromDirect), page.length).toByteArray())
            .as("%s: the Hadoop codec reads the direct codec's page", codec)
            .isEqualTo(page);
        ByteBuffer output = ByteBuffer.allocateDirect(page.length);
        decompressor.decompress(ByteBuffer.wrap(fromDirect), fromDirect.length, output, page.length);
        output.flip();
        byte[] decoded = new byte[page.length];
        output.get(decoded);
        assertThat(decoded).as("%s: ByteBuffer path", codec).isEqualTo(page);
      }
      byte[] page = page(70_000, 11);
      BytesInputCompressor zstd19 = hadoop.getCompressor(CompressionCodecName.ZSTD, 19);
      assertThat(zstd19.getClass().getSimpleName()).isEqualTo("HadoopCompressor");
      byte[] best = zstd19.compress(BytesInput.from(page)).toByteArray();
      byte[] fastest = hadoop.getCompressor(CompressionCodecName.ZSTD, 1)
          .compress(BytesInput.from(page))
          .toByteArray();
      assertThat(best.length).as("ZSTD level 19 against level 1").isLessThan(fastest.length);
      assertThat(direct.getDecompressor(CompressionCodecName.ZSTD)
              .decompress(BytesInput.from(best), page.length)
              .toByteArray())
          .isEqualTo(page);
      byte[] gzip9 = hadoop.getCompressor(CompressionCodecName.GZIP, 9)
          .compress(BytesInput.from(page))
          .toByteArray();
      assertThat(direct.getDecompressor(CompressionCodecName.GZIP)
              .decompress(BytesInput.from(gzip9), page.length)
              .toByteArray())
          .isEqualTo(page);
      assertThat(hadoop.getCompressor(CompressionCodecName.UNCOMPRESSED))
          .isSameAs(CodecFactory.NO_OP_COMPRESSOR);
      hadoop.release();
    }
    direct.release();
  }

  @Test
  public void pagesAboveTheConfiguredMaximumAreRefused() throws IOException {
    Configuration conf = new Configuration();
    conf.setInt("parquet.compression.codec.max.decompressed.page.size", 4000);
    byte[] page = page(5000, 2);
    for (CodecFactory factory : factories(conf)) {
      byte[] compressed = factory.getCompressor(CompressionCodecName.ZSTD)
          .compress(BytesInput.from(page))
          .toByteArray();
      BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.ZSTD);
      assertThatThrownBy(() -> decompressor.decompress(BytesInput.from(compressed), page.length))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("parquet.compression.codec.max.decompressed.page.size");
      byte[] small = page(3000, 3);
      byte[] smallCompressed = factory.getCompressor(CompressionCodecName.ZSTD)
          .compress(BytesInput.from(small))
          .toByteArray();
      assertThat(decompressor.decompress(BytesInput.from(smallCompressed), small.length).toByteArray())
          .isEqualTo(small);
      factory.release();
    }
  }

  @Test
  public void nativeModeChoosesTheImplementation() throws IOException {
    byte[] page = page(100_000, 4);
    byte[] bySnappyJava = org.xerial.snappy.Snappy.compress(page);
    io.airlift.compress.snappy.SnappyCompressor aircompressor = new io.airlift.compress.snappy.SnappyCompressor();
    byte[] buffer = new byte[aircompressor.maxCompressedLength(page.length)];
    byte[] byAircompressor =
        Arrays.copyOf(buffer, aircompressor.compress(page, 0, page.length, buffer, 0, buffer.length));
    assertThat(byAircompressor).as("the two SNAPPY encoders differ on this page").isNotEqualTo(bySnappyJava);
    for (String mode : new String[] {null, "auto", "native-only", "pure-java"}) {
      Configuration conf = new Configuration();
      if (mode != null) {
        conf.set("parquet.compression.codec.native", mode);
      }
      for (CodecFactory factory : factories(conf)) {
        byte[] compressed = factory.getCompressor(CompressionCodecName.SNAPPY)
            .compress(BytesInput.from(page))
            .toByteArray();
        assertThat(compressed)
            .as("SNAPPY with parquet.compression.codec.native=%s", mode)
            .isEqualTo("pure-java".equals(mode) ? byAircompressor : bySnappyJava);
        roundTrip(factory, CompressionCodecName.SNAPPY, page);
        roundTrip(factory, CompressionCodecName.ZSTD, page);
        factory.release();
      }
    }
    Configuration bad = new Configuration();
    bad.set("parquet.compression.codec.native", "sometimes");
    assertThatThrownBy(() -> {
          for (CodecFactory factory : factories(bad)) {
            factory.getCompressor(CompressionCodecName.SNAPPY);
          }
        })
        .hasMessageContaining("sometimes")
        .hasMessageContaining("parquet.compression.codec.native");
  }

  @Test
  public void lz4PagesWithoutHadoopFramingAreRead() throws IOException {
    // older parquet-cpp wrote LZ4 pages as one raw LZ4 block
    byte[] page = page(50_000, 3);
    Lz4Compressor lz4 = new Lz4Compressor();
    byte[] block = new byte[lz4.maxCompressedLength(page.length)];
    int length = lz4.compress(page, 0, page.length, block, 0, block.length);
    byte[] raw = Arrays.copyOf(block, length);
    for (CodecFactory factory : factories(new Configuration())) {
      BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.LZ4);
      assertThat(decompressor.decompress(BytesInput.from(raw), page.length).toByteArray())
          .isEqualTo(page);
      ByteBuffer output = ByteBuffer.allocateDirect(page.length);
      decompressor.decompress(ByteBuffer.wrap(raw), raw.length, output, page.length);
      output.flip();
      byte[] decoded = new byte[page.length];
      output.get(decoded);
      assertThat(decoded).isEqualTo(page);
      factory.release();
    }
  }

  /** The Hadoop codecs that parquet-java used before read what the direct codecs write, and the reverse. */
  @Test
  @SuppressWarnings("deprecation")
  public void agreesWithHadoopCodecs() throws IOException {
    Set<CompressionCodecName> codecs = EnumSet.of(
        CompressionCodecName.SNAPPY,
        CompressionCodecName.GZIP,
        CompressionCodecName.ZSTD,
        CompressionCodecName.LZ4,
        CompressionCodecName.LZ4_RAW);
    for (CodecFactory factory : factories(new Configuration())) {
      for (CompressionCodecName codec : codecs) {
        CompressionCodec hadoop = factory.getCodec(codec);
        if (!works(hadoop)) {
          continue;
        }
        for (int size : new int[] {1, 1000, 300_000, 1_000_000}) {
          byte[] page = page(size, size + codec.ordinal());
          byte[] direct =
              factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
          assertThat(hadoopDecompress(hadoop, direct, size))
              .as("%s: Hadoop reads a %d byte page", codec, size)
              .isEqualTo(page);
          byte[] fromHadoop = hadoopCompress(hadoop, page);
          assertThat(factory.getDecompressor(codec)
                  .decompress(BytesInput.from(fromHadoop), size)
                  .toByteArray())
              .as("%s: reads Hadoop's %d byte page", codec, size)
              .isEqualTo(page);
        }
      }
      factory.release();
    }
  }

  /** Hadoop 3.3.0's Lz4Codec needs the native Hadoop library (later versions use lz4-java). */
  private static boolean works(CompressionCodec hadoop) {
    try {
      hadoopCompress(hadoop, new byte[] {1, 2, 3});
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("Hadoop's {} does not work here, not compared: {}", hadoop.getClass().getSimpleName(), e.toString());
      return false;
    }
  }

  private static byte[] hadoopCompress(CompressionCodec codec, byte[] page) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream stream = codec.createOutputStream(out)) {
      stream.write(page);
    }
    return out.toByteArray();
  }

  private static byte[] hadoopDecompress(CompressionCodec codec, byte[] compressed, int size) throws IOException {
    try (InputStream in = codec.createInputStream(BytesInput.from(compressed).toInputStream())) {
      return BytesInput.from(in, size).toByteArray();
    }
  }

  @Test
  public void levelsComeFromTheConfiguration() throws IOException {
    byte[] page = page(200_000, 11);
    Configuration fast = new Configuration();
    fast.setInt("parquet.compression.codec.zstd.level", 1);
    fast.set("zlib.compress.level", "BEST_SPEED");
    Configuration small = new Configuration();
    small.setInt("parquet.compression.codec.zstd.level", 19);
    small.set("zlib.compress.level", "BEST_COMPRESSION");
    for (CompressionCodecName codec : new CompressionCodecName[] {CompressionCodecName.ZSTD, CompressionCodecName.GZIP
    }) {
      long fastSize = heapFactory(fast)
          .getCompressor(codec)
          .compress(BytesInput.from(page))
          .size();
      long smallSize = directFactory(small)
          .getCompressor(codec)
          .compress(BytesInput.from(page))
          .size();
      assertThat(smallSize).as("%s", codec).isLessThan(fastSize);
    }
    Configuration invalid = new Configuration();
    invalid.setInt("parquet.compression.codec.zstd.level", 99);
    assertThatThrownBy(() -> heapFactory(invalid).getCompressor(CompressionCodecName.ZSTD))
        .isInstanceOf(BadConfigurationException.class)
        .hasMessageContaining("99");
  }

  @Test
  public void subclassesThatOverrideGetCodecStillWork() throws IOException {
    // Apache Iceberg's ParquetCodecFactory overrides getCodec to key its cache by level
    CodecFactory factory = new CodecFactory(new Configuration(), 1024) {
      @Override
      @SuppressWarnings("deprecation")
      protected CompressionCodec getCodec(CompressionCodecName codecName) {
        throw new AssertionError("getCodec is not used for " + codecName);
      }
    };
    for (CompressionCodecName codec : CompressionCodecName.values()) {
      roundTrip(factory, codec, page(3000, 5));
    }
    factory.release();
  }

  @Test
  public void releaseKeepsCompressorsUsable() throws IOException {
    for (CodecFactory factory : factories(new Configuration())) {
      BytesInputCompressor compressor = factory.getCompressor(CompressionCodecName.ZSTD);
      BytesInputDecompressor decompressor = factory.getDecompressor(CompressionCodecName.ZSTD);
      factory.release();
      // readers and writers release a shared factory on close while others still use it
      byte[] page = page(1000, 1);
      byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();
      assertThat(decompressor.decompress(BytesInput.from(compressed), page.length).toByteArray())
          .isEqualTo(page);
      factory.release();
    }
  }

  /**
   * Runs in a class loader without Hadoop: every codec through the read options' factory. It must not touch
   * {@link TestDirectCodecs}, whose Hadoop codec helpers cannot be loaded there.
   */
  public static final class WithoutHadoop implements Callable<String> {
    @Override
    public String call() throws IOException {
      byte[] page = new byte[20_000];
      for (int i = 0; i < page.length; i++) {
        page[i] = (byte) (i % 7 == 0 ? i * 31 : i / 100);
      }
      List<CompressionCodecFactory> factories = Arrays.asList(
          ParquetReadOptions.builder(new PlainParquetConfiguration()).build().getCodecFactory(),
          new ParquetReadOptions.Builder().build().getCodecFactory(),
          CodecFactory.createDirectCodecFactory(
              new PlainParquetConfiguration(), new DirectByteBufferAllocator(), 1024));
      List<String> lines = new ArrayList<>();
      for (CompressionCodecFactory factory : factories) {
        StringBuilder codecs = new StringBuilder();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
          byte[] compressed = factory.getCompressor(codec)
              .compress(BytesInput.from(page))
              .toByteArray();
          byte[] decoded = factory.getDecompressor(codec)
              .decompress(BytesInput.from(compressed), page.length)
              .toByteArray();
          if (!Arrays.equals(page, decoded)) {
            throw new AssertionError(codec + " differs");
          }
          codecs.append(codec).append(' ');
        }
        factory.release();
        lines.add(codecs.toString().trim());
      }
      return String.join("\n", lines);
    }
  }

  private static final class NoHadoopClassLoader extends URLClassLoader {
    final List<String> refused = new CopyOnWriteArrayList<>();

    NoHadoopClassLoader(URL[] urls) {
      super(urls, ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("org.apache.hadoop.")) {
        refused.add(name);
        throw new ClassNotFoundException(name + " is hidden by this test");
      }
      return super.loadClass(name, resolve);
    }
  }

  /** The class path entries, with the Class-Path of a manifest-only jar (Surefire's) expanded. */
  private static List<URL> classPath() throws IOException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Paths.get(entry);
      urls.add(path.toUri().toURL());
      if (entry.endsWith(".jar")) {
        try (JarFile jar = new JarFile(path.toFile())) {
          Manifest manifest = jar.getManifest();
          String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
          if (classPath != null && !classPath.trim().isEmpty()) {
            for (String element : classPath.trim().split("\\s+")) {
              urls.add(new URL(path.toUri().toURL(), element));
            }
          }
        }
      }
    }
    return urls;
  }

  @Test
  public void readOptionsAndEveryCodecWorkWithoutHadoop() throws Exception {
    try (NoHadoopClassLoader loader = new NoHadoopClassLoader(classPath().toArray(new URL[0]))) {
      Class<?> task = Class.forName(WithoutHadoop.class.getName(), true, loader);
      assertThat((Object) task.getClassLoader()).isSameAs(loader);
      @SuppressWarnings("unchecked")
      Callable<String> call = (Callable<String>) task.getDeclaredConstructor().newInstance();
      String everyCodec = "UNCOMPRESSED SNAPPY GZIP LZO BROTLI LZ4 ZSTD LZ4_RAW";
      assertThat(call.call()).isEqualTo(String.join("\n", everyCodec, everyCodec, everyCodec));
      // only ParquetReadOptions.Builder's probe for Hadoop may ask
      assertThat(loader.refused).as("Hadoop classes requested").containsOnly("org.apache.hadoop.conf.Configuration");
    }
  }
}
