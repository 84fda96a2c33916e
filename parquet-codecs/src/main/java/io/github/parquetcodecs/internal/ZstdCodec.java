package io.github.parquetcodecs.internal;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * ZSTD: one or more zstd frames, with or without the content size, through zstd-jni with one native context per
 * engine; when zstd-jni cannot load, the native tier's libzstd on JDK 25 ({@link NativeTier}), else aircompressor's pure
 * Java.
 *
 * <p>A page bounds its own size: the frames are walked before anything is allocated, their content sizes (where
 * present) must add up to the declared size, and each block decodes to at most 128 KiB (a raw block to its length, an
 * RLE block to the size it states), so the declared size must fit in what the blocks can produce.
 */
final class ZstdCodec extends Codec {
    static final ZstdCodec INSTANCE = new ZstdCodec();

    /** zstd's fastest negative level, {@code ZSTD_minCLevel()} ({@code -ZSTD_TARGETLENGTH_MAX}). */
    static final int MIN_LEVEL = -(1 << 17);

    static final int MAX_LEVEL = 22;
    static final int DEFAULT_LEVEL = 3;
    static final String LEVEL = "parquet.compression.codec.zstd.level";
    static final String LEGACY_LEVEL = "io.compression.codec.zstd.level";
    static final String WORKERS = "parquet.compression.codec.zstd.workers";

    private static final Levels LEVELS = new Levels("ZSTD", MIN_LEVEL, MAX_LEVEL, DEFAULT_LEVEL, LEVEL, LEGACY_LEVEL);

    private static final int MAGIC = 0xFD2FB528;
    private static final int SKIPPABLE_MAGIC = 0x184D2A50;
    private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
    private static final int[] DICTIONARY_ID_SIZES = {0, 1, 2, 4};
    private static final int[] CONTENT_SIZE_SIZES = {0, 2, 4, 8};
    /** Block_Maximum_Size: no block regenerates more. */
    private static final int MAX_BLOCK_SIZE = 128 * 1024;

    private static final Engine ZSTD_JNI = new Engine("zstd-jni", true) {
        @Override
        public Throwable loadFailure() {
            return NativeLoad.FAILURE;
        }

        @Override
        public PageCompressor compressor(int level, int workers) {
            return new Compressor(level, workers);
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    private static final Engine AIRCOMPRESSOR = new Engine("aircompressor", false) {
        @Override
        public String name() {
            return "aircompressor (pure Java; compresses at its fixed level 3)";
        }

        @Override
        public PageCompressor compressor(int level, int workers) {
            return new AircompressorCodec.BlockCompressor(new ZstdCompressor());
        }

        @Override
        public PageDecompressor decompressor() {
            return new PureJavaDecompressor();
        }
    };

    private ZstdCodec() {
        super(CompressionCodecName.ZSTD);
    }

    @Override
    public Levels levels() {
        return LEVELS;
    }

    @Override
    public String framing() {
        return "zstd frame(s), content size present or absent";
    }

    @Override
    protected List<Engine> engines() {
        // zstd-jni first: the native tier's libzstd (the same libzstd 1.5.7) measured no faster through FFM
        // (docs/native-tier.md),
        // so it
        // serves when zstd-jni cannot load, and under ffm-only
        return Arrays.asList(ZSTD_JNI, NativeTier.ZSTD, AIRCOMPRESSOR);
    }

    @Override
    public List<String> settingKeys() {
        return Collections.singletonList(WORKERS);
    }

    /** Worker threads per compressor, 0 = the calling thread. */
    @Override
    public int compressorOption(CodecSettings settings) {
        String value = settings.get(WORKERS);
        if (value == null) {
            return 0;
        }
        int workers = CodecSettings.parseInt(WORKERS, value);
        if (workers < 0) {
            throw new org.apache.parquet.hadoop.BadConfigurationException(
                    "ZSTD: " + WORKERS + " must be 0 or more, not " + workers);
        }
        return workers;
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        Frame frame = new Frame();
        long stated = 0;
        long bound = 0;
        boolean allStated = true;
        int end = offset + length;
        for (int p = offset, number = 1; p < end; number++) {
            p = frame.walk(src, p, end, number);
            if (frame.contentSize >= 0) {
                stated += frame.contentSize;
            } else {
                allStated = false;
            }
            bound += frame.maxDecoded;
        }
        if (allStated ? stated != declared : stated > declared) {
            throw new IOException("its frames state " + (allStated ? "" : "at least ") + stated + " bytes");
        }
        if (declared > bound) {
            throw new IOException("its blocks decode to at most " + bound + " bytes");
        }
        return true;
    }

    private static final class NativeLoad {
        static final Throwable FAILURE = Engine.probe(() -> Zstd.compressBound(1));
    }

    /**
     * Walks one frame (or skippable frame) without decoding it: where it ends, the content size it states (-1 when
     * absent or skippable; a skippable frame decodes to nothing), and the most its blocks can decode to.
     */
    static final class Frame {
        boolean skippable;
        long contentSize;
        long maxDecoded;

        /** Walks the frame at {@code start}; returns where it ends. */
        int walk(ByteBuffer src, int start, int end, int frame) throws IOException {
            require(4, start, end, frame, "magic number");
            int magic = Buffers.getIntLittleEndian(src, start);
            if ((magic & SKIPPABLE_MASK) == SKIPPABLE_MAGIC) {
                require(8, start, end, frame, "skippable frame header");
                long size = Buffers.getIntLittleEndian(src, start + 4) & 0xffffffffL;
                if (size > end - start - 8) {
                    throw new IOException("skippable frame " + frame + " declares " + size + " bytes where "
                            + (end - start - 8) + " are left");
                }
                skippable = true;
                contentSize = 0;
                maxDecoded = 0;
                return start + 8 + (int) size;
            }
            if (magic != MAGIC) {
                throw new IOException(String.format("frame %d starts with %08x, not the zstd magic", frame, magic));
            }
            skippable = false;
            int p = start + 4;
            require(1, p, end, frame, "frame header");
            int descriptor = src.get(p++) & 0xff;
            if ((descriptor & 0x08) != 0) {
                throw new IOException("frame " + frame + " sets the reserved bit of its header");
            }
            boolean singleSegment = (descriptor & 0x20) != 0;
            int fcsFlag = descriptor >>> 6;
            int contentSizeBytes = fcsFlag == 0 ? (singleSegment ? 1 : 0) : CONTENT_SIZE_SIZES[fcsFlag];
            int skip = (singleSegment ? 0 : 1) + DICTIONARY_ID_SIZES[descriptor & 3];
            require(skip + contentSizeBytes, p, end, frame, "frame header");
            p += skip;
            long size = -1;
            if (contentSizeBytes > 0) {
                size = 0;
                for (int i = 0; i < contentSizeBytes; i++) {
                    size |= (src.get(p + i) & 0xffL) << (8 * i);
                }
                if (contentSizeBytes == 2) {
                    size += 256;
                }
                if (size < 0) {
                    throw new IOException("frame " + frame + " states a content size beyond 2^63 bytes");
                }
                p += contentSizeBytes;
            }
            contentSize = size;
            long blocks = 0;
            while (true) {
                require(3, p, end, frame, "block header");
                int header = (src.get(p) & 0xff) | ((src.get(p + 1) & 0xff) << 8) | ((src.get(p + 2) & 0xff) << 16);
                p += 3;
                int type = (header >>> 1) & 3;
                int blockSize = header >>> 3;
                if (type == 3) {
                    throw new IOException("frame " + frame + " has a block of the reserved type 3");
                }
                // raw: blockSize bytes follow and are the output; RLE: one byte follows, repeated blockSize times;
                // compressed: blockSize bytes follow and regenerate at most Block_Maximum_Size
                int payload = type == 1 ? 1 : blockSize;
                require(payload, p, end, frame, "block");
                p += payload;
                blocks += type == 2 ? MAX_BLOCK_SIZE : blockSize;
                if ((header & 1) != 0) {
                    break;
                }
            }
            maxDecoded = blocks;
            if ((descriptor & 0x04) != 0) {
                require(4, p, end, frame, "content checksum");
                p += 4;
            }
            return p;
        }

        private static void require(int length, int p, int end, int frame, String what) throws IOException {
            if (length > end - p) {
                throw new IOException("frame " + frame + " is truncated in its " + what + " (" + (end - p)
                        + " bytes left, " + length + " needed)");
            }
        }
    }

    static final class Compressor extends ArrayOrDirectCompressor {
        private final ZstdCompressCtx context;

        Compressor(int level, int workers) {
            context = new ZstdCompressCtx();
            context.setLevel(level);
            context.setContentSize(true);
            if (workers > 0) {
                context.setWorkers(workers);
            }
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return Math.toIntExact(Zstd.compressBound(uncompressedSize));
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity) {
            return context.compressByteArray(dst, dstOffset, dstCapacity, src, srcOffset, srcLength);
        }

        @Override
        int compressDirect(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity) {
            return context.compressDirectByteBuffer(dst, dstOffset, dstCapacity, src, srcOffset, srcLength);
        }

        @Override
        public void close() {
            super.close();
            context.close();
        }
    }

    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final ZstdDecompressCtx context = new ZstdDecompressCtx();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws PageSizeException {
            try {
                return context.decompressByteArray(dst, dstOffset, dstLength, src, srcOffset, srcLength);
            } catch (ZstdException e) {
                throw translate(e);
            }
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws PageSizeException {
            try {
                return context.decompressDirectByteBuffer(dst, dstOffset, dstLength, src, srcOffset, srcLength);
            } catch (ZstdException e) {
                throw translate(e);
            }
        }

        /** A too-small destination means the frames hold more than the page declares; other errors pass on. */
        private static PageSizeException translate(ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                return new PageSizeException("the zstd frames hold more bytes (" + e.getMessage() + ")");
            }
            throw e;
        }

        @Override
        public void close() {
            super.close();
            context.close();
        }
    }

    /**
     * ZSTD in pure Java: aircompressor decodes the frames, and this class walks them first, so that pages are checked
     * as zstd itself checks them. aircompressor alone refuses skippable frames, ignores the content size a frame
     * declares, and returns 0 bytes for any input, valid or not, when the output is empty.
     */
    static final class PureJavaDecompressor implements PageDecompressor {
        private final PageDecompressor frames = new AircompressorCodec.BlockDecompressor(new ZstdDecompressor());
        private final ByteBuffer probe = ByteBuffer.allocate(1);
        private final Frame walked = new Frame();

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            int in = srcOffset;
            int inEnd = srcOffset + srcLength;
            int out = dstOffset;
            int outEnd = dstOffset + dstLength;
            for (int frame = 1; in < inEnd; frame++) {
                int end = walked.walk(src, in, inEnd, frame);
                if (walked.skippable) {
                    in = end;
                    continue;
                }
                long contentSize = walked.contentSize;
                if (contentSize != -1 && contentSize > outEnd - out) {
                    throw new PageSizeException("frame " + frame + " declares " + contentSize + " bytes where "
                            + (outEnd - out) + " are left in the page");
                }
                int produced;
                if (out == outEnd) {
                    // the page is full: aircompressor would report 0 for anything, so decode into a 1-byte probe
                    if (frames.decompress(src, in, end - in, probe, 0, 1) > 0) {
                        throw new PageSizeException("frame " + frame + " holds more bytes");
                    }
                    produced = 0;
                } else {
                    produced = frames.decompress(src, in, end - in, dst, out, outEnd - out);
                }
                if (contentSize != -1 && produced != contentSize) {
                    throw new IOException(
                            "frame " + frame + " declares " + contentSize + " bytes but decodes to " + produced);
                }
                in = end;
                out += produced;
            }
            return out - dstOffset;
        }

        @Override
        public void close() {
            frames.close();
        }
    }
}
