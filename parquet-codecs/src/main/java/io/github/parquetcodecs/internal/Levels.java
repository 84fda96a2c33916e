package io.github.parquetcodecs.internal;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.parquet.hadoop.BadConfigurationException;

/**
 * The compression levels of one codec: an inclusive range, the default, and the configuration keys that set the level
 * (the first one set wins). A codec descriptor that takes levels returns one of these from {@link Codec#levels()}.
 */
public class Levels {
    private final String codec;
    private final int min;
    private final int max;
    private final int defaultLevel;
    private final List<String> keys;

    /**
     * @param codec the codec's name, for messages
     * @param keys the configuration keys, the preferred one first
     */
    public Levels(String codec, int min, int max, int defaultLevel, String... keys) {
        this.codec = codec;
        this.min = min;
        this.max = max;
        this.defaultLevel = defaultLevel;
        this.keys = Collections.unmodifiableList(Arrays.asList(keys));
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

    /** The configuration keys, the preferred one first. */
    public List<String> keys() {
        return keys;
    }

    public boolean contains(int level) {
        return level >= min && level <= max;
    }

    /** Throws when {@code level} is outside the range; returns it otherwise. */
    public int validate(int level) {
        if (!contains(level)) {
            throw new BadConfigurationException(
                    codec + ": compression level " + level + " is out of range; valid levels are " + this);
        }
        return level;
    }

    /** Parses a configured value of {@code key}; a codec whose levels have names (GZIP) overrides this. */
    public int parse(String key, String value) {
        return CodecSettings.parseInt(key, value);
    }

    @Override
    public String toString() {
        return min + " to " + max + " (default " + defaultLevel + ")";
    }
}
