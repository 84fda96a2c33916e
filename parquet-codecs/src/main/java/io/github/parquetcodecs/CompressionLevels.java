package io.github.parquetcodecs;

import java.util.Optional;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Which codecs take a compression level, with their default and bounds (the values stock parquet-java uses). Codecs
 * without levels ignore a level.
 */
public final class CompressionLevels {
    /** zstd's fastest negative level, {@code ZSTD_minCLevel()} ({@code -ZSTD_TARGETLENGTH_MAX}). */
    public static final int ZSTD_MIN_LEVEL = -(1 << 17);

    public static final int ZSTD_MAX_LEVEL = 22;
    public static final int ZSTD_DEFAULT_LEVEL = 3;
    /** zlib's {@code Z_DEFAULT_COMPRESSION}, which zlib maps to level 6. */
    public static final int GZIP_DEFAULT_LEVEL = -1;

    public static final int BROTLI_DEFAULT_QUALITY = 1;

    private static final Range ZSTD = new Range(ZSTD_MIN_LEVEL, ZSTD_MAX_LEVEL, ZSTD_DEFAULT_LEVEL);
    private static final Range GZIP = new Range(-1, 9, GZIP_DEFAULT_LEVEL);
    private static final Range BROTLI = new Range(0, 11, BROTLI_DEFAULT_QUALITY);

    private CompressionLevels() {}

    /** The levels {@code codec} accepts, or empty when it has none. */
    public static Optional<Range> of(CompressionCodecName codec) {
        switch (codec) {
            case ZSTD:
                return Optional.of(ZSTD);
            case GZIP:
                return Optional.of(GZIP);
            case BROTLI:
                return Optional.of(BROTLI);
            default:
                return Optional.empty();
        }
    }

    /** An inclusive range of levels and the default. */
    public static final class Range {
        private final int min;
        private final int max;
        private final int defaultLevel;

        Range(int min, int max, int defaultLevel) {
            this.min = min;
            this.max = max;
            this.defaultLevel = defaultLevel;
        }

        public int min() {
            return min;
        }

        public int max() {
            return max;
        }

        public int defaultLevel() {
            return defaultLevel;
        }

        public boolean contains(int level) {
            return level >= min && level <= max;
        }

        @Override
        public String toString() {
            return min + " to " + max + " (default " + defaultLevel + ")";
        }
    }
}
