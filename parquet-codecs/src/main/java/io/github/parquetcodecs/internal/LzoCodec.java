package io.github.parquetcodecs.internal;

import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * LZO: LZO1X blocks inside Hadoop's block framing ({@link HadoopBlockFraming}), as hadoop-lzo's {@code LzoCodec}
 * writes them, at most {@value HadoopBlockFraming#LZO_MAX_INPUT_PER_BLOCK} input bytes per block, through
 * aircompressor's pure Java (Apache 2.0; no GPL code).
 */
final class LzoCodec extends Codec {
    static final LzoCodec INSTANCE = new LzoCodec();

    private static final Engine AIRCOMPRESSOR = HadoopBlockFraming.framed(
            new Engine("aircompressor", false) {
                @Override
                public PageCompressor compressor(int level, int option) {
                    return new AircompressorCodec.BlockCompressor(new LzoCompressor());
                }

                @Override
                public PageDecompressor decompressor() {
                    return new AircompressorCodec.BlockDecompressor(new LzoDecompressor());
                }
            },
            HadoopBlockFraming.LZO_MAX_INPUT_PER_BLOCK,
            false);

    private LzoCodec() {
        super(CompressionCodecName.LZO);
    }

    @Override
    public String framing() {
        return "Hadoop block framing around LZO1X blocks, as hadoop-lzo writes";
    }

    @Override
    protected List<Engine> engines() {
        return Collections.singletonList(AIRCOMPRESSOR);
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
