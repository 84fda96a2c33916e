package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every codec x heap, direct and mixed buffers x page sizes x compressible, random and real Parquet page data: exact
 * round trips and the ByteBuffer position contract, with guard bytes around every slice. Abstract over the factory
 * under test: {@link CodecSweepTest} sweeps this library's factory, and {@code dev/upstream-check} sweeps the patched
 * parquet-java factories with a subclass of its own (src/upstream/check). Uses parquet-java's interfaces only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CodecSweep {
    private static final int GUARD = 16;
    private static final byte GUARD_BYTE = (byte) 0xA5;

    enum Kind {
        HEAP_HEAP,
        DIRECT_DIRECT,
        HEAP_DIRECT,
        DIRECT_HEAP,
        READONLY_HEAP_HEAP
    }

    /** The factory under test, with its default settings. */
    abstract CompressionCodecFactory factory();

    /** The same factory with every codec on its pure-Java engine ({@code parquet.codecs.native=pure-java}). */
    abstract CompressionCodecFactory pureJavaFactory();

    /** Whether a codec runs natively here and has a pure-Java engine beside it: both are swept. */
    abstract boolean hasPureJavaVariant(CompressionCodecName codec);

    Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        int[] sizes = {0, 1, 100, 64 * 1024, 1024 * 1024, 8 * 1024 * 1024};
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            for (int size : sizes) {
                for (TestData.Shape shape : TestData.Shape.values()) {
                    for (Kind kind : Kind.values()) {
                        // keep the 8 MiB pages to one buffer kind per shape, to bound the run time
                        if (size == 8 * 1024 * 1024 && kind != Kind.HEAP_HEAP && kind != Kind.DIRECT_DIRECT) {
                            continue;
                        }
                        cases.add(Arguments.of(codec, size, shape, kind, false));
                        if (hasPureJavaVariant(codec)) {
                            cases.add(Arguments.of(codec, size, shape, kind, true));
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @AfterAll
    void release() {
        factory().release();
        pureJavaFactory().release();
    }

    @ParameterizedTest(name = "{0} {1} bytes {2} {3} pure-java={4}")
    @MethodSource("cases")
    void roundTrip(CompressionCodecName codec, int size, TestData.Shape shape, Kind kind, boolean pureJava)
            throws Exception {
        CompressionCodecFactory factory = pureJava ? pureJavaFactory() : factory();
        byte[] page = TestData.page(shape, size, codec.ordinal() * 31 + size);
        BytesInputCompressor compressor = factory.getCompressor(codec);
        byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();

        // the BytesInput path
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        assertArrayEquals(
                page, decompressor.decompress(BytesInput.from(compressed), size).toByteArray());

        // the ByteBuffer path, with offsets, guard bytes and the position contract
        boolean directIn = kind == Kind.DIRECT_DIRECT || kind == Kind.DIRECT_HEAP;
        boolean directOut = kind == Kind.DIRECT_DIRECT || kind == Kind.HEAP_DIRECT;
        ByteBuffer input = guarded(compressed, directIn, 7);
        if (kind == Kind.READONLY_HEAP_HEAP) {
            input = input.asReadOnlyBuffer();
        }
        ByteBuffer output = guarded(new byte[size], directOut, 3);
        int inPos = input.position();
        int outPos = output.position();
        int inLimit = input.limit();
        int outLimit = output.limit();
        input.mark();
        output.mark();
        decompressor.decompress(input, compressed.length, output, size);
        assertEquals(inPos + compressed.length, input.position(), "input position");
        assertEquals(outPos + size, output.position(), "output position");
        assertEquals(inLimit, input.limit(), "input limit");
        assertEquals(outLimit, output.limit(), "output limit");
        assertEquals(inPos, input.reset().position(), "input mark");
        assertEquals(outPos, output.reset().position(), "output mark");
        input.position(inPos + compressed.length);
        byte[] decoded = new byte[size];
        ByteBuffer view = output.duplicate();
        view.position(outPos);
        view.get(decoded);
        assertArrayEquals(page, decoded);
        assertGuards(output, outPos, size);
    }

    /**
     * Input and output as two views of one buffer, the page first and room for the decoded page after it: the engines
     * narrow the caller's buffers in place, which must not disturb a second view of the same memory.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void oneBufferForInputAndOutput(CompressionCodecName codec) throws Exception {
        int size = 100_000;
        byte[] page = TestData.page(TestData.Shape.values()[0], size, 17);
        byte[] compressed =
                factory().getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
        for (boolean direct : new boolean[] {false, true}) {
            int capacity = compressed.length + size + 2 * GUARD;
            ByteBuffer shared = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
            for (int i = 0; i < capacity; i++) {
                shared.put(i, GUARD_BYTE);
            }
            shared.duplicate().put(compressed);
            ByteBuffer input = shared.duplicate().limit(compressed.length);
            ByteBuffer output = shared.duplicate().position(compressed.length + GUARD);
            factory().getDecompressor(codec).decompress(input, compressed.length, output, size);
            byte[] decoded = new byte[size];
            shared.duplicate().position(compressed.length + GUARD).get(decoded);
            assertArrayEquals(page, decoded, "direct=" + direct);
            assertEquals(compressed.length + GUARD + size, output.position(), "output position");
        }
    }

    /**
     * Pages of every kind in one stream, in an order that defeats the handle's guess of the next page's kind: heap and
     * direct single-buffer pages, byte arrays and pages of several parts. Each must compress exactly as its bytes do
     * from a plain array, and leave the caller's page buffer as it was.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void compressesPagesOfEveryKindInAnyOrder(CompressionCodecName codec) throws Exception {
        BytesInputCompressor compressor = factory().getCompressor(codec);
        BytesInputDecompressor decompressor = factory().getDecompressor(codec);
        String[] order = {"direct", "direct", "heap", "array", "direct", "parts", "direct", "direct", "heap", "heap"};
        for (int i = 0; i < order.length; i++) {
            int size = 1000 + 37_000 * i;
            byte[] page = TestData.page(TestData.Shape.PARQUET, size, i);
            ByteBuffer backing = null;
            BytesInput input;
            switch (order[i]) {
                case "direct":
                    backing = guarded(page, true, i);
                    input = BytesInput.from(backing);
                    break;
                case "heap":
                    backing = guarded(page, false, i);
                    input = BytesInput.from(backing);
                    break;
                case "array":
                    input = BytesInput.from(page);
                    break;
                default:
                    input = BytesInput.concat(
                            BytesInput.from(page, 0, size / 3),
                            BytesInput.from(ByteBuffer.allocateDirect(size - size / 3)
                                    .put(page, size / 3, size - size / 3)
                                    .flip()));
            }
            if (backing != null) {
                backing.limit(backing.position() + size); // the page only, not the guard bytes after it
            }
            int position = backing == null ? 0 : backing.position();
            int limit = backing == null ? 0 : backing.limit();
            byte[] compressed = compressor.compress(input).toByteArray();
            String what = order[i] + " page " + i;
            assertArrayEquals(
                    page,
                    decompressor.decompress(BytesInput.from(compressed), size).toByteArray(),
                    what);
            if (backing != null) {
                assertEquals(position, backing.position(), what + ": position");
                assertEquals(limit, backing.limit(), what + ": limit");
                byte[] after = new byte[size];
                backing.duplicate().get(after, 0, size);
                assertArrayEquals(page, after, what + ": content");
                assertGuards(backing.limit(backing.capacity()), position, size);
            }
        }
    }

    static Stream<CompressionCodecName> codecs() {
        return Stream.of(CompressionCodecName.values());
    }

    /** A buffer holding {@code content} at position {@code GUARD + shift} of a sliced region, surrounded by guards. */
    static ByteBuffer guarded(byte[] content, boolean direct, int shift) {
        int capacity = content.length + 2 * GUARD + shift + 5;
        ByteBuffer base = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            base.put(i, GUARD_BYTE);
        }
        base.position(5);
        ByteBuffer slice = base.slice(); // non-zero array offset for heap buffers
        slice.position(GUARD + shift);
        ByteBuffer filled = slice.duplicate();
        filled.put(content);
        slice.limit(GUARD + shift + content.length + GUARD);
        return slice;
    }

    static void assertGuards(ByteBuffer buffer, int start, int length) {
        for (int i = 0; i < start; i++) {
            assertEquals(GUARD_BYTE, buffer.get(i), "guard byte before the slice at " + i);
        }
        for (int i = start + length; i < buffer.capacity(); i++) {
            assertEquals(GUARD_BYTE, buffer.get(i), "guard byte after the slice at " + i);
        }
    }
}
