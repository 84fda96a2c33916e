package io.github.parquetcodecs.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Decompresses pages for parquet-java. {@link #decompress(BytesInput, int)} returns a page of its own that stays valid
 * after later calls (parquet-java's reader keeps pages without copying); {@link #decompress(ByteBuffer, int,
 * ByteBuffer, int)} decodes straight into the caller's buffer and touches nothing outside the two slices.
 *
 * <p>A page that declares more than {@code maxPageSize} decompressed bytes is refused with an {@link IOException}
 * before any memory is allocated for it, and the only allocation that depends on the page is the page itself: memory
 * used while decoding is bounded by the declared page size.
 */
public final class DecompressorHandle extends Handle<PageDecompressor> implements BytesInputDecompressor {
    private final int maxPageSize;

    public DecompressorHandle(CompressionCodecName codec, Supplier<PageDecompressor> engines) {
        this(codec, engines, CodecSettings.DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE);
    }

    public DecompressorHandle(CompressionCodecName codec, Supplier<PageDecompressor> engines, int maxPageSize) {
        super(codec, engines);
        this.maxPageSize = maxPageSize;
    }

    @Override
    String kind() {
        return "decompressor";
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
        checkOpen();
        if (decompressedSize < 0) {
            throw new IOException(codec + ": invalid decompressed page size " + decompressedSize);
        }
        checkPageSize(decompressedSize);
        if (codec == CompressionCodecName.UNCOMPRESSED) {
            if (bytes.size() != decompressedSize) {
                throw new IOException(codec + ": page holds " + bytes.size() + " bytes, expected " + decompressedSize);
            }
            return bytes;
        }
        @SuppressWarnings("deprecation") // single-buffer inputs come back without a copy
        ByteBuffer input = bytes.toByteBuffer();
        byte[] output;
        try {
            output = new byte[decompressedSize];
        } catch (OutOfMemoryError e) {
            // a single failed array allocation leaves the heap as it was: report it like any other bad page
            throw new IOException(
                    codec + ": cannot allocate " + decompressedSize + " bytes for the decompressed page (" + e
                            + "); lower " + CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE
                            + " to refuse such pages up front",
                    e);
        }
        decode(input, input.position(), input.remaining(), ByteBuffer.wrap(output), 0, decompressedSize);
        return BytesInput.from(output);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
            throws IOException {
        checkOpen();
        if (compressedSize < 0 || decompressedSize < 0) {
            throw new IOException(codec + ": invalid page sizes: " + compressedSize + " compressed, " + decompressedSize
                    + " decompressed");
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
        if (codec == CompressionCodecName.UNCOMPRESSED) {
            if (compressedSize != decompressedSize) {
                throw new IOException(
                        codec + ": page holds " + compressedSize + " bytes, expected " + decompressedSize);
            }
            int inputLimit = input.limit();
            input.limit(inputPosition + compressedSize);
            output.put(input);
            input.limit(inputLimit);
        } else {
            decode(input, inputPosition, compressedSize, output, outputPosition, decompressedSize);
        }
        input.position(inputPosition + compressedSize);
        output.position(outputPosition + decompressedSize);
    }

    private void checkPageSize(int decompressedSize) throws IOException {
        if (decompressedSize > maxPageSize) {
            throw new IOException(codec + ": page declares " + decompressedSize + " decompressed bytes, more than the "
                    + maxPageSize + " allowed by " + CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE);
        }
    }

    private void decode(
            ByteBuffer input, int inputOffset, int compressedSize, ByteBuffer output, int outputOffset, int expected)
            throws IOException {
        if (compressedSize == 0 && expected == 0) {
            return; // an empty page: nothing for the codec to do
        }
        int produced;
        lock();
        try {
            produced = engine().decompress(input, inputOffset, compressedSize, output, outputOffset, expected);
        } catch (PageSizeException e) {
            throw new IOException(
                    codec + ": page of " + compressedSize + " compressed bytes decodes to more than the " + expected
                            + " bytes expected: " + e.getMessage(),
                    e);
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    codec + ": cannot decompress page of " + compressedSize + " bytes into " + expected + " bytes: "
                            + (e.getMessage() != null ? e.getMessage() : e.toString()),
                    e);
        } finally {
            unlock();
        }
        if (produced != expected) {
            throw new IOException(codec + ": page of " + compressedSize + " compressed bytes decoded to " + produced
                    + " bytes, expected " + expected);
        }
    }
}
