package io.github.parquetcodecs.bench;

import io.airlift.compress.v3.Compressor;
import io.airlift.compress.v3.Decompressor;
import io.airlift.compress.v3.deflate.DeflateNativeCompressor;
import io.airlift.compress.v3.deflate.DeflateNativeDecompressor;
import io.airlift.compress.v3.lz4.Lz4NativeCompressor;
import io.airlift.compress.v3.lz4.Lz4NativeDecompressor;
import io.airlift.compress.v3.snappy.SnappyNativeCompressor;
import io.airlift.compress.v3.snappy.SnappyNativeDecompressor;
import io.airlift.compress.v3.zstd.ZstdNativeCompressor;
import io.airlift.compress.v3.zstd.ZstdNativeDecompressor;
import io.github.parquetcodecs.CompressionLevels;
import io.github.parquetcodecs.cli.BareCodec;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The bare rows of the JDK 25 suite: aircompressor-v3's own classes for its bundled native libraries (libdeflate,
 * liblz4, libzstd, libsnappy), called as a user of that jar would call them, with the same framing as {@link
 * BareCodec}'s rows (a gzip member around libdeflate's raw deflate; Hadoop's blocks around LZ4). The ceiling for the
 * library's native tier, which binds the same libraries itself.
 *
 * <p>Java 25 code (src/main/java25, compiled into META-INF/versions/25): {@link BareRows#ffm} loads it by name, only
 * on JDK 25 or later.
 */
final class BareFfm {
    private BareFfm() {}

    /** Called reflectively by {@link BareRows#ffm}. */
    static BareCodec of(CompressionCodecName codec) {
        return switch (codec) {
            case SNAPPY -> {
                require(SnappyNativeCompressor.isEnabled(), "libsnappy");
                yield block(new SnappyNativeCompressor(), new SnappyNativeDecompressor());
            }
            case GZIP -> {
                require(DeflateNativeCompressor.isEnabled(), "libdeflate");
                yield new Libdeflate(CompressionLevels.GZIP_DEFAULT_LEVEL);
            }
            case LZ4_RAW -> lz4();
            case LZ4 -> new BareCodec.HadoopFramed(lz4(), BareCodec.LZ4_BLOCK);
            case ZSTD -> {
                require(ZstdNativeCompressor.isEnabled(), "libzstd");
                yield block(
                        new ZstdNativeCompressor(CompressionLevels.ZSTD_DEFAULT_LEVEL), new ZstdNativeDecompressor());
            }
            default -> throw new UnsupportedOperationException("aircompressor-v3 has no native " + codec);
        };
    }

    /** ZSTD at {@code level} (the level sweep). */
    static BareCodec zstd(int level) {
        require(ZstdNativeCompressor.isEnabled(), "libzstd");
        return block(new ZstdNativeCompressor(level), new ZstdNativeDecompressor());
    }

    /** The library calls, for the report. */
    static String describe(CompressionCodecName codec) {
        return switch (codec) {
            case SNAPPY -> "aircompressor-v3 SnappyNativeCompressor/Decompressor (libsnappy, FFM)";
            case GZIP -> "aircompressor-v3 DeflateNativeCompressor(level 6)/DeflateNativeDecompressor (libdeflate, FFM),"
                    + " plus CRC32 and the 18-byte gzip header and trailer";
            case LZ4_RAW -> "aircompressor-v3 Lz4NativeCompressor/Decompressor (liblz4, FFM)";
            case LZ4 -> "aircompressor-v3 Lz4NativeCompressor/Decompressor per 256 KiB Hadoop block, 8-byte headers";
            case ZSTD -> "aircompressor-v3 ZstdNativeCompressor(level " + CompressionLevels.ZSTD_DEFAULT_LEVEL
                    + ")/ZstdNativeDecompressor (libzstd, FFM)";
            default -> "";
        };
    }

    private static BareCodec.RawBlock lz4() {
        require(Lz4NativeCompressor.isEnabled(), "liblz4");
        return block(new Lz4NativeCompressor(), new Lz4NativeDecompressor());
    }

    private static void require(boolean enabled, String library) {
        if (!enabled) {
            throw new UnsupportedOperationException("aircompressor-v3 cannot load its " + library
                    + " here (is native access enabled? --enable-native-access=ALL-UNNAMED)");
        }
    }

    /** A block codec of aircompressor-v3: arrays with offsets, and direct buffers as memory segments. */
    static BareCodec.RawBlock block(Compressor compressor, Decompressor decompressor) {
        return new BareCodec.RawBlock(
                compressor::maxCompressedLength,
                compressor::compress,
                decompressor::decompress,
                (src, dst) -> compressor.compress(MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst)),
                (src, dst) -> decompressor.decompress(MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst)));
    }

    /** A gzip member around libdeflate's raw deflate. */
    static final class Libdeflate extends BareCodec.GzipMember {
        private final DeflateNativeCompressor compressor;
        private final DeflateNativeDecompressor decompressor = new DeflateNativeDecompressor();

        /** zlib's level: -1 (its default) is 6 in zlib and in libdeflate. */
        Libdeflate(int zlibLevel) {
            compressor = new DeflateNativeCompressor(zlibLevel < 0 ? 6 : zlibLevel);
        }

        @Override
        protected int deflateBound(int n) {
            return compressor.maxCompressedLength(n);
        }

        @Override
        protected int deflate(byte[] src, int length, byte[] dst, int offset, int end) {
            return compressor.compress(src, 0, length, dst, offset, end - offset);
        }

        @Override
        protected int deflate(ByteBuffer src, ByteBuffer dst) {
            return compressor.compress(MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst));
        }

        @Override
        protected int inflate(byte[] src, int offset, int length, byte[] dst, int outLength) {
            return decompressor.decompress(src, offset, length, dst, 0, outLength);
        }

        @Override
        protected int inflate(ByteBuffer src, ByteBuffer dst) {
            return decompressor.decompress(MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst));
        }
    }
}
