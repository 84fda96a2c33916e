package io.github.parquetcodecs;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Locale;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The native memory soak: creates, uses and drops compressors and decompressors of every codec, and reports resident
 * memory ({@code VmRSS}) and direct-buffer memory ({@link BufferPoolMXBean}) before and after. Run in a JVM of its own
 * with a fixed, pre-touched heap, so that resident memory moves only with native memory: {@link
 * NativeMemorySoakTest} runs a short soak in {@code mvn verify}, {@code dev/soak} the million-handle one.
 *
 * <p>Arguments: {@code MODE CYCLES}. Each cycle takes a codec in turn, gets a compressor and a decompressor for it, and
 * compresses and decompresses a page (through {@link BytesInput} and through direct buffers), checking the bytes.
 *
 * <ul>
 *   <li>{@code released}: a fresh factory per cycle; both handles are released, and so is the factory.
 *   <li>{@code unreleased}: a fresh factory per cycle, dropped without any release: factories and handles hold no
 *       native state (engines live in the process-wide pool), so there is nothing to leak.
 *   <li>{@code shared}: one factory, a handle released after every cycle (the factory hands out a fresh one).
 * </ul>
 *
 * A tenth of the cycles (at least 10,000) warm up first (JIT, class loading, the codecs' first allocations); the figures are taken after
 * a full GC on both sides. Prints one line: {@code soak mode=... cycles=... rss.before=... rss.after=...
 * direct.before=... direct.after=... seconds=...} (bytes).
 */
public final class NativeMemorySoak {
    private static final CompressionCodecName[] CODECS = CompressionCodecName.values();

    private NativeMemorySoak() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        long cycles = Long.parseLong(args[1]);
        byte[][] pages = new byte[CODECS.length][];
        for (int i = 0; i < CODECS.length; i++) {
            pages[i] = TestData.page(TestData.Shape.COMPRESSIBLE, 2048 + 512 * i, i);
        }
        ByteBuffer in = ByteBuffer.allocateDirect(1 << 16);
        ByteBuffer out = ByteBuffer.allocateDirect(1 << 16);
        HadoopFreeCodecFactory shared = new HadoopFreeCodecFactory();

        // long enough for the JIT, the pool's engines and malloc's arenas to reach their plateau
        long warmup = Math.max(10_000, cycles / 10);
        run(mode, warmup, pages, in, out, shared);
        settle();
        long rssBefore = residentBytes();
        long directBefore = directBytes();
        long start = System.nanoTime();
        run(mode, cycles, pages, in, out, shared);
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        settle();
        long rssAfter = residentBytes();
        long directAfter = directBytes();
        shared.release();
        System.out.println(String.format(
                Locale.ROOT,
                "soak mode=%s cycles=%d rss.before=%d rss.after=%d direct.before=%d direct.after=%d seconds=%d",
                mode,
                cycles,
                rssBefore,
                rssAfter,
                directBefore,
                directAfter,
                seconds));
    }

    private static void run(
            String mode, long cycles, byte[][] pages, ByteBuffer in, ByteBuffer out, HadoopFreeCodecFactory shared)
            throws IOException {
        for (long cycle = 0; cycle < cycles; cycle++) {
            int index = (int) (cycle % CODECS.length);
            CompressionCodecName codec = CODECS[index];
            HadoopFreeCodecFactory factory = mode.equals("shared") ? shared : new HadoopFreeCodecFactory();
            BytesInputCompressor compressor = factory.getCompressor(codec);
            BytesInputDecompressor decompressor = factory.getDecompressor(codec);
            byte[] page = pages[index];
            byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();
            byte[] decoded = decompressor
                    .decompress(BytesInput.from(compressed), page.length)
                    .toByteArray();
            // the page again from a direct buffer: the first call copies it, the second compresses it in place into
            // the handle's direct output buffer
            out.clear();
            out.put(page).flip();
            for (int i = 0; i < 2; i++) {
                if (!Arrays.equals(
                        compressed,
                        compressor.compress(BytesInput.from(out.duplicate())).toByteArray())) {
                    throw new AssertionError(codec + ": a direct page compressed differently in cycle " + cycle);
                }
            }
            in.clear();
            in.put(compressed).flip();
            out.clear();
            decompressor.decompress(in, compressed.length, out, page.length);
            out.flip();
            if (!Arrays.equals(page, decoded) || !out.equals(ByteBuffer.wrap(page))) {
                throw new AssertionError(codec + ": round trip failed in cycle " + cycle);
            }
            switch (mode) {
                case "released":
                    compressor.release();
                    decompressor.release();
                    factory.release();
                    break;
                case "shared":
                    compressor.release();
                    decompressor.release();
                    break;
                case "unreleased":
                    break;
                default:
                    throw new IllegalArgumentException("mode " + mode);
            }
        }
    }

    /** Collects garbage (dropped handles' direct output buffers), so that both measurements see the same state. */
    private static void settle() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
    }

    static long residentBytes() throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.trim().split("\\s+");
                return Long.parseLong(parts[1]) * 1024; // kB
            }
        }
        return -1;
    }

    static long directBytes() {
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                return pool.getMemoryUsed();
            }
        }
        return -1;
    }
}
