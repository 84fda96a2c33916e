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
 * is gathered once into a reusable buffer, the one copy any codec needs for contiguous input. parquet-java hands out a
 * page's own buffer only to an allocator of the same kind (heap or direct), so the handle remembers the kind of the
 * last single-buffer page: a stream of direct pages is copied once, on its first page, then compressed in place into
 * a reusable direct output buffer.
 */
public final class CompressorHandle extends Handle<PageCompressor> implements BytesInputCompressor {
    private static final Consumer<ByteBuffer> NO_RELEASE = buffer -> {};
    /** The class of a page wrapping one ByteBuffer, heap or direct (parquet-java's private ByteBufferBytesInput). */
    private static final Class<?> SINGLE_BUFFER_PAGE =
            BytesInput.from(ByteBuffer.allocate(1)).getClass();

    private final ScratchAllocator inputScratch = new ScratchAllocator();
    private byte[] output;
    private ByteBuffer outputBuffer;
    private ByteBuffer directOutput;
    private boolean directPages;

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
            ByteBuffer out;
            if (input.isDirect()) {
                if (directOutput == null || directOutput.capacity() < bound) {
                    directOutput = ByteBuffer.allocateDirect(bound);
                }
                out = directOutput;
                out.clear(); // the previous page's BytesInput narrowed it
            } else {
                if (output == null || output.length < bound) {
                    output = new byte[bound];
                    outputBuffer = ByteBuffer.wrap(output);
                }
                out = outputBuffer;
            }
            int written;
            try {
                written = engine.compress(input, input.position(), length, out, 0, bound);
            } catch (IOException | RuntimeException e) {
                throw new IOException(codec + ": compressing a page of " + length + " bytes failed: " + e, e);
            }
            if (out == outputBuffer) {
                return BytesInput.from(output, 0, written);
            }
            out.clear().limit(written);
            return BytesInput.from(out);
        } finally {
            unlock();
        }
    }

    /**
     * The page as one buffer: its own when it has one of the kind asked for, else copied into reusable scratch of that
     * kind. Pages of several parts are gathered on the heap; a single-buffer page is asked for in the kind of the last
     * one, and a wrong guess (a copy) flips the guess for the next page.
     */
    private ByteBuffer contiguous(BytesInput bytes) {
        boolean single = bytes.getClass() == SINGLE_BUFFER_PAGE;
        inputScratch.direct = single && directPages;
        inputScratch.copied = false;
        ByteBuffer input = bytes.toByteBuffer(inputScratch, NO_RELEASE);
        if (single && inputScratch.copied) {
            directPages = !directPages;
        }
        return input;
    }

    @Override
    void dropScratch() {
        inputScratch.heap = null;
        inputScratch.direct = false;
        inputScratch.directScratch = null;
        output = null;
        outputBuffer = null;
        directOutput = null;
    }

    /** Hands out one reusable buffer of the kind asked for, for pages that must be copied; records that it did. */
    private static final class ScratchAllocator implements ByteBufferAllocator {
        ByteBuffer heap;
        ByteBuffer directScratch;
        boolean direct;
        boolean copied;

        @Override
        public ByteBuffer allocate(int requested) {
            copied = true;
            ByteBuffer scratch = direct ? directScratch : heap;
            if (scratch == null || scratch.capacity() < requested) {
                scratch = direct ? ByteBuffer.allocateDirect(requested) : ByteBuffer.allocate(requested);
                if (direct) {
                    directScratch = scratch;
                } else {
                    heap = scratch;
                }
            }
            scratch.clear().limit(requested);
            return scratch;
        }

        @Override
        public void release(ByteBuffer buffer) {}

        @Override
        public boolean isDirect() {
            return direct;
        }
    }
}
