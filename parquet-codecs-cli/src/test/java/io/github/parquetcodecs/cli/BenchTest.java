package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;
import picocli.CommandLine;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;

/** {@code bench} in short runs: what it measures is checked against the codec libraries called here. */
class BenchTest {
    static final String TIME = "200ms";

    @TempDir
    Path dir;

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
        // few codecs and a budget that times every sampled page, so that the sizes are of all pages
        CliRun run = CliRun.ok(
                "bench",
                file.toString(),
                "--codecs",
                "SNAPPY,ZSTD,GZIP",
                "--levels",
                "ZSTD=3",
                "--time",
                "3s",
                "--bare",
                "--json");
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
        assertEquals(uncompressed, json.get("sampled_bytes").asLong());
        assertEquals(uncompressed, json.get("uncompressed_bytes").asLong());
        assertEquals(uncompressed, json.get("timed_bytes").asLong(), "every sampled page timed");
        assertEquals(uncompressed, json.get("sized_bytes").asLong(), "every sampled page sized");
        assertEquals("LZ4_RAW", json.get("files_codec").asText());
        assertEquals(10_000, json.get("rows").asLong());

        Map<String, JsonNode> results = byLabel(json);
        Set<String> expected = new HashSet<>(List.of("SNAPPY", "LZ4_RAW", "ZSTD 3", "GZIP 6"));
        for (String label : new ArrayList<>(expected)) {
            expected.add(label + " bare");
            expected.add(label + " bare reused");
            expected.add(label + " ByteBuffer");
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
            assertTrue(
                    result.get("compress_mb_s_q1").asDouble()
                            <= result.get("compress_mb_s_q3").asDouble(),
                    label);
            assertTrue(
                    result.get("decompress_mb_s_q1").asDouble()
                            <= result.get("decompress_mb_s_q3").asDouble(),
                    label);
            assertFalse(result.get("does").asText().isEmpty(), label);
            if (!result.get("bare").asBoolean()) {
                // the bare library and the ByteBuffer path make the same bytes as the library
                for (String row : List.of(" bare", " bare reused", " ByteBuffer")) {
                    assertEquals(
                            size,
                            results.get(label + row).get("compressed_bytes").asLong(),
                            label + row);
                }
                assertTrue(result.get("implementation").asText().startsWith("parquet-codecs: "), label);
            }
            assertEquals(1, result.get("columns").size());
            assertEquals(
                    size, result.get("columns").get(0).get("compressed_bytes").asLong());
        }
        assertTrue(json.get("passes").asInt() >= Bench.MIN_PASSES);
        assertTrue(json.get("warmup_chunks").asInt() >= 1);
        double seconds = json.get("seconds").asDouble();
        assertTrue(seconds >= 3 * 0.8 && seconds <= 3 * 1.2, "within 20 % of its budget: " + seconds);
        assertTrue(json.get("gc_ms").asLong() >= 0);
        if (!json.get("recommended").isNull()) {
            assertTrue(results.containsKey(json.get("recommended").asText()));
        }
        // what every row does, and the library against the bare library with a new array per page
        assertEquals(4, json.get("rows_kinds").size(), json.get("rows_kinds").toString());
        assertEquals(
                4,
                json.get("library_vs_bare").size(),
                json.get("library_vs_bare").toString());
        assertEquals(
                Runtime.getRuntime().availableProcessors(),
                json.get("machine").get("cores").asInt());
    }

    /** The same file benched three times gets the same advice, however noisy the machine (it is shared in CI). */
    @Test
    void threeRunsGiveTheSameRecommendation() throws Exception {
        // LZ4_RAW: 10 % smaller than the file's SNAPPY and faster to decompress; a file whose codecs sit on a
        // threshold (lz4_raw_compressed_larger: ZSTD 1 at about 0.5x LZ4_RAW's speed) may rightly get either
        // "no clear winner" or a choice whose spread just clears it
        Path file = CliRun.testing("datapage_v2.snappy.parquet");
        List<String> verdicts = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            JsonNode json = CliRun.ok("bench", file.toString(), "--time", "2s", "--json")
                    .json();
            verdicts.add(
                    json.get("verdict").asText() + " " + json.get("recommended").asText());
        }
        assertEquals(1, new HashSet<>(verdicts).size(), verdicts.toString());
    }

    /**
     * A SNAPPY file like a day of taxi trips, written with parquet-java: ids, timestamps, small ints, fares with two
     * decimals, a nullable int, a dictionary string of 260 zones and a unique 15-character key. Its ZSTD levels are
     * close in size and far apart in speed, and GZIP and BROTLI decompress near the limit: the choice is made by the
     * knee and the limits, not by one codec winning everything.
     */
    static Path writeTaxiLike(Path file, int rows, CompressionCodecName codec, int pageSize) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("message trip { required int64 id;"
                + " required int64 pickup (TIMESTAMP(MICROS,false)); required int64 dropoff (TIMESTAMP(MICROS,false));"
                + " required int32 passengers; required double distance; required double fare; required double tip;"
                + " optional int32 rate_code; required binary zone (STRING); required binary key (STRING); }");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        Random random = new Random(29);
        String[] zones = new String[260];
        for (int z = 0; z < zones.length; z++) {
            zones[z] = "Zone " + z + (z % 3 == 0 ? " North" : z % 3 == 1 ? " Heights" : " Park");
        }
        char[] key = new char[15];
        long start = 1_700_000_000_000_000L;
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(file), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .withPageSize(pageSize)
                .withRowGroupSize(256L * 1024 * 1024)
                .build()) {
            for (int id = 0; id < rows; id++) {
                long pickup = start + id * 28_800L + random.nextInt(1_000_000);
                double distance = Math.round(random.nextDouble() * random.nextDouble() * 2000) / 100.0;
                double fare = Math.round((2.5 + distance * 2.5 + random.nextInt(400) / 100.0) * 100) / 100.0;
                for (int i = 0; i < key.length; i++) {
                    key[i] = (char) ('A' + random.nextInt(26));
                }
                Group trip = groups.newGroup()
                        .append("id", (long) id)
                        .append("pickup", pickup)
                        .append("dropoff", pickup + 60_000_000L + random.nextInt(1_800_000_000))
                        .append("passengers", 1 + (random.nextInt(10) < 7 ? 0 : random.nextInt(5)))
                        .append("distance", distance)
                        .append("fare", fare)
                        .append("tip", random.nextInt(3) == 0 ? 0.0 : Math.round(fare * random.nextInt(30)) / 100.0);
                if (random.nextInt(20) != 0) {
                    trip.append("rate_code", 1 + (random.nextInt(10) < 9 ? 0 : random.nextInt(5)));
                }
                writer.write(trip.append("zone", zones[(int) Math.abs(random.nextGaussian() * 60) % zones.length])
                        .append("key", new String(key)));
            }
        }
        return file;
    }

    /**
     * Three runs on the same file while a busy loop holds one of the machine's cores give the same advice. The file is
     * GZIP-written and taxi-like (20,000 rows, 64 KiB pages, 1 MB of pages): ZSTD 9 is the smallest codec within the
     * limits, 1.2 % smaller than ZSTD 3 and 4-10x slower to compress, so the choice (ZSTD 3) is made by the knee rule,
     * not by size alone; BROTLI 1 decompresses near the 0.5x limit of GZIP. The ZSTD levels are 3 and 9 only: ZSTD 1
     * is 2.5 % to 3.5 % larger than ZSTD 3 on data like this, too near the 2 % margin for a test that must not flip.
     * About 17 s (three runs of 4 s, and the file) at a load average of 7 on 2 cores.
     */
    @Test
    void threeRunsUnderLoadGiveTheSameRecommendation() throws Exception {
        Path file = writeTaxiLike(dir.resolve("taxi.parquet"), 20_000, CompressionCodecName.GZIP, 64 * 1024);
        AtomicBoolean stop = new AtomicBoolean();
        Thread busy = new Thread(
                () -> {
                    long spins = 0;
                    while (!stop.get()) {
                        spins++;
                    }
                    busyLoopSpins = spins;
                },
                "busy-loop");
        busy.setDaemon(true);
        List<String> choices = new ArrayList<>();
        busy.start();
        try {
            for (int run = 0; run < 3; run++) {
                JsonNode json = CliRun.ok(
                                "bench",
                                file.toString(),
                                "--time",
                                "4s",
                                "--codecs",
                                "SNAPPY,LZ4_RAW,ZSTD,BROTLI",
                                "--levels",
                                "ZSTD=3,9",
                                "BROTLI=1",
                                "--json")
                        .json();
                String line = json.get("recommendation").get(0).asText();
                choices.add(json.get("verdict").asText() + " "
                        + json.get("recommended").asText() + "; " + line.substring(0, line.indexOf(':', 16) + 1));
                // not the smallest: ZSTD 9 is smaller, and qualified or borderline, ZSTD 3 is preferred to it
                Map<String, JsonNode> results = byLabel(json);
                assertTrue(
                        results.get("ZSTD 9").get("compressed_bytes").asLong()
                                < results.get("ZSTD 3").get("compressed_bytes").asLong(),
                        line);
                assertTrue(
                        json.get("sized_bytes").asLong()
                                >= json.get("timed_bytes").asLong(),
                        json.toString());
            }
        } finally {
            stop.set(true);
            busy.join(10_000);
        }
        assertEquals(Collections.nCopies(3, "switch ZSTD 3; Recommendation: ZSTD level 3:"), choices);
    }

    /** Where the busy loop leaves its count, so that the loop is not optimised away. */
    static volatile long busyLoopSpins;

    /** --max-bytes bounds the sample, which is spread over the file rather than its first pages. */
    @Test
    void maxBytesIsRespectedAndSpread() throws Exception {
        Path file = CliRun.testing("alltypes_tiny_pages.parquet");
        JsonNode json = CliRun.ok(
                        "bench", file.toString(), "--max-bytes", "50kB", "--codecs", "SNAPPY", "--time", TIME, "--json")
                .json();
        long sampled = json.get("sampled_bytes").asLong();
        assertTrue(sampled <= 50_000 && sampled > 30_000, "sampled " + sampled);
        assertTrue(json.get("pages_sampled").asInt() < json.get("pages").asInt() / 2, json.toString());
        // every column has pages in the sample
        assertEquals(
                Columns.paths(ParquetInput.footer(file)).size(),
                json.get("results").get(0).get("columns").size());
        CliRun none = CliRun.run(
                "bench", CliRun.testing("lz4_raw_compressed_larger.parquet").toString(), "--max-bytes", "100kB");
        assertEquals(2, none.exitCode, none.err);
        assertTrue(none.err.contains("--max-bytes 100.0 kB holds no page: the smallest is 400.0 kB"), none.err);
    }

    @Test
    void textPerColumnWithChosenCodecsAndLevelsAndTheFilesCodecAdded() {
        Path file = CliRun.testing("alltypes_tiny_pages.parquet");
        String out = CliRun.ok(
                        "bench", file.toString(), "--codecs", "zstd,SNAPPY", "--levels", "ZSTD=1,19", "--time", TIME)
                .out;
        assertTrue(out.contains("Files' codecs: UNCOMPRESSED 100 %"), out);
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
        assertTrue(out.contains("\nRunner-up: "), out);
        assertTrue(out.contains("\nBytes: timed "), out);
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
        assertEquals(uncompressed, json.get("sampled_bytes").asLong());
        if (json.get("sized_bytes").asLong() == uncompressed) {
            assertEquals(
                    snappy, byLabel(json).get("SNAPPY").get("compressed_bytes").asLong());
        }
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

    /** Copies pages; can be told to break one byte of what it decompresses, and records the order of samples. */
    static class FakeCoder extends Coder {
        final String name;
        final List<String> calls;
        boolean corrupt;

        FakeCoder(String name, List<String> calls) {
            this.name = name;
            this.calls = calls;
        }

        @Override
        void prepareCompress(byte[][] pages) {
            calls.add(name); // once per variant and chunk, before its timed samples
        }

        @Override
        void compress(byte[][] pages, byte[][] out) {
            for (int i = 0; i < pages.length; i++) {
                out[i] = pages[i].clone();
            }
        }

        @Override
        void decompress(byte[][] compressed, byte[][] originals, Object[] outputs) {
            for (int i = 0; i < compressed.length; i++) {
                outputs[i] = compressed[i].clone();
            }
        }

        @Override
        ByteBuffer decompressOne(byte[][] compressed, int i, int size) {
            byte[] copy = compressed[i].clone();
            if (corrupt && copy.length > 0) {
                copy[copy.length / 2] ^= 1;
            }
            return ByteBuffer.wrap(copy);
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

    /** A {@link FakeCoder} whose compression takes 5 ns a byte (a spin on the clock), so that not all can be timed. */
    static final class SlowCoder extends FakeCoder {
        SlowCoder(String name, List<String> calls) {
            super(name, calls);
        }

        @Override
        void compress(byte[][] pages, byte[][] out) {
            long bytes = 0;
            for (byte[] page : pages) {
                bytes += page.length;
            }
            long until = System.nanoTime() + 5 * bytes;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            super.compress(pages, out);
        }
    }

    /**
     * When not all the sample can be timed, a sizing phase compresses more of it (4 MB at 5 ns a byte for two
     * variants about fit 30 % of 0.3 s, while 12 passes of it do not fit the rest), and the sizes are of those bytes.
     */
    @Test
    void sizesAreOfMoreThanTheBytesTimed() throws IOException {
        PageSample sample = new PageSample();
        PageSample.Column column = new PageSample.Column("c");
        Random random = new Random(7);
        for (int p = 0; p < 64; p++) {
            byte[] page = new byte[64 * 1024];
            random.nextBytes(page);
            column.pages.add(page);
            column.bytes += page.length;
        }
        sample.columns.put("c", column);
        Bench bench = new Bench(sample);
        List<String> calls = new ArrayList<>();
        List<Bench.Result> results = bench.run(
                List.of(
                        new Variant(CompressionCodecName.SNAPPY, null, false),
                        new Variant(CompressionCodecName.LZ4_RAW, null, false)),
                List.of(new SlowCoder("a", calls), new SlowCoder("b", calls)),
                300_000_000L,
                null);
        assertEquals(64L * 64 * 1024, bench.sampledBytes);
        assertTrue(bench.totalBytes <= bench.sampledBytes / 2, "timed " + bench.totalBytes);
        assertTrue(bench.sizedApart);
        // as much as fits 30 % of the budget: all of it on a quiet machine, and at least twice the bytes timed
        assertTrue(
                bench.sizedBytes >= 2 * bench.totalBytes, "sized " + bench.sizedBytes + ", timed " + bench.totalBytes);
        assertEquals(bench.sizedBytes, bench.columns.get(0).sizedBytes);
        for (Bench.Result r : results) {
            assertEquals(bench.sizedBytes, r.sizedCompressed, "the fake codec copies");
            assertEquals(bench.sizedBytes, r.compressedBytes[0]);
            assertEquals(bench.sampledBytes, r.totalCompressed, "all of the sample at the ratio of the bytes sized");
        }
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
    void variantsAreInterleavedChunkByChunk() throws IOException {
        List<String> calls = new ArrayList<>();
        List<Coder> coders = List.of(new FakeCoder("a", calls), new FakeCoder("b", calls), new FakeCoder("c", calls));
        List<Variant> variants = List.of(
                new Variant(CompressionCodecName.SNAPPY, null, false),
                new Variant(CompressionCodecName.LZ4_RAW, null, false),
                new Variant(CompressionCodecName.LZO, null, false));
        Bench bench = smallBench();
        List<Bench.Result> results = bench.run(variants, coders, 20_000_000, null);
        int units = bench.warmupUnits + bench.passes; // one chunk
        // a sizing phase (when only part of the chunk is timed) has each variant compress the chunk once, in order
        int sizing = bench.sizedApart ? 3 : 0;
        assertEquals(units * 3 + sizing, calls.size());
        for (int w = 0; w < bench.warmupUnits; w++) {
            for (int k = 0; k < 3; k++) {
                assertEquals(String.valueOf((char) ('a' + (w + k) % 3)), calls.get(w * 3 + k), "warm-up " + w);
            }
        }
        for (int k = 0; k < sizing; k++) {
            assertEquals(String.valueOf((char) ('a' + k)), calls.get(bench.warmupUnits * 3 + k), "sizing");
        }
        // one chunk: pass p is unit p of the Williams design; for 3 variants its rows are these 6
        int[][] rows = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}, {0, 2, 1}, {1, 0, 2}};
        for (int p = 0; p < bench.passes; p++) {
            for (int k = 0; k < 3; k++) {
                assertEquals(
                        String.valueOf((char) ('a' + rows[p % 6][k])),
                        calls.get((bench.warmupUnits + p) * 3 + sizing + k),
                        "pass " + p + " position " + k);
            }
        }
        assertTrue(bench.passes >= Bench.MIN_PASSES);
        assertEquals(3, results.size());
        // the fake codec copies: its output is as large as what was sized: all pages when a sizing phase ran or
        // all are timed, else the first (the page timed when the plan found that less fits the budget)
        assertTrue(bench.totalBytes == 11 || bench.totalBytes == 8, "bytes timed: " + bench.totalBytes);
        assertEquals(bench.sizedApart || bench.totalBytes == 11 ? 11 : 8, bench.sizedBytes);
        assertEquals(bench.sizedBytes, results.get(0).sizedCompressed);
        assertEquals(11, results.get(0).totalCompressed, "a ratio of 1 over all the sample");
        assertEquals(bench.passes, results.get(0).compressPasses.size());
    }

    /**
     * Over one cycle of the design, every variant runs once in each position per n units, and right after every other
     * variant equally often (once for even n, twice for odd n), so no row always follows the same one.
     */
    @Test
    void theOrderOfVariantsIsBalanced() {
        for (int n = 1; n <= 16; n++) {
            int units = Bench.sequences(n);
            assertEquals(n % 2 == 0 ? n : 2 * n, units);
            int[][] position = new int[n][n];
            int[][] follows = new int[n][n];
            for (int u = 0; u < units; u++) {
                int[] sequence = Bench.sequence(n, u);
                assertArrayEquals(Bench.sequence(n, u + units), sequence, "the design repeats");
                boolean[] seen = new boolean[n];
                for (int k = 0; k < n; k++) {
                    assertFalse(seen[sequence[k]], "n " + n + " unit " + u + ": " + Arrays.toString(sequence));
                    seen[sequence[k]] = true;
                    position[sequence[k]][k]++;
                    if (k > 0) {
                        follows[sequence[k - 1]][sequence[k]]++;
                    }
                }
            }
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    assertEquals(units / n, position[a][b], "n " + n + ": variant " + a + " at position " + b);
                    assertEquals(a == b ? 0 : units / n, follows[a][b], "n " + n + ": " + b + " right after " + a);
                }
            }
        }
    }

    @Test
    void quantiles() {
        assertEquals(2.0, Bench.median(new double[] {3, 1, 2, 99}, 3));
        assertEquals(2.5, Bench.median(new double[] {4, 1, 3, 2}, 4));
        assertEquals(1.75, Bench.quantile(new double[] {1, 2, 3, 4}, 0.25));
        assertEquals(3.25, Bench.quantile(new double[] {1, 2, 3, 4}, 0.75));
    }

    /** A result whose passes took these nanoseconds (one column of 1,000,000 bytes). */
    static Bench.Result result(
            CompressionCodecName codec, Integer level, long size, double[] compressNanos, double[] decompressNanos) {
        Bench.Result r = new Bench.Result(new Variant(codec, level, false), "test", 1);
        r.totalCompressed = size;
        r.compressedBytes[0] = size;
        for (int p = 0; p < compressNanos.length; p++) {
            r.compressPasses.add(new double[] {compressNanos[p]});
            r.decompressPasses.add(new double[] {decompressNanos[p]});
        }
        r.compress = new Bench.Spread[] {Bench.spread(r.compressPasses, 0, 1_000_000)};
        r.decompress = new Bench.Spread[] {Bench.spread(r.decompressPasses, 0, 1_000_000)};
        r.totalCompress = Bench.spread(r.compressPasses, -1, 1_000_000);
        r.totalDecompress = Bench.spread(r.decompressPasses, -1, 1_000_000);
        return r;
    }

    static Bench.Result result(
            CompressionCodecName codec, Integer level, long size, double compressNanos, double decompressNanos) {
        double[] c = new double[9];
        double[] d = new double[9];
        for (int p = 0; p < 9; p++) {
            // a little noise, the same in every variant's passes
            c[p] = compressNanos * (1 + 0.01 * (p % 3));
            d[p] = decompressNanos * (1 + 0.01 * (p % 3));
        }
        return result(codec, level, size, c, d);
    }

    @Test
    void recommendationIsTheSmallestWithinTheSpeedLimits() {
        Bench.Result snappy = result(CompressionCodecName.SNAPPY, null, 1000, 100, 100);
        Bench.Result zstd3 = result(CompressionCodecName.ZSTD, 3, 690, 250, 161.29);
        Bench.Result zstd19 = result(CompressionCodecName.ZSTD, 19, 600, 5000, 170); // compresses too slowly
        Bench.Result gzip = result(CompressionCodecName.GZIP, 6, 650, 900, 400); // decompresses too slowly
        Recommendation rec = new Recommendation(List.of(snappy, zstd3, zstd19, gzip), snappy.variant);
        assertEquals(zstd3, rec.choice);
        assertEquals(Recommendation.Verdict.SWITCH, rec.verdict);
        assertEquals(zstd19, rec.smallest);
        assertEquals(
                "Recommendation: ZSTD level 3: 31 % smaller than SNAPPY (the files' codec), decompresses at 0.62x"
                        + " (0.62x-0.62x) its speed, compresses at 0.40x (0.40x-0.40x).",
                rec.lines.get(0));

        Recommendation keep = new Recommendation(List.of(snappy, zstd19, gzip), snappy.variant);
        assertEquals(snappy, keep.choice);
        assertEquals(Recommendation.Verdict.KEEP, keep.verdict);
        assertTrue(keep.lines.get(0).startsWith("Recommendation: keep SNAPPY"), keep.lines.get(0));

        List<Bench.Result> front = Recommendation.paretoFront(List.of(snappy, zstd3, zstd19, gzip));
        assertEquals(List.of(snappy, zstd3, zstd19), front, "GZIP is larger and slower to decompress than ZSTD 19");
    }

    @Test
    void aSmallGainIsNoReasonToSwitch() {
        Bench.Result zstd3 = result(CompressionCodecName.ZSTD, 3, 1000, 100, 100);
        Bench.Result zstd1 = result(CompressionCodecName.ZSTD, 1, 985, 50, 90); // 1.5 % smaller, faster
        Recommendation rec = new Recommendation(List.of(zstd3, zstd1), zstd3.variant);
        assertEquals(Recommendation.Verdict.KEEP, rec.verdict);
        assertEquals(zstd3, rec.choice);
    }

    @Test
    void aThresholdInsideTheSpreadIsBorderlineAndNeverChosen() {
        // decompresses at 0.45x to 0.55x of SNAPPY's speed, pass by pass: across the 0.5x threshold
        double[] compress = new double[8];
        double[] decompress = new double[8];
        double[] base = new double[8];
        for (int p = 0; p < 8; p++) {
            compress[p] = 200;
            decompress[p] = 100 / (0.45 + 0.1 * p / 7.0);
            base[p] = 100;
        }
        Bench.Result snappyFlat = result(CompressionCodecName.SNAPPY, null, 1000, base, base);
        Bench.Result zstd = result(CompressionCodecName.ZSTD, 9, 600, compress, decompress);
        Recommendation rec = new Recommendation(List.of(snappyFlat, zstd), snappyFlat.variant);
        // the only better candidate is borderline: the safe choice is kept, and the output says why
        assertEquals(Recommendation.Verdict.KEEP, rec.verdict);
        assertEquals(snappyFlat, rec.choice);
        assertEquals(List.of(zstd), rec.borderline);
        assertEquals(null, rec.runnerUp);
        assertEquals("Recommendation: keep SNAPPY: no codec measured is clearly better.", rec.lines.get(0));
        assertEquals("Runner-up: none: no other codec is clearly within the limits.", rec.lines.get(2));
        assertEquals(
                "Borderline: ZSTD level 9: decompresses at 0.50x (0.48x-0.53x) the speed of SNAPPY, at the 0.50x"
                        + " limit; 40 % smaller than SNAPPY (the files' codec). Were it clearly within the limits it"
                        + " would be the choice: SNAPPY is kept, the safe choice (a longer --time or a quieter machine"
                        + " may decide).",
                rec.lines.get(3));

        // the same candidate, clearly above the threshold in every pass: a switch
        for (int p = 0; p < 8; p++) {
            decompress[p] = 100 / (0.6 + 0.01 * p);
        }
        Bench.Result fast = result(CompressionCodecName.ZSTD, 9, 600, compress, decompress);
        Recommendation clear = new Recommendation(List.of(snappyFlat, fast), snappyFlat.variant);
        assertEquals(Recommendation.Verdict.SWITCH, clear.verdict);
        assertEquals(fast, clear.choice);
        assertEquals(List.of(), clear.borderline);
        assertEquals(snappyFlat, clear.runnerUp);
        assertEquals(
                "Runner-up: keep SNAPPY (the files' codec): ZSTD level 9 is 40 % smaller than it.", clear.lines.get(2));
    }

    /** Per-pass nanoseconds: {@code nanos} over each of these speed factors (9 passes: quartiles count). */
    static double[] passes(double nanos, double... factors) {
        double[] out = new double[factors.length];
        for (int p = 0; p < factors.length; p++) {
            out[p] = nanos / factors[p];
        }
        return out;
    }

    static double[] flat(double nanos) {
        return passes(nanos, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    }

    /**
     * Two candidates less than 1 % apart in size and more than 2x apart in speed: the faster one is recommended, and
     * the smaller one is the runner-up, with why it lost. The case: ZSTD 9 0.1 % smaller than ZSTD 3 and 3.7x
     * slower to compress.
     */
    @Test
    void ofTwoAlmostEquallySmallCodecsTheMuchFasterOneIsRecommended() {
        Bench.Result snappy = result(CompressionCodecName.SNAPPY, null, 2_000_000, flat(100), flat(100));
        Bench.Result zstd3 = result(CompressionCodecName.ZSTD, 3, 1_024_251, flat(100 / 0.44), flat(100 / 0.6));
        // compresses at 0.11x-0.13x of SNAPPY (quartiles): at the 0.1x limit, within its band
        Bench.Result zstd9 = result(
                CompressionCodecName.ZSTD,
                9,
                1_023_155,
                passes(100, 0.105, 0.11, 0.11, 0.12, 0.12, 0.12, 0.13, 0.13, 0.135),
                flat(100 / 0.62));
        Recommendation borderline = new Recommendation(List.of(snappy, zstd3, zstd9), snappy.variant);
        assertEquals(zstd3, borderline.choice);
        assertEquals(List.of(zstd9), borderline.borderline);
        assertEquals(snappy, borderline.runnerUp);
        assertEquals(
                "Borderline: ZSTD level 9: compresses at 0.12x (0.11x-0.13x) the speed of SNAPPY, at the 0.10x limit;"
                        + " 0.1 % smaller than ZSTD level 3 (the choice). It would not be the choice even within the"
                        + " limits.",
                borderline.lines.get(3));

        // another run: ZSTD 9's quartiles 0.12x-0.13x, clear of the band: it qualifies, and still loses to ZSTD 3
        Bench.Result zstd9clear = result(
                CompressionCodecName.ZSTD,
                9,
                1_023_155,
                passes(100, 0.115, 0.12, 0.12, 0.125, 0.125, 0.125, 0.13, 0.13, 0.135),
                flat(100 / 0.62));
        Recommendation rec = new Recommendation(List.of(snappy, zstd3, zstd9clear), snappy.variant);
        assertEquals(Recommendation.Verdict.SWITCH, rec.verdict);
        assertEquals(zstd3, rec.choice);
        assertEquals(zstd9clear, rec.runnerUp);
        assertEquals(List.of(), rec.borderline);
        assertTrue(
                rec.lines.get(0).startsWith("Recommendation: ZSTD level 3: 49 % smaller than SNAPPY"),
                rec.lines.get(0));
        assertEquals(
                "Runner-up: ZSTD level 9: 0.1 % smaller than ZSTD level 3 (the choice), but compresses at 0.28x"
                        + " (0.27x-0.30x) and decompresses at 1.03x (1.03x-1.03x) the speed of ZSTD level 3: ZSTD"
                        + " level 3 is at most 2 % larger and clearly faster, so it is preferred.",
                rec.lines.get(2));

        // < 1 % apart in size, > 2x apart in speed, either way round and in either direction: the faster one
        for (boolean decompression : new boolean[] {false, true}) {
            // compression: 0.2x and 0.67x SNAPPY's speed; decompression: 0.91x and 2x
            Bench.Result slow = result(
                    CompressionCodecName.BROTLI,
                    4,
                    1_000_000,
                    decompression ? flat(150) : flat(500),
                    decompression ? flat(110) : flat(150));
            Bench.Result fast =
                    result(CompressionCodecName.ZSTD, 3, 1_009_000, flat(150), decompression ? flat(50) : flat(150));
            for (List<Bench.Result> order : List.of(List.of(snappy, slow, fast), List.of(fast, slow, snappy))) {
                Recommendation knee = new Recommendation(order, snappy.variant);
                assertEquals(fast, knee.choice, "decompression " + decompression);
                assertEquals(slow, knee.runnerUp, "decompression " + decompression);
                assertTrue(Recommendation.preferred(fast, slow));
                assertFalse(Recommendation.preferred(slow, fast));
            }
            // 3 % apart: size decides
            Bench.Result larger =
                    result(CompressionCodecName.ZSTD, 3, 1_030_000, flat(150), decompression ? flat(50) : flat(150));
            Recommendation bySize = new Recommendation(List.of(snappy, slow, larger), snappy.variant);
            assertEquals(slow, bySize.choice, "decompression " + decompression);
            assertEquals(larger, bySize.runnerUp);
            assertTrue(bySize.lines.get(2).endsWith(": more than 2 % larger."), bySize.lines.get(2));
        }

        // only 1.2x faster (not clearly): the smaller one
        Bench.Result a = result(CompressionCodecName.ZSTD, 4, 1_000_000, flat(180), flat(110));
        Bench.Result b = result(CompressionCodecName.ZSTD, 3, 1_005_000, flat(150), flat(110));
        assertEquals(a, new Recommendation(List.of(snappy, a, b), snappy.variant).choice);
        // 2x faster to compress but clearly slower to decompress (0.7x): no preference, the smaller one
        Bench.Result c = result(CompressionCodecName.LZ4_RAW, null, 1_005_000, flat(90), flat(110 / 0.7));
        assertFalse(Recommendation.preferred(c, a));
        assertEquals(a, new Recommendation(List.of(snappy, a, c), snappy.variant).choice);
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
        Commands.Bench bench = new Commands.Bench(new Commands.Streams(System.out, System.err));
        new CommandLine(bench)
                .parseArgs("--levels", "ZSTD=1,3,9,19", "GZIP=1,6,9", "BROTLI=1,4,9", "f.parquet", "--json");
        assertEquals(List.of("ZSTD=1,3,9,19", "GZIP=1,6,9", "BROTLI=1,4,9"), bench.levels);
        assertEquals(List.of("f.parquet"), bench.files);
        assertTrue(bench.json);
        assertNotNull(bench.time);
    }
}
