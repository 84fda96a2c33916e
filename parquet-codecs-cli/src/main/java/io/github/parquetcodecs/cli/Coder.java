package io.github.parquetcodecs.cli;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.xerial.snappy.Snappy;

/**
 * Compresses and decompresses pages for the benchmark: through this library ({@link #library}) or by calling the codec
 * library directly ({@link #bare}). Timed calls do the work and nothing else; {@link #compressCopy} and {@link #same}
 * are the untimed helpers that keep the compressed pages and check each round trip.
 */
abstract class Coder implements AutoCloseable {
    /** Compresses every page; returns the compressed bytes (so the work cannot be optimised away). */
    abstract long compressAll(byte[][] pages) throws IOException;

    /** Compresses one page into an array of its own. */
    abstract byte[] compressCopy(byte[] page) throws IOException;

    /** Decompresses every page; {@code outputs[i]} receives what {@link #same} checks. */
    abstract void decompressAll(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException;

    /** Whether {@code output} (of {@link #decompressAll}) holds exactly {@code original}. */
    abstract boolean same(Object output, byte[] original) throws IOException;

    /** What is called, for the report. */
    abstract String implementation();

    @Override
    public void close() {}

    static Coder library(HadoopFreeCodecFactory factory, Variant variant) {
        return new Library(factory, variant);
    }

    /** The bare codec library for {@code variant}, or null when there is none to compare with. */
    static Coder bare(Variant variant) {
        switch (variant.codec) {
            case SNAPPY:
                return new SnappyBare();
            case ZSTD:
                return new ZstdBare(variant.level);
            case GZIP:
                return new GzipBare(variant.level);
            case LZ4_RAW:
                return new Lz4Bare();
            case BROTLI:
                return new BrotliBare(variant.level);
            default:
                return null; // UNCOMPRESSED: nothing to call; LZ4 and LZO: Hadoop's block framing is the library's
        }
    }

    /** Through {@link HadoopFreeCodecFactory}'s compressor and decompressor, as parquet-java calls them. */
    private static final class Library extends Coder {
        private final BytesInputCompressor compressor;
        private final BytesInputDecompressor decompressor;
        private final String implementation;

        Library(HadoopFreeCodecFactory factory, Variant variant) {
            compressor = variant.level == null
                    ? factory.getCompressor(variant.codec)
                    : factory.getCompressor(variant.codec, variant.level);
            decompressor = factory.getDecompressor(variant.codec);
            implementation = "parquet-codecs: " + factory.implementation(variant.codec);
        }

        @Override
        long compressAll(byte[][] pages) throws IOException {
            long total = 0;
            for (byte[] page : pages) {
                total += compressor.compress(BytesInput.from(page)).size();
            }
            return total;
        }

        @Override
        byte[] compressCopy(byte[] page) throws IOException {
            return compressor.compress(BytesInput.from(page)).toByteArray();
        }

        @Override
        void decompressAll(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                outputs[i] = decompressor.decompress(BytesInput.from(compressed[i]), originals[i].length);
            }
        }

        @Override
        boolean same(Object output, byte[] original) throws IOException {
            return ((BytesInput) output).toByteBuffer().equals(ByteBuffer.wrap(original));
        }

        @Override
        String implementation() {
            return implementation;
        }

        @Override
        public void close() {
            compressor.release();
            decompressor.release();
        }
    }

    /** Bare coders: reusable scratch for compression, one output array per page, kept between rounds. */
    private abstract static class Bare extends Coder {
        private byte[] scratch = new byte[0];

        abstract int maxCompressedLength(int length);

        abstract int compress(byte[] src, byte[] dst) throws IOException;

        abstract int decompress(byte[] src, byte[] dst) throws IOException;

        private byte[] scratch(int length) {
            int needed = maxCompressedLength(length);
            if (scratch.length < needed) {
                scratch = new byte[needed];
            }
            return scratch;
        }

        @Override
        long compressAll(byte[][] pages) throws IOException {
            long total = 0;
            for (byte[] page : pages) {
                total += compress(page, scratch(page.length));
            }
            return total;
        }

        @Override
        byte[] compressCopy(byte[] page) throws IOException {
            byte[] dst = scratch(page.length);
            return java.util.Arrays.copyOf(dst, compress(page, dst));
        }

        @Override
        void decompressAll(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                byte[] dst = (byte[]) outputs[i];
                if (dst == null || dst.length != originals[i].length) {
                    dst = new byte[originals[i].length];
                    outputs[i] = dst;
                }
                int n = decompress(compressed[i], dst);
                if (n != dst.length) {
                    throw new IOException(implementation() + " decompressed " + n + " bytes, expected " + dst.length);
                }
            }
        }

        @Override
        boolean same(Object output, byte[] original) {
            return java.util.Arrays.equals((byte[]) output, original);
        }
    }

    private static final class SnappyBare extends Bare {
        @Override
        int maxCompressedLength(int length) {
            return Snappy.maxCompressedLength(length);
        }

        @Override
        int compress(byte[] src, byte[] dst) throws IOException {
            return Snappy.compress(src, 0, src.length, dst, 0);
        }

        @Override
        int decompress(byte[] src, byte[] dst) throws IOException {
            return Snappy.uncompress(src, 0, src.length, dst, 0);
        }

        @Override
        String implementation() {
            return "snappy-java Snappy.compress/uncompress";
        }
    }

    private static final class ZstdBare extends Bare {
        private final ZstdCompressCtx compressor = new ZstdCompressCtx();
        private final ZstdDecompressCtx decompressor = new ZstdDecompressCtx();
        private final int level;

        ZstdBare(int level) {
            this.level = level;
            compressor.setLevel(level);
            compressor.setContentSize(true);
        }

        @Override
        int maxCompressedLength(int length) {
            return (int) Zstd.compressBound(length);
        }

        @Override
        int compress(byte[] src, byte[] dst) {
            return compressor.compressByteArray(dst, 0, dst.length, src, 0, src.length);
        }

        @Override
        int decompress(byte[] src, byte[] dst) {
            return decompressor.decompressByteArray(dst, 0, dst.length, src, 0, src.length);
        }

        @Override
        String implementation() {
            return "zstd-jni ZstdCompressCtx(level " + level + ")/ZstdDecompressCtx, reused";
        }

        @Override
        public void close() {
            compressor.close();
            decompressor.close();
        }
    }

    /** One gzip member: the 10-byte header, raw deflate, CRC32 and length, as Parquet's GZIP pages are. */
    private static final class GzipBare extends Bare {
        private final Deflater deflater;
        private final Inflater inflater = new Inflater(true);
        private final CRC32 crc = new CRC32();
        private final int level;

        GzipBare(int level) {
            this.level = level;
            deflater = new Deflater(level, true);
        }

        @Override
        int maxCompressedLength(int n) {
            return n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5 + 18;
        }

        @Override
        int compress(byte[] src, byte[] dst) throws IOException {
            dst[0] = 0x1f;
            dst[1] = (byte) 0x8b;
            dst[2] = 8;
            for (int i = 3; i < 9; i++) {
                dst[i] = 0;
            }
            dst[9] = (byte) 0xff;
            deflater.setInput(src, 0, src.length);
            deflater.finish();
            int out = 10;
            int end = dst.length - 8;
            while (!deflater.finished()) {
                int n = deflater.deflate(dst, out, end - out);
                if (n == 0 && out == end) {
                    throw new IOException("deflate output overflow");
                }
                out += n;
            }
            deflater.reset();
            crc.reset();
            crc.update(src, 0, src.length);
            putIntLE(dst, out, (int) crc.getValue());
            putIntLE(dst, out + 4, src.length);
            return out + 8;
        }

        @Override
        int decompress(byte[] src, byte[] dst) throws IOException {
            inflater.setInput(src, 10, src.length - 18);
            int out = 0;
            try {
                while (!inflater.finished()) {
                    int n = inflater.inflate(dst, out, dst.length - out);
                    if (n == 0 && (inflater.needsInput() || out == dst.length)) {
                        throw new IOException("truncated or oversized deflate stream");
                    }
                    out += n;
                }
            } catch (DataFormatException e) {
                throw new IOException(e);
            } finally {
                inflater.reset();
            }
            crc.reset();
            crc.update(dst, 0, out);
            if ((int) crc.getValue() != getIntLE(src, src.length - 8) || out != getIntLE(src, src.length - 4)) {
                throw new IOException("gzip trailer mismatch");
            }
            return out;
        }

        @Override
        String implementation() {
            return "java.util.zip Deflater(level " + level + ", nowrap)/Inflater, reused, with CRC32 and the gzip"
                    + " header and trailer";
        }

        @Override
        public void close() {
            deflater.end();
            inflater.end();
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

    /** lz4-java's native LZ4 block functions (what the library uses for LZ4_RAW when lz4-java is present). */
    private static final class Lz4Bare extends Bare {
        private final LZ4Compressor compressor = LZ4Factory.nativeInstance().fastCompressor();
        private final LZ4SafeDecompressor decompressor =
                LZ4Factory.nativeInstance().safeDecompressor();

        @Override
        int maxCompressedLength(int length) {
            return compressor.maxCompressedLength(length);
        }

        @Override
        int compress(byte[] src, byte[] dst) {
            return compressor.compress(src, 0, src.length, dst, 0, dst.length);
        }

        @Override
        int decompress(byte[] src, byte[] dst) {
            return decompressor.decompress(src, 0, src.length, dst, 0, dst.length);
        }

        @Override
        String implementation() {
            return "lz4-java LZ4Factory.nativeInstance() fastCompressor/safeDecompressor";
        }
    }

    private static final class BrotliBare extends Bare {
        private final Encoder.Parameters parameters;
        private final int quality;

        BrotliBare(int quality) {
            Brotli4jLoader.ensureAvailability();
            this.quality = quality;
            parameters = new Encoder.Parameters().setQuality(quality);
        }

        @Override
        int maxCompressedLength(int length) {
            return 0; // brotli4j returns arrays of its own
        }

        @Override
        int compress(byte[] src, byte[] dst) throws IOException {
            return Encoder.compress(src, parameters).length;
        }

        @Override
        byte[] compressCopy(byte[] page) throws IOException {
            return Encoder.compress(page, parameters);
        }

        @Override
        int decompress(byte[] src, byte[] dst) throws IOException {
            DirectDecompress result = Decoder.decompress(src);
            if (result.getResultStatus() != DecoderJNI.Status.DONE) {
                throw new IOException("brotli4j: " + result.getResultStatus());
            }
            byte[] out = result.getDecompressedData();
            if (out.length != dst.length) {
                throw new IOException("brotli4j decompressed " + out.length + " bytes, expected " + dst.length);
            }
            System.arraycopy(out, 0, dst, 0, out.length);
            return out.length;
        }

        @Override
        String implementation() {
            return "brotli4j Encoder.compress(quality " + quality + ")/Decoder.decompress on byte[]";
        }
    }
}
