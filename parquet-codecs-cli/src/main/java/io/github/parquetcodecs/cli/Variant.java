package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.CompressionLevels;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** A codec at a level (null for codecs without levels), through this library or, when {@code bare}, its library. */
final class Variant {
    final CompressionCodecName codec;
    final Integer level;
    final boolean bare;

    Variant(CompressionCodecName codec, Integer level, boolean bare) {
        this.codec = codec;
        this.level = level;
        this.bare = bare;
    }

    /** {@code codec} at its default level (null for codecs without levels). */
    static Variant defaultOf(CompressionCodecName codec) {
        Optional<CompressionLevels.Range> range = CompressionLevels.of(codec);
        Integer level = range.map(CompressionLevels.Range::defaultLevel).orElse(null);
        if (codec == CompressionCodecName.GZIP && level != null && level == -1) {
            level = 6; // zlib's default, named by its number so that GZIP=6 is recognised as the same variant
        }
        return new Variant(codec, level, false);
    }

    Variant asBare() {
        return new Variant(codec, level, true);
    }

    /** For example {@code ZSTD 3}, {@code SNAPPY}, {@code ZSTD 3 bare}. */
    String label() {
        String label = codec.name() + (level == null ? "" : " " + displayLevel());
        return bare ? label + " bare" : label;
    }

    /** For sentences: {@code ZSTD level 3}. */
    String longLabel() {
        String label = codec.name() + (level == null ? "" : " level " + displayLevel());
        return bare ? label + " (bare library)" : label;
    }

    /** GZIP's -1 is zlib's default, level 6. */
    private String displayLevel() {
        return codec == CompressionCodecName.GZIP && level == -1 ? "6" : Integer.toString(level);
    }

    /** Parses a codec name in any case, or fails with the list of names. */
    static CompressionCodecName codec(String name) {
        try {
            return CompressionCodecName.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder names = new StringBuilder();
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                names.append(names.length() == 0 ? "" : ", ").append(codec.name());
            }
            throw CliException.usage("unknown codec '" + name + "' (codecs: " + names + ")");
        }
    }

    /** Checks {@code level} against the codec's range; null when the codec has no levels (and none was given). */
    static Integer level(CompressionCodecName codec, String text) {
        Optional<CompressionLevels.Range> range = CompressionLevels.of(codec);
        int level;
        try {
            level = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw CliException.usage("level '" + text + "' of " + codec + " is not a number");
        }
        if (!range.isPresent()) {
            throw CliException.usage(codec + " has no levels (level " + text + " given)");
        }
        if (!range.get().contains(level)) {
            throw CliException.usage(codec + " level " + level + " is outside its range " + range.get());
        }
        return level;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Variant)) {
            return false;
        }
        Variant v = (Variant) o;
        return codec == v.codec && Objects.equals(level, v.level) && bare == v.bare;
    }

    @Override
    public int hashCode() {
        return Objects.hash(codec, level, bare);
    }

    @Override
    public String toString() {
        return label();
    }
}
