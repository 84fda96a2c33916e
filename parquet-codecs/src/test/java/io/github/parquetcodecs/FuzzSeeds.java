package io.github.parquetcodecs;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Writes the seed inputs of {@link CodecFuzzTest} (see {@link FuzzHarness} for their layout): real pages of each codec
 * with their true sizes, a few with lying sizes, and round-trip inputs at several levels. Run by {@code dev/fuzz
 * --seeds}; the seeds are committed, next to the inputs fuzzing found.
 */
final class FuzzSeeds {
    private static final int ALL_PATHS = 7 << 1;
    private static final int RAW_SIZE = 0x10;

    private FuzzSeeds() {}

    public static void main(String[] args) throws IOException {
        Path root =
                Paths.get(args.length > 0 ? args[0] : "src/test/resources/io/github/parquetcodecs/CodecFuzzTestInputs");
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        Map<String, byte[]> all = new LinkedHashMap<>();
        for (FuzzHarness.Target target : FuzzHarness.Target.values()) {
            Map<String, byte[]> seeds = seeds(factory, target.codec);
            Path dir = root.resolve(target.method);
            Files.createDirectories(dir);
            for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
                Files.write(dir.resolve("seed-" + seed.getKey()), seed.getValue());
                if (seed.getValue().length > 4096) {
                    continue; // allCodecs starts from the small seeds only
                }
                byte[] any = new byte[seed.getValue().length + 1];
                any[0] = (byte) target.ordinal();
                System.arraycopy(seed.getValue(), 0, any, 1, seed.getValue().length);
                all.put(target.method + "-" + seed.getKey(), any);
            }
        }
        Path dir = root.resolve("allCodecs");
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> seed : all.entrySet()) {
            Files.write(dir.resolve("seed-" + seed.getKey()), seed.getValue());
        }
        factory.release();
    }

    private static Map<String, byte[]> seeds(HadoopFreeCodecFactory factory, CompressionCodecName codec)
            throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        List<byte[]> pages = new ArrayList<>();
        pages.add(new byte[0]);
        pages.add("p".getBytes(StandardCharsets.US_ASCII));
        pages.add(TestData.page(TestData.Shape.PARQUET, 100, 1));
        pages.add(TestData.page(TestData.Shape.COMPRESSIBLE, 3000, 2));
        pages.add(TestData.page(TestData.Shape.PARQUET, 12000, 3));
        pages.add(TestData.page(TestData.Shape.RANDOM, 500, 4));
        for (byte[] page : pages) {
            byte[] compressed = HostileDecoding.compress(factory, codec, page);
            seeds.put("decode-" + page.length, decode(ALL_PATHS, page.length, compressed));
        }
        byte[] page = pages.get(4);
        byte[] compressed = HostileDecoding.compress(factory, codec, page);
        seeds.put("decode-direct", decode(2 << 1, page.length, compressed));
        seeds.put("decode-larger", decode(ALL_PATHS, page.length + 1, compressed));
        seeds.put("decode-huge", decode(ALL_PATHS | RAW_SIZE, Integer.MAX_VALUE, compressed));
        seeds.put("decode-truncated", decode(ALL_PATHS, page.length, Arrays.copyOf(compressed, compressed.length / 2)));
        if (codec == CompressionCodecName.GZIP) {
            ByteArrayOutputStream jdk = new ByteArrayOutputStream();
            try (OutputStream out = new GZIPOutputStream(jdk)) {
                out.write(pages.get(3));
            }
            seeds.put("decode-jdk-gzip", decode(ALL_PATHS, pages.get(3).length, jdk.toByteArray()));
            byte[] member = HostileDecoding.compress(factory, codec, pages.get(2));
            seeds.put("decode-two-members", decode(ALL_PATHS, 200, HostileInputTest.concat(member, member)));
        }
        if (codec == CompressionCodecName.ZSTD) {
            ByteArrayOutputStream streamed = new ByteArrayOutputStream();
            try (ZstdOutputStream out = new ZstdOutputStream(streamed)) {
                out.write(pages.get(3));
            }
            seeds.put("decode-streamed", decode(ALL_PATHS, pages.get(3).length, streamed.toByteArray()));
            byte[] skippable = {0x50, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 7, 7};
            byte[] frame = HostileDecoding.compress(factory, codec, pages.get(2));
            seeds.put("decode-skippable", decode(ALL_PATHS, 100, HostileInputTest.concat(skippable, frame, frame)));
        }
        int[] levels = {0, 1, 3, 9, 14};
        for (int i = 0; i < levels.length; i++) {
            byte[] input = pages.get(i + 1);
            int flags = 1 | (levels[i] << 4) | (i % 2 == 0 ? ALL_PATHS : 2); // odd seeds compress from a direct buffer
            seeds.put("roundtrip-" + input.length + "-level" + levels[i], prefixed(flags, input));
        }
        return seeds;
    }

    private static byte[] decode(int flags, int declared, byte[] page) {
        ByteBuffer seed = ByteBuffer.allocate(5 + page.length);
        seed.put((byte) flags).putInt(declared).put(page);
        return seed.array();
    }

    private static byte[] prefixed(int flags, byte[] page) {
        byte[] seed = new byte[page.length + 1];
        seed[0] = (byte) flags;
        System.arraycopy(page, 0, seed, 1, page.length);
        return seed;
    }
}
