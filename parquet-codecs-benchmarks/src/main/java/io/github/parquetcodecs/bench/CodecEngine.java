package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import io.github.parquetcodecs.cli.BareCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * One implementation under test, set up on one page set: it compresses page {@code i} of the set, or decompresses the
 * compressed form of page {@code i}, into buffers it owns. All implementations decompress the same compressed bytes
 * (made once by this library's compressor), and compress the same pages.
 */
public abstract class CodecEngine implements AutoCloseable {

    /** The implementations side by side. */
    public enum Impl {
        /** The codec library called directly on byte arrays: the ceiling for heap buffers. */
        BARE_HEAP(false),
        /** The codec library's direct-buffer calls on direct buffers: the ceiling for direct buffers. */
        BARE_DIRECT(true),
        /**
         * JDK 25 and later: aircompressor-v3's native libraries (libdeflate, liblz4, libzstd, libsnappy) called
         * directly on byte arrays ({@link BareRows#ffm}): the ceiling for the library's native tier on heap buffers.
         */
        BARE_FFM_HEAP(false),
        /** As {@link #BARE_FFM_HEAP}, on direct buffers (as memory segments). */
        BARE_FFM_DIRECT(true),
        /** This library ({@link HadoopFreeCodecFactory}) on heap buffers. */
        LIB_HEAP(false),
        /** This library on direct buffers. */
        LIB_DIRECT(true),
        /**
         * This library with the native tier forbidden ({@code parquet.codecs.native=no-ffm}), on heap buffers: the
         * engines of JDK 11 to 24 (JDK zlib, zstd-jni, lz4-java), beside {@link #LIB_HEAP}'s tier on JDK 25. The same
         * as {@link #LIB_HEAP} before JDK 25.
         */
        LIB_NO_FFM_HEAP(false),
        /** As {@link #LIB_NO_FFM_HEAP}, on direct buffers. */
        LIB_NO_FFM_DIRECT(true),
        /** Stock parquet-java 1.18.1 {@code CodecFactory} (Hadoop codecs) on heap buffers: the default path. */
        STOCK_HEAP(false),
        /** Stock parquet-java 1.18.1 {@code DirectCodecFactory} on direct buffers. */
        STOCK_DIRECT(true);

        public final boolean direct;

        Impl(boolean direct) {
            this.direct = direct;
        }

        public boolean isStock() {
            return this == STOCK_HEAP || this == STOCK_DIRECT;
        }

        public boolean isBareFfm() {
            return this == BARE_FFM_HEAP || this == BARE_FFM_DIRECT;
        }
    }

    final CompressionCodecName codec;
    final int pageSize;
    final int count;

    CodecEngine(CompressionCodecName codec, int pageSize, int count) {
        this.codec = codec;
        this.pageSize = pageSize;
        this.count = count;
    }

    /**
     * Why {@code impl} cannot run {@code operation} ("compress" or "decompress") for {@code codec}, or null when it
     * can: stock parquet-java lacks LZO and BROTLI here, and its DirectCodecFactory fails to decompress some codecs'
     * pages (see {@link Stock#directDecompressFailure}).
     */
    public static String unsupported(Impl impl, CompressionCodecName codec, String operation) {
        if (impl.isBareFfm()) {
            return BareRows.ffmUnsupported(codec);
        }
        if (!impl.isStock()) {
            return null;
        }
        String reason = Stock.unsupportedReason(codec);
        if (reason == null && impl == Impl.STOCK_DIRECT && operation.equals("decompress")) {
            reason = Stock.directDecompressFailure(codec);
        }
        return reason;
    }

    /** Compresses page {@code i}; returns the compressed size. */
    public abstract long compress(int i) throws IOException;

    /** Decompresses the compressed page {@code i}; returns the decompressed size. */
    public abstract int decompress(int i) throws IOException;

    /** A copy of what the last {@link #compress} produced (for checks, not timed). */
    public abstract byte[] lastCompressed() throws IOException;

    /** A copy of what the last {@link #decompress} produced (for checks, not timed). */
    public abstract byte[] lastDecompressed();

    @Override
    public abstract void close();

    /**
     * Sets up {@code impl} for {@code codec} on {@code pages}.
     *
     * @throws UnsupportedOperationException when stock parquet-java cannot do {@code codec} here (with stock's reason)
     */
    public static CodecEngine create(Impl impl, CompressionCodecName codec, byte[][] pages, int pageSize)
            throws IOException {
        if (impl.isStock()) {
            String reason = Stock.unsupportedReason(codec);
            if (reason != null) {
                throw new UnsupportedOperationException("stock parquet-java cannot do " + codec + ": " + reason);
            }
        }
        if (impl.isBareFfm()) {
            String reason = BareRows.ffmUnsupported(codec);
            if (reason != null) {
                throw new UnsupportedOperationException(reason);
            }
        }
        byte[][] compressed = compressedPages(codec, pages);
        switch (impl) {
            case BARE_HEAP:
                return new BareHeap(BareCodec.of(codec), codec, pages, compressed, pageSize);
            case BARE_DIRECT:
                return new BareDirect(BareCodec.of(codec), codec, pages, compressed, pageSize);
            case BARE_FFM_HEAP:
                return new BareHeap(BareRows.ffm(codec), codec, pages, compressed, pageSize);
            case BARE_FFM_DIRECT:
                return new BareDirect(BareRows.ffm(codec), codec, pages, compressed, pageSize);
            case LIB_HEAP:
                return new Factory(new HadoopFreeCodecFactory(), false, codec, pages, compressed, pageSize);
            case LIB_DIRECT:
                return new Factory(new HadoopFreeCodecFactory(), true, codec, pages, compressed, pageSize);
            case LIB_NO_FFM_HEAP:
                return new Factory(noFfm(), false, codec, pages, compressed, pageSize);
            case LIB_NO_FFM_DIRECT:
                return new Factory(noFfm(), true, codec, pages, compressed, pageSize);
            case STOCK_HEAP:
                return new Factory(Stock.heap(pageSize), false, codec, pages, compressed, pageSize);
            case STOCK_DIRECT:
                return new Factory(Stock.direct(pageSize), true, codec, pages, compressed, pageSize);
            default:
                throw new AssertionError(impl);
        }
    }

    /** This library without its native tier. */
    static HadoopFreeCodecFactory noFfm() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "no-ffm");
        return new HadoopFreeCodecFactory(conf);
    }

    /** The pages compressed once by this library: the input of every implementation's decompression. */
    public static byte[][] compressedPages(CompressionCodecName codec, byte[][] pages) throws IOException {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        try {
            BytesInputCompressor compressor = factory.getCompressor(codec);
            byte[][] compressed = new byte[pages.length][];
            for (int i = 0; i < pages.length; i++) {
                compressed[i] = compressor.compress(BytesInput.from(pages[i])).toByteArray();
            }
            return compressed;
        } finally {
            factory.release();
        }
    }

    static ByteBuffer direct(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
        buffer.put(bytes).clear();
        return buffer;
    }

    static final class BareHeap extends CodecEngine {
        private final BareCodec bare;
        private final byte[][] pages;
        private final byte[][] compressed;
        private final byte[] dst;
        private final byte[] out;
        private int lastLength;
        private int lastOut;

        BareHeap(BareCodec bare, CompressionCodecName codec, byte[][] pages, byte[][] compressed, int pageSize) {
            super(codec, pageSize, pages.length);
            this.bare = bare;
            this.pages = pages;
            this.compressed = compressed;
            this.dst = new byte[bare.maxCompressedLength(pageSize)];
            this.out = new byte[pageSize];
        }

        @Override
        public long compress(int i) throws IOException {
            return lastLength = bare.compress(pages[i], pageSize, dst);
        }

        @Override
        public int decompress(int i) throws IOException {
            byte[] in = compressed[i];
            return lastOut = bare.decompress(in, in.length, out, pageSize);
        }

        @Override
        public byte[] lastCompressed() {
            return Arrays.copyOf(dst, lastLength);
        }

        @Override
        public byte[] lastDecompressed() {
            return Arrays.copyOf(out, lastOut);
        }

        @Override
        public void close() {
            bare.close();
        }
    }

    static final class BareDirect extends CodecEngine {
        private final BareCodec bare;
        private final ByteBuffer[] pages;
        private final ByteBuffer[] compressed;
        private final ByteBuffer dst;
        private final ByteBuffer out;
        private int lastLength;
        private int lastOut;

        BareDirect(BareCodec bare, CompressionCodecName codec, byte[][] pages, byte[][] compressed, int pageSize) {
            super(codec, pageSize, pages.length);
            this.bare = bare;
            this.pages = new ByteBuffer[pages.length];
            this.compressed = new ByteBuffer[pages.length];
            for (int i = 0; i < pages.length; i++) {
                this.pages[i] = direct(pages[i]);
                this.compressed[i] = direct(compressed[i]);
            }
            this.dst = ByteBuffer.allocateDirect(bare.maxCompressedLength(pageSize));
            this.out = ByteBuffer.allocateDirect(pageSize);
        }

        @Override
        public long compress(int i) throws IOException {
            return lastLength = bare.compress(pages[i], pageSize, dst);
        }

        @Override
        public int decompress(int i) throws IOException {
            ByteBuffer in = compressed[i];
            return lastOut = bare.decompress(in, in.capacity(), out, pageSize);
        }

        @Override
        public byte[] lastCompressed() {
            byte[] copy = new byte[lastLength];
            dst.duplicate().clear().get(copy);
            return copy;
        }

        @Override
        public byte[] lastDecompressed() {
            byte[] copy = new byte[lastOut];
            out.duplicate().clear().get(copy);
            return copy;
        }

        @Override
        public void close() {
            bare.close();
        }
    }

    /**
     * A {@link CompressionCodecFactory} (this library's or stock's) through parquet-java's interface: {@code
     * compress(BytesInput)} on a BytesInput wrapping the page's buffer, and {@code decompress(ByteBuffer, int,
     * ByteBuffer, int)} from the compressed page's buffer into a reused output buffer. The compressor and decompressor
     * are fetched once, as parquet-java's page writer and reader do per column chunk.
     */
    static final class Factory extends CodecEngine {
        private final CompressionCodecFactory factory;
        private final BytesInputCompressor compressor;
        private final BytesInputDecompressor decompressor;
        private final BytesInput[] inputs;
        private final ByteBuffer[] compressed;
        private final ByteBuffer out;
        private BytesInput last;

        Factory(
                CompressionCodecFactory factory,
                boolean direct,
                CompressionCodecName codec,
                byte[][] pages,
                byte[][] compressed,
                int pageSize) {
            super(codec, pageSize, pages.length);
            this.factory = factory;
            this.compressor = factory.getCompressor(codec);
            this.decompressor = factory.getDecompressor(codec);
            this.inputs = new BytesInput[pages.length];
            this.compressed = new ByteBuffer[pages.length];
            for (int i = 0; i < pages.length; i++) {
                inputs[i] = BytesInput.from(direct ? direct(pages[i]) : ByteBuffer.wrap(pages[i]));
                this.compressed[i] = direct ? direct(compressed[i]) : ByteBuffer.wrap(compressed[i]);
            }
            this.out = direct ? ByteBuffer.allocateDirect(pageSize) : ByteBuffer.allocate(pageSize);
        }

        @Override
        public long compress(int i) throws IOException {
            BytesInput result = compressor.compress(inputs[i]);
            last = result;
            return result.size();
        }

        @Override
        public int decompress(int i) throws IOException {
            ByteBuffer in = compressed[i];
            in.clear();
            out.clear();
            decompressor.decompress(in, in.remaining(), out, pageSize);
            return out.position();
        }

        @Override
        public byte[] lastCompressed() throws IOException {
            return last.toByteArray();
        }

        @Override
        public byte[] lastDecompressed() {
            byte[] copy = new byte[out.position()];
            out.duplicate().flip().get(copy);
            return copy;
        }

        @Override
        public void close() {
            factory.release();
        }
    }
}
