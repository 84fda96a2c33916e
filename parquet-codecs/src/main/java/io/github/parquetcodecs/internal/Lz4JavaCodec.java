package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 blocks (LZ4_RAW, and the blocks inside Hadoop's LZ4 framing) through lz4-java's JNI build of the reference C
 * library, an optional dependency: Hadoop brings it ({@code org.lz4:lz4-java}), and stock parquet-java's Hadoop
 * {@code Lz4Codec} uses it. Without it, aircompressor's pure-Java LZ4 serves these codecs.
 *
 * <p>Only the native instance is used: decoding goes through {@code LZ4_decompress_safe}, which bounds every read and
 * write by the lengths it is given, never through lz4-java's Java ports. Both calls take absolute offsets, on arrays
 * and on direct buffers, so nothing is allocated per page.
 */
final class Lz4JavaCodec {
    /** The artifact to name when lz4-java is missing: the maintained line, API-compatible with org.lz4:lz4-java. */
    static final String COORDINATES = "at.yawk.lz4:lz4-java:1.8.1";

    private static final String FACTORY_CLASS = "net.jpountz.lz4.LZ4Factory";

    private Lz4JavaCodec() {}

    /** Whether lz4-java is on the class path; looks for the class without initializing it or loading native code. */
    static boolean present() {
        return Presence.PRESENT;
    }

    /** null when lz4-java's native library is loaded, else why it is not; call only when {@link #present()}. */
    static Throwable nativeFailure() {
        return Native.FAILURE;
    }

    private static final class Presence {
        static final boolean PRESENT = probe();

        private static boolean probe() {
            try {
                Class.forName(FACTORY_CLASS, false, Lz4JavaCodec.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }

    private static final class Native {
        static final LZ4Factory FACTORY;
        static final Throwable FAILURE;

        static {
            LZ4Factory factory = null;
            Throwable failure = null;
            try {
                factory = LZ4Factory.nativeInstance();
            } catch (Throwable e) { // UnsatisfiedLinkError, or wrapped in ExceptionInInitializerError/AssertionError
                failure = e;
                while (failure.getCause() != null
                        && (failure instanceof ExceptionInInitializerError || failure instanceof AssertionError)) {
                    failure = failure.getCause(); // name the real reason in the warning
                }
            }
            FACTORY = factory;
            FAILURE = failure;
        }
    }

    static final class Compressor extends ArrayOrDirectCompressor {
        private final LZ4Compressor compressor = Native.FACTORY.fastCompressor();

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
                throw new IOException("lz4-java: " + e.getMessage(), e);
            }
        }

        @Override
        int compressDirect(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            try {
                return compressor.compress(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
            } catch (LZ4Exception e) {
                throw new IOException("lz4-java: " + e.getMessage(), e);
            }
        }
    }

    static final class Decompressor extends ArrayOrDirectDecompressor {
        private final LZ4SafeDecompressor decompressor = Native.FACTORY.safeDecompressor();

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
