package io.github.parquetcodecs;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Decodes one possibly hostile page through every path a reader can take (the {@link BytesInput} call and the
 * {@link ByteBuffer} call with heap, direct and mixed buffers, guard bytes around each slice) and checks the contract
 * for bad input: either every path fails with an {@link IOException} whose message starts with the codec name, leaving
 * buffer positions and everything outside the output slice untouched, or every path succeeds with the same bytes.
 * Anything else (another exception, an {@link Error}, a write outside the slice, paths that disagree, a successful
 * decode to another size, more heap allocated than the page) throws an {@link AssertionError}.
 *
 * <p>Shared by the hostile-input tests, the bomb tests and the fuzz targets.
 */
final class HostileDecoding {
    /** ByteBuffer paths are tried only for pages up to this size; larger declared sizes get a too-small buffer. */
    static final int MAX_BUFFER_PAGE = 16 << 20;
    /**
     * Heap allowed per decode beyond the declared page size and twice the input: exception messages, and the tables a
     * decompressor allocates once when first used (aircompressor's ZSTD decoder takes about 300 KiB).
     */
    static final long HEAP_SLACK = 1 << 20;

    private static final int GUARD = 16;
    private static final byte GUARD_BYTE = (byte) 0xA5;

    private HostileDecoding() {}

    /** A factory that uses the pure-Java implementations of SNAPPY and ZSTD. */
    static HadoopFreeCodecFactory pureJava() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.NATIVE_MODE, "pure-java");
        return new HadoopFreeCodecFactory(conf);
    }

    /** A factory that refuses decompressed pages above {@code max} bytes. */
    static HadoopFreeCodecFactory limited(int max) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(HadoopFreeCodecFactory.MAX_DECOMPRESSED_PAGE_SIZE, String.valueOf(max));
        return new HadoopFreeCodecFactory(conf);
    }

    static byte[] compress(HadoopFreeCodecFactory factory, CompressionCodecName codec, byte[] page) throws IOException {
        return factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
    }

    /** The outcome of decoding one page: the decoded bytes, or null when every path refused it. */
    static byte[] decode(HadoopFreeCodecFactory factory, CompressionCodecName codec, byte[] page, int declared) {
        return decode(factory, codec, page, declared, Path.values());
    }

    enum Path {
        BYTES_INPUT(false, false),
        HEAP_HEAP(false, false),
        DIRECT_DIRECT(true, true),
        HEAP_DIRECT(false, true),
        DIRECT_HEAP(true, false);

        final boolean directIn;
        final boolean directOut;

        Path(boolean directIn, boolean directOut) {
            this.directIn = directIn;
            this.directOut = directOut;
        }
    }

    static byte[] decode(
            HadoopFreeCodecFactory factory, CompressionCodecName codec, byte[] page, int declared, Path... paths) {
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        byte[] result = null;
        Path first = null;
        for (Path path : paths) {
            byte[] outcome = path == Path.BYTES_INPUT
                    ? viaBytesInput(decompressor, codec, page, declared)
                    : viaBuffers(decompressor, codec, page, declared, path);
            if (first == null) {
                first = path;
                result = outcome;
            } else if (!Arrays.equals(result, outcome)) {
                throw new AssertionError(codec + ": paths disagree on " + describe(page, declared) + ": " + first
                        + " gave " + summary(result) + ", " + path + " gave " + summary(outcome));
            }
        }
        return result;
    }

    private static byte[] viaBytesInput(
            BytesInputDecompressor decompressor, CompressionCodecName codec, byte[] page, int declared) {
        BytesInput input = BytesInput.from(page);
        long before = allocatedBytes();
        byte[] decoded;
        try {
            BytesInput result = decompressor.decompress(input, declared);
            checkAllocation(codec, before, declared, page, declared);
            decoded = result.toByteArray();
        } catch (IOException e) {
            checkMessage(codec, e, page, declared);
            checkAllocation(codec, before, declared, page, declared);
            return null;
        } catch (Throwable t) {
            throw unexpected(codec, "BytesInput", t, page, declared);
        }
        if (decoded.length != declared) {
            throw new AssertionError(codec + ": decoded " + decoded.length + " bytes for " + describe(page, declared));
        }
        return decoded;
    }

    private static byte[] viaBuffers(
            BytesInputDecompressor decompressor, CompressionCodecName codec, byte[] page, int declared, Path path) {
        int room = declared < 0 ? 0 : Math.min(declared, MAX_BUFFER_PAGE);
        ByteBuffer input = guarded(page, path.directIn, 7);
        ByteBuffer output = guarded(new byte[room], path.directOut, 3);
        int inPos = input.position();
        int outPos = output.position();
        try {
            decompressor.decompress(input, page.length, output, declared);
        } catch (IOException e) {
            checkMessage(codec, e, page, declared);
            if (input.position() != inPos || output.position() != outPos) {
                throw new AssertionError(codec + " " + path + ": a failed decode moved the buffer positions on "
                        + describe(page, declared));
            }
            checkGuards(codec, path, output, outPos, room, page, declared);
            checkGuards(codec, path, input, inPos, page.length, page, declared);
            return null;
        } catch (Throwable t) {
            throw unexpected(codec, path.toString(), t, page, declared);
        }
        if (room != declared) {
            throw new AssertionError(codec + " " + path + ": decoded " + declared + " bytes into a buffer of " + room);
        }
        if (input.position() != inPos + page.length || output.position() != outPos + declared) {
            throw new AssertionError(codec + " " + path + ": positions not advanced by the page sizes");
        }
        checkGuards(codec, path, output, outPos, declared, page, declared);
        checkGuards(codec, path, input, inPos, page.length, page, declared);
        byte[] decoded = new byte[declared];
        ByteBuffer view = output.duplicate();
        view.position(outPos);
        view.get(decoded);
        return decoded;
    }

    /** Content at {@code GUARD + shift} of a sliced buffer filled with guard bytes (as in {@link CodecSweepTest}). */
    static ByteBuffer guarded(byte[] content, boolean direct, int shift) {
        int capacity = content.length + 2 * GUARD + shift + 5;
        ByteBuffer base = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            base.put(i, GUARD_BYTE);
        }
        base.position(5);
        ByteBuffer slice = base.slice();
        slice.position(GUARD + shift);
        slice.duplicate().put(content);
        slice.limit(GUARD + shift + content.length + GUARD);
        return slice;
    }

    private static void checkGuards(
            CompressionCodecName codec,
            Path path,
            ByteBuffer buffer,
            int start,
            int length,
            byte[] page,
            int declared) {
        for (int i = 0; i < buffer.capacity(); i++) {
            if ((i < start || i >= start + length) && buffer.get(i) != GUARD_BYTE) {
                throw new AssertionError(codec + " " + path + ": byte " + i + " outside the slice [" + start + ", "
                        + (start + length) + ") was written, on " + describe(page, declared));
            }
        }
    }

    private static void checkMessage(CompressionCodecName codec, IOException e, byte[] page, int declared) {
        String message = e.getMessage();
        if (message == null || !message.startsWith(codec.name() + ":")) {
            throw new AssertionError(
                    codec + ": IOException that does not name the codec: " + e + " on " + describe(page, declared), e);
        }
    }

    private static void checkAllocation(
            CompressionCodecName codec, long before, int pageAllocation, byte[] page, int declared) {
        long after = allocatedBytes();
        if (before < 0 || after < 0) {
            return; // not measurable on this JVM
        }
        long limit = Math.max(0, pageAllocation) + 2L * page.length + HEAP_SLACK;
        if (after - before > limit) {
            throw new AssertionError(codec + ": decoding allocated " + (after - before) + " heap bytes, more than "
                    + limit + " for " + describe(page, declared));
        }
    }

    private static AssertionError unexpected(
            CompressionCodecName codec, String path, Throwable t, byte[] page, int declared) {
        if (t instanceof AssertionError) {
            return (AssertionError) t;
        }
        return new AssertionError(
                codec + " " + path + ": expected an IOException naming the codec, got " + t + " on "
                        + describe(page, declared),
                t);
    }

    static String describe(byte[] page, int declared) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < Math.min(page.length, 48); i++) {
            hex.append(String.format("%02x", page[i] & 0xff));
        }
        return "a page of " + page.length + " bytes (" + hex + (page.length > 48 ? "..." : "") + ") declaring "
                + declared + " bytes";
    }

    private static String summary(byte[] outcome) {
        return outcome == null ? "an IOException" : outcome.length + " bytes";
    }

    /** Heap bytes allocated by this thread so far, or -1 where the JVM does not tell. */
    static long allocatedBytes() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean) {
            com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) bean;
            if (sun.isThreadAllocatedMemorySupported() && sun.isThreadAllocatedMemoryEnabled()) {
                return sun.getThreadAllocatedBytes(Thread.currentThread().getId());
            }
        }
        return -1;
    }
}
