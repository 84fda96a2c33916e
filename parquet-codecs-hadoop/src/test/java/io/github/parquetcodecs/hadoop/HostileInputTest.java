package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.hadoop.compression.lzo.LzoCodec;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.io.compress.BrotliCodec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.junit.jupiter.api.Test;

/**
 * Corrupt input gives an {@link IOException} from the stream, never another exception, an {@code Error} or a hang;
 * lying headers cost no memory before the bytes behind them exist.
 */
class HostileInputTest {
    private final LzoCodec lzo = TestStreams.codec(new LzoCodec());
    private final BrotliCodec brotli = TestStreams.codec(new BrotliCodec());

    /** Reads {@code compressed}: its data, or an IOException; fails on anything else. */
    private static byte[] readOrIOException(CompressionCodec codec, byte[] compressed) {
        return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                return TestStreams.decompress(codec, compressed);
            } catch (IOException e) {
                return null;
            }
        });
    }

    private static byte[] lzoHeaders(int blockLength, int chunkLength, byte[] rest) {
        return ByteBuffer.allocate(8 + rest.length)
                .putInt(blockLength)
                .putInt(chunkLength)
                .put(rest)
                .array();
    }

    @Test
    void lzoLyingHeaders() {
        byte[] some = TestStreams.data(100, 1);
        // a block of 2 GiB with a chunk of 2 GiB that is not there: EOF, no allocation of either
        IOException e = assertThrows(
                IOException.class,
                () -> TestStreams.decompress(lzo, lzoHeaders(Integer.MAX_VALUE, Integer.MAX_VALUE - 8, some)));
        assertTrue(e instanceof EOFException, e.toString());
        // negative lengths
        e = assertThrows(IOException.class, () -> TestStreams.decompress(lzo, lzoHeaders(-5, 10, some)));
        assertTrue(e.getMessage().contains("block at input offset 0 declares 4294967291"), e.getMessage());
        e = assertThrows(IOException.class, () -> TestStreams.decompress(lzo, lzoHeaders(100, -1, some)));
        assertTrue(e.getMessage().contains("chunk at input offset 4 declares 4294967295"), e.getMessage());
        e = assertThrows(IOException.class, () -> TestStreams.decompress(lzo, lzoHeaders(100, 0, some)));
        assertTrue(e.getMessage().contains("declares 0 compressed bytes"), e.getMessage());
    }

    @Test
    void lzoBlockSmallerThanItsChunk() throws IOException {
        byte[] data = TestStreams.data(10_000, 3);
        byte[] stream = TestStreams.compress(lzo, data);
        ByteBuffer.wrap(stream).putInt(0, 9_000); // the block declares fewer bytes than its chunk decodes to
        IOException e = assertThrows(IOException.class, () -> TestStreams.decompress(lzo, stream));
        assertTrue(e.getMessage().contains("does not decode within the 9000 bytes its block has left"), e.getMessage());
    }

    @Test
    void truncationsAndFlips() throws IOException {
        for (CompressionCodec codec : new CompressionCodec[] {lzo, brotli}) {
            byte[] data = TestStreams.data(300_000, 5);
            byte[] stream = TestStreams.compress(codec, data);
            Random random = new Random(42);
            for (int i = 0; i < 150; i++) {
                int cut = random.nextInt(stream.length);
                byte[] read = readOrIOException(codec, Arrays.copyOf(stream, cut));
                if (read != null && !Arrays.equals(read, Arrays.copyOf(data, read.length))) {
                    fail(codec.getClass().getSimpleName() + ": a stream cut at " + cut + " reads wrong bytes");
                }
                if (read != null && read.length == data.length) {
                    fail(codec.getClass().getSimpleName() + ": a stream cut at " + cut + " reads everything");
                }
            }
            for (int i = 0; i < 300; i++) {
                byte[] flipped = stream.clone();
                int at = random.nextInt(flipped.length);
                flipped[at] ^= (byte) (1 << random.nextInt(8));
                readOrIOException(codec, flipped);
            }
            for (int i = 0; i < 100; i++) {
                byte[] garbage = new byte[1 + random.nextInt(5000)];
                random.nextBytes(garbage);
                readOrIOException(codec, garbage);
            }
            assertArrayEquals(data, TestStreams.decompress(codec, stream));
        }
    }

    @Test
    void brotliCorruptIsAnIOException() throws IOException {
        byte[] stream = TestStreams.compress(brotli, TestStreams.data(100_000, 9));
        byte[] garbage = stream.clone();
        Arrays.fill(garbage, 10, 60, (byte) 0xFF);
        assertThrows(IOException.class, () -> TestStreams.decompress(brotli, garbage));
        assertThrows(
                EOFException.class, () -> TestStreams.decompress(brotli, Arrays.copyOf(stream, stream.length / 2)));
    }
}
