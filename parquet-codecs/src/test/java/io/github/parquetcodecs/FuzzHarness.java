package io.github.parquetcodecs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * What one fuzz input does, shared by {@link CodecFuzzTest} (Jazzer) and the regression tests of inputs it found.
 *
 * <p>Input layout: byte 0 holds flags, the rest depends on bit 0.
 *
 * <ul>
 *   <li>bit 0 clear, <b>decode</b>: bytes 1-4 are the declared decompressed size (big-endian); bytes 5- are the page.
 *       Bit 4 set keeps the declared size as is (negative, huge); clear, it is taken modulo 16 Ki so that the fuzzer
 *       spends its time in the codecs rather than in allocating pages. The page goes through {@link HostileDecoding}:
 *       an IOException naming the codec or a decode of exactly the declared size, identical on every path, with
 *       nothing written outside the output slice. For SNAPPY and ZSTD the native and pure-Java decoders must agree
 *       whenever both accept a page.
 *   <li>bit 0 set, <b>round trip</b>: bytes 1- are a page, compressed at the level chosen by bits 4-7 (from a heap or,
 *       with bit 1, a direct buffer) and decompressed again, which must give the page back on every path.
 * </ul>
 *
 * Bits 1-3 choose the decode path ({@link HostileDecoding.Path} ordinal, modulo 5), or all paths when 7.
 */
final class FuzzHarness {
    /** Pages up to this size decode; larger declared sizes are refused up front. */
    static final int LIMIT = 4 << 20;

    /** The native engines of every JDK (snappy-java, zstd-jni, lz4-java, the JDK's zlib), never the native tier. */
    static final HadoopFreeCodecFactory NATIVE = limited("no-ffm");

    static final HadoopFreeCodecFactory PURE_JAVA = limited("pure-java");
    /** The native tier of JDK 25 (libdeflate, liblz4, libzstd through FFM), for the {@code *Tier} targets. */
    static final HadoopFreeCodecFactory TIER = limited("ffm-only");
    /** The tier targets run on JDK 25 and later only; before, they return at once. */
    static final boolean TIER_RUNS = Runtime.version().feature() >= 25;

    private FuzzHarness() {}

    /** The fuzz targets of {@link CodecFuzzTest}: each codec, and SNAPPY and ZSTD also in pure Java. */
    enum Target {
        UNCOMPRESSED("uncompressed", CompressionCodecName.UNCOMPRESSED, false),
        SNAPPY("snappy", CompressionCodecName.SNAPPY, false),
        SNAPPY_PURE_JAVA("snappyPureJava", CompressionCodecName.SNAPPY, true),
        GZIP("gzip", CompressionCodecName.GZIP, false),
        LZO("lzo", CompressionCodecName.LZO, false),
        BROTLI("brotli", CompressionCodecName.BROTLI, false),
        LZ4("lz4", CompressionCodecName.LZ4, false),
        ZSTD("zstd", CompressionCodecName.ZSTD, false),
        ZSTD_PURE_JAVA("zstdPureJava", CompressionCodecName.ZSTD, true),
        LZ4_RAW("lz4Raw", CompressionCodecName.LZ4_RAW, false),
        GZIP_TIER("gzipTier", CompressionCodecName.GZIP, false, true),
        LZ4_TIER("lz4Tier", CompressionCodecName.LZ4, false, true),
        LZ4_RAW_TIER("lz4RawTier", CompressionCodecName.LZ4_RAW, false, true),
        ZSTD_TIER("zstdTier", CompressionCodecName.ZSTD, false, true);

        /** The name of the fuzz test method, and of its inputs directory. */
        final String method;

        final CompressionCodecName codec;
        final boolean pureJava;
        /** Whether the target is the native tier's engine for the codec (JDK 25). */
        final boolean tier;

        Target(String method, CompressionCodecName codec, boolean pureJava) {
            this(method, codec, pureJava, false);
        }

        Target(String method, CompressionCodecName codec, boolean pureJava, boolean tier) {
            this.method = method;
            this.codec = codec;
            this.pureJava = pureJava;
            this.tier = tier;
        }

        void run(byte[] data) {
            if (tier && !TIER_RUNS) {
                return;
            }
            FuzzHarness.run(codec, pureJava ? PURE_JAVA : tier ? TIER : NATIVE, pureJava, data);
        }
    }

    /** The {@code allCodecs} target: byte 0 picks the codec, the rest is an input for it. */
    static void runAny(byte[] data) {
        if (data.length > 0) {
            Target[] targets = Target.values();
            targets[(data[0] & 0xff) % targets.length].run(Arrays.copyOfRange(data, 1, data.length));
        }
    }

    private static HadoopFreeCodecFactory limited(String mode) {
        org.apache.parquet.conf.PlainParquetConfiguration conf =
                new org.apache.parquet.conf.PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, mode);
        conf.set(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE, String.valueOf(LIMIT));
        return new HadoopFreeCodecFactory(conf);
    }

    static void run(CompressionCodecName codec, HadoopFreeCodecFactory factory, boolean pureJava, byte[] data) {
        if (data.length == 0) {
            return;
        }
        int flags = data[0] & 0xff;
        int pathChoice = (flags >>> 1) & 7;
        HostileDecoding.Path[] all = HostileDecoding.Path.values();
        HostileDecoding.Path[] paths =
                pathChoice == 7 ? all : new HostileDecoding.Path[] {all[pathChoice % all.length]};
        if ((flags & 1) == 0) {
            decode(codec, pureJava, data, flags, paths, factory);
        } else {
            roundTrip(codec, pureJava, data, flags, paths, factory);
        }
    }

    private static void decode(
            CompressionCodecName codec,
            boolean pureJava,
            byte[] data,
            int flags,
            HostileDecoding.Path[] paths,
            HadoopFreeCodecFactory factory) {
        if (data.length < 5) {
            return;
        }
        int declared = ByteBuffer.wrap(data, 1, 4).getInt();
        if ((flags & 0x10) == 0) {
            declared &= 0x3fff;
        }
        byte[] page = Arrays.copyOfRange(data, 5, data.length);
        byte[] decoded = HostileDecoding.decode(factory, codec, page, declared, paths);
        if (decoded != null && !pureJava && hasPureJava(codec)) {
            byte[] other = HostileDecoding.decode(PURE_JAVA, codec, page, declared, HostileDecoding.Path.HEAP_HEAP);
            if (other != null && !Arrays.equals(decoded, other)) {
                throw new AssertionError(codec + ": native and pure-Java decoders disagree on "
                        + HostileDecoding.describe(page, declared));
            }
        }
    }

    private static void roundTrip(
            CompressionCodecName codec,
            boolean pureJava,
            byte[] data,
            int flags,
            HostileDecoding.Path[] paths,
            HadoopFreeCodecFactory factory) {
        byte[] page = Arrays.copyOfRange(data, 1, data.length);
        int level = level(codec, flags >>> 4);
        BytesInput input;
        if ((flags & 2) != 0) {
            ByteBuffer direct = ByteBuffer.allocateDirect(page.length);
            direct.put(page).flip();
            input = BytesInput.from(direct);
        } else {
            input = BytesInput.from(page);
        }
        byte[] compressed;
        try {
            compressed = factory.getCompressor(codec, level).compress(input).toByteArray();
        } catch (IOException e) {
            throw new AssertionError(codec + " level " + level + ": compressing " + page.length + " bytes failed", e);
        }
        byte[] decoded = HostileDecoding.decode(factory, codec, compressed, page.length, paths);
        if (!Arrays.equals(page, decoded)) {
            throw new AssertionError(codec + " level " + level + ": round trip of " + page.length + " bytes gave "
                    + (decoded == null ? "an IOException" : "other bytes"));
        }
        if (hasPureJava(codec)) {
            // what one implementation writes, the other reads
            HadoopFreeCodecFactory other = pureJava ? NATIVE : PURE_JAVA;
            byte[] crossed =
                    HostileDecoding.decode(other, codec, compressed, page.length, HostileDecoding.Path.HEAP_HEAP);
            if (!Arrays.equals(page, crossed)) {
                throw new AssertionError(codec + ": " + (pureJava ? "native" : "pure-Java")
                        + " decoder cannot read a page of " + page.length + " bytes written by the other");
            }
        }
    }

    private static boolean hasPureJava(CompressionCodecName codec) {
        return HostileDecoding.hasPureJavaVariant(codec);
    }

    /** A level in the codec's range chosen by a 4-bit selector; codecs without levels ignore it. */
    static int level(CompressionCodecName codec, int selector) {
        switch (codec) {
            case ZSTD:
                return new int[] {3, 1, -5, -1, 2, 4, 5, 6, 7, 9, 12, 15, 19, 22, -100, -131072}[selector];
            case GZIP:
                return selector < 10 ? selector : -1;
            case BROTLI:
                return selector % 12;
            default:
                return 0;
        }
    }
}
