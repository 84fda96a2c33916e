package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;

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
        String library;
        switch (variant.codec) {
            case SNAPPY:
                library = "snappy-java Snappy.compress/uncompress";
                break;
            case ZSTD:
                library = "zstd-jni ZstdCompressCtx(level " + variant.level + ")/ZstdDecompressCtx, reused";
                break;
            case GZIP:
                library = "java.util.zip Deflater(level " + variant.level
                        + ", nowrap)/Inflater, reused, with CRC32 and the gzip header and trailer";
                break;
            case LZ4_RAW:
                library = "lz4-java LZ4Factory.nativeInstance() fastCompressor/safeDecompressor";
                break;
            case BROTLI:
                if (reuse) {
                    return null; // brotli4j returns arrays of its own: there is no output to reuse
                }
                library = "brotli4j Encoder.compress(quality " + variant.level + ")/Decoder.decompress on byte[]";
                break;
            default:
                return null; // UNCOMPRESSED: nothing to call; LZ4 and LZO: Hadoop's block framing is the library's
        }
        BareCodec codec =
                variant.level == null ? BareCodec.of(variant.codec) : BareCodec.of(variant.codec, variant.level);
        return new Bare(codec, reuse, library);
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
     * A bare row: the codec library called directly ({@link BareCodec}). Compression into a reused scratch array, then
     * copied out into a new array of its length (as the library's compressed page is); decompression into a new array
     * per page, or one reused array when {@code reuse}.
     */
    private static final class Bare extends Coder {
        private final BareCodec codec;
        private final boolean reuse;
        private final String library;
        private byte[] reused = new byte[0];

        Bare(BareCodec codec, boolean reuse, String library) {
            this.codec = codec;
            this.reuse = reuse;
            this.library = library;
        }

        @Override
        void compress(byte[][] pages, byte[][] out) throws IOException {
            for (int i = 0; i < pages.length; i++) {
                out[i] = codec.compressToArray(pages[i]);
            }
        }

        private byte[] reused(int size) {
            if (reused.length < size) {
                reused = new byte[size];
            }
            return reused;
        }

        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) throws IOException {
            for (int i = 0; i < compressed.length; i++) {
                byte[] src = compressed[i];
                int size = originals[i].length;
                int n;
                if (reuse) {
                    n = codec.decompress(src, src.length, reused(size), size);
                } else {
                    byte[] page = codec.decompressToArray(src, size);
                    n = page.length;
                    outputs[i] = page;
                }
                if (n != size) {
                    throw new IOException(implementation() + " decompressed " + n + " bytes, expected " + size);
                }
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) throws IOException {
            byte[] src = compressed[i];
            if (!reuse) {
                return ByteBuffer.wrap(codec.decompressToArray(src, size));
            }
            byte[] dst = reused(size);
            return ByteBuffer.wrap(dst, 0, codec.decompress(src, src.length, dst, size));
        }

        @Override
        String implementation() {
            return library + (reuse ? "; decompresses into one reused array" : "; a new array per decompression");
        }

        @Override
        public void close() {
            codec.close();
        }
    }
}
