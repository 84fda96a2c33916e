package io.github.parquetcodecs.internal;

import io.github.parquetcodecs.CompressionLevels;
import io.github.parquetcodecs.NativeMode;
import java.util.Locale;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The settings read from a {@link ParquetConfiguration}, with stock parquet-java's keys and defaults. Values are kept
 * as strings and parsed when a compressor is requested, so that a bad value fails there, naming the key.
 */
public final class CodecSettings {
    // The configuration keys; HadoopFreeCodecFactory documents them and exposes them as its own constants.
    public static final String ZSTD_LEVEL = "parquet.compression.codec.zstd.level";
    public static final String LEGACY_ZSTD_LEVEL = "io.compression.codec.zstd.level";
    public static final String ZSTD_WORKERS = "parquet.compression.codec.zstd.workers";
    public static final String GZIP_LEVEL = "zlib.compress.level";
    public static final String BROTLI_QUALITY = "compression.brotli.quality";
    public static final String NATIVE_MODE = "parquet.codecs.native";
    public static final String MAX_DECOMPRESSED_PAGE_SIZE = "parquet.codecs.max.decompressed.page.size";
    /** The JDK's largest safe array length: stock parquet-java allocates the declared page size as one byte[]. */
    public static final int DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE = Integer.MAX_VALUE - 8;

    private final String zstdLevel;
    private final String zstdLevelKey;
    private final String zstdWorkers;
    private final String gzipLevel;
    private final String brotliQuality;
    private final String maxDecompressedPageSize;
    private final NativeMode nativeMode;

    public CodecSettings(ParquetConfiguration conf) {
        String level = conf.get(ZSTD_LEVEL);
        if (level != null) {
            zstdLevel = level;
            zstdLevelKey = ZSTD_LEVEL;
        } else {
            zstdLevel = conf.get(LEGACY_ZSTD_LEVEL);
            zstdLevelKey = LEGACY_ZSTD_LEVEL;
        }
        zstdWorkers = conf.get(ZSTD_WORKERS);
        gzipLevel = conf.get(GZIP_LEVEL);
        brotliQuality = conf.get(BROTLI_QUALITY);
        maxDecompressedPageSize = conf.get(MAX_DECOMPRESSED_PAGE_SIZE);
        String mode = conf.get(NATIVE_MODE);
        nativeMode = mode == null ? NativeMode.AUTO : NativeMode.parse(mode);
    }

    public NativeMode nativeMode() {
        return nativeMode;
    }

    /** The configured level for {@code codec}, validated; codecs without levels give 0. */
    public int configuredLevel(CompressionCodecName codec) {
        switch (codec) {
            case ZSTD:
                return zstdLevel == null
                        ? CompressionLevels.ZSTD_DEFAULT_LEVEL
                        : validLevel(codec, parseInt(zstdLevelKey, zstdLevel));
            case GZIP:
                return gzipLevel == null
                        ? CompressionLevels.GZIP_DEFAULT_LEVEL
                        : validLevel(codec, parseZlibLevel(gzipLevel));
            case BROTLI:
                return brotliQuality == null
                        ? CompressionLevels.BROTLI_DEFAULT_QUALITY
                        : validLevel(codec, parseInt(BROTLI_QUALITY, brotliQuality));
            default:
                return 0;
        }
    }

    public int zstdWorkers() {
        if (zstdWorkers == null) {
            return 0;
        }
        int workers = parseInt(ZSTD_WORKERS, zstdWorkers);
        if (workers < 0) {
            throw new BadConfigurationException("ZSTD: " + ZSTD_WORKERS + " must be 0 or more, not " + workers);
        }
        return workers;
    }

    /** The largest decompressed page a decompressor accepts, validated. */
    public int maxDecompressedPageSize() {
        if (maxDecompressedPageSize == null) {
            return CodecSettings.DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE;
        }
        int max = parseInt(CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE, maxDecompressedPageSize);
        if (max < 0) {
            throw new BadConfigurationException(
                    CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE + " must be 0 or more, not " + max);
        }
        return max;
    }

    /** Throws when {@code level} is outside the codec's range; returns it otherwise. */
    public static int validLevel(CompressionCodecName codec, int level) {
        CompressionLevels.Range range = CompressionLevels.of(codec).orElse(null);
        if (range != null && !range.contains(level)) {
            throw new BadConfigurationException(
                    codec + ": compression level " + level + " is out of range; valid levels are " + range);
        }
        return level;
    }

    private static int parseInt(String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new BadConfigurationException("Invalid integer '" + value + "' for " + key, e);
        }
    }

    /**
     * Hadoop stores {@code zlib.compress.level} as a {@code ZlibCompressor.CompressionLevel} name; plain numbers are
     * accepted too.
     */
    static int parseZlibLevel(String value) {
        String name = value.trim().toUpperCase(Locale.ROOT);
        switch (name) {
            case "NO_COMPRESSION":
                return 0;
            case "BEST_SPEED":
            case "ONE":
                return 1;
            case "TWO":
                return 2;
            case "THREE":
                return 3;
            case "FOUR":
                return 4;
            case "FIVE":
                return 5;
            case "SIX":
                return 6;
            case "SEVEN":
                return 7;
            case "EIGHT":
                return 8;
            case "NINE":
            case "BEST_COMPRESSION":
                return 9;
            case "DEFAULT_COMPRESSION":
                return -1;
            default:
                try {
                    return Integer.parseInt(name);
                } catch (NumberFormatException e) {
                    throw new BadConfigurationException("GZIP: invalid value '" + value + "' for "
                            + GZIP_LEVEL + "; use a number from -1 to 9 or a name such as "
                            + "BEST_SPEED, SIX, BEST_COMPRESSION or DEFAULT_COMPRESSION");
                }
        }
    }
}
