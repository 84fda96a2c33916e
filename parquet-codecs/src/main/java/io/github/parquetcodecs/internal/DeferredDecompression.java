package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.io.InputStream;
import org.apache.parquet.bytes.BytesInput;

/**
 * A page decompression put off, for read-ahead: between {@link #start()} and {@link #stop()} on a thread, the first
 * call there of {@link DecompressorHandle#decompress(BytesInput, int)} on a compressed page checks the declared size,
 * then returns a stand-in of that size and leaves the work here, for {@link #run()} on any thread. parquet-java's page
 * reader hands pages out in order and one at a time, decompressing each inside {@code readPage()}; with the work put
 * off, taking a page from it is quick, and the pages of one column can be decompressed on two threads at once.
 *
 * <p>The stand-in is a {@code BytesInput} of the declared size that decompresses the page if it is read; read-ahead
 * replaces it with {@link #run()}'s result before anyone reads it. The compressed bytes are the row group's: {@link
 * #run()} must be done before the row group is closed.
 */
public final class DeferredDecompression {
    private static final ThreadLocal<DeferredDecompression> OPEN = new ThreadLocal<>();

    private DecompressorHandle handle;
    private BytesInput input;
    private int size;

    private DeferredDecompression() {}

    /** Puts off the next decompression on this thread, until {@link #stop()}. */
    public static DeferredDecompression start() {
        DeferredDecompression deferred = new DeferredDecompression();
        OPEN.set(deferred);
        return deferred;
    }

    /** Ends {@link #start()}: later decompressions on this thread run at once. */
    public void stop() {
        OPEN.remove();
    }

    /** Whether a decompression was put off (a compressed page was read); if so, {@link #run()} does it. */
    public boolean deferred() {
        return handle != null;
    }

    /** The page put off, decompressed: what {@code decompress} would have returned, or thrown. */
    public BytesInput run() throws IOException {
        return handle.decompressNow(input, size);
    }

    /**
     * Called by {@code handle} with a compressed page whose size passed its checks: whether the thread defers it (it
     * does the first one between {@link #start()} and {@link #stop()}), and if so a stand-in for the result.
     */
    static BytesInput offer(DecompressorHandle handle, BytesInput input, int size) {
        DeferredDecompression deferred = OPEN.get();
        if (deferred == null || deferred.handle != null) {
            return null;
        }
        deferred.handle = handle;
        deferred.input = input;
        deferred.size = size;
        return BytesInput.from(new StandIn(deferred), size);
    }

    /** The bytes of a page put off, decompressed when first read. */
    private static final class StandIn extends InputStream {
        private final DeferredDecompression deferred;
        private InputStream bytes;

        StandIn(DeferredDecompression deferred) {
            this.deferred = deferred;
        }

        private InputStream bytes() throws IOException {
            if (bytes == null) {
                bytes = deferred.run().toInputStream();
            }
            return bytes;
        }

        @Override
        public int read() throws IOException {
            return bytes().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return bytes().read(b, off, len);
        }
    }
}
