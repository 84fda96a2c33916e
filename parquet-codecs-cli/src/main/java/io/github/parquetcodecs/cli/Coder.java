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
 * Compresses and decompresses pages for the benchmark, as one row of the table does: through this library's byte[]
 * path ({@link #library}) or its ByteBuffer path ({@link #libraryBuffers}), or by calling the codec library directly
 * ({@link #bare}). The timed calls ({@link #compress}, {@link #decompress}) do the work and nothing else; {@link
 * #prepareCompress} and {@link #prepareDecompress} set up what the timed calls read (untimed), and {@link #check}
 * decompresses every page once more and compares it with the original (untimed).
 */
abstract class Coder implements AutoCloseable {
    /** Untimed: makes {@code pages} ready for {@link #compress}. */
    void prepareCompress(byte[][] pages) throws IOException {}

    /** Compresses every page, each into a new array of its own: {@code out[i]}. */
    abstract void compress(byte[][] pages, byte[][] out) throws IOException;

    /** Untimed: makes {@code compressed} ready for {@link #decompress}. */
    void prepareDecompress(byte[][] compressed) throws IOException {}

    /**
     * Decompresses every page; {@code outputs[i]} receives the page when the row returns pages (so that it is not
     * optimised away; the caller drops it before the next timed call).
     */
    abstract void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException;

    /** Untimed: decompresses page {@code i} again and returns its bytes (a view that is valid until the next call). */
    abstract ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException;

    /** What is called, for the report. */
    abstract String implementation();

    /** Checks every round trip byte for byte; returns the index of the first page that differs, or -1. */
    int check(byte[][] compressed, byte[][] originals) throws IOException {
        prepareDecompress(compressed);
        for (int i = 0; i < originals.length; i++) {
            if (!decompressOne(compressed, i, originals[i].length).equals(ByteBuffer.wrap(originals[i]))) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void close() {}

    static Coder library(HadoopFreeCodecFactory factory, Variant variant) {
        return new Library(factory, variant);
    }

    static Coder libraryBuffers(HadoopFreeCodecFactory factory, Variant variant) {
        return new LibraryBuffers(factory, variant);
    }

    /** The bare codec library for {@code variant}, or null when there is none to compare with. */
    static Coder bare(Variant variant) {
        boolean reuse = variant.kind == Variant.Kind.BARE_REUSED;
        Bare bare;
        switch (variant.codec) {
            case SNAPPY:
                bare = new SnappyBare();
                break;
            case ZSTD:
                bare = new ZstdBare(variant.level);
                break;
            case GZIP:
                bare = new GzipBare(variant.level);
                break;
            case LZ4_RAW:
                bare = new Lz4Bare();
                break;
            case BROTLI:
                if (reuse) {
                    return null; // brotli4j returns arrays of its own: there is no output to reuse
                }
                bare = new BrotliBare(variant.level);
                break;
            default:
                return null; // UNCOMPRESSED: nothing to call; LZ4 and LZO: Hadoop's block framing is the library's
        }
        bare.reuse = reuse;
        return bare;
    }

    private static BytesInputCompressor compressor(HadoopFreeCodecFactory factory, Variant variant) {
        return variant.level == null
                ? factory.getCompressor(variant.codec)
                : factory.getCompressor(variant.codec, variant.level);
    }

    /** Through {@link HadoopFreeCodecFactory}'s compressor and decompressor, as parquet-java calls them. */
    private static final class Library extends Coder {
        private final BytesInputCompressor compressor;
        private final BytesInputDecompressor decompressor;
        private final String implementation;

        Library(HadoopFreeCodecFactory factory, Variant variant) {
            compressor = compressor(factory, variant);
            decompressor = factory.getDecompressor(variant.codec);
            implementation = "parquet-codecs: " + factory.implementation(variant.codec);
        }

        @Override
        void compress(byte[][] pages, byte[][] out) throws IOException {
            for (int i = 0; i < pages.length; i++) {
                out[i] = compressor.compress(BytesInput.from(pages[i])).toByteArray();
            }
        }

        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                outputs[i] = decompressor.decompress(BytesInput.from(compressed[i]), originals[i].length);
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException {
            return decompressor.decompress(BytesInput.from(compressed[i]), size).toByteBuffer();
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

    /**
     * The library's ByteBuffer path: compresses pages held in a direct buffer, and decompresses compressed pages held in
     * a direct buffer into one reused direct output buffer, with {@code decompress(ByteBuffer, int, ByteBuffer, int)}.
     */
    private static final class LibraryBuffers extends Coder {
        private final BytesInputCompressor compressor;
        private final BytesInputDecompressor decompressor;
        private final String implementation;
        private ByteBuffer input = ByteBuffer.allocateDirect(0);
        private ByteBuffer compressedInput = ByteBuffer.allocateDirect(0);
        private ByteBuffer output = ByteBuffer.allocateDirect(0);
        private int[] offsets = new int[0];

        LibraryBuffers(HadoopFreeCodecFactory factory, Variant variant) {
            compressor = compressor(factory, variant);
            decompressor = factory.getDecompressor(variant.codec);
            implementation = "parquet-codecs: " + factory.implementation(variant.codec) + " (direct ByteBuffers)";
        }

        /** Copies {@code pages} one after the other into {@code buffer} (grown when too small). */
        private ByteBuffer fill(ByteBuffer buffer, byte[][] pages) {
            long total = 0;
            for (byte[] page : pages) {
                total += page.length;
            }
            if (buffer.capacity() < total) {
                buffer = ByteBuffer.allocateDirect(Math.toIntExact(total));
            }
            buffer.clear();
            if (offsets.length < pages.length + 1) {
                offsets = new int[pages.length + 1];
            }
            for (int i = 0; i < pages.length; i++) {
                offsets[i] = buffer.position();
                buffer.put(pages[i]);
            }
            offsets[pages.length] = buffer.position();
            return buffer;
        }

        private static ByteBuffer slice(ByteBuffer buffer, int from, int to) {
            ByteBuffer slice = buffer.duplicate();
            slice.limit(to).position(from);
            return slice;
        }

        @Override
        void prepareCompress(byte[][] pages) {
            input = fill(input, pages);
        }

        @Override
        void compress(byte[][] pages, byte[][] out) throws IOException {
            for (int i = 0; i < pages.length; i++) {
                out[i] = compressor
                        .compress(BytesInput.from(slice(input, offsets[i], offsets[i + 1])))
                        .toByteArray();
            }
        }

        @Override
        void prepareDecompress(byte[][] compressed) {
            compressedInput = fill(compressedInput, compressed);
        }

        private ByteBuffer output(int size) {
            if (output.capacity() < size) {
                output = ByteBuffer.allocateDirect(size);
            }
            output.clear();
            return output;
        }

        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                ByteBuffer out = output(originals[i].length);
                decompressor.decompress(
                        slice(compressedInput, offsets[i], offsets[i + 1]),
                        compressed[i].length,
                        out,
                        originals[i].length);
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException {
            ByteBuffer out = output(size);
            decompressor.decompress(
                    slice(compressedInput, offsets[i], offsets[i + 1]), compressed[i].length, out, size);
            out.flip();
            return out;
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

    /**
     * Bare coders: compression into a reused scratch array, then copied out into a new array of its length (as the
     * library's compressed page is); decompression into a new array per page, or one reused array when {@code reuse}.
     */
    private abstract static class Bare extends Coder {
        private byte[] scratch = new byte[0];
        private byte[] reused = new byte[0];
        boolean reuse;

        abstract int maxCompressedLength(int length);

        abstract int compress(byte[] src, byte[] dst) throws IOException;

        /** Decompresses {@code src} into {@code dst} from 0, exactly {@code size} bytes; returns the bytes written. */
        abstract int decompress(byte[] src, byte[] dst, int size) throws IOException;

        abstract String library();

        private byte[] scratch(int length) {
            int needed = maxCompressedLength(length);
            if (scratch.length < needed) {
                scratch = new byte[needed];
            }
            return scratch;
        }

        @Override
        void compress(byte[][] pages, byte[][] out) throws IOException {
            for (int i = 0; i < pages.length; i++) {
                byte[] dst = scratch(pages[i].length);
                out[i] = java.util.Arrays.copyOf(dst, compress(pages[i], dst));
            }
        }

        private byte[] output(int size) {
            if (!reuse) {
                return new byte[size];
            }
            if (reused.length < size) {
                reused = new byte[size];
            }
            return reused;
        }

        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                int size = originals[i].length;
                byte[] dst = output(size);
                int n = decompress(compressed[i], dst, size);
                if (n != size) {
                    throw new IOException(implementation() + " decompressed " + n + " bytes, expected " + size);
                }
                if (!reuse) {
                    outputs[i] = dst;
                }
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException {
            byte[] dst = output(size);
            int n = decompress(compressed[i], dst, size);
            return ByteBuffer.wrap(dst, 0, n);
        }

        @Override
        final String implementation() {
            return library() + (reuse ? "; decompresses into one reused array" : "; a new array per decompression");
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
        int decompress(byte[] src, byte[] dst, int size) throws IOException {
            return Snappy.uncompress(src, 0, src.length, dst, 0);
        }

        @Override
        String library() {
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
        int decompress(byte[] src, byte[] dst, int size) {
            return decompressor.decompressByteArray(dst, 0, size, src, 0, src.length);
        }

        @Override
        String library() {
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
        int decompress(byte[] src, byte[] dst, int size) throws IOException {
            inflater.setInput(src, 10, src.length - 18);
            int out = 0;
            try {
                while (!inflater.finished()) {
                    int n = inflater.inflate(dst, out, size - out);
                    if (n == 0 && (inflater.needsInput() || out == size)) {
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
        String library() {
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
        int decompress(byte[] src, byte[] dst, int size) {
            return decompressor.decompress(src, 0, src.length, dst, 0, size);
        }

        @Override
        String library() {
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
        void compress(byte[][] pages, byte[][] out) throws IOException {
            for (int i = 0; i < pages.length; i++) {
                out[i] = Encoder.compress(pages[i], parameters);
            }
        }

        /** brotli4j returns a new array of its own: that is the page (no copy into another new array). */
        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                outputs[i] = decoded(compressed[i], originals[i].length);
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException {
            return ByteBuffer.wrap(decoded(compressed[i], size));
        }

        private static byte[] decoded(byte[] src, int size) throws IOException {
            DirectDecompress result = Decoder.decompress(src);
            if (result.getResultStatus() != DecoderJNI.Status.DONE) {
                throw new IOException("brotli4j: " + result.getResultStatus());
            }
            byte[] out = result.getDecompressedData();
            if (out.length != size) {
                throw new IOException("brotli4j decompressed " + out.length + " bytes, expected " + size);
            }
            return out;
        }

        @Override
        int decompress(byte[] src, byte[] dst, int size) throws IOException {
            DirectDecompress result = Decoder.decompress(src);
            if (result.getResultStatus() != DecoderJNI.Status.DONE) {
                throw new IOException("brotli4j: " + result.getResultStatus());
            }
            byte[] out = result.getDecompressedData();
            if (out.length != size) {
                throw new IOException("brotli4j decompressed " + out.length + " bytes, expected " + size);
            }
            System.arraycopy(out, 0, dst, 0, out.length);
            return out.length;
        }

        @Override
        String library() {
            return "brotli4j Encoder.compress(quality " + quality + ")/Decoder.decompress on byte[]";
        }
    }
}
