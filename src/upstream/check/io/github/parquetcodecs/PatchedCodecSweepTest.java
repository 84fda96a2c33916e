package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * dev/upstream-check's contract suite on the patched parquet-java factories, {@code -Dupstream.factory=heap} for
 * {@code CodecFactory} (with a {@code PlainParquetConfiguration}) and {@code direct} for the direct codec factory
 * ({@code CodecFactory.createDirectCodecFactory}, which takes a Hadoop {@code Configuration} in 1.18.1).
 * It goes through their public interfaces only ({@code BytesInputCompressor} and {@code BytesInputDecompressor}), so
 * it holds whatever the series names its codec classes. Compiled with CodecSweep and TestData against the patched
 * parquet-hadoop jar, never with the library.
 *
 * <p>{@link CodecSweep} (every codec, page sizes from 0 bytes to 8 MiB, heap, direct, mixed and read-only buffers,
 * guard bytes around every slice) runs once: the patched factories have no pure-Java switch. The corrupt-page cases
 * below check what a reader gets for a bad page of any codec but UNCOMPRESSED (which has no format to break): an
 * {@link IOException} or a {@link ParquetDecodingException}, on the {@code BytesInput} path and on the {@code
 * ByteBuffer} path with every combination of heap and direct buffers, with the caller's buffer positions and every
 * byte outside the output slice as they were; a page that decodes anyway must give the same bytes on every path.
 */
public class PatchedCodecSweepTest extends CodecSweep {
    private static final int GUARD = 16;
    private static final byte GUARD_BYTE = (byte) 0xA5;
    /** Every codec, BROTLI included (brotli4j since the series' BROTLI commit), as MasterCodecSweepTest on master. */
    private static final Set<CompressionCodecName> SWEPT = EnumSet.allOf(CompressionCodecName.class);
    private static final int PAGE_SIZE = 64 * 1024;

    private final CompressionCodecFactory factory = "direct".equals(System.getProperty("upstream.factory"))
            ? CodecFactory.createDirectCodecFactory(new Configuration(), new DirectByteBufferAllocator(), 0)
            : new CodecFactory(new PlainParquetConfiguration(), 0);

    @Override
    CompressionCodecFactory factory() {
        return factory;
    }

    /** Unused: {@link #hasPureJavaVariant} is false for every codec, so the sweep asks only {@link #factory()}. */
    @Override
    CompressionCodecFactory pureJavaFactory() {
        return factory;
    }

    @Override
    boolean hasPureJavaVariant(CompressionCodecName codec) {
        return false;
    }

    @Override
    Stream<Arguments> cases() {
        return super.cases().filter(arguments -> SWEPT.contains((CompressionCodecName) arguments.get()[0]));
    }

    /** Hides {@link CodecSweep#codecs()} for the tests that take a codec only. */
    static Stream<CompressionCodecName> codecs() {
        return SWEPT.stream();
    }

    static Stream<Arguments> corruptions() {
        return SWEPT.stream()
                .filter(codec -> codec != CompressionCodecName.UNCOMPRESSED)
                .flatMap(codec -> Stream.of(
                                "empty", "truncated", "one byte short", "declared one byte more",
                                "declared one byte less", "random bytes", "flipped bytes")
                        .map(corruption -> Arguments.of(codec, corruption)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("corruptions")
    void corruptPagesFailWithAnIOException(CompressionCodecName codec, String corruption) throws IOException {
        byte[] page = TestData.page(TestData.Shape.values()[0], PAGE_SIZE, 11);
        byte[] compressed =
                factory.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
        int declared = PAGE_SIZE;
        byte[] bad;
        Random random = new Random(codec.ordinal());
        switch (corruption) {
            case "empty":
                bad = new byte[0];
                break;
            case "truncated":
                bad = Arrays.copyOf(compressed, compressed.length / 2);
                break;
            case "one byte short":
                bad = Arrays.copyOf(compressed, compressed.length - 1);
                break;
            case "declared one byte more":
                bad = compressed;
                declared = PAGE_SIZE + 1;
                break;
            case "declared one byte less":
                bad = compressed;
                declared = PAGE_SIZE - 1;
                break;
            case "random bytes":
                bad = new byte[compressed.length];
                random.nextBytes(bad);
                break;
            default:
                bad = compressed.clone();
                for (int i = 0; i < 8; i++) {
                    int at = random.nextInt(bad.length);
                    bad[at] = (byte) ~bad[at];
                }
        }
        BytesInputDecompressor decompressor = factory.getDecompressor(codec);
        byte[] decoded = null;
        try {
            decoded = decompressor.decompress(BytesInput.from(bad), declared).toByteArray();
            assertEquals(declared, decoded.length, "a page that decodes has the declared size");
        } catch (IOException | ParquetDecodingException expected) {
            // the contract for a bad page
        } catch (RuntimeException e) {
            throw new AssertionError(codec + " " + corruption + ": BytesInput path threw " + e, e);
        }
        for (boolean directIn : new boolean[] {false, true}) {
            for (boolean directOut : new boolean[] {false, true}) {
                String what = codec + " " + corruption + " " + (directIn ? "direct" : "heap") + " to "
                        + (directOut ? "direct" : "heap");
                ByteBuffer input = guarded(bad, 0, directIn);
                ByteBuffer output = guarded(new byte[0], declared, directOut);
                int inPos = input.position();
                int outPos = output.position();
                boolean failed = false;
                try {
                    decompressor.decompress(input, bad.length, output, declared);
                } catch (IOException | ParquetDecodingException expected) {
                    failed = true;
                } catch (RuntimeException e) {
                    throw new AssertionError(what + ": threw " + e, e);
                }
                if (failed) {
                    assertEquals(inPos, input.position(), what + ": input position after the failure");
                    assertEquals(outPos, output.position(), what + ": output position after the failure");
                } else {
                    if (decoded == null) {
                        fail(what + ": decodes, but the BytesInput path refused the page");
                    }
                    assertEquals(outPos + declared, output.position(), what + ": output position");
                    byte[] bytes = new byte[declared];
                    output.duplicate().position(outPos).get(bytes);
                    assertArrayEquals(decoded, bytes, what + ": other bytes than the BytesInput path");
                }
                assertGuards(input, inPos, bad.length, what);
                assertGuards(output, outPos, declared, what);
            }
        }
    }

    /** {@code content} followed by {@code room} bytes, between guard bytes, in a slice at a non-zero offset. */
    private static ByteBuffer guarded(byte[] content, int room, boolean direct) {
        int capacity = 5 + GUARD + content.length + room + GUARD;
        ByteBuffer base = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            base.put(i, GUARD_BYTE);
        }
        base.position(5);
        ByteBuffer slice = base.slice();
        slice.position(GUARD);
        slice.duplicate().put(content);
        slice.limit(GUARD + content.length + room);
        return slice;
    }

    private static void assertGuards(ByteBuffer buffer, int start, int length, String what) {
        ByteBuffer all = buffer.duplicate();
        all.limit(all.capacity());
        for (int i = 0; i < all.capacity(); i++) {
            if (i < start || i >= start + length) {
                assertEquals(GUARD_BYTE, all.get(i), what + ": guard byte at " + i + " changed");
            }
        }
    }
}
