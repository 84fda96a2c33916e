package io.github.parquetcodecs.bench;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.github.parquetcodecs.CompressionLevels;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The ceiling: each codec library called directly, with the least work that produces and reads the same bytes as
 * Parquet's codec (a GZIP member's header, CRC32 and length; Hadoop's block framing around LZ4 and LZO blocks). Each
 * instance keeps its native context and scratch arrays for reuse, as a hand-written caller would.
 *
 * <p>Heap calls take arrays; direct calls take direct buffers and use each library's direct-buffer entry point. Their
 * positions and limits are set here (the benchmark owns the buffers), so no call allocates a view. brotli4j has no
 * direct-buffer API without Netty, so its direct calls stage through reused arrays.
 */
public abstract class BareCodec implements AutoCloseable {
    /**
     * Input per block in Hadoop's framing, as parquet-java's Hadoop codecs write it (256 KiB less overhead). The library
     * has the same sizes only as internal constants (HadoopBlockCodec), not public ones, so they are stated here.
     */
    static final int LZ4_BLOCK = 256 * 1024 - (256 * 1024 / 255 + 16);

    static final int LZO_BLOCK = 256 * 1024 - (256 * 1024 / 16 + 64 + 3);

    public abstract int maxCompressedLength(int length);

    /** Compresses {@code src[0, length)} into {@code dst} from 0; returns the compressed size. */
    public abstract int compress(byte[] src, int length, byte[] dst) throws IOException;

    /** Compresses {@code src[0, length)} into {@code dst} from 0 (direct buffers); returns the compressed size. */
    public abstract int compress(ByteBuffer src, int length, ByteBuffer dst) throws IOException;

    /** Decompresses {@code src[0, length)} into {@code dst[0, outLength)}; returns the decompressed size. */
    public abstract int decompress(byte[] src, int length, byte[] dst, int outLength) throws IOException;

    public abstract int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) throws IOException;

    @Override
    public void close() {}

    public static BareCodec of(CompressionCodecName codec) {
        switch (codec) {
            case SNAPPY:
                return new SnappyBare();
            case ZSTD:
                return new ZstdBare(CompressionLevels.ZSTD_DEFAULT_LEVEL);
            case GZIP:
                return new GzipBare(CompressionLevels.GZIP_DEFAULT_LEVEL);
            case LZ4_RAW:
                return new Lz4JavaBare();
            case LZ4:
                return new HadoopFramed(new Lz4JavaBare(), LZ4_BLOCK);
            case LZO:
                return new HadoopFramed(new AirBare(new LzoCompressor(), new LzoDecompressor()), LZO_BLOCK);
            case BROTLI:
                return new BrotliBare(CompressionLevels.BROTLI_DEFAULT_QUALITY);
            default:
                throw new IllegalArgumentException("no bare codec for " + codec);
        }
    }

    /** The codecs with a bare FFM row: those aircompressor-v3 bundles a native library for. */
    public static final Set<CompressionCodecName> FFM_CODECS = Collections.unmodifiableSet(EnumSet.of(
            CompressionCodecName.SNAPPY,
            CompressionCodecName.GZIP,
            CompressionCodecName.LZ4_RAW,
            CompressionCodecName.LZ4,
            CompressionCodecName.ZSTD));

    private static final String FFM_CLASS = "io.github.parquetcodecs.bench.BareFfm";

    /** Why the bare FFM row of {@code codec} cannot run on this JVM, or null when it can. */
    public static String ffmUnsupported(CompressionCodecName codec) {
        if (Runtime.version().feature() < 25) {
            return "the bare FFM rows call aircompressor-v3, whose classes need JDK 25 or later, not "
                    + Runtime.version();
        }
        return FFM_CODECS.contains(codec) ? null : "aircompressor-v3 bundles no native library for " + codec;
    }

    /**
     * aircompressor-v3's native library for {@code codec}, called directly through its FFM classes (JDK 25 or later):
     * libdeflate, liblz4, libzstd or libsnappy. The code is BareFfm, in this module's META-INF/versions/25.
     *
     * @throws UnsupportedOperationException with {@link #ffmUnsupported}'s reason
     */
    public static BareCodec ffm(CompressionCodecName codec) {
        String reason = ffmUnsupported(codec);
        if (reason != null) {
            throw new UnsupportedOperationException(reason);
        }
        return (BareCodec) callFfm("of", CompressionCodecName.class, codec);
    }

    /** libzstd through aircompressor-v3 at {@code level} (JDK 25 or later). */
    public static BareCodec ffmZstd(int level) {
        String reason = ffmUnsupported(CompressionCodecName.ZSTD);
        if (reason != null) {
            throw new UnsupportedOperationException(reason);
        }
        return (BareCodec) callFfm("zstd", int.class, level);
    }

    /** The library calls of the bare FFM row, for the report. */
    public static String describeFfm(CompressionCodecName codec) {
        return ffmUnsupported(codec) != null ? "" : (String) callFfm("describe", CompressionCodecName.class, codec);
    }

    private static Object callFfm(String method, Class<?> type, Object argument) {
        try {
            return Class.forName(FFM_CLASS).getDeclaredMethod(method, type).invoke(null, argument);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    FFM_CLASS + " is missing: put parquet-codecs-benchmarks/target/classes/META-INF/versions/25 on the"
                            + " class path (dev/bench does), after building with a JDK 25 javac",
                    e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The library calls, for the report. */
    public static String describe(CompressionCodecName codec) {
        switch (codec) {
            case SNAPPY:
                return "snappy-java Snappy.compress/uncompress (byte[] with offsets; ByteBuffer for direct)";
            case ZSTD:
                return "zstd-jni ZstdCompressCtx(level " + CompressionLevels.ZSTD_DEFAULT_LEVEL
                        + ")/ZstdDecompressCtx, reused; compress/decompressByteArray, "
                        + "compress/decompressDirectByteBuffer";
            case GZIP:
                return "java.util.zip Deflater(level " + gzipLevelName(CompressionLevels.GZIP_DEFAULT_LEVEL)
                        + ", nowrap)/Inflater(nowrap), reused, plus CRC32 and the 18-byte "
                        + "gzip header and trailer";
            case LZ4_RAW:
                return "lz4-java LZ4Factory.nativeInstance() fastCompressor/safeDecompressor (JNI)";
            case LZ4:
                return "lz4-java native fastCompressor/safeDecompressor per 256 KiB Hadoop block, 8-byte block headers";
            case LZO:
                return "aircompressor LzoCompressor/LzoDecompressor per 256 KiB Hadoop block, 8-byte block headers";
            case BROTLI:
                return "brotli4j Encoder.compress(quality " + CompressionLevels.BROTLI_DEFAULT_QUALITY
                        + ")/Decoder.decompress on byte[] (copied into the page)";
            default:
                return "";
        }
    }

    /** zlib's default level, {@link Deflater#DEFAULT_COMPRESSION}, is level 6. */
    private static String gzipLevelName(int level) {
        return level == Deflater.DEFAULT_COMPRESSION ? "6" : Integer.toString(level);
    }

    static ByteBuffer range(ByteBuffer buffer, int position, int limit) {
        buffer.limit(limit).position(position);
        return buffer;
    }

    static final class SnappyBare extends BareCodec {
        @Override
        public int maxCompressedLength(int length) {
            return Snappy.maxCompressedLength(length);
        }

        @Override
        public int compress(byte[] src, int length, byte[] dst) throws IOException {
            return Snappy.compress(src, 0, length, dst, 0);
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) throws IOException {
            return Snappy.compress(range(src, 0, length), range(dst, 0, dst.capacity()));
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) throws IOException {
            return Snappy.uncompress(src, 0, length, dst, 0);
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) throws IOException {
            return Snappy.uncompress(range(src, 0, length), range(dst, 0, outLength));
        }
    }

    static final class ZstdBare extends BareCodec {
        private final ZstdCompressCtx compressor = new ZstdCompressCtx();
        private final ZstdDecompressCtx decompressor = new ZstdDecompressCtx();

        ZstdBare(int level) {
            compressor.setLevel(level);
            compressor.setContentSize(true);
        }

        @Override
        public int maxCompressedLength(int length) {
            return (int) Zstd.compressBound(length);
        }

        @Override
        public int compress(byte[] src, int length, byte[] dst) {
            return compressor.compressByteArray(dst, 0, dst.length, src, 0, length);
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) {
            return compressor.compressDirectByteBuffer(dst, 0, dst.capacity(), src, 0, length);
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) {
            return decompressor.decompressByteArray(dst, 0, outLength, src, 0, length);
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) {
            return decompressor.decompressDirectByteBuffer(dst, 0, outLength, src, 0, length);
        }

        @Override
        public void close() {
            compressor.close();
            decompressor.close();
        }
    }

    /**
     * One gzip member: a fixed 10-byte header, raw deflate, CRC32 and ISIZE. The raw deflate engine is the subclass's:
     * JDK zlib ({@link GzipBare}) or libdeflate (the JDK 25 bare rows, {@code BareFfm}).
     */
    abstract static class GzipMember extends BareCodec {
        static final int HEADER = 10;
        static final int TRAILER = 8;
        private final CRC32 crc = new CRC32();

        /** Raw deflate of {@code src[0, length)} into {@code dst[offset, end)}; returns the bytes written. */
        abstract int deflate(byte[] src, int length, byte[] dst, int offset, int end) throws IOException;

        /** Raw deflate of src's [position, limit) into dst's [position, limit); returns the bytes written. */
        abstract int deflate(ByteBuffer src, ByteBuffer dst) throws IOException;

        /** Raw inflate of {@code src[offset, offset + length)} into {@code dst[0, outLength)}; returns the bytes made. */
        abstract int inflate(byte[] src, int offset, int length, byte[] dst, int outLength) throws IOException;

        /** Raw inflate of src's [position, limit) into dst's [position, limit); returns the bytes made. */
        abstract int inflate(ByteBuffer src, ByteBuffer dst) throws IOException;

        /** The deflate bound of {@code n} bytes, before the header and trailer. */
        abstract int deflateBound(int n);

        @Override
        public final int maxCompressedLength(int n) {
            return deflateBound(n) + HEADER + TRAILER;
        }

        private static void header(byte[] dst) {
            dst[0] = 0x1f;
            dst[1] = (byte) 0x8b;
            dst[2] = 8;
            for (int i = 3; i < 9; i++) {
                dst[i] = 0;
            }
            dst[9] = (byte) 0xff;
        }

        @Override
        public final int compress(byte[] src, int length, byte[] dst) throws IOException {
            header(dst);
            int out = HEADER + deflate(src, length, dst, HEADER, dst.length - TRAILER);
            crc.reset();
            crc.update(src, 0, length);
            putIntLE(dst, out, (int) crc.getValue());
            putIntLE(dst, out + 4, length);
            return out + TRAILER;
        }

        @Override
        public final int compress(ByteBuffer src, int length, ByteBuffer dst) throws IOException {
            dst.limit(dst.capacity());
            dst.put(0, (byte) 0x1f).put(1, (byte) 0x8b).put(2, (byte) 8);
            for (int i = 3; i < 9; i++) {
                dst.put(i, (byte) 0);
            }
            dst.put(9, (byte) 0xff);
            int out = HEADER + deflate(range(src, 0, length), range(dst, HEADER, dst.capacity() - TRAILER));
            crc.reset();
            crc.update(range(src, 0, length));
            dst.order(java.nio.ByteOrder.LITTLE_ENDIAN);
            dst.limit(dst.capacity());
            dst.putInt(out, (int) crc.getValue());
            dst.putInt(out + 4, length);
            dst.order(java.nio.ByteOrder.BIG_ENDIAN);
            return out + TRAILER;
        }

        @Override
        public final int decompress(byte[] src, int length, byte[] dst, int outLength) throws IOException {
            int out = inflate(src, HEADER, length - HEADER - TRAILER, dst, outLength);
            crc.reset();
            crc.update(dst, 0, out);
            if ((int) crc.getValue() != getIntLE(src, length - 8) || out != getIntLE(src, length - 4)) {
                throw new IOException("gzip trailer mismatch");
            }
            return out;
        }

        @Override
        public final int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) throws IOException {
            int out = inflate(range(src, HEADER, length - TRAILER), range(dst, 0, outLength));
            crc.reset();
            crc.update(range(dst, 0, out));
            src.limit(length);
            src.order(java.nio.ByteOrder.LITTLE_ENDIAN);
            int expectedCrc = src.getInt(length - 8);
            int isize = src.getInt(length - 4);
            src.order(java.nio.ByteOrder.BIG_ENDIAN);
            if ((int) crc.getValue() != expectedCrc || out != isize) {
                throw new IOException("gzip trailer mismatch");
            }
            return out;
        }

        private static void putIntLE(byte[] b, int i, int v) {
            b[i] = (byte) v;
            b[i + 1] = (byte) (v >>> 8);
            b[i + 2] = (byte) (v >>> 16);
            b[i + 3] = (byte) (v >>> 24);
        }

        private static int getIntLE(byte[] b, int i) {
            return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
        }
    }

    /** A gzip member on JDK zlib: {@link Deflater} and {@link Inflater} in raw mode, reused. */
    static final class GzipBare extends GzipMember {
        private final Deflater deflater;
        private final Inflater inflater = new Inflater(true);

        GzipBare(int level) {
            deflater = new Deflater(level, true);
        }

        @Override
        int deflateBound(int n) {
            return n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5;
        }

        @Override
        int deflate(byte[] src, int length, byte[] dst, int offset, int end) throws IOException {
            deflater.setInput(src, 0, length);
            deflater.finish();
            int out = offset;
            while (!deflater.finished()) {
                int n = deflater.deflate(dst, out, end - out);
                if (n == 0 && out == end) {
                    throw new IOException("deflate output overflow");
                }
                out += n;
            }
            deflater.reset();
            return out - offset;
        }

        @Override
        int deflate(ByteBuffer src, ByteBuffer dst) throws IOException {
            int start = dst.position();
            deflater.setInput(src);
            deflater.finish();
            while (!deflater.finished()) {
                if (deflater.deflate(dst) == 0 && !dst.hasRemaining()) {
                    throw new IOException("deflate output overflow");
                }
            }
            deflater.reset();
            return dst.position() - start;
        }

        @Override
        int inflate(byte[] src, int offset, int length, byte[] dst, int outLength) throws IOException {
            inflater.setInput(src, offset, length);
            int out = 0;
            try {
                while (!inflater.finished()) {
                    int n = inflater.inflate(dst, out, outLength - out);
                    if (n == 0 && (inflater.needsInput() || out == outLength)) {
                        throw new IOException("truncated or oversized deflate stream");
                    }
                    out += n;
                }
            } catch (DataFormatException e) {
                throw new IOException(e);
            } finally {
                inflater.reset();
            }
            return out;
        }

        @Override
        int inflate(ByteBuffer src, ByteBuffer dst) throws IOException {
            int start = dst.position();
            inflater.setInput(src);
            try {
                while (!inflater.finished()) {
                    if (inflater.inflate(dst) == 0 && (inflater.needsInput() || !dst.hasRemaining())) {
                        throw new IOException("truncated or oversized deflate stream");
                    }
                }
            } catch (DataFormatException e) {
                throw new IOException(e);
            } finally {
                inflater.reset();
            }
            return dst.position() - start;
        }

        @Override
        public void close() {
            deflater.end();
            inflater.end();
        }
    }

    /** A raw block codec called on arrays with offsets and on buffer ranges; alone, or inside Hadoop framing. */
    abstract static class RawBlock extends BareCodec {
        abstract int compress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int capacity);

        abstract int decompress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int outLength);

        /** Compresses src's [position, limit) into dst's [position, limit); returns the bytes written. */
        abstract int compressRanges(ByteBuffer src, ByteBuffer dst);

        abstract int decompressRanges(ByteBuffer src, ByteBuffer dst);

        @Override
        public int compress(byte[] src, int length, byte[] dst) {
            return compress(src, 0, length, dst, 0, dst.length);
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) {
            return compressRanges(range(src, 0, length), range(dst, 0, dst.capacity()));
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) {
            return decompress(src, 0, length, dst, 0, outLength);
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) {
            return decompressRanges(range(src, 0, length), range(dst, 0, outLength));
        }
    }

    /** An aircompressor block codec (pure Java). */
    static final class AirBare extends RawBlock {
        private final Compressor compressor;
        private final Decompressor decompressor;

        AirBare(Compressor compressor, Decompressor decompressor) {
            this.compressor = compressor;
            this.decompressor = decompressor;
        }

        @Override
        public int maxCompressedLength(int length) {
            return compressor.maxCompressedLength(length);
        }

        @Override
        int compress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int capacity) {
            return compressor.compress(src, srcOffset, length, dst, dstOffset, capacity);
        }

        @Override
        int decompress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int outLength) {
            return decompressor.decompress(src, srcOffset, length, dst, dstOffset, outLength);
        }

        @Override
        int compressRanges(ByteBuffer src, ByteBuffer dst) {
            int start = dst.position();
            compressor.compress(src, dst);
            return dst.position() - start;
        }

        @Override
        int decompressRanges(ByteBuffer src, ByteBuffer dst) {
            int start = dst.position();
            decompressor.decompress(src, dst);
            return dst.position() - start;
        }
    }

    /** lz4-java's JNI build of the reference LZ4 library: what stock's Hadoop Lz4Codec runs on. */
    static final class Lz4JavaBare extends RawBlock {
        private final LZ4Compressor compressor = LZ4Factory.nativeInstance().fastCompressor();
        private final LZ4SafeDecompressor decompressor =
                LZ4Factory.nativeInstance().safeDecompressor();

        @Override
        public int maxCompressedLength(int length) {
            return compressor.maxCompressedLength(length);
        }

        @Override
        int compress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int capacity) {
            return compressor.compress(src, srcOffset, length, dst, dstOffset, capacity);
        }

        @Override
        int decompress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int outLength) {
            return decompressor.decompress(src, srcOffset, length, dst, dstOffset, outLength);
        }

        @Override
        int compressRanges(ByteBuffer src, ByteBuffer dst) {
            return compressor.compress(src, src.position(), src.remaining(), dst, dst.position(), dst.remaining());
        }

        @Override
        int decompressRanges(ByteBuffer src, ByteBuffer dst) {
            return decompressor.decompress(src, src.position(), src.remaining(), dst, dst.position(), dst.remaining());
        }
    }

    /** Hadoop's block framing (LZ4, LZO): per block, a big-endian raw length, a compressed length, one raw block. */
    static final class HadoopFramed extends BareCodec {
        private final RawBlock raw;
        private final int block;

        HadoopFramed(RawBlock raw, int block) {
            this.raw = raw;
            this.block = block;
        }

        @Override
        public int maxCompressedLength(int length) {
            int blocks = (length + block - 1) / block;
            return length + blocks * (8 + raw.maxCompressedLength(block) - block);
        }

        @Override
        public int compress(byte[] src, int length, byte[] dst) {
            int in = 0;
            int out = 0;
            while (in < length) {
                int n = Math.min(block, length - in);
                int c = raw.compress(src, in, n, dst, out + 8, dst.length - out - 8);
                putIntBE(dst, out, n);
                putIntBE(dst, out + 4, c);
                in += n;
                out += 8 + c;
            }
            return out;
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) {
            int in = 0;
            int out = 0;
            while (in < length) {
                int n = Math.min(block, length - in);
                int c = raw.compressRanges(range(src, in, in + n), range(dst, out + 8, dst.capacity()));
                dst.limit(dst.capacity());
                dst.putInt(out, n);
                dst.putInt(out + 4, c);
                in += n;
                out += 8 + c;
            }
            return out;
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) {
            int in = 0;
            int out = 0;
            while (in < length) {
                int n = getIntBE(src, in);
                int c = getIntBE(src, in + 4);
                out += raw.decompress(src, in + 8, c, dst, out, n);
                in += 8 + c;
            }
            return out;
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) {
            int in = 0;
            int out = 0;
            while (in < length) {
                src.limit(length);
                int n = src.getInt(in);
                int c = src.getInt(in + 4);
                out += raw.decompressRanges(range(src, in + 8, in + 8 + c), range(dst, out, out + n));
                in += 8 + c;
            }
            return out;
        }

        private static void putIntBE(byte[] b, int i, int v) {
            b[i] = (byte) (v >>> 24);
            b[i + 1] = (byte) (v >>> 16);
            b[i + 2] = (byte) (v >>> 8);
            b[i + 3] = (byte) v;
        }

        private static int getIntBE(byte[] b, int i) {
            return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
        }
    }

    static final class BrotliBare extends BareCodec {
        private final Encoder.Parameters parameters;
        private byte[] srcScratch = new byte[0];

        BrotliBare(int quality) {
            Brotli4jLoader.ensureAvailability();
            parameters = new Encoder.Parameters().setQuality(quality);
        }

        @Override
        public int maxCompressedLength(int length) {
            return length + 4 * (length >> 14) + 16;
        }

        @Override
        public int compress(byte[] src, int length, byte[] dst) throws IOException {
            byte[] compressed = Encoder.compress(src, 0, length, parameters);
            System.arraycopy(compressed, 0, dst, 0, compressed.length);
            return compressed.length;
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) throws IOException {
            byte[] in = scratch(length);
            range(src, 0, length).get(in, 0, length);
            byte[] compressed = Encoder.compress(in, 0, length, parameters);
            range(dst, 0, dst.capacity()).put(compressed);
            return compressed.length;
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) throws IOException {
            byte[] decompressed = Decoder.decompress(src, 0, length);
            System.arraycopy(decompressed, 0, dst, 0, decompressed.length);
            return decompressed.length;
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) throws IOException {
            byte[] in = scratch(length);
            range(src, 0, length).get(in, 0, length);
            byte[] decompressed = Decoder.decompress(in, 0, length);
            range(dst, 0, outLength).put(decompressed);
            return decompressed.length;
        }

        private byte[] scratch(int length) {
            if (srcScratch.length < length) {
                srcScratch = new byte[length];
            }
            return srcScratch;
        }
    }
}
