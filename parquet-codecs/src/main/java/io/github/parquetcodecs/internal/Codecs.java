package io.github.parquetcodecs.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The codecs, by Parquet name: the only list of them. Adding a codec is one class (a {@link Codec} with its engines)
 * and one line in {@link #STANDARD}.
 */
public final class Codecs {
    private static final Codecs STANDARD = new Codecs(Arrays.asList(
            UncompressedCodec.INSTANCE,
            SnappyCodec.INSTANCE,
            GzipCodec.INSTANCE,
            ZstdCodec.INSTANCE,
            Lz4RawCodec.INSTANCE,
            Lz4Codec.INSTANCE,
            LzoCodec.INSTANCE,
            BrotliCodec.INSTANCE));

    private final Map<CompressionCodecName, Codec> byName = new EnumMap<>(CompressionCodecName.class);

    private Codecs(List<Codec> codecs) {
        for (Codec codec : codecs) {
            byName.put(codec.name(), codec);
        }
    }

    /** The codecs of this library. */
    public static Codecs standard() {
        return STANDARD;
    }

    /** These codecs, with {@code codec} added or replacing the one of the same name. */
    public Codecs with(Codec codec) {
        List<Codec> codecs = new ArrayList<>(byName.values());
        codecs.removeIf(existing -> existing.name() == codec.name());
        codecs.add(codec);
        return new Codecs(codecs);
    }

    /** The descriptor of {@code name}. */
    public Codec get(CompressionCodecName name) {
        Codec codec = byName.get(name);
        if (codec == null) {
            throw new UnsupportedOperationException("Unsupported codec " + name);
        }
        return codec;
    }

    public Collection<Codec> all() {
        return Collections.unmodifiableCollection(byName.values());
    }

    /** The descriptor of {@code name} among the standard codecs. */
    public static Codec of(CompressionCodecName name) {
        return STANDARD.get(name);
    }
}
