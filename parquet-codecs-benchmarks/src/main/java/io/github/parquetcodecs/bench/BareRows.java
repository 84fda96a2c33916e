package io.github.parquetcodecs.bench;

import io.github.parquetcodecs.CompressionLevels;
import io.github.parquetcodecs.cli.BareCodec;
import java.lang.reflect.InvocationTargetException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.zip.Deflater;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The bare rows of the benchmarks, the ceiling: the command line's {@link BareCodec} (each codec library called
 * directly, the same baseline as {@code parquet-codecs bench --bare}), and on JDK 25 aircompressor-v3's native
 * libraries ({@code BareFfm}); with the library calls of each, for the report.
 */
public final class BareRows {
    private BareRows() {}

    /** The codecs with a bare FFM row: those aircompressor-v3 bundles a native library for. */
    public static final Set<CompressionCodecName> FFM_CODECS = Collections.unmodifiableSet(EnumSet.of(
            CompressionCodecName.SNAPPY,
            CompressionCodecName.GZIP,
            CompressionCodecName.LZ4_RAW,
            CompressionCodecName.LZ4,
            CompressionCodecName.ZSTD));

    private static final String FFM_CLASS = "io.github.parquetcodecs.bench.BareFfm";

    /** Why the bare FFM row of {@code codec} cannot run on this JVM, or null when it can. */
    public static String ffmUnsupported(CompressionCodecName codec) {
        if (Runtime.version().feature() < 25) {
            return "the bare FFM rows call aircompressor-v3, whose classes need JDK 25 or later, not "
                    + Runtime.version();
        }
        return FFM_CODECS.contains(codec) ? null : "aircompressor-v3 bundles no native library for " + codec;
    }

    /**
     * aircompressor-v3's native library for {@code codec}, called directly through its FFM classes (JDK 25 or later):
     * libdeflate, liblz4, libzstd or libsnappy. The code is BareFfm, in this module's META-INF/versions/25.
     *
     * @throws UnsupportedOperationException with {@link #ffmUnsupported}'s reason
     */
    public static BareCodec ffm(CompressionCodecName codec) {
        String reason = ffmUnsupported(codec);
        if (reason != null) {
            throw new UnsupportedOperationException(reason);
        }
        return (BareCodec) callFfm("of", CompressionCodecName.class, codec);
    }

    /** libzstd through aircompressor-v3 at {@code level} (JDK 25 or later). */
    public static BareCodec ffmZstd(int level) {
        String reason = ffmUnsupported(CompressionCodecName.ZSTD);
        if (reason != null) {
            throw new UnsupportedOperationException(reason);
        }
        return (BareCodec) callFfm("zstd", int.class, level);
    }

    /** The library calls of the bare FFM row, for the report. */
    public static String describeFfm(CompressionCodecName codec) {
        return ffmUnsupported(codec) != null ? "" : (String) callFfm("describe", CompressionCodecName.class, codec);
    }

    private static Object callFfm(String method, Class<?> type, Object argument) {
        try {
            return Class.forName(FFM_CLASS).getDeclaredMethod(method, type).invoke(null, argument);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    FFM_CLASS + " is missing: put parquet-codecs-benchmarks/target/classes/META-INF/versions/25 on the"
                            + " class path (dev/bench does), after building with a JDK 25 javac",
                    e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The library calls of {@link BareCodec#of}, for the report. */
    public static String describe(CompressionCodecName codec) {
        switch (codec) {
            case SNAPPY:
                return "snappy-java Snappy.compress/uncompress (byte[] with offsets; ByteBuffer for direct)";
            case ZSTD:
                return "zstd-jni ZstdCompressCtx(level " + CompressionLevels.ZSTD_DEFAULT_LEVEL
                        + ")/ZstdDecompressCtx, reused; compress/decompressByteArray, "
                        + "compress/decompressDirectByteBuffer";
            case GZIP:
                return "java.util.zip Deflater(level " + gzipLevelName(CompressionLevels.GZIP_DEFAULT_LEVEL)
                        + ", nowrap)/Inflater(nowrap), reused, plus CRC32 and the 18-byte "
                        + "gzip header and trailer";
            case LZ4_RAW:
                return "lz4-java LZ4Factory.nativeInstance() fastCompressor/safeDecompressor (JNI)";
            case LZ4:
                return "lz4-java native fastCompressor/safeDecompressor per 256 KiB Hadoop block, 8-byte block headers";
            case LZO:
                return "aircompressor LzoCompressor/LzoDecompressor per 256 KiB Hadoop block, 8-byte block headers";
            case BROTLI:
                return "brotli4j Encoder.compress(quality " + CompressionLevels.BROTLI_DEFAULT_QUALITY
                        + ")/Decoder.decompress on byte[] (copied into the page)";
            default:
                return "";
        }
    }

    /** zlib's default level, {@link Deflater#DEFAULT_COMPRESSION}, is level 6. */
    private static String gzipLevelName(int level) {
        return level == Deflater.DEFAULT_COMPRESSION ? "6" : Integer.toString(level);
    }
}
