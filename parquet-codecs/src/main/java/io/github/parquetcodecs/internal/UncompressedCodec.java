package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * UNCOMPRESSED: the null object among the codecs. Handles hand its pages on as they are ({@link #passThrough()}); its
 * engine copies, for callers that go through the engine interfaces.
 */
final class UncompressedCodec extends Codec {
    static final UncompressedCodec INSTANCE = new UncompressedCodec();

    private static final Engine COPY = new Engine("pass-through", false) {
        @Override
        public String name() {
            return "pass-through";
        }

        @Override
        public PageCompressor compressor(int level, int option) {
            return new Copy();
        }

        @Override
        public PageDecompressor decompressor() {
            return new Copy();
        }
    };

    private UncompressedCodec() {
        super(CompressionCodecName.UNCOMPRESSED);
    }

    @Override
    public String framing() {
        return "as is";
    }

    @Override
    protected List<Engine> engines() {
        return Collections.singletonList(COPY);
    }

    @Override
    public boolean passThrough() {
        return true;
    }

    @Override
    public boolean checkDecodedSize(ByteBuffer src, int offset, int length, int declared) throws IOException {
        if (length != declared) {
            throw new IOException("an uncompressed page holds exactly its bytes");
        }
        return true;
    }

    private static final class Copy implements PageCompressor, PageDecompressor {
        @Override
        public int maxCompressedLength(int uncompressedSize) {
            return uncompressedSize;
        }

        @Override
        public int compress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstCapacity)
                throws IOException {
            return copy(src, srcOffset, srcLength, dst, dstOffset, dstCapacity);
        }

        @Override
        public int decompress(
                ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int dstLength)
                throws IOException {
            return copy(src, srcOffset, srcLength, dst, dstOffset, dstLength);
        }

        @Override
        public void close() {}

        private static int copy(ByteBuffer src, int srcOffset, int srcLength, ByteBuffer dst, int dstOffset, int room)
                throws PageSizeException {
            if (srcLength > room) {
                throw new PageSizeException("the page holds " + srcLength + " bytes");
            }
            for (int i = 0; i < srcLength; i++) {
                dst.put(dstOffset + i, src.get(srcOffset + i));
            }
            return srcLength;
        }
    }
}
