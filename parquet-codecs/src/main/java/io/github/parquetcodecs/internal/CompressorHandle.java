package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Compresses pages for parquet-java, borrowing an engine from the {@link EnginePool} for each page. The returned
 * {@link BytesInput} wraps this handle's output buffer and is valid until the next call, as {@link
 * BytesInputCompressor} specifies (parquet-java's page writers copy it at once). The handle holds no engine between
 * calls: only that output buffer and the scratch buffer that gathers pages of several parts, both plain Java memory.
 *
 * <p>A page backed by a single buffer is compressed where it lies; a page made of several parts (levels and values)
 * is gathered once into a reusable buffer, the one copy any codec needs for contiguous input. parquet-java hands out a
 * page's own buffer only to an allocator of the same kind (heap or direct), so the handle remembers the kind of the
 * last single-buffer page: a stream of direct pages is copied once, on its first page, then compressed in place into
 * a reusable direct output buffer.
 *
 * <p>Calls lock the handle, so a handle used by several threads never mixes two pages; each thread should still have
 * its own, since a page's result is only valid until the next call. {@link #release()} ends the handle: later calls
 * throw {@link IllegalStateException}.
 */
public final class CompressorHandle implements BytesInputCompressor {
    private static final Consumer<ByteBuffer> NO_RELEASE = buffer -> {};
    /** The class of a page wrapping one ByteBuffer, heap or direct (parquet-java's private ByteBufferBytesInput). */
    private static final Class<?> SINGLE_BUFFER_PAGE =
            BytesInput.from(ByteBuffer.allocate(1)).getClass();

    private final Codec codec;
    private final EnginePool.Key<PageCompressor> engines;
    private final ReentrantLock lock = new ReentrantLock();
    private final ScratchAllocator inputScratch = new ScratchAllocator();
    private byte[] output;
    private ByteBuffer outputBuffer;
    private ByteBuffer directOutput;
    private final IntFunction<ByteBuffer> heapOutputs = this::heapOutput;
    private final IntFunction<ByteBuffer> directOutputs = this::directOutput;
    private boolean directPages;
    private volatile boolean released;

    /** A compressor of {@code codec} at {@code level} (validated by the caller), with the engine of {@code settings}. */
    public CompressorHandle(Codec codec, int level, CodecSettings settings) {
        this.codec = codec;
        this.engines = EnginePool.Key.compressors(
                codec, codec.engine(settings.nativeMode()), level, codec.compressorOption(settings));
    }

    @Override
    public CompressionCodecName getCodecName() {
        return codec.name();
    }

    /** The level this handle compresses at (0 for codecs without levels). */
    public int level() {
        return engines.level();
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
        lock.lock();
        try {
            checkOpen();
            if (codec.passThrough()) {
                return bytes;
            }
            long size = bytes.size();
            if (size > Integer.MAX_VALUE - 64) {
                throw new IOException(codec + ": cannot compress a page of " + size + " bytes (limit 2 GiB)");
            }
            ByteBuffer input = contiguous(bytes);
            if (input.isDirect()) {
                int written = compress(input, directOutputs);
                directOutput.clear().limit(written);
                return BytesInput.from(directOutput);
            }
            int written = compress(input, heapOutputs); // before reading output, which it may replace
            return BytesInput.from(output, 0, written);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Compresses {@code input}'s remaining bytes into the buffer that {@code outputs} returns for the compressed size
     * bound, from that buffer's position, and returns the compressed size; positions are left as they are. For callers
     * that own their output buffers (parquet-java's direct codec factory).
     */
    public int compress(ByteBuffer input, IntFunction<ByteBuffer> outputs) throws IOException {
        lock.lock();
        try {
            checkOpen();
            int length = input.remaining();
            PageCompressor engine = EnginePool.borrow(engines);
            int written;
            try {
                int bound = engine.maxCompressedLength(length);
                ByteBuffer out = outputs.apply(bound);
                written = engine.compress(input, input.position(), length, out, out.position(), bound);
            } catch (IOException | RuntimeException e) {
                EnginePool.discard(engine);
                throw new IOException(codec + ": compressing a page of " + length + " bytes failed: " + e, e);
            }
            EnginePool.giveBack(engines, engine);
            return written;
        } finally {
            lock.unlock();
        }
    }

    /** The reusable heap output buffer, grown to {@code bound}. */
    private ByteBuffer heapOutput(int bound) {
        if (output == null || output.length < bound) {
            output = new byte[bound];
            outputBuffer = ByteBuffer.wrap(output);
        }
        return outputBuffer;
    }

    /** The reusable direct output buffer, for direct pages, grown to {@code bound}. */
    private ByteBuffer directOutput(int bound) {
        if (directOutput == null || directOutput.capacity() < bound) {
            directOutput = ByteBuffer.allocateDirect(bound);
        }
        return directOutput.clear(); // the previous page's BytesInput narrowed it
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

    /**
     * Drops the output and scratch buffers; the handle stays usable and allocates them again when next used. The
     * factory's {@code release()} calls this.
     */
    public void dropBuffers() {
        lock.lock();
        try {
            inputScratch.heap = null;
            inputScratch.direct = false;
            inputScratch.directScratch = null;
            output = null;
            outputBuffer = null;
            directOutput = null;
        } finally {
            lock.unlock();
        }
    }

    /** Ends this handle and drops its buffers: later calls throw {@link IllegalStateException}. Idempotent. */
    @Override
    public void release() {
        released = true;
        dropBuffers();
    }

    public boolean isReleased() {
        return released;
    }

    private void checkOpen() {
        if (released) {
            throw new IllegalStateException(codec + " compressor was released");
        }
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
