package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.CompressionLevels;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A codec at a level (null for codecs without levels), and how it is called: through this library as parquet-java's
 * reader and writer call it ({@link Kind#LIBRARY}), or one of the comparison rows of {@code bench --bare}.
 */
final class Variant {
    /** How a variant is called; every kind says what its row does, in the text, the JSON and the report. */
    enum Kind {
        LIBRARY(
                "",
                "library",
                "this library through parquet-java's BytesInputCompressor/BytesInputDecompressor on"
                        + " byte[] pages: each decompression returns a new page, as parquet-java's reader needs"),
        LIBRARY_BUFFER(
                " ByteBuffer",
                "library, ByteBuffer",
                "this library's ByteBuffer path, as direct readers use"
                        + " it: pages in direct buffers, decompressed into one reused direct output buffer"),
        BARE(
                " bare",
                "bare, new array",
                "the codec library called directly; each decompression allocates a new"
                        + " output array (what parquet-java's reader needs)"),
        BARE_REUSED(
                " bare reused",
                "bare, reused output",
                "the codec library called directly, decompressing into"
                        + " one reused output array (parquet-java's reader cannot do this: it keeps the pages)");

        final String suffix;
        final String name;
        final String does;

        Kind(String suffix, String name, String does) {
            this.suffix = suffix;
            this.name = name;
            this.does = does;
        }
    }

    final CompressionCodecName codec;
    final Integer level;
    final Kind kind;
    /** Not the library's byte[] row: a comparison row, left out of the recommendation. */
    final boolean bare;

    Variant(CompressionCodecName codec, Integer level, boolean bare) {
        this(codec, level, bare ? Kind.BARE : Kind.LIBRARY);
    }

    Variant(CompressionCodecName codec, Integer level, Kind kind) {
        this.codec = codec;
        this.level = level;
        this.kind = kind;
        this.bare = kind != Kind.LIBRARY;
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

    Variant as(Kind other) {
        return new Variant(codec, level, other);
    }

    /** For example {@code ZSTD 3}, {@code SNAPPY}, {@code ZSTD 3 bare}, {@code ZSTD 3 bare reused}. */
    String label() {
        return codec.name() + (level == null ? "" : " " + displayLevel()) + kind.suffix;
    }

    /** For sentences: {@code ZSTD level 3}. */
    String longLabel() {
        String label = codec.name() + (level == null ? "" : " level " + displayLevel());
        return kind == Kind.LIBRARY ? label : label + " (" + kind.name + ")";
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
            CompressionLevels.Range r = range.get();
            int defaultLevel = r.defaultLevel();
            String shown = codec == CompressionCodecName.GZIP && defaultLevel == -1
                    ? "6 (-1 also means zlib's default, 6)"
                    : Integer.toString(defaultLevel);
            throw CliException.usage(codec + " level " + level + " is outside its range " + r.min() + ".." + r.max()
                    + " (default " + shown + ")");
        }
        return level;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Variant)) {
            return false;
        }
        Variant v = (Variant) o;
        return codec == v.codec && Objects.equals(level, v.level) && kind == v.kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(codec, level, kind);
    }

    @Override
    public String toString() {
        return label();
    }
}
