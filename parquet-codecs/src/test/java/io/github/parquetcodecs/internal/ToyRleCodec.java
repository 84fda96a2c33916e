package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A toy codec, to show what adding a codec takes: this one file, and one line that registers it ({@code
 * Codecs.standard().with(new ToyRleCodec(...))} here, a line of {@code Codecs.STANDARD} for a real one). It is a
 * run-length code: a 4-byte big-endian decoded length, then (run length, byte) pairs, runs of at most {@code 2^level}
 * bytes. Levels, the configuration key, the engine, the pool, the buffer kinds and the size check all come from the
 * library.
 */
public final class ToyRleCodec extends Codec {
    public static final String LEVEL_KEY = "toy.rle.level";

    /** Engines created, to show that the pool reuses them. */
    public final AtomicInteger compressorsCreated = new AtomicInteger();

    public final AtomicInteger decompressorsCreated = new AtomicInteger();

    private final Levels levels = new Levels("TOY", 1, 8, 7, LEVEL_KEY);
    private final Engine engine = new Engine("toy-rle", false) {
        @Override
        public PageCompressor compressor(int level, int option) {
            compressorsCreated.incrementAndGet();
            return new Compressor(level);
        }

        @Override
        public PageDecompressor decompressor() {
            decompressorsCreated.incrementAndGet();
            return new Decompressor();
        }
    };

    /** @param name the Parquet codec whose pages this toy takes over */
    public ToyRleCodec(CompressionCodecName name) {
        super(name);
    }

    @Override
    public Levels levels() {
        return levels;
    }

    @Override
    public String framing() {
        return "a 4-byte length, then (run length, byte) pairs";
    }

    @Override
    protected List<Engine> engines() {
        return Collections.singletonList(engine);
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        if (length < 4) {
            throw new IOException("a toy page takes at least 4 bytes");
        }
        int stated = Buffers.getIntBigEndian(src, offset);
        if (stated != declared) {
            throw new IOException("its header states " + stated + " bytes");
        }
        if ((long) declared > 128L * (length - 4)) {
            throw new IOException("its pairs decode to at most " + 128L * (length - 4) + " bytes");
        }
        return true;
    }

    private static final class Compressor extends ArrayOrDirectCompressor {
        private final int maxRun;

        Compressor(int level) {
            maxRun = 1 << level;
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return 4 + 2 * uncompressedSize;
        }

        @Override
        boolean takesDirect() {
            return false;
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity) {
            ByteBuffer out = ByteBuffer.wrap(dst, dstOffset, dstCapacity);
            out.putInt(srcLength);
            for (int i = srcOffset, end = srcOffset + srcLength; i < end; ) {
                int run = 1;
                while (i + run < end && run < maxRun && src[i + run] == src[i]) {
                    run++;
                }
                out.put((byte) (run - 1)).put(src[i]);
                i += run;
            }
            return out.position() - dstOffset;
        }

        @Override
        int compressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int cap) {
            throw new UnsupportedOperationException();
        }
    }

    private static final class Decompressor extends ArrayOrDirectDecompressor {
        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            if (srcLength < 4 || (srcLength - 4) % 2 != 0) {
                throw new IOException("a toy page is a length and whole pairs");
            }
            int produced = 0;
            for (int i = srcOffset + 4; i < srcOffset + srcLength; i += 2) {
                int run = (src[i] & 0xff) + 1;
                if (run > dstLength - produced) {
                    throw new PageSizeException("its runs hold more bytes");
                }
                for (int j = 0; j < run; j++) {
                    dst[dstOffset + produced++] = src[i + 1];
                }
            }
            return produced;
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int len)
                throws IOException {
            byte[] in = new byte[srcLength];
            byte[] out = new byte[len];
            Buffers.copyOut(src, srcOffset, in, srcLength);
            int produced = decompressArrays(in, 0, srcLength, out, 0, len);
            Buffers.copyIn(out, produced, dst, dstOffset);
            return produced;
        }
    }
}
