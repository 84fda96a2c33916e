package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;

/** {@code bench} in short runs: what it measures is checked against the codec libraries called here. */
class BenchTest {
    static final String TIME = "200ms";

    @BeforeAll
    static void noHadoop() {
        CliRun.assertNoHadoop();
    }

    /** The compressible bytes of every page: dictionary and V1 pages whole, V2 pages' values section. */
    static List<byte[]> pages(Path file) throws IOException {
        List<byte[]> pages = new ArrayList<>();
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), ParquetInput.readOptions())) {
            for (PageReadStore store = reader.readNextRowGroup(); store != null; store = reader.readNextRowGroup()) {
                for (ColumnDescriptor descriptor :
                        reader.getFileMetaData().getSchema().getColumns()) {
                    PageReader pageReader = store.getPageReader(descriptor);
                    DictionaryPage dictionary = pageReader.readDictionaryPage();
                    if (dictionary != null) {
                        pages.add(dictionary.getBytes().toByteArray());
                    }
                    for (DataPage page = pageReader.readPage(); page != null; page = pageReader.readPage()) {
                        pages.add(
                                page instanceof DataPageV1
                                        ? ((DataPageV1) page).getBytes().toByteArray()
                                        : ((DataPageV2) page).getData().toByteArray());
                    }
                }
            }
        }
        return pages;
    }

    static Map<String, JsonNode> byLabel(JsonNode json) {
        Map<String, JsonNode> results = new HashMap<>();
        for (JsonNode result : json.get("results")) {
            results.put(result.get("label").asText(), result);
        }
        return results;
    }

    @Test
    void sizesAreTheCodecLibrariesOwnAndSpeedsAreMeasured() throws Exception {
        Path file = CliRun.testing("lz4_raw_compressed_larger.parquet");
        CliRun run = CliRun.ok("bench", file.toString(), "--time", TIME, "--bare", "--json");
        JsonNode json = run.json();
        List<byte[]> pages = pages(file);
        long uncompressed = 0;
        long snappy = 0;
        long zstd3 = 0;
        long gzip6 = 0;
        for (byte[] page : pages) {
            uncompressed += page.length;
            snappy += Snappy.compress(page).length;
            zstd3 += Zstd.compress(page, 3).length;
            ByteArrayOutputStream gz = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(gz) {
                {
                    def.setLevel(6);
                }
            }) {
                out.write(page);
            }
            gzip6 += gz.size();
        }
        assertEquals(uncompressed, json.get("uncompressed_bytes").asLong());
        assertEquals("LZ4_RAW", json.get("files_codec").asText());
        assertEquals(10_000, json.get("rows").asLong());

        Map<String, JsonNode> results = byLabel(json);
        Set<String> expected = new HashSet<>(
                List.of("SNAPPY", "LZ4_RAW", "ZSTD 1", "ZSTD 3", "ZSTD 9", "GZIP 6", "BROTLI 1", "BROTLI 4"));
        for (String label : new ArrayList<>(expected)) {
            expected.add(label + " bare");
        }
        assertEquals(expected, results.keySet());
        assertEquals(snappy, results.get("SNAPPY").get("compressed_bytes").asLong(), "SNAPPY size");
        assertEquals(zstd3, results.get("ZSTD 3").get("compressed_bytes").asLong(), "ZSTD 3 size");
        assertEquals(gzip6, results.get("GZIP 6").get("compressed_bytes").asLong(), "GZIP 6 size");
        for (JsonNode result : json.get("results")) {
            String label = result.get("label").asText();
            long size = result.get("compressed_bytes").asLong();
            assertEquals((double) uncompressed / size, result.get("ratio").asDouble(), 1e-4, label + " ratio");
            double compress = result.get("compress_mb_s").asDouble();
            double decompress = result.get("decompress_mb_s").asDouble();
            assertTrue(compress > 0.1 && compress < 100_000, label + " compress MB/s " + compress);
            assertTrue(decompress > 0.1 && decompress < 100_000, label + " decompress MB/s " + decompress);
            if (!result.get("bare").asBoolean()) {
                // the bare library makes the same bytes as the library
                assertEquals(
                        size,
                        results.get(label + " bare").get("compressed_bytes").asLong(),
                        label + " bare");
                assertTrue(result.get("implementation").asText().startsWith("parquet-codecs: "), label);
            }
            assertEquals(1, result.get("columns").size());
            assertEquals(
                    size, result.get("columns").get(0).get("compressed_bytes").asLong());
        }
        assertTrue(json.get("timed_rounds").asInt() >= Bench.MIN_TIMED_ROUNDS);
        assertTrue(json.get("warmup_rounds").asInt() >= 1);
        assertTrue(json.get("seconds").asDouble() >= 0.2, "ran for its time budget");
        assertTrue(results.containsKey(json.get("recommended").asText()));
        assertTrue(json.get("recommendation").get(0).asText().startsWith("Recommendation: "));
        assertEquals(
                Runtime.getRuntime().availableProcessors(),
                json.get("machine").get("cores").asInt());
    }

    @Test
    void textPerColumnWithChosenCodecsAndLevelsAndTheFilesCodecAdded() {
        Path file = CliRun.testing("alltypes_tiny_pages.parquet");
        String out = CliRun.ok(
                        "bench", file.toString(), "--codecs", "zstd,SNAPPY", "--levels", "ZSTD=1,19", "--time", TIME)
                .out;
        assertTrue(out.contains("Files' codec: UNCOMPRESSED"), out);
        assertTrue(out.contains("All columns:"), out);
        for (String column : new String[] {"id", "bool_col", "string_col", "timestamp_col", "month"}) {
            assertTrue(out.contains("\nColumn " + column + " ("), column + " in\n" + out);
        }
        for (String label : new String[] {"UNCOMPRESSED ", "SNAPPY ", "ZSTD 1 ", "ZSTD 19 "}) {
            assertTrue(out.contains("\n  " + label), label + " in\n" + out);
        }
        assertFalse(out.contains("GZIP"), out);
        assertFalse(out.contains("ZSTD 3 "), out);
        assertTrue(out.contains("\nRecommendation: "), out);
        assertTrue(out.contains("Machine: " + Runtime.getRuntime().availableProcessors() + " cores"), out);
    }

    @Test
    void severalFilesWithDictionaryAndV2Pages() throws Exception {
        Path v2 = CliRun.testing("datapage_v2.snappy.parquet");
        Path dict = CliRun.testing("rle-dict-snappy-checksum.parquet");
        JsonNode json = CliRun.ok(
                        "bench", v2.toString(), dict.toString(), "--codecs", "SNAPPY,ZSTD", "--time", TIME, "--json")
                .json();
        assertEquals(2, json.get("files").size());
        assertTrue(json.get("data_pages_v2").asInt() >= 5);
        assertTrue(json.get("dictionary_pages").asInt() >= 1);
        long uncompressed = 0;
        long snappy = 0;
        for (Path file : List.of(v2, dict)) {
            for (byte[] page : pages(file)) {
                uncompressed += page.length;
                snappy += Snappy.compress(page).length;
            }
        }
        assertEquals(uncompressed, json.get("uncompressed_bytes").asLong());
        assertEquals(snappy, byLabel(json).get("SNAPPY").get("compressed_bytes").asLong());
        assertEquals("SNAPPY", json.get("files_codec").asText());
    }

    @Test
    void onlyTheChosenColumn() throws Exception {
        Path file = CliRun.testing("alltypes_tiny_pages.parquet");
        JsonNode json = CliRun.ok(
                        "bench",
                        file.toString(),
                        "--column",
                        "string_col",
                        "--codecs",
                        "SNAPPY",
                        "--time",
                        TIME,
                        "--json")
                .json();
        JsonNode columns = json.get("results").get(0).get("columns");
        assertEquals(1, columns.size());
        assertEquals("string_col", columns.get(0).get("path").asText());
    }

    // ---- the measurement itself, with coders written here ----

    /** Copies pages; can be told to break one byte of what it decompresses, and records the order of calls. */
    static final class FakeCoder extends Coder {
        final String name;
        final List<String> calls;
        boolean corrupt;

        FakeCoder(String name, List<String> calls) {
            this.name = name;
            this.calls = calls;
        }

        @Override
        long compressAll(byte[][] pages) {
            calls.add(name);
            return pages.length;
        }

        @Override
        byte[] compressCopy(byte[] page) {
            return page.clone();
        }

        @Override
        void decompressAll(byte[][] compressed, byte[][] originals, Object[] outputs) {
            for (int i = 0; i < compressed.length; i++) {
                byte[] copy = compressed[i].clone();
                if (corrupt && copy.length > 0) {
                    copy[copy.length / 2] ^= 1;
                }
                outputs[i] = copy;
            }
        }

        @Override
        boolean same(Object output, byte[] original) {
            return java.util.Arrays.equals((byte[]) output, original);
        }

        @Override
        String implementation() {
            return name;
        }
    }

    static Bench smallBench() {
        PageSample sample = new PageSample();
        PageSample.Column column = new PageSample.Column("c");
        column.pages.add(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        column.pages.add(new byte[] {9, 9, 9});
        column.bytes = 11;
        sample.columns.put("c", column);
        return new Bench(sample);
    }

    @Test
    void aRoundTripThatDiffersFailsTheRun() {
        List<String> calls = new ArrayList<>();
        FakeCoder good = new FakeCoder("good", calls);
        FakeCoder bad = new FakeCoder("bad", calls);
        bad.corrupt = true;
        List<Variant> variants = List.of(
                new Variant(CompressionCodecName.SNAPPY, null, false),
                new Variant(CompressionCodecName.LZ4_RAW, null, false));
        CliException e =
                assertThrows(CliException.class, () -> smallBench().run(variants, List.of(good, bad), 1_000_000, null));
        assertTrue(e.getMessage().contains("LZ4_RAW") && e.getMessage().contains("did not decompress"), e.getMessage());
    }

    @Test
    void variantsAreInterleavedRoundByRound() throws IOException {
        List<String> calls = new ArrayList<>();
        List<Coder> coders = List.of(new FakeCoder("a", calls), new FakeCoder("b", calls), new FakeCoder("c", calls));
        List<Variant> variants = List.of(
                new Variant(CompressionCodecName.SNAPPY, null, false),
                new Variant(CompressionCodecName.LZ4_RAW, null, false),
                new Variant(CompressionCodecName.LZO, null, false));
        Bench bench = smallBench();
        List<Bench.Result> results = bench.run(variants, coders, 20_000_000, null);
        int reps = bench.columns.get(0).reps;
        int rounds = bench.warmupRounds + bench.timedRounds;
        assertEquals(rounds * 3 * reps, calls.size());
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < 3; k++) {
                String expected = String.valueOf((char) ('a' + (round + k) % 3));
                assertEquals(expected, calls.get((round * 3 + k) * reps), "round " + round + " position " + k);
            }
        }
        assertTrue(bench.timedRounds >= Bench.MIN_TIMED_ROUNDS);
        assertEquals(3, results.size());
        assertEquals(11, results.get(0).totalCompressed);
    }

    @Test
    void median() {
        assertEquals(2.0, Bench.median(new double[] {3, 1, 2, 99}, 3));
        assertEquals(2.5, Bench.median(new double[] {4, 1, 3, 2}, 4));
    }

    static Bench.Result result(
            CompressionCodecName codec, Integer level, long size, double compressNanos, double decompressNanos) {
        Bench.Result r = new Bench.Result(new Variant(codec, level, false), "test", 1);
        r.totalCompressed = size;
        r.totalCompressNanos = compressNanos;
        r.totalDecompressNanos = decompressNanos;
        return r;
    }

    @Test
    void recommendationIsTheSmallestWithinTheSpeedLimits() {
        Bench.Result snappy = result(CompressionCodecName.SNAPPY, null, 1000, 100, 100);
        Bench.Result zstd3 = result(CompressionCodecName.ZSTD, 3, 690, 250, 161.29);
        Bench.Result zstd19 = result(CompressionCodecName.ZSTD, 19, 600, 5000, 170); // compresses too slowly
        Bench.Result gzip = result(CompressionCodecName.GZIP, 6, 650, 900, 400); // decompresses too slowly
        Recommendation rec = new Recommendation(List.of(snappy, zstd3, zstd19, gzip), snappy.variant, 1_000_000);
        assertEquals(zstd3, rec.choice);
        assertEquals(zstd19, rec.smallest);
        assertEquals(
                "Recommendation: ZSTD level 3: 31 % smaller than SNAPPY (the files' codec), decompresses at 0.62x its"
                        + " speed, compresses at 0.40x.",
                rec.lines.get(0));

        Recommendation keep = new Recommendation(List.of(snappy, zstd19, gzip), snappy.variant, 1_000_000);
        assertEquals(snappy, keep.choice);
        assertTrue(keep.lines.get(0).startsWith("Recommendation: keep SNAPPY"), keep.lines.get(0));

        List<Bench.Result> front = Recommendation.paretoFront(List.of(snappy, zstd3, zstd19, gzip));
        assertEquals(List.of(snappy, zstd3, zstd19), front, "GZIP is larger and slower to decompress than ZSTD 19");
    }

    @Test
    void durationsAndSizes() {
        assertEquals(200_000_000L, BenchCommand.duration("200ms"));
        assertEquals(10_000_000_000L, BenchCommand.duration("10s"));
        assertEquals(120_000_000_000L, BenchCommand.duration("2m"));
        assertEquals(1_500_000_000L, BenchCommand.duration("1.5"));
        assertEquals(64_000_000L, BenchCommand.bytes("64MB"));
        assertEquals(500L, BenchCommand.bytes("500"));
        assertThrows(CliException.class, () -> BenchCommand.duration("soon"));
        assertThrows(CliException.class, () -> BenchCommand.duration("0s"));
    }

    @Test
    void levelsTakeTheFollowingArguments() {
        Args args = new Args("bench")
                .greedy("--levels", token -> token.matches("[A-Za-z0-9_]+=[-0-9,]+"))
                .flag("--json")
                .parse(List.of("--levels", "ZSTD=1,3,9,19", "GZIP=1,6,9", "BROTLI=1,4,9", "f.parquet", "--json"));
        assertEquals(List.of("ZSTD=1,3,9,19", "GZIP=1,6,9", "BROTLI=1,4,9"), args.all("--levels"));
        assertEquals(List.of("f.parquet"), args.positional());
        assertTrue(args.has("--json"));
        assertNotNull(args.get("--levels"));
    }
}
