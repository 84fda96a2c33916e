package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * LZ4 (deprecated in the format): LZ4 blocks inside Hadoop's block framing ({@link HadoopBlockFraming}), as Hadoop's
 * {@code Lz4Codec} writes them, at most {@value HadoopBlockFraming#LZ4_MAX_INPUT_PER_BLOCK} input bytes per block.
 * Pages that are one raw LZ4 block (older parquet-cpp) are read too. The block engines are LZ4_RAW's.
 */
final class Lz4Codec extends Codec {
    static final Lz4Codec INSTANCE = new Lz4Codec();

    private static final List<Engine> ENGINES = Arrays.asList(
            HadoopBlockFraming.framed(NativeTier.LZ4_RAW, HadoopBlockFraming.LZ4_MAX_INPUT_PER_BLOCK, true),
            HadoopBlockFraming.framed(Lz4RawCodec.LZ4_JAVA, HadoopBlockFraming.LZ4_MAX_INPUT_PER_BLOCK, true),
            HadoopBlockFraming.framed(Lz4RawCodec.AIRCOMPRESSOR, HadoopBlockFraming.LZ4_MAX_INPUT_PER_BLOCK, true));

    private Lz4Codec() {
        super(CompressionCodecName.LZ4);
    }

    @Override
    public String framing() {
        return "Hadoop block framing, at most 256 KiB of input per block; raw LZ4 blocks (old parquet-cpp) read too";
    }

    @Override
    protected List<Engine> engines() {
        return ENGINES;
    }

    @Override
    protected String implementationSuffix() {
        return ", Hadoop block framing";
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        HadoopBlockFraming.checkDecodedSize(src, offset, length, declared);
        return true;
    }
}
