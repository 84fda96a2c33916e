package io.github.parquetcodecs.internal;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * BROTLI: one Brotli stream, through brotli4j's {@code byte[]} API (its ByteBuffer API needs Netty). brotli4j is an
 * optional dependency: its classes are touched only after the probe has found them, and a missing jar is reported
 * with its Maven coordinates.
 *
 * <p>A Brotli stream does not state its size up front, so a page cannot bound its output: pages decode into output
 * that grows with the bytes decoded ({@link GrowingOutput}). brotli4j's decoder cannot be reset, so each page gets a
 * new native decoder state; the encoder is brotli4j's one-shot call, which allocates its output.
 */
final class BrotliCodec extends Codec {
    static final BrotliCodec INSTANCE = new BrotliCodec();

    static final String QUALITY = "compression.brotli.quality";
    static final int DEFAULT_QUALITY = 1;
    static final String VERSION = "1.24.0";

    private static final Levels LEVELS = new Levels("BROTLI", 0, 11, DEFAULT_QUALITY, QUALITY);

    private static final Engine BROTLI4J = new Engine("brotli4j", true) {
        @Override
        public String missing() {
            return Presence.PRESENT
                    ? null
                    : "BROTLI needs brotli4j, an optional dependency of parquet-codecs: add " + coordinates();
        }

        @Override
        public String coordinates() {
            return "com.aayushatharva.brotli4j:brotli4j:" + VERSION + " and " + nativeCoordinates();
        }

        @Override
        public Throwable loadFailure() {
            return NativeLoad.FAILURE;
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return new Compressor(level);
        }

        @Override
        public PageDecompressor decompressor() {
            return new Decompressor();
        }
    };

    private BrotliCodec() {
        super(CompressionCodecName.BROTLI);
    }

    @Override
    public Levels levels() {
        return LEVELS;
    }

    @Override
    public String framing() {
        return "one Brotli stream";
    }

    @Override
    protected List<Engine> engines() {
        return Collections.singletonList(BROTLI4J);
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) {
        return false; // the stream does not state its size: decode into growing output
    }

    /** The native jar for this platform, as brotli4j names it. */
    static String nativeCoordinates() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch;
        String platform;
        if (os.startsWith("linux")) {
            platform = "linux-" + cpu;
        } else if (os.startsWith("mac") || os.startsWith("darwin")) {
            platform = "osx-" + cpu;
        } else if (os.startsWith("windows")) {
            platform = "windows-" + cpu;
        } else {
            platform = os + "-" + cpu;
        }
        return "com.aayushatharva.brotli4j:native-" + platform + ":" + VERSION;
    }

    private static final class Presence {
        static final boolean PRESENT = Engine.classPresent("com.aayushatharva.brotli4j.Brotli4jLoader");
    }

    /** Touches brotli4j; loaded only after {@link Presence} found it. */
    private static final class NativeLoad {
        static final Throwable FAILURE = Engine.probe(() -> {
            if (!com.aayushatharva.brotli4j.Brotli4jLoader.isAvailable()) {
                Throwable cause = com.aayushatharva.brotli4j.Brotli4jLoader.getUnavailabilityCause();
                throw new UnsatisfiedLinkError(String.valueOf(cause));
            }
        });
    }

    static final class Compressor extends ArrayOrDirectCompressor {
        private final Encoder.Parameters parameters;

        Compressor(int quality) {
            parameters = new Encoder.Parameters().setQuality(quality);
        }

        @Override
        boolean takesDirect() {
            return false;
        }

        @Override
        public int maxCompressedLength(int uncompressedSize) {
            // BrotliEncoderMaxCompressedSize: input + 4 bytes per 16 KiB block + a few bytes of stream header
            return Math.toIntExact(uncompressedSize + 4L * (uncompressedSize >> 14) + 16);
        }

        /** brotli4j's byte[] call, which returns the stream in a new array; checked against the caller's room. */
        @Override
        int compressArrays(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int dstCapacity)
                throws IOException {
            byte[] compressed = Encoder.compress(src, srcOffset, srcLength, parameters);
            if (compressed.length > dstCapacity) {
                throw new IOException("brotli4j produced " + compressed.length + " bytes, more than the bound "
                        + dstCapacity + " for " + srcLength + " input bytes");
            }
            System.arraycopy(compressed, 0, dst, dstOffset, compressed.length);
            return compressed.length;
        }

        @Override
        int compressDirect(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity) {
            throw new UnsupportedOperationException("brotli4j takes arrays");
        }
    }

    /**
     * Decodes through brotli4j's JNI wrapper rather than {@code Decoder.decompress}, which collects unbounded output:
     * each chunk the decoder yields is copied straight into the page (or the growing output), and a stream that
     * yields more than the page declares is refused as soon as it does.
     */
    static final class Decompressor implements PageDecompressor {
        private final Buffers.Window in = new Buffers.Window();
        private final Buffers.Window out = new Buffers.Window();

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            try {
                ByteBuffer output = out.narrow(dst, dstOffset, dstLength);
                decode(in.narrow(src, srcOffset, srcLength), output, null);
                return output.position() - dstOffset;
            } finally {
                in.restore();
                out.restore();
            }
        }

        @Override
        public void decompress(ByteBuffer src, int srcOffset, int srcLength, GrowingOutput output) throws IOException {
            try {
                decode(in.narrow(src, srcOffset, srcLength), null, output);
            } finally {
                in.restore();
            }
        }

        /** Decodes {@code input} into {@code slice} or, when that is null, into {@code growing}. */
        private static void decode(ByteBuffer input, ByteBuffer slice, GrowingOutput growing) throws IOException {
            int length = input.remaining();
            long decoded = 0;
            DecoderJNI.Wrapper decoder = new DecoderJNI.Wrapper(Math.max(1, length));
            try {
                decoder.getInputBuffer().put(input);
                decoder.push(length);
                while (true) {
                    DecoderJNI.Status status = decoder.getStatus();
                    if (status == DecoderJNI.Status.OK) {
                        decoder.push(0);
                    } else if (status == DecoderJNI.Status.NEEDS_MORE_OUTPUT
                            || (status == DecoderJNI.Status.DONE && decoder.hasOutput())) {
                        ByteBuffer chunk = decoder.pull();
                        decoded += chunk.remaining();
                        if (slice == null) {
                            growing.write(chunk);
                        } else if (chunk.remaining() > slice.remaining()) {
                            throw new PageSizeException("the Brotli stream holds more than "
                                    + (decoded - chunk.remaining() + slice.remaining()) + " bytes");
                        } else {
                            slice.put(chunk);
                        }
                    } else if (status == DecoderJNI.Status.DONE) {
                        return;
                    } else if (status == DecoderJNI.Status.NEEDS_MORE_INPUT) {
                        throw new IOException("the Brotli stream is truncated after " + decoded + " decoded bytes");
                    } else {
                        throw new IOException("corrupt Brotli stream after " + decoded + " decoded bytes");
                    }
                }
            } finally {
                decoder.destroy();
            }
        }
    }
}
