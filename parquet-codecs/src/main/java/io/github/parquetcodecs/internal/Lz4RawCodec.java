package io.github.parquetcodecs.internal;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * LZ4_RAW: one LZ4 block. Its engines also serve the blocks inside LZ4's Hadoop framing ({@link Lz4Codec}).
 *
 * <p>lz4-java's JNI build of the reference C library when the optional lz4-java is on the class path (Hadoop declares
 * {@code org.lz4:lz4-java} {@code provided}, so it brings none; the maintained line is {@value #COORDINATES}), else
 * aircompressor's pure Java. Only
 * lz4-java's native instance is used, never its Java ports: decoding goes through {@code LZ4_decompress_safe}, which
 * bounds every read and write by the lengths it is given.
 *
 * <p>An LZ4 block does not state its size, but it expands at most 256-fold, so the declared size must fit in what the
 * page's bytes can produce.
 */
final class Lz4RawCodec extends Codec {
    static final Lz4RawCodec INSTANCE = new Lz4RawCodec();

    /** lz4-java at a version without CVE-2025-66566 (fixed in 1.10.1); API-compatible with org.lz4:lz4-java. */
    static final String COORDINATES = "at.yawk.lz4:lz4-java:1.10.4";

    static final Engine LZ4_JAVA = new Engine("lz4-java", true) {
        @Override
        public String missing() {
            return Presence.PRESENT ? null : "lz4-java is not on the class path: add " + COORDINATES;
        }

        @Override
        public String coordinates() {
            return COORDINATES;
        }

        @Override
        public String purpose() {
            return "native LZ4";
        }

        @Override
        public Throwable loadFailure() {
            return NativeLoad.FAILURE;
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return new Compressor();
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    static final Engine AIRCOMPRESSOR = new Engine("aircompressor", false) {
        @Override
        public PageCompressor compressor(int level, int option) {
            return new AircompressorCodec.BlockCompressor(new Lz4Compressor());
        }

        @Override
        public PageDecompressor decompressor() {
            return new AircompressorCodec.BlockDecompressor(new Lz4Decompressor());
        }
    };

    private Lz4RawCodec() {
        super(CompressionCodecName.LZ4_RAW);
    }

    @Override
    public String framing() {
        return "one LZ4 block";
    }

    @Override
    protected List<Engine> engines() {
        return Arrays.asList(NativeTier.LZ4_RAW, LZ4_JAVA, AIRCOMPRESSOR);
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        long bound = HadoopBlockFraming.maxBlockOutput(length);
        if (declared > bound) {
            throw new IOException("an LZ4 block of that size decodes to at most " + bound + " bytes");
        }
        return true;
    }

    /** Whether lz4-java is on the class path; looks for the class without initializing it or loading native code. */
    private static final class Presence {
        static final boolean PRESENT = Engine.classPresent("net.jpountz.lz4.LZ4Factory");
    }

    private static final class NativeLoad {
        static final Throwable FAILURE = Engine.probe(LZ4Factory::nativeInstance);
    }

    static final class Compressor extends ArrayOrDirectCompressor {
        private final LZ4Compressor compressor = LZ4Factory.nativeInstance().fastCompressor();

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return compressor.maxCompressedLength(uncompressedSize);
        }

        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity)
                throws IOException {
            try {
                return compressor.compress(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
            } catch (LZ4Exception e) {
                throw failed(e);
            }
        }

        @Override
        int compressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            try {
                return compressor.compress(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
            } catch (LZ4Exception e) {
                throw failed(e);
            }
        }

        private static IOException failed(LZ4Exception e) {
            return new IOException("lz4-java: " + e.getMessage(), e);
        }
    }

    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final LZ4SafeDecompressor decompressor =
                LZ4Factory.nativeInstance().safeDecompressor();

        @Override
        int decompressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                return decompressor.decompress(src, srcOffset, srcLength, dst, dstOffset, dstLength);
            } catch (LZ4Exception e) {
                throw malformed(srcLength, dstLength, e);
            }
        }

        @Override
        int decompressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                return decompressor.decompress(src, srcOffset, srcLength, dst, dstOffset, dstLength);
            } catch (LZ4Exception e) {
                throw malformed(srcLength, dstLength, e);
            }
        }

        /** LZ4 cannot tell a corrupt block from one that decodes to more than the room given; say both. */
        private static IOException malformed(int srcLength, int dstLength, LZ4Exception e) {
            return new IOException(
                    "malformed LZ4 block of " + srcLength + " bytes, or it decodes to more than " + dstLength
                            + " bytes (lz4-java: " + e.getMessage() + ")",
                    e);
        }
    }
}
