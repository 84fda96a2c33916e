package io.github.parquetcodecs.hadoop;

import io.github.parquetcodecs.internal.Codec;
import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.Levels;
import io.github.parquetcodecs.internal.NativeMode;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * What {@code org.apache.hadoop.io.compress.BrotliCodec} takes from parquet-codecs' BROTLI: whether brotli4j is there
 * and loads (a missing jar is named with its Maven coordinates), and the quality, from the keys parquet-java sets
 * ({@code compression.brotli.quality}), checked against the range 0 to 11.
 */
public final class Brotli {
    private Brotli() {}

    private static Codec codec() {
        return Codecs.of(CompressionCodecName.BROTLI);
    }

    /**
     * Returns normally when brotli4j is on the class path and its native library loads.
     *
     * @throws UnsupportedOperationException naming the Maven coordinates to add, or why the native library does not
     *     load
     */
    public static void requireBrotli4j() {
        codec().engine(NativeMode.AUTO);
    }

    /** The quality {@code conf} sets, or the default (1, as parquet-codecs and parquet-java's codec use). */
    public static int quality(Configuration conf) {
        Levels levels = codec().levels();
        if (conf != null) {
            for (String key : levels.keys()) {
                String value = conf.get(key);
                if (value != null) {
                    return levels.validate(levels.parse(key, value));
                }
            }
        }
        return levels.defaultLevel();
    }

    /** The configuration keys of the quality, the preferred one first. */
    public static java.util.List<String> qualityKeys() {
        return codec().levels().keys();
    }
}
