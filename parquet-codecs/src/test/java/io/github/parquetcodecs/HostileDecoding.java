package io.github.parquetcodecs;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.NativeMode;
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
    /**
     * Heap allowed per byte of page and of declared output while Jazzer's method hooks are on ({@code
     * jazzer.hooks=true}: {@code dev/fuzz} and the fuzz-smoke pass of {@code mvn verify}). Jazzer's {@code
     * UnsafeSanitizer} then hooks every {@code sun.misc.Unsafe} call of the instrumented decoders, which is how
     * aircompressor reads and writes, and boxes each call's arguments: an {@code Object[]} and {@code Long}s, up to
     * about 64 bytes a call, at most one call per byte. Measured: 21.5 MB for a 12-byte ZSTD frame whose RLE block
     * decodes to 1,966,336 bytes, which aircompressor decodes with 48 bytes of heap outside Jazzer. The sanitizer's
     * bounds checks are worth far more than a tight count there; without hooks ({@code mvn test}, replaying every
     * committed input) the allowance is zero and the bound stays tight.
     */
    static final long SANITIZER_HEAP_PER_BYTE = Boolean.getBoolean("jazzer.hooks") ? 64 : 0;

    private static final int GUARD = 16;
    private static final byte GUARD_BYTE = (byte) 0xA5;

    private HostileDecoding() {}

    /**
     * Whether {@code codec} runs on a native library here and has a pure-Java implementation beside it (SNAPPY, ZSTD,
     * and LZ4 and LZ4_RAW when lz4-java is on the class path): both are then tested, and against each other.
     */
    static boolean hasPureJavaVariant(CompressionCodecName codec) {
        return !Codecs.of(codec)
                .implementation(NativeMode.AUTO)
                .equals(Codecs.of(codec).implementation(NativeMode.PURE_JAVA));
    }

    /** A factory that uses the pure-Java implementations of SNAPPY, ZSTD, LZ4 and LZ4_RAW. */
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
        // The first decode of a kind may load (and, under Jazzer, instrument) classes, which allocates on this
        // thread: a decode over the heap bound is measured a second time before it counts as a failure.
        for (int attempt = 1; ; attempt++) {
            long before = allocatedBytes();
            byte[] decoded;
            boolean refused = false;
            try {
                BytesInput result = decompressor.decompress(input, declared);
                decoded = result.toByteArray();
            } catch (IOException e) {
                checkMessage(codec, e, page, declared);
                decoded = null;
                refused = true;
            } catch (Throwable t) {
                throw unexpected(codec, "BytesInput", t, page, declared);
            }
            long allocated = allocatedBytes() - before;
            long output = Math.min(Math.max(0, declared), MAX_BUFFER_PAGE);
            long limit = Math.max(0, declared) * (refused ? 1L : 2L)
                    + 2L * page.length
                    + HEAP_SLACK
                    + SANITIZER_HEAP_PER_BYTE * (output + page.length);
            if (before >= 0 && allocated > limit) {
                if (attempt == 1) {
                    continue;
                }
                throw new AssertionError(codec + ": decoding allocated " + allocated + " heap bytes, more than " + limit
                        + " for " + describe(page, declared));
            }
            if (decoded != null && decoded.length != declared) {
                throw new AssertionError(
                        codec + ": decoded " + decoded.length + " bytes for " + describe(page, declared));
            }
            return decoded;
        }
    }

    private static byte[] viaBuffers(
            BytesInputDecompressor decompressor, CompressionCodecName codec, byte[] page, int declared, Path path) {
        // declared sizes beyond MAX_BUFFER_PAGE get a small buffer, which must be refused as too small
        int room = declared < 0 ? 0 : declared > MAX_BUFFER_PAGE ? 64 : declared;
        ByteBuffer input = guarded(page, page.length, path.directIn, 7, 0);
        ByteBuffer output = guarded(null, room, path.directOut, 3, 1);
        int inPos = input.position();
        int outPos = output.position();
        int inLimit = input.limit();
        int outLimit = output.limit();
        try {
            decompressor.decompress(input, page.length, output, declared);
        } catch (IOException e) {
            checkMessage(codec, e, page, declared);
            if (input.position() != inPos || output.position() != outPos) {
                throw new AssertionError(codec + " " + path + ": a failed decode moved the buffer positions on "
                        + describe(page, declared));
            }
            if (input.limit() != inLimit || output.limit() != outLimit) {
                throw new AssertionError(codec + " " + path + ": a failed decode changed the buffer limits on "
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
        if (input.limit() != inLimit || output.limit() != outLimit) {
            throw new AssertionError(codec + " " + path + ": a decode changed the buffer limits");
        }
        checkGuards(codec, path, output, outPos, declared, page, declared);
        checkGuards(codec, path, input, inPos, page.length, page, declared);
        byte[] decoded = new byte[declared];
        ByteBuffer view = output.duplicate();
        view.position(outPos);
        view.get(decoded);
        return decoded;
    }

    /**
     * Direct buffers reused per thread (one for input, one for output): the fuzzer decodes thousands of pages a second,
     * and fresh direct buffers are only freed by GC, which the small heap churn of decoding rarely triggers.
     */
    private static final ThreadLocal<ByteBuffer[]> DIRECT = ThreadLocal.withInitial(() -> new ByteBuffer[2]);

    /** Content at {@code GUARD + shift} of a sliced buffer filled with guard bytes (as in {@link CodecSweepTest}). */
    static ByteBuffer guarded(byte[] content, int length, boolean direct, int shift, int slot) {
        int capacity = length + 2 * GUARD + shift + 5;
        ByteBuffer base;
        if (direct) {
            ByteBuffer[] cache = DIRECT.get();
            if (cache[slot] == null || cache[slot].capacity() < capacity) {
                cache[slot] = ByteBuffer.allocateDirect(Math.max(capacity, 64 * 1024));
            }
            base = cache[slot].duplicate();
            base.clear().limit(capacity);
            base = base.slice();
        } else {
            base = ByteBuffer.allocate(capacity);
        }
        base.duplicate().put(guards(capacity));
        base.position(5);
        ByteBuffer slice = base.slice();
        slice.position(GUARD + shift);
        if (content != null) {
            slice.duplicate().put(content, 0, length);
        }
        slice.limit(GUARD + shift + length + GUARD);
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
        ByteBuffer all = buffer.duplicate().clear();
        int before = ((ByteBuffer) all.duplicate().limit(start)).mismatch(guards(start));
        int after = ((ByteBuffer) all.duplicate().position(start + length))
                .mismatch(guards(all.capacity() - start - length));
        if (before != -1 || after != -1) {
            int at = before != -1 ? before : start + length + after;
            throw new AssertionError(codec + " " + path + ": byte " + at + " outside the slice [" + start + ", "
                    + (start + length) + ") was written, on " + describe(page, declared));
        }
    }

    private static final ThreadLocal<byte[]> GUARDS = ThreadLocal.withInitial(() -> new byte[0]);

    /** {@code length} guard bytes, as a buffer over a cached array. */
    private static ByteBuffer guards(int length) {
        byte[] guards = GUARDS.get();
        if (guards.length < length) {
            guards = new byte[Math.max(length, 2 * guards.length)];
            Arrays.fill(guards, GUARD_BYTE);
            GUARDS.set(guards);
        }
        return ByteBuffer.wrap(guards, 0, length);
    }

    private static void checkMessage(CompressionCodecName codec, IOException e, byte[] page, int declared) {
        String message = e.getMessage();
        if (message == null || !message.startsWith(codec.name() + ":")) {
            throw new AssertionError(
                    codec + ": IOException that does not name the codec: " + e + " on " + describe(page, declared), e);
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
        if (THREADS != null && THREADS.isThreadAllocatedMemoryEnabled()) {
            return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        }
        return -1;
    }

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) bean).isThreadAllocatedMemorySupported()) {
            return (com.sun.management.ThreadMXBean) bean;
        }
        return null;
    }
}
