package io.github.parquetcodecs.cli;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;
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
 * The bare-library baseline: each codec library called directly (snappy-java, zstd-jni, JDK zlib, lz4-java,
 * aircompressor, brotli4j), with no engine of this library in between and the least work that produces and reads the
 * same bytes as Parquet's codec (a GZIP member's header, CRC32 and length; Hadoop's block framing around LZ4 and LZO
 * blocks). {@code bench --bare} and the JMH benchmarks (parquet-codecs-benchmarks) both compare the library with it,
 * so that there is one baseline. Each instance keeps its native context and scratch arrays for reuse, as a
 * hand-written caller would; an instance is for one thread.
 *
 * <p>Heap calls take arrays; direct calls take direct buffers and use each library's direct-buffer entry point. Their
 * positions and limits are set here (the caller owns the buffers), so no call allocates a view. brotli4j has no
 * direct-buffer API without Netty, so its direct calls stage through reused arrays.
 */
public abstract class BareCodec implements AutoCloseable {
    /**
     * Input per block in Hadoop's framing, as parquet-java's Hadoop codecs write it (256 KiB less overhead). The library
     * has the same sizes only as internal constants (HadoopBlockCodec), not public ones, so they are stated here.
     */
    public static final int LZ4_BLOCK = 256 * 1024 - (256 * 1024 / 255 + 16);

    public static final int LZO_BLOCK = 256 * 1024 - (256 * 1024 / 16 + 64 + 3);

    private byte[] scratch = new byte[0];

    BareCodec() {}

    public abstract int maxCompressedLength(int length);

    /** Compresses {@code src[0, length)} into {@code dst} from 0; returns the compressed size. */
    public abstract int compress(byte[] src, int length, byte[] dst) throws IOException;

    /** Compresses {@code src[0, length)} into {@code dst} from 0 (direct buffers); returns the compressed size. */
    public abstract int compress(ByteBuffer src, int length, ByteBuffer dst) throws IOException;

    /** Decompresses {@code src[0, length)} into {@code dst[0, outLength)}; returns the decompressed size. */
    public abstract int decompress(byte[] src, int length, byte[] dst, int outLength) throws IOException;

    public abstract int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) throws IOException;

    /**
     * Compresses all of {@code src} into a new array of the compressed size, as a compressed page is: into a reused
     * scratch array, then copied out (brotli4j returns an array of its own, which is the result).
     */
    public byte[] compressToArray(byte[] src) throws IOException {
        int needed = maxCompressedLength(src.length);
        if (scratch.length < needed) {
            scratch = new byte[needed];
        }
        return Arrays.copyOf(scratch, compress(src, src.length, scratch));
    }

    /**
     * Decompresses all of {@code src} into a new array, as parquet-java's reader needs each page: {@code outLength}
     * bytes, or as many as were decoded when that is fewer (the caller checks the length). brotli4j returns an array of
     * its own, which is the result.
     */
    public byte[] decompressToArray(byte[] src, int outLength) throws IOException {
        byte[] dst = new byte[outLength];
        int n = decompress(src, src.length, dst, outLength);
        return n == outLength ? dst : Arrays.copyOf(dst, n);
    }

    @Override
    public void close() {}

    /** The bare calls of {@code codec} at its default level (UNCOMPRESSED has none). */
    public static BareCodec of(CompressionCodecName codec) {
        switch (codec) {
            case ZSTD:
                return of(codec, CompressionLevels.ZSTD_DEFAULT_LEVEL);
            case GZIP:
                return of(codec, CompressionLevels.GZIP_DEFAULT_LEVEL);
            case BROTLI:
                return of(codec, CompressionLevels.BROTLI_DEFAULT_QUALITY);
            default:
                return of(codec, 0);
        }
    }

    /**
     * The bare calls of {@code codec} at {@code level}: zstd's level, zlib's level (-1 is its default, 6) or brotli's
     * quality; codecs without levels ignore it.
     */
    public static BareCodec of(CompressionCodecName codec, int level) {
        switch (codec) {
            case SNAPPY:
                return new SnappyBare();
            case ZSTD:
                return new ZstdBare(level);
            case GZIP:
                return new GzipBare(level);
            case LZ4_RAW:
                return lz4Java();
            case LZ4:
                return new HadoopFramed(lz4Java(), LZ4_BLOCK);
            case LZO:
                return new HadoopFramed(aircompressor(new LzoCompressor(), new LzoDecompressor()), LZO_BLOCK);
            case BROTLI:
                return new BrotliBare(level);
            default:
                throw new IllegalArgumentException("no bare codec for " + codec);
        }
    }

    /** Sets {@code buffer}'s limit and position, and returns it. */
    static ByteBuffer range(ByteBuffer buffer, int position, int limit) {
        buffer.limit(limit).position(position);
        return buffer;
    }

    private static final class SnappyBare extends BareCodec {
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

    private static final class ZstdBare extends BareCodec {
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
     * JDK zlib here, or libdeflate (the benchmarks' JDK 25 bare rows).
     */
    public abstract static class GzipMember extends BareCodec {
        static final int HEADER = 10;
        static final int TRAILER = 8;
        private final CRC32 crc = new CRC32();

        protected GzipMember() {}

        /** Raw deflate of {@code src[0, length)} into {@code dst[offset, end)}; returns the bytes written. */
        protected abstract int deflate(byte[] src, int length, byte[] dst, int offset, int end) throws IOException;

        /** Raw deflate of src's [position, limit) into dst's [position, limit); returns the bytes written. */
        protected abstract int deflate(ByteBuffer src, ByteBuffer dst) throws IOException;

        /** Raw inflate of {@code src[offset, offset + length)} into {@code dst[0, outLength)}; returns the bytes made. */
        protected abstract int inflate(byte[] src, int offset, int length, byte[] dst, int outLength)
                throws IOException;

        /** Raw inflate of src's [position, limit) into dst's [position, limit); returns the bytes made. */
        protected abstract int inflate(ByteBuffer src, ByteBuffer dst) throws IOException;

        /** The deflate bound of {@code n} bytes, before the header and trailer. */
        protected abstract int deflateBound(int n);

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
            dst.order(ByteOrder.LITTLE_ENDIAN);
            dst.limit(dst.capacity());
            dst.putInt(out, (int) crc.getValue());
            dst.putInt(out + 4, length);
            dst.order(ByteOrder.BIG_ENDIAN);
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
            src.order(ByteOrder.LITTLE_ENDIAN);
            int expectedCrc = src.getInt(length - 8);
            int isize = src.getInt(length - 4);
            src.order(ByteOrder.BIG_ENDIAN);
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
    private static final class GzipBare extends GzipMember {
        private final Deflater deflater;
        private final Inflater inflater = new Inflater(true);

        GzipBare(int level) {
            deflater = new Deflater(level, true);
        }

        @Override
        protected int deflateBound(int n) {
            return n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5;
        }

        @Override
        protected int deflate(byte[] src, int length, byte[] dst, int offset, int end) throws IOException {
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
        protected int deflate(ByteBuffer src, ByteBuffer dst) throws IOException {
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
        protected int inflate(byte[] src, int offset, int length, byte[] dst, int outLength) throws IOException {
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
        protected int inflate(ByteBuffer src, ByteBuffer dst) throws IOException {
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

    /** A call of a block codec on arrays: {@code src[srcOffset, srcOffset + length)} into {@code dst} from offset. */
    public interface ArrayCall {
        /** Returns the bytes written, at most {@code room}. */
        int call(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset, int room);
    }

    /** A call of a block codec on buffers: src's [position, limit) into dst's [position, limit). */
    public interface BufferCall {
        /** Returns the bytes written. */
        int call(ByteBuffer src, ByteBuffer dst);
    }

    /**
     * A raw block codec given by its library's calls (on arrays with offsets and on buffer ranges): alone, or inside
     * {@link HadoopFramed}.
     */
    public static final class RawBlock extends BareCodec {
        private final IntUnaryOperator bound;
        private final ArrayCall compress;
        private final ArrayCall decompress;
        private final BufferCall compressBuffers;
        private final BufferCall decompressBuffers;

        /**
         * @param bound the largest compressed size of an input length
         * @param compress the library's compression on arrays
         * @param decompress the library's decompression on arrays ({@code room} is the exact output length)
         * @param compressBuffers the library's compression on (direct) buffers
         * @param decompressBuffers the library's decompression on (direct) buffers
         */
        public RawBlock(
                IntUnaryOperator bound,
                ArrayCall compress,
                ArrayCall decompress,
                BufferCall compressBuffers,
                BufferCall decompressBuffers) {
            this.bound = bound;
            this.compress = compress;
            this.decompress = decompress;
            this.compressBuffers = compressBuffers;
            this.decompressBuffers = decompressBuffers;
        }

        @Override
        public int maxCompressedLength(int length) {
            return bound.applyAsInt(length);
        }

        @Override
        public int compress(byte[] src, int length, byte[] dst) {
            return compress.call(src, 0, length, dst, 0, dst.length);
        }

        @Override
        public int compress(ByteBuffer src, int length, ByteBuffer dst) {
            return compressBuffers.call(range(src, 0, length), range(dst, 0, dst.capacity()));
        }

        @Override
        public int decompress(byte[] src, int length, byte[] dst, int outLength) {
            return decompress.call(src, 0, length, dst, 0, outLength);
        }

        @Override
        public int decompress(ByteBuffer src, int length, ByteBuffer dst, int outLength) {
            return decompressBuffers.call(range(src, 0, length), range(dst, 0, outLength));
        }
    }

    /** lz4-java's JNI build of the reference LZ4 library: what stock's Hadoop Lz4Codec runs on. */
    private static RawBlock lz4Java() {
        LZ4Compressor compressor = LZ4Factory.nativeInstance().fastCompressor();
        LZ4SafeDecompressor decompressor = LZ4Factory.nativeInstance().safeDecompressor();
        return new RawBlock(
                compressor::maxCompressedLength,
                compressor::compress,
                decompressor::decompress,
                (src, dst) ->
                        compressor.compress(src, src.position(), src.remaining(), dst, dst.position(), dst.remaining()),
                (src, dst) -> decompressor.decompress(
                        src, src.position(), src.remaining(), dst, dst.position(), dst.remaining()));
    }

    /** An aircompressor block codec (pure Java). */
    public static RawBlock aircompressor(Compressor compressor, Decompressor decompressor) {
        return new RawBlock(
                compressor::maxCompressedLength,
                compressor::compress,
                decompressor::decompress,
                (src, dst) -> {
                    int start = dst.position();
                    compressor.compress(src, dst);
                    return dst.position() - start;
                },
                (src, dst) -> {
                    int start = dst.position();
                    decompressor.decompress(src, dst);
                    return dst.position() - start;
                });
    }

    /** Hadoop's block framing (LZ4, LZO): per block, a big-endian raw length, a compressed length, one raw block. */
    public static final class HadoopFramed extends BareCodec {
        private final RawBlock raw;
        private final int block;

        /** {@code raw} on blocks of at most {@code block} input bytes ({@link #LZ4_BLOCK}, {@link #LZO_BLOCK}). */
        public HadoopFramed(RawBlock raw, int block) {
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
                int c = raw.compress.call(src, in, n, dst, out + 8, dst.length - out - 8);
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
                int c = raw.compressBuffers.call(range(src, in, in + n), range(dst, out + 8, dst.capacity()));
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
                out += raw.decompress.call(src, in + 8, c, dst, out, n);
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
                out += raw.decompressBuffers.call(range(src, in + 8, in + 8 + c), range(dst, out, out + n));
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

    /**
     * brotli4j on arrays: into the caller's array, its result is copied; into a new array ({@link #compressToArray},
     * {@link #decompressToArray}), brotli4j's own array is the result, with no copy.
     */
    private static final class BrotliBare extends BareCodec {
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
        public byte[] compressToArray(byte[] src) throws IOException {
            return Encoder.compress(src, parameters);
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

        /** brotli4j's {@code Decoder.decompress(byte[])}, whose array is the page; fails unless it is outLength bytes. */
        @Override
        public byte[] decompressToArray(byte[] src, int outLength) throws IOException {
            DirectDecompress result = Decoder.decompress(src);
            if (result.getResultStatus() != DecoderJNI.Status.DONE) {
                throw new IOException("brotli4j: " + result.getResultStatus());
            }
            byte[] out = result.getDecompressedData();
            if (out.length != outLength) {
                throw new IOException("brotli4j decompressed " + out.length + " bytes, expected " + outLength);
            }
            return out;
        }

        private byte[] scratch(int length) {
            if (srcScratch.length < length) {
                srcScratch = new byte[length];
            }
            return srcScratch;
        }
    }
}
