package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Compresses pages for parquet-java. The returned {@link BytesInput} wraps this handle's output buffer and is valid
 * until the next call, as {@link BytesInputCompressor} specifies (parquet-java's page writers copy it at once).
 *
 * <p>A page backed by a single buffer is compressed where it lies; a page made of several parts (levels and values)
 * is gathered once into a reusable buffer, the one copy any codec needs for contiguous input.
 */
public final class CompressorHandle extends Handle<PageCompressor> implements BytesInputCompressor {
    private static final Consumer<ByteBuffer> NO_RELEASE = buffer -> {};

    private final ScratchAllocator inputScratch = new ScratchAllocator();
    private byte[] output;
    private ByteBuffer outputBuffer;

    public CompressorHandle(CompressionCodecName codec, Supplier<PageCompressor> engines) {
        super(codec, engines);
    }

    @Override
    String kind() {
        return "compressor";
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
        lock();
        try {
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                return bytes;
            }
            long size = bytes.size();
            if (size > Integer.MAX_VALUE - 64) {
                throw new IOException(codec + ": cannot compress a page of " + size + " bytes (limit 2 GiB)");
            }
            ByteBuffer input = contiguous(bytes);
            int length = input.remaining();
            PageCompressor engine = engine();
            int bound = engine.maxCompressedLength(length);
            if (output == null || output.length < bound) {
                output = new byte[bound];
                outputBuffer = ByteBuffer.wrap(output);
            }
            int written;
            try {
                written = engine.compress(input, input.position(), length, outputBuffer, 0, bound);
            } catch (IOException | RuntimeException e) {
                throw new IOException(codec + ": compressing a page of " + length + " bytes failed: " + e, e);
            }
            return BytesInput.from(output, 0, written);
        } finally {
            unlock();
        }
    }

    /** The page as one buffer: its own when it has one, else gathered into the reusable scratch buffer. */
    private ByteBuffer contiguous(BytesInput bytes) {
        return bytes.toByteBuffer(inputScratch, NO_RELEASE);
    }

    @Override
    void dropScratch() {
        inputScratch.scratch = null;
        output = null;
        outputBuffer = null;
    }

    /** Hands out one reusable heap buffer, for pages that must be gathered. */
    private static final class ScratchAllocator implements ByteBufferAllocator {
        ByteBuffer scratch;

        @Override
        public ByteBuffer allocate(int requested) {
            if (scratch == null || scratch.capacity() < requested) {
                scratch = ByteBuffer.allocate(requested);
            }
            scratch.clear().limit(requested);
            return scratch;
        }

        @Override
        public void release(ByteBuffer buffer) {}

        @Override
        public boolean isDirect() {
            return false;
        }
    }
}
