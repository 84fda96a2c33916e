package io.github.parquetcodecs;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.params.provider.Arguments;

/**
 * dev/upstream-check-master's codec sweep: the library's {@link CodecSweep} (every codec, page sizes up to 8 MiB, heap,
 * direct, mixed and read-only buffers, guard bytes) on parquet-java master with the series applied, {@code
 * -Dupstream.factory=heap} for {@code CodecFactory} and {@code direct} for its direct codec factory. Copied into the
 * patched tree's parquet-hadoop tests by the script, never part of the series.
 *
 * <p>Swept: every codec, on each factory (BROTLI since the series' brotli4j commit; before it, BROTLI went through
 * Hadoop's codec on jitpack, which is not reachable here).
 */
public class MasterCodecSweepTest extends CodecSweep {
    private static final boolean DIRECT = "direct".equals(System.getProperty("upstream.factory"));
    private static final Set<CompressionCodecName> SWEPT = EnumSet.allOf(CompressionCodecName.class);

    private final CompressionCodecFactory factory = DIRECT
            ? CodecFactory.createDirectCodecFactory(new Configuration(), new DirectByteBufferAllocator(), 0)
            : new CodecFactory(new Configuration(), 0);

    @Override
    CompressionCodecFactory factory() {
        return factory;
    }

    /** The series has one implementation per codec: nothing to sweep beside it. */
    @Override
    CompressionCodecFactory pureJavaFactory() {
        return factory;
    }

    @Override
    boolean hasPureJavaVariant(CompressionCodecName codec) {
        return false;
    }

    @Override
    Stream<Arguments> cases() {
        return super.cases().filter(arguments -> SWEPT.contains((CompressionCodecName) arguments.get()[0]));
    }

    /** Hides {@link CodecSweep#codecs()} for the tests that take a codec only. */
    static Stream<CompressionCodecName> codecs() {
        return SWEPT.stream();
    }
}
