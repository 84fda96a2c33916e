package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Hadoop's block framing, as written by {@code BlockCompressorStream} for {@code Lz4Codec} and hadoop-lzo's {@code
 * LzoCodec}: a page is a sequence of blocks, each a big-endian uncompressed length followed by one or more chunks of
 * big-endian compressed length plus one raw block of the wrapped codec.
 *
 * <p>Writing follows Hadoop: one chunk per block, and at most {@code maxInputPerBlock} bytes of input per block (the
 * 256 KiB buffer less Hadoop's compression overhead for the codec), so that Hadoop's fixed-size decompression buffers
 * can read every block.
 */
final class HadoopBlockFraming {
    /** Hadoop's default buffer, {@code io.compression.codec.lz4.buffersize} and hadoop-lzo's default. */
    static final int HADOOP_BUFFER_SIZE = 256 * 1024;
    /** {@code Lz4Codec}: overhead is bufferSize / 255 + 16. */
    static final int LZ4_MAX_INPUT_PER_BLOCK = HADOOP_BUFFER_SIZE - (HADOOP_BUFFER_SIZE / 255 + 16);
    /** hadoop-lzo {@code LzoCodec}: overhead is bufferSize / 16 + 64 + 3. */
    static final int LZO_MAX_INPUT_PER_BLOCK = HADOOP_BUFFER_SIZE - (HADOOP_BUFFER_SIZE / 16 + 64 + 3);

    /**
     * The most an LZ4 or LZO block of {@code length} bytes can decode to: both spend a byte per 255 bytes of a long
     * match, so neither expands more than 256-fold.
     */
    static long maxBlockOutput(long length) {
        return 256 * length + 64;
    }

    private HadoopBlockFraming() {}

    /**
     * Checks a page's Hadoop block headers against its declared size without decoding: when the page reads as blocks of
     * one chunk each (what Hadoop and this library write) ending exactly at the page's end, their uncompressed lengths
     * must add up to {@code declared} and each must fit in what its chunk can produce; in every case the declared size
     * must fit in what the page's bytes can produce. Returns normally or throws with what the page states.
     */
    static void checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        if (declared > maxBlockOutput(length)) {
            throw new IOException("its blocks decode to at most " + maxBlockOutput(length) + " bytes");
        }
        int p = offset;
        int end = offset + length;
        long stated = 0;
        while (end - p >= 8) {
            int blockLength = Buffers.getIntBigEndian(src, p);
            int chunkLength = Buffers.getIntBigEndian(src, p + 4);
            if (blockLength < 0 || chunkLength <= 0 || chunkLength > end - p - 8) {
                return; // not one chunk per block: the decoder checks as it goes
            }
            if (blockLength > maxBlockOutput(chunkLength)) {
                throw new IOException("its block at offset " + (p - offset) + " states " + blockLength
                        + " bytes, more than its " + chunkLength + "-byte chunk can decode to");
            }
            stated += blockLength;
            p += 8 + chunkLength;
        }
        if (p == end && stated != declared) {
            throw new IOException("its Hadoop block headers state " + stated + " bytes");
        }
    }

    /** {@code raw}'s blocks inside Hadoop framing, at most {@code maxInputPerBlock} input bytes per block. */
    static Engine framed(Engine raw, int maxInputPerBlock, boolean rawBlockFallback) {
        return new Engine(raw.library(), raw.isNative()) {
            @Override
            public String name() {
                return raw.name();
            }

            @Override
            public boolean isTier() {
                return raw.isTier();
            }

            @Override
            public String missing() {
                return raw.missing();
            }

            @Override
            public String coordinates() {
                return raw.coordinates();
            }

            @Override
            public String purpose() {
                return raw.purpose();
            }

            @Override
            public Throwable loadFailure() {
                return raw.loadFailure();
            }

            @Override
            public PageCompressor compressor(int level, int option) {
                return new Compressor(raw.compressor(level, option), maxInputPerBlock);
            }

            @Override
            public PageDecompressor decompressor() {
                return new Decompressor(raw.decompressor(), rawBlockFallback);
            }
        };
    }

    static final class Compressor implements PageCompressor {
        private final PageCompressor raw;
        private final int maxInputPerBlock;

        Compressor(PageCompressor raw, int maxInputPerBlock) {
            this.raw = raw;
            this.maxInputPerBlock = maxInputPerBlock;
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            long fullBlocks = uncompressedSize / maxInputPerBlock;
            int rest = uncompressedSize % maxInputPerBlock;
            long bound = fullBlocks * (8L + raw.maxCompressedLength(maxInputPerBlock));
            if (rest > 0) {
                bound += 8L + raw.maxCompressedLength(rest);
            }
            return Math.toIntExact(bound);
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            int in = srcOffset;
            int inEnd = srcOffset + srcLength;
            int out = dstOffset;
            int outEnd = dstOffset + dstCapacity;
            while (in < inEnd) {
                int blockLength = Math.min(maxInputPerBlock, inEnd - in);
                int chunkCapacity = raw.maxCompressedLength(blockLength);
                if (outEnd - out < 8 + chunkCapacity) {
                    throw new IllegalArgumentException("output capacity " + dstCapacity + " is below the bound "
                            + maxCompressedLength(srcLength) + " for " + srcLength + " input bytes");
                }
                int compressed = raw.compress(src, in, blockLength, dst, out + 8, chunkCapacity);
                Buffers.putIntBigEndian(dst, out, blockLength);
                Buffers.putIntBigEndian(dst, out + 4, compressed);
                in += blockLength;
                out += 8 + compressed;
            }
            return out - dstOffset;
        }

        @Override
        public void close() {
            raw.close();
        }
    }

    static final class Decompressor implements PageDecompressor {
        private final PageDecompressor raw;
        private final boolean rawBlockFallback;

        /**
         * @param rawBlockFallback when the page is not valid Hadoop framing, decode it as one raw block (LZ4 pages
         *     from older parquet-cpp)
         */
        Decompressor(PageDecompressor raw, boolean rawBlockFallback) {
            this.raw = raw;
            this.rawBlockFallback = rawBlockFallback;
        }

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                int produced = decompressFramed(src, srcOffset, srcLength, dst, dstOffset, dstLength);
                if (rawBlockFallback && produced != dstLength) {
                    throw new IOException("its blocks hold " + produced + " bytes");
                }
                return produced;
            } catch (IOException | RuntimeException framedError) {
                if (!rawBlockFallback) {
                    throw framedError;
                }
                try {
                    return raw.decompress(src, srcOffset, srcLength, dst, dstOffset, dstLength);
                } catch (IOException | RuntimeException rawError) {
                    IOException e = new IOException("the page is neither Hadoop-framed (" + describe(framedError)
                            + ") nor a raw block (" + describe(rawError) + ")");
                    e.addSuppressed(rawError);
                    throw e;
                }
            }
        }

        private static String describe(Exception e) {
            return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        }

        private int decompressFramed(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int in = srcOffset;
            int inEnd = srcOffset + srcLength;
            int out = dstOffset;
            int outEnd = dstOffset + dstLength;
            while (in < inEnd) {
                if (inEnd - in < 4) {
                    throw new IOException("block header truncated at input offset " + (in - srcOffset));
                }
                int blockLength = Buffers.getIntBigEndian(src, in);
                in += 4;
                if (blockLength < 0 || blockLength > outEnd - out) {
                    throw new PageSizeException("block at input offset " + (in - 4 - srcOffset) + " declares "
                            + Integer.toUnsignedString(blockLength) + " bytes where " + (outEnd - out)
                            + " are left in the page");
                }
                int blockEnd = out + blockLength;
                while (out < blockEnd) {
                    if (inEnd - in < 4) {
                        throw new IOException("chunk header truncated at input offset " + (in - srcOffset));
                    }
                    int chunkLength = Buffers.getIntBigEndian(src, in);
                    in += 4;
                    if (chunkLength <= 0 || chunkLength > inEnd - in) {
                        throw new IOException("chunk at input offset " + (in - 4 - srcOffset) + " declares "
                                + Integer.toUnsignedString(chunkLength) + " compressed bytes where " + (inEnd - in)
                                + " are left");
                    }
                    int produced = raw.decompress(src, in, chunkLength, dst, out, blockEnd - out);
                    if (produced <= 0) {
                        throw new IOException("chunk at input offset " + (in - 4 - srcOffset) + " decoded to nothing");
                    }
                    in += chunkLength;
                    out += produced;
                }
            }
            return out - dstOffset;
        }

        @Override
        public void close() {
            raw.close();
        }
    }
}
