package io.github.parquetcodecs.internal;

import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.BadConfigurationException;

/**
 * The settings read from a {@link ParquetConfiguration}, with stock parquet-java's keys and defaults: the level keys
 * that each codec's {@link Levels} names, the codecs' own keys, the native mode and the largest page. Values are kept
 * as strings and parsed when a compressor or decompressor is requested, so that a bad value fails there, naming the
 * key.
 */
public final class CodecSettings {
    // The library's own keys; the public factory documents them and exposes them as its own constants.
    public static final String NATIVE_MODE = "parquet.codecs.native";
    public static final String MAX_DECOMPRESSED_PAGE_SIZE = "parquet.codecs.max.decompressed.page.size";
    /** The JDK's largest safe array length: stock parquet-java allocates the declared page size as one byte[]. */
    public static final int DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE = Integer.MAX_VALUE - 8;

    private final Codecs codecs;
    private final Map<String, String> values = new HashMap<>();
    private final NativeMode nativeMode;

    public CodecSettings(ParquetConfiguration conf) {
        this(conf, Codecs.standard());
    }

    /** Reads the keys of {@code codecs} from {@code conf}. */
    public CodecSettings(ParquetConfiguration conf, Codecs codecs) {
        this.codecs = codecs;
        for (Codec codec : codecs.all()) {
            Levels levels = codec.levels();
            if (levels != null) {
                levels.keys().forEach(key -> read(conf, key));
            }
            codec.settingKeys().forEach(key -> read(conf, key));
        }
        read(conf, MAX_DECOMPRESSED_PAGE_SIZE);
        String mode = conf.get(NATIVE_MODE);
        nativeMode = mode == null ? NativeMode.AUTO : NativeMode.parse(mode);
    }

    private void read(ParquetConfiguration conf, String key) {
        String value = conf.get(key);
        if (value != null) {
            values.put(key, value);
        }
    }

    public Codecs codecs() {
        return codecs;
    }

    public NativeMode nativeMode() {
        return nativeMode;
    }

    /** The value of a key a codec declared, or null when it is not set. */
    public String get(String key) {
        return values.get(key);
    }

    /** The configured level for {@code codec}, validated; codecs without levels give 0. */
    public int configuredLevel(Codec codec) {
        Levels levels = codec.levels();
        if (levels == null) {
            return 0;
        }
        for (String key : levels.keys()) {
            String value = values.get(key);
            if (value != null) {
                return levels.validate(levels.parse(key, value));
            }
        }
        return levels.defaultLevel();
    }

    /** The largest decompressed page a decompressor accepts, validated. */
    public int maxDecompressedPageSize() {
        String value = values.get(MAX_DECOMPRESSED_PAGE_SIZE);
        if (value == null) {
            return DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE;
        }
        int max = parseInt(MAX_DECOMPRESSED_PAGE_SIZE, value);
        if (max < 0) {
            throw new BadConfigurationException(MAX_DECOMPRESSED_PAGE_SIZE + " must be 0 or more, not " + max);
        }
        return max;
    }

    /** Parses an integer setting, naming the key when it is not one. */
    public static int parseInt(String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new BadConfigurationException("Invalid integer '" + value + "' for " + key, e);
        }
    }
}
