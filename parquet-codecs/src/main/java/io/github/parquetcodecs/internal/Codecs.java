package io.github.parquetcodecs.internal;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.github.parquetcodecs.NativeMode;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Maps each Parquet codec to its implementation: the one place that decides which library serves a codec. */
public final class Codecs {
    private static final Logger LOG = LoggerFactory.getLogger(Codecs.class);
    private static final AtomicBoolean SNAPPY_WARNED = new AtomicBoolean();
    private static final AtomicBoolean ZSTD_WARNED = new AtomicBoolean();
    private static final AtomicBoolean LZ4_WARNED = new AtomicBoolean();

    private Codecs() {}

    /** A source of compressors for {@code codec} at {@code level}, or null for UNCOMPRESSED. */
    public static Supplier<PageCompressor> compressors(CompressionCodecName codec, int level, CodecSettings settings) {
        switch (codec) {
            case UNCOMPRESSED:
                return null;
            case SNAPPY:
                return useNative(codec, settings.nativeMode())
                        ? SnappyCodec.Compressor::new
                        : () -> new AircompressorCodec.BlockCompressor(new SnappyCompressor());
            case GZIP:
                return () -> new GzipCodec.Compressor(level);
            case ZSTD:
                int workers = settings.zstdWorkers();
                return useNative(codec, settings.nativeMode())
                        ? () -> new ZstdCodec.Compressor(level, workers)
                        : () -> new AircompressorCodec.BlockCompressor(new ZstdCompressor());
            case LZ4_RAW:
                return lz4Blocks(codec, settings);
            case LZ4:
                Supplier<PageCompressor> blocks = lz4Blocks(codec, settings);
                return () -> new HadoopBlockCodec.Compressor(blocks.get(), HadoopBlockCodec.LZ4_MAX_INPUT_PER_BLOCK);
            case LZO:
                return () -> new HadoopBlockCodec.Compressor(
                        new AircompressorCodec.BlockCompressor(new LzoCompressor()),
                        HadoopBlockCodec.LZO_MAX_INPUT_PER_BLOCK);
            case BROTLI:
                requireBrotli();
                return () -> new BrotliCodec.Compressor(level);
            default:
                throw new UnsupportedOperationException("Unsupported codec " + codec);
        }
    }

    /** A source of decompressors for {@code codec}, or null for UNCOMPRESSED. */
    public static Supplier<PageDecompressor> decompressors(CompressionCodecName codec, CodecSettings settings) {
        switch (codec) {
            case UNCOMPRESSED:
                return null;
            case SNAPPY:
                return useNative(codec, settings.nativeMode())
                        ? SnappyCodec.Decompressor::new
                        : () -> new AircompressorCodec.BlockDecompressor(new SnappyDecompressor());
            case GZIP:
                return GzipCodec.Decompressor::new;
            case ZSTD:
                return useNative(codec, settings.nativeMode())
                        ? ZstdCodec.Decompressor::new
                        : AircompressorZstd.Decompressor::new;
            case LZ4_RAW:
                return lz4BlockDecoders(codec, settings);
            case LZ4:
                Supplier<PageDecompressor> blocks = lz4BlockDecoders(codec, settings);
                return () -> new HadoopBlockCodec.Decompressor(blocks.get(), true);
            case LZO:
                return () -> new HadoopBlockCodec.Decompressor(
                        new AircompressorCodec.BlockDecompressor(new LzoDecompressor()), false);
            case BROTLI:
                requireBrotli();
                return BrotliCodec.Decompressor::new;
            default:
                throw new UnsupportedOperationException("Unsupported codec " + codec);
        }
    }

    /** Which library serves {@code codec} under {@code mode}, as shown to users. */
    public static String implementation(CompressionCodecName codec, NativeMode mode) {
        switch (codec) {
            case UNCOMPRESSED:
                return "pass-through";
            case SNAPPY:
                return useNative(codec, mode) ? "snappy-java (native)" : "aircompressor (pure Java)";
            case GZIP:
                return "java.util.zip (JDK zlib)";
            case ZSTD:
                return useNative(codec, mode)
                        ? "zstd-jni (native)"
                        : "aircompressor (pure Java; compresses at its fixed level 3)";
            case LZ4_RAW:
                return lz4Implementation(codec, mode);
            case LZ4:
                return lz4Implementation(codec, mode) + ", Hadoop block framing";
            case LZO:
                return "aircompressor (pure Java), Hadoop block framing";
            case BROTLI:
                String reason = BrotliSupport.unavailableReason();
                return reason == null ? "brotli4j (native)" : "unavailable: " + reason;
            default:
                return "unsupported";
        }
    }

    private static void requireBrotli() {
        String reason = BrotliSupport.unavailableReason();
        if (reason != null) {
            throw new UnsupportedOperationException(reason);
        }
    }

    /** Raw LZ4 blocks, alone (LZ4_RAW) or inside Hadoop framing (LZ4): lz4-java's native LZ4, else aircompressor. */
    private static Supplier<PageCompressor> lz4Blocks(CompressionCodecName codec, CodecSettings settings) {
        return useNative(codec, settings.nativeMode())
                ? Lz4JavaCodec.Compressor::new
                : () -> new AircompressorCodec.BlockCompressor(new Lz4Compressor());
    }

    private static Supplier<PageDecompressor> lz4BlockDecoders(CompressionCodecName codec, CodecSettings settings) {
        return useNative(codec, settings.nativeMode())
                ? Lz4JavaCodec.Decompressor::new
                : () -> new AircompressorCodec.BlockDecompressor(new Lz4Decompressor());
    }

    private static String lz4Implementation(CompressionCodecName codec, NativeMode mode) {
        if (useNative(codec, mode)) {
            return "lz4-java (native)";
        }
        return Lz4JavaCodec.present() || mode == NativeMode.PURE_JAVA
                ? "aircompressor (pure Java)"
                : "aircompressor (pure Java; add " + Lz4JavaCodec.COORDINATES + " for native LZ4)";
    }

    /**
     * Whether a codec uses its native library: SNAPPY (snappy-java) and ZSTD (zstd-jni) always have one; LZ4 and
     * LZ4_RAW have one when the optional lz4-java is on the class path. Warns once per library when AUTO falls back to
     * pure Java because the native library does not load; NATIVE_ONLY refuses instead.
     */
    private static boolean useNative(CompressionCodecName codec, NativeMode mode) {
        if (mode == NativeMode.PURE_JAVA) {
            return false;
        }
        switch (codec) {
            case SNAPPY:
                return nativeLoads(codec, mode, "snappy-java", NativeLibraries.snappyFailure(), SNAPPY_WARNED);
            case ZSTD:
                return nativeLoads(codec, mode, "zstd-jni", NativeLibraries.zstdFailure(), ZSTD_WARNED);
            case LZ4_RAW:
            case LZ4:
                return Lz4JavaCodec.present()
                        && nativeLoads(codec, mode, "lz4-java", Lz4JavaCodec.nativeFailure(), LZ4_WARNED);
            default:
                return false;
        }
    }

    private static boolean nativeLoads(
            CompressionCodecName codec, NativeMode mode, String library, Throwable failure, AtomicBoolean warned) {
        if (failure == null) {
            return true;
        }
        if (mode == NativeMode.NATIVE_ONLY) {
            throw new IllegalStateException(codec + ": " + library + " cannot load its native library (" + failure
                    + ") and " + CodecSettings.NATIVE_MODE + " is native-only");
        }
        if (warned.compareAndSet(false, true)) {
            LOG.warn(
                    "{}: {} cannot load its native library ({}); using aircompressor's pure-Java implementation",
                    codec,
                    library,
                    failure.toString());
        }
        return false;
    }
}
