package io.github.parquetcodecs;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.Levels;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Which codecs take a compression level, with their default and bounds (the values stock parquet-java uses). Codecs
 * without levels ignore a level. Each codec's own class holds its levels; this is their public view.
 */
public final class CompressionLevels {
    /** zstd's fastest negative level, {@code ZSTD_minCLevel()} ({@code -ZSTD_TARGETLENGTH_MAX}). */
    public static final int ZSTD_MIN_LEVEL = range(CompressionCodecName.ZSTD).min();

    public static final int ZSTD_MAX_LEVEL = range(CompressionCodecName.ZSTD).max();
    public static final int ZSTD_DEFAULT_LEVEL =
            range(CompressionCodecName.ZSTD).defaultLevel();
    /** zlib's {@code Z_DEFAULT_COMPRESSION}, which zlib maps to level 6. */
    public static final int GZIP_DEFAULT_LEVEL =
            range(CompressionCodecName.GZIP).defaultLevel();

    public static final int BROTLI_DEFAULT_QUALITY =
            range(CompressionCodecName.BROTLI).defaultLevel();

    private CompressionLevels() {}

    /** The levels {@code codec} accepts, or empty when it has none. */
    public static Optional<Range> of(CompressionCodecName codec) {
        Levels levels = Codecs.of(codec).levels();
        return levels == null ? Optional.empty() : Optional.of(new Range(levels));
    }

    private static Range range(CompressionCodecName codec) {
        return of(codec).orElseThrow(IllegalStateException::new);
    }

    /** An inclusive range of levels and the default. */
    public static final class Range {
        private final Levels levels;

        Range(Levels levels) {
            this.levels = levels;
        }

        public int min() {
            return levels.min();
        }

        public int max() {
            return levels.max();
        }

        public int defaultLevel() {
            return levels.defaultLevel();
        }

        public boolean contains(int level) {
            return levels.contains(level);
        }

        @Override
        public String toString() {
            return levels.toString();
        }
    }
}
