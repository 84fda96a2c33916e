package io.github.parquetcodecs.internal;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Decompresses pages for parquet-java, borrowing an engine from the {@link EnginePool} for each page. {@link
 * #decompress(BytesInput, int)} returns a page of its own that stays valid after later calls (parquet-java's reader
 * keeps pages without copying); {@link #decompress(ByteBuffer, int, ByteBuffer, int)} decodes straight into the
 * caller's buffer and touches nothing outside the two slices.
 *
 * <p>Before anything is allocated for a page, its declared size is checked against {@code maxPageSize} and against
 * what the page states about itself ({@link Codec#checkDecodedSize}); a mismatch is an {@link IOException} naming the
 * codec and the sizes. The output is then allocated at the declared size, which the page itself can produce, or, for
 * pages that cannot bound their size, grows with the bytes decoded ({@link GrowingOutput}).
 *
 * <p>A handle holds no engine and no buffer between calls, so any number of threads may use it. {@link #release()}
 * ends it: later calls throw {@link IllegalStateException}.
 */
public final class DecompressorHandle implements BytesInputDecompressor {
    private final Codec codec;
    private final EnginePool.Key<PageDecompressor> engines;
    private final int maxPageSize;
    private volatile boolean released;

    /** A decompressor of {@code codec} with the engine and page limit of {@code settings}. */
    public DecompressorHandle(Codec codec, CodecSettings settings) {
        this.codec = codec;
        this.maxPageSize = settings.maxDecompressedPageSize();
        this.engines = EnginePool.Key.decompressors(codec, codec.engine(settings.nativeMode()));
    }

    public CompressionCodecName getCodecName() {
        return codec.name();
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
        checkOpen();
        checkPageSize(decompressedSize);
        if (codec.passThrough()) {
            if (bytes.size() != decompressedSize) {
                throw sizeMismatch(": page holds " + bytes.size() + " bytes", bytes.size(), decompressedSize);
            }
            return bytes;
        }
        BytesInput later = DeferredDecompression.offer(this, bytes, decompressedSize);
        return later != null ? later : decompressNow(bytes, decompressedSize);
    }

    /** {@link #decompress(BytesInput, int)} of a compressed page whose size passed the first checks. */
    BytesInput decompressNow(BytesInput bytes, int decompressedSize) throws IOException {
        checkOpen();
        @SuppressWarnings("deprecation") // single-buffer inputs come back without a copy
        ByteBuffer input = bytes.toByteBuffer();
        int offset = input.position();
        int length = input.remaining();
        if (length == 0 && decompressedSize == 0) {
            return BytesInput.empty(); // an empty page: nothing for the codec to do
        }
        if (checkDecodedSize(input, offset, length, decompressedSize)) {
            byte[] output = new byte[decompressedSize];
            decode(input, offset, length, ByteBuffer.wrap(output), 0, decompressedSize);
            return BytesInput.from(output);
        }
        GrowingOutput output = new GrowingOutput(decompressedSize);
        PageDecompressor engine = EnginePool.borrow(engines);
        try {
            engine.decompress(input, offset, length, output);
        } catch (IOException | RuntimeException e) {
            EnginePool.discard(engine);
            throw failure(e, length, decompressedSize);
        }
        EnginePool.giveBack(engines, engine);
        checkProduced(output.size(), length, decompressedSize);
        return BytesInput.from(output.toArray());
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
            throws IOException {
        checkOpen();
        if (compressedSize < 0) {
            throw new IOException(codec + ": invalid compressed page size " + compressedSize);
        }
        checkPageSize(decompressedSize);
        if (input.remaining() < compressedSize) {
            throw new IOException(codec + ": page of " + compressedSize + " compressed bytes, but the input buffer has "
                    + input.remaining() + " bytes left");
        }
        if (output.remaining() < decompressedSize) {
            throw new IOException(codec + ": page of " + decompressedSize
                    + " decompressed bytes, but the output buffer has room for " + output.remaining());
        }
        int inputPosition = input.position();
        int outputPosition = output.position();
        if (codec.passThrough()) {
            if (compressedSize != decompressedSize) {
                throw sizeMismatch(": page holds " + compressedSize + " bytes", compressedSize, decompressedSize);
            }
            int inputLimit = input.limit();
            input.limit(inputPosition + compressedSize);
            output.put(input);
            input.limit(inputLimit);
        } else if (compressedSize != 0 || decompressedSize != 0) {
            checkDecodedSize(input, inputPosition, compressedSize, decompressedSize);
            decode(input, inputPosition, compressedSize, output, outputPosition, decompressedSize);
        }
        input.position(inputPosition + compressedSize);
        output.position(outputPosition + decompressedSize);
    }

    /** Ends this handle: later calls throw {@link IllegalStateException}. Idempotent. */
    @Override
    public void release() {
        released = true;
    }

    public boolean isReleased() {
        return released;
    }

    private void checkOpen() {
        if (released) {
            throw new IllegalStateException(codec + " decompressor was released");
        }
    }

    private void checkPageSize(int decompressedSize) throws IOException {
        if (decompressedSize < 0) {
            throw new IOException(codec + ": invalid decompressed page size " + decompressedSize);
        }
        if (decompressedSize > maxPageSize) {
            throw new IOException(codec + ": page declares " + decompressedSize + " decompressed bytes, more than the "
                    + maxPageSize + " allowed by " + CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE);
        }
    }

    /** {@link Codec#checkDecodedSize}, with the codec and sizes in the message. */
    private boolean checkDecodedSize(ByteBuffer input, int offset, int length, int declared) throws IOException {
        try {
            return codec.checkDecodedSize(input, offset, length, declared);
        } catch (IOException e) {
            throw new IOException(
                    codec + ": page of " + length + " compressed bytes declares " + declared
                            + " decompressed bytes, but " + e.getMessage(),
                    e);
        }
    }

    private void decode(
            ByteBuffer input, int inputOffset, int compressedSize, ByteBuffer output, int outputOffset, int expected)
            throws IOException {
        PageDecompressor engine = EnginePool.borrow(engines);
        int produced;
        try {
            produced = engine.decompress(input, inputOffset, compressedSize, output, outputOffset, expected);
        } catch (IOException | RuntimeException e) {
            EnginePool.discard(engine);
            throw failure(e, compressedSize, expected);
        }
        EnginePool.giveBack(engines, engine);
        checkProduced(produced, compressedSize, expected);
    }

    private IOException failure(Exception e, int compressedSize, int expected) {
        if (e instanceof PageSizeException) {
            return new IOException(
                    codec + ": page of " + compressedSize + " compressed bytes decodes to more than the " + expected
                            + " bytes expected: " + e.getMessage(),
                    e);
        }
        return new IOException(
                codec + ": cannot decompress page of " + compressedSize + " bytes into " + expected + " bytes: "
                        + (e.getMessage() != null ? e.getMessage() : e.toString()),
                e);
    }

    private void checkProduced(int produced, int compressedSize, int expected) throws IOException {
        if (produced != expected) {
            throw sizeMismatch(
                    ": page of " + compressedSize + " compressed bytes decoded to " + produced + " bytes",
                    produced,
                    expected);
        }
    }

    /**
     * A page that holds or decodes to {@code actual} bytes where its header declares {@code expected}: fewer is an
     * {@link EOFException} (the page ends early), more an {@link IOException}.
     */
    private IOException sizeMismatch(String what, long actual, int expected) {
        String message = codec + what + ", expected " + expected;
        return actual < expected ? new EOFException(message) : new IOException(message);
    }
}
