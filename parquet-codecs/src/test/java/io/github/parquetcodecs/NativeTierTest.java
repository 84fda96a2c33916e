package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.NativeMode;
import io.github.parquetcodecs.internal.PageDecompressor;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native tier of JDK 25 (libdeflate, liblz4, libzstd through aircompressor-v3 and the FFM API): chosen by default
 * on JDK 25, forced by {@code ffm-only}, forbidden by {@code no-ffm}, interchangeable with the engines it replaces, and
 * absent on older JDKs, where nothing changes. {@code dev/test} runs this on JDK 17 and on JDK 25.
 */
class NativeTierTest {
    private static final boolean JDK25 = Runtime.version().feature() >= 25;
    private static final CompressionCodecName[] TIER_CODECS = {
        CompressionCodecName.GZIP, CompressionCodecName.LZ4, CompressionCodecName.LZ4_RAW, CompressionCodecName.ZSTD
    };

    private static HadoopFreeCodecFactory factory(String mode, String... settings) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        if (mode != null) {
            conf.set(HadoopFreeCodecFactory.NATIVE_MODE, mode);
        }
        for (int i = 0; i < settings.length; i += 2) {
            conf.set(settings[i], settings[i + 1]);
        }
        return new HadoopFreeCodecFactory(conf);
    }

    private static String tierName(CompressionCodecName codec) {
        switch (codec) {
            case GZIP:
                return "libdeflate (aircompressor-v3, FFM)";
            case LZ4:
                return "liblz4 (aircompressor-v3, FFM), Hadoop block framing";
            case LZ4_RAW:
                return "liblz4 (aircompressor-v3, FFM)";
            case ZSTD:
                return "libzstd (aircompressor-v3, FFM)";
            default:
                throw new IllegalArgumentException(codec.name());
        }
    }

    /**
     * What {@code auto} picks on JDK 25: the tier, except for ZSTD, where zstd-jni stays first (the same libzstd, no
     * slower) and the tier serves when zstd-jni cannot load.
     */
    private static String autoName(CompressionCodecName codec) {
        return codec == CompressionCodecName.ZSTD ? "zstd-jni (native)" : tierName(codec);
    }

    @Test
    void theTierServesGzipLz4AndZstdOnJdk25AndIsAbsentBefore() {
        HadoopFreeCodecFactory auto = factory(null);
        HadoopFreeCodecFactory noFfm = factory("no-ffm");
        HadoopFreeCodecFactory ffmOnly = factory("ffm-only");
        for (CompressionCodecName codec : TIER_CODECS) {
            if (JDK25) {
                assertEquals(autoName(codec), auto.implementation(codec));
                assertEquals(tierName(codec), ffmOnly.implementation(codec));
                assertFalse(noFfm.implementation(codec).contains("FFM"), noFfm.implementation(codec));
            } else {
                assertEquals(noFfm.implementation(codec), auto.implementation(codec));
                assertTrue(ffmOnly.implementation(codec).startsWith("unavailable: " + codec + ": "), codec.name());
                assertTrue(ffmOnly.implementation(codec).contains("needs Java 25"), ffmOnly.implementation(codec));
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> ffmOnly.getCompressor(codec));
                assertTrue(e.getMessage().contains("ffm-only"), e.getMessage());
            }
        }
        // the codecs without a tier engine are the same under every mode that allows native code
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            if (!Arrays.asList(TIER_CODECS).contains(codec)) {
                assertEquals(noFfm.implementation(codec), auto.implementation(codec));
                assertEquals(noFfm.implementation(codec), ffmOnly.implementation(codec));
            }
        }
        // NativeMode applied to the descriptors directly, as the upstream patch and the benchmarks use them
        for (CompressionCodecName codec : TIER_CODECS) {
            assertEquals(
                    JDK25 ? autoName(codec) : noFfm.implementation(codec),
                    Codecs.of(codec).implementation(NativeMode.AUTO));
            assertEquals(
                    JDK25 ? tierName(codec) : ffmOnly.implementation(codec),
                    Codecs.of(codec).implementation(NativeMode.FFM_ONLY));
            assertFalse(Codecs.of(codec).implementation(NativeMode.PURE_JAVA).contains("FFM"));
        }
    }

    /** Pages written by the tier are read by the engines it replaces and the other way round, in every buffer kind. */
    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"GZIP", "LZ4", "LZ4_RAW", "ZSTD"})
    void tierAndOtherEnginesReadEachOthersPages(CompressionCodecName codec) throws IOException {
        HadoopFreeCodecFactory tier = JDK25 ? factory("ffm-only") : factory(null);
        HadoopFreeCodecFactory other = factory("no-ffm");
        HadoopFreeCodecFactory pureJava = factory("pure-java");
        for (int size : new int[] {0, 1, 8 * 1024, 300_000, 1 << 20}) {
            for (TestData.Shape shape : TestData.Shape.values()) {
                byte[] page = TestData.page(shape, size, size * 7L + shape.ordinal());
                for (HadoopFreeCodecFactory writer : List.of(tier, other, pureJava)) {
                    byte[] compressed = writer.getCompressor(codec)
                            .compress(BytesInput.from(page))
                            .toByteArray();
                    for (HadoopFreeCodecFactory reader : List.of(tier, other, pureJava)) {
                        for (CodecSweep.Kind kind : CodecSweep.Kind.values()) {
                            assertArrayEquals(
                                    page,
                                    decodeGuarded(reader.getDecompressor(codec), compressed, size, kind),
                                    codec + " " + size + " " + shape + " " + kind);
                        }
                    }
                }
            }
        }
    }

    /** Decodes through the ByteBuffer call with guard bytes around both slices, which must stay as they were. */
    private static byte[] decodeGuarded(
            BytesInputDecompressor decompressor, byte[] compressed, int size, CodecSweep.Kind kind) throws IOException {
        boolean directIn = kind == CodecSweep.Kind.DIRECT_DIRECT || kind == CodecSweep.Kind.DIRECT_HEAP;
        boolean directOut = kind == CodecSweep.Kind.DIRECT_DIRECT || kind == CodecSweep.Kind.HEAP_DIRECT;
        ByteBuffer input = CodecSweep.guarded(compressed, directIn, 3);
        if (kind == CodecSweep.Kind.READONLY_HEAP_HEAP) {
            input = input.asReadOnlyBuffer();
        }
        ByteBuffer output = CodecSweep.guarded(new byte[size], directOut, 5);
        int inPos = input.position();
        int outPos = output.position();
        decompressor.decompress(input, compressed.length, output, size);
        assertEquals(inPos + compressed.length, input.position());
        assertEquals(outPos + size, output.position());
        CodecSweep.assertGuards(output, outPos, size);
        byte[] decoded = new byte[size];
        ByteBuffer view = output.duplicate();
        view.position(outPos);
        view.get(decoded);
        return decoded;
    }

    private static byte[] jdkGzip(byte[] data, String name) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        byte[] member = bytes.toByteArray();
        if (name != null) { // set FNAME: the JDK writes no optional fields
            ByteArrayOutputStream named = new ByteArrayOutputStream();
            named.write(member, 0, 3);
            named.write(member[3] | 0x08);
            named.write(member, 4, 6);
            named.writeBytes(name.getBytes(StandardCharsets.ISO_8859_1));
            named.write(0);
            named.write(member, 10, member.length - 10);
            member = named.toByteArray();
        }
        return member;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    @Test
    void gzipReadsEveryMemberAndChecksEachTrailer() throws IOException {
        byte[] a = TestData.page(TestData.Shape.PARQUET, 70_000, 1);
        byte[] b = TestData.page(TestData.Shape.COMPRESSIBLE, 50_000, 2);
        byte[] c = new byte[0];
        byte[] d = TestData.page(TestData.Shape.RANDOM, 3_000, 3);
        byte[] ours = factory(null)
                .getCompressor(CompressionCodecName.GZIP)
                .compress(BytesInput.from(d))
                .toByteArray();
        byte[] page = concat(jdkGzip(a, "a.bin"), jdkGzip(b, null), jdkGzip(c, "empty"), ours);
        byte[] expected = concat(a, b, c, d);
        for (HadoopFreeCodecFactory factory : List.of(factory(null), factory("no-ffm"))) {
            for (CodecSweep.Kind kind : CodecSweep.Kind.values()) {
                assertArrayEquals(
                        expected,
                        decodeGuarded(factory.getDecompressor(CompressionCodecName.GZIP), page, expected.length, kind));
            }
        }

        // the second member's CRC32, then its ISIZE; then the page cut inside the last member's trailer
        int secondTrailer = jdkGzip(a, "a.bin").length + jdkGzip(b, null).length - 8;
        byte[] badCrc = page.clone();
        badCrc[secondTrailer] ^= 1;
        assertRefused(badCrc, expected.length, "CRC32 mismatch in member 2");
        byte[] badSize = page.clone();
        badSize[secondTrailer + 4] ^= 1;
        assertRefused(badSize, expected.length, "ISIZE mismatch in member 2");
        assertRefused(
                Arrays.copyOf(page, page.length - 3), expected.length, "member 4 ends without its 8-byte trailer");
        // cut inside the deflate data of the first member
        byte[] cut = Arrays.copyOf(jdkGzip(a, null), 2_000);
        assertRefused(cut, a.length, "member 1 is truncated");
        // a page that holds more than it declares
        assertRefused(page, expected.length - 1, "member 4 holds more bytes");
        // a corrupt block type in the second member's deflate data
        byte[] corrupt = page.clone();
        corrupt[jdkGzip(a, "a.bin").length + 10] = (byte) 0xff;
        assertRefused(corrupt, expected.length, "corrupt deflate data in member 2");
    }

    /**
     * Every path refuses the page with an IOException naming GZIP; the engines themselves (past the factory's size
     * check) refuse it saying {@code expected}, the tier with the very message of the JDK zlib engine.
     */
    private static void assertRefused(byte[] page, int declared, String expected) throws IOException {
        for (HadoopFreeCodecFactory factory : List.of(factory(null), factory("no-ffm"))) {
            IOException e = assertThrows(IOException.class, () -> factory.getDecompressor(CompressionCodecName.GZIP)
                    .decompress(BytesInput.from(page), declared)
                    .toByteArray());
            assertTrue(e.getMessage().startsWith("GZIP:"), e.getMessage());
            for (CodecSweep.Kind kind : CodecSweep.Kind.values()) {
                assertThrows(
                        IOException.class,
                        () -> decodeGuarded(factory.getDecompressor(CompressionCodecName.GZIP), page, declared, kind));
            }
        }
        List<String> messages = new ArrayList<>();
        for (NativeMode mode : List.of(NativeMode.AUTO, NativeMode.NO_FFM)) {
            try (PageDecompressor engine =
                    Codecs.of(CompressionCodecName.GZIP).engine(mode).decompressor()) {
                for (boolean direct : new boolean[] {false, true}) {
                    ByteBuffer out = direct ? ByteBuffer.allocateDirect(declared) : ByteBuffer.allocate(declared);
                    IOException e = assertThrows(
                            IOException.class,
                            () -> engine.decompress(ByteBuffer.wrap(page), 0, page.length, out, 0, declared));
                    assertTrue(e.getMessage().contains(expected), mode + ": " + e.getMessage());
                    messages.add(e.getMessage());
                }
            }
        }
        assertEquals(messages.get(2), messages.get(0));
    }

    /**
     * libdeflate stores short inputs (under 64 bytes at level 1, 32 at level 6, 24 at level 9) instead of deflating
     * them, up to a third larger than zlib's output; the tier gives pages under 64 bytes to zlib, so they are zlib's
     * bytes exactly, and longer pages are libdeflate's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-1", "1", "6", "9"})
    void gzipPagesUnder64BytesAreZlibsBytes(String level) throws IOException {
        HadoopFreeCodecFactory tier = factory(null, "zlib.compress.level", level);
        HadoopFreeCodecFactory zlib = factory("no-ffm", "zlib.compress.level", level);
        byte[] data = TestData.page(TestData.Shape.PARQUET, 1 << 16, 11);
        for (int size : new int[] {0, 1, 2, 7, 16, 24, 31, 32, 39, 48, 63, 64, 65, 100, 1024}) {
            for (int offset = 0; offset < 40 * 1024; offset += 4 * 1024 + 13) {
                byte[] page = Arrays.copyOfRange(data, offset, offset + size);
                byte[] byTier = gzip(tier, page);
                byte[] byZlib = gzip(zlib, page);
                if (size < 64) {
                    assertArrayEquals(byZlib, byTier, level + ": " + size + "-byte page at " + offset);
                } else if (size == 1024 && JDK25) { // libdeflate's deflate stream differs from zlib's
                    assertFalse(Arrays.equals(byZlib, byTier), level + ": a 1 KiB page should be libdeflate's");
                }
                assertArrayEquals(
                        page,
                        zlib.getDecompressor(CompressionCodecName.GZIP)
                                .decompress(BytesInput.from(byTier), size)
                                .toByteArray());
            }
        }
    }

    private static byte[] gzip(HadoopFreeCodecFactory factory, byte[] page) throws IOException {
        return factory.getCompressor(CompressionCodecName.GZIP)
                .compress(BytesInput.from(page))
                .toByteArray();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"-1", "0", "1", "2", "5", "6", "9", "BEST_SPEED", "DEFAULT_COMPRESSION", "BEST_COMPRESSION"})
    void gzipLevelsRoundTripAndCompressLikeZlib(String level) throws IOException {
        byte[] page = TestData.page(TestData.Shape.PARQUET, 1 << 20, 5);
        HadoopFreeCodecFactory tier = factory(null, "zlib.compress.level", level);
        HadoopFreeCodecFactory zlib = factory("no-ffm", "zlib.compress.level", level);
        byte[] byTier = tier.getCompressor(CompressionCodecName.GZIP)
                .compress(BytesInput.from(page))
                .toByteArray();
        byte[] byZlib = zlib.getCompressor(CompressionCodecName.GZIP)
                .compress(BytesInput.from(page))
                .toByteArray();
        assertArrayEquals(
                page,
                zlib.getDecompressor(CompressionCodecName.GZIP)
                        .decompress(BytesInput.from(byTier), page.length)
                        .toByteArray());
        assertArrayEquals(
                page,
                tier.getDecompressor(CompressionCodecName.GZIP)
                        .decompress(BytesInput.from(byZlib), page.length)
                        .toByteArray());
        if (level.equals("0")) {
            assertTrue(byTier.length >= page.length, "level 0 stores: " + byTier.length);
        } else {
            // libdeflate's output is near zlib's at the same level (docs/native-tier.md: the level mapping)
            double ratio = (double) byTier.length / byZlib.length;
            assertTrue(ratio < 1.10, level + ": libdeflate " + byTier.length + " bytes, zlib " + byZlib.length);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {-131072, -50, -1, 1, 3, 9, 19, 22})
    void zstdLevelsAndWorkersRoundTrip(int level) throws IOException {
        byte[] page = TestData.page(TestData.Shape.PARQUET, 1 << 20, level);
        for (String workers : new String[] {"0", "2"}) {
            HadoopFreeCodecFactory factory = factory(
                    JDK25 ? "ffm-only" : null,
                    "parquet.compression.codec.zstd.level",
                    String.valueOf(level),
                    "parquet.compression.codec.zstd.workers",
                    workers);
            byte[] compressed = factory.getCompressor(CompressionCodecName.ZSTD)
                    .compress(BytesInput.from(page))
                    .toByteArray();
            for (HadoopFreeCodecFactory reader : List.of(factory, factory("no-ffm"), factory("pure-java"))) {
                assertArrayEquals(
                        page,
                        reader.getDecompressor(CompressionCodecName.ZSTD)
                                .decompress(BytesInput.from(compressed), page.length)
                                .toByteArray(),
                        level + " workers " + workers);
            }
        }
    }

    /** The tier writes the same ZSTD frames as zstd-jni at the same level: both are libzstd. */
    @ParameterizedTest
    @ValueSource(ints = {-5, 1, 3, 9})
    void zstdFramesAreZstdJnis(int level) throws IOException {
        byte[] page = TestData.page(TestData.Shape.PARQUET, 300_000, 9);
        String key = "parquet.compression.codec.zstd.level";
        byte[] byDefault = factory(JDK25 ? "ffm-only" : null, key, String.valueOf(level))
                .getCompressor(CompressionCodecName.ZSTD)
                .compress(BytesInput.from(page))
                .toByteArray();
        byte[] byZstdJni = factory("no-ffm", key, String.valueOf(level))
                .getCompressor(CompressionCodecName.ZSTD)
                .compress(BytesInput.from(page))
                .toByteArray();
        assertArrayEquals(byZstdJni, byDefault, "same level, same libzstd, same frame");
    }

    /** Runs {@link TierReport} in a child JVM with {@code jvmArgs}; returns what it printed. */
    private static String runChild(List<String> jvmArgs, String mode) throws IOException, InterruptedException {
        return runChild(jvmArgs, mode, System.getProperty("java.class.path"));
    }

    private static String runChild(List<String> jvmArgs, String mode, String classPath)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath);
        command.add(TierReport.class.getName());
        command.add(mode);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), text);
        return text;
    }

    /** Prints each tier codec's implementation under a mode, and whether a compressor can be had. */
    public static final class TierReport {
        public static void main(String[] args) throws IOException {
            HadoopFreeCodecFactory factory = factory(args[0]);
            for (CompressionCodecName codec : TIER_CODECS) {
                String outcome;
                try {
                    byte[] page = TestData.page(TestData.Shape.COMPRESSIBLE, 10_000, 1);
                    byte[] compressed = factory.getCompressor(codec)
                            .compress(BytesInput.from(page))
                            .toByteArray();
                    byte[] decoded = factory.getDecompressor(codec)
                            .decompress(BytesInput.from(compressed), page.length)
                            .toByteArray();
                    outcome = Arrays.equals(page, decoded) ? "ok" : "differs";
                } catch (IllegalStateException e) {
                    outcome = "refused: " + e.getMessage();
                }
                System.out.println(codec + "=" + factory.implementation(codec) + " | " + outcome);
            }
        }
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** The tier's natives cannot load: auto warns once and uses the engines of JDK 17; ffm-only refuses. */
    @Test
    void whenTheTierCannotLoadAutoWarnsOnceAndFallsBack() throws Exception {
        List<String> args =
                List.of("-Dio.airlift.compress.v3.disable-native=true", "--enable-native-access=ALL-UNNAMED");
        if (!JDK25) {
            args = List.of();
        }
        String auto = runChild(args, "auto");
        assertTrue(auto.contains("GZIP=java.util.zip (JDK zlib) | ok"), auto);
        assertTrue(auto.contains("ZSTD=zstd-jni (native) | ok"), auto);
        assertTrue(auto.contains("LZ4_RAW=lz4-java (native) | ok"), auto);
        assertTrue(auto.contains("LZ4=lz4-java (native), Hadoop block framing | ok"), auto);
        if (JDK25) {
            assertEquals(1, count(auto, "aircompressor-v3 cannot load its native library"), auto);
            assertTrue(auto.contains("Native library loading is disabled"), auto);
        } else {
            assertEquals(0, count(auto, "aircompressor-v3"), auto);
        }
        String forced = runChild(args, "ffm-only");
        for (CompressionCodecName codec : TIER_CODECS) {
            assertTrue(forced.contains(codec + "=unavailable: " + codec + ": "), forced);
            assertTrue(forced.contains("| refused: " + codec + ": "), forced);
        }
    }

    /** {@code --illegal-native-access=deny} without {@code --enable-native-access}: no native code, one tier warning. */
    @Test
    void whenNativeAccessIsDeniedAutoWarnsOnceAndFallsBack() throws Exception {
        if (!JDK25) {
            return; // the option exists from JDK 24; before 25 there is no tier to deny
        }
        String auto = runChild(List.of("--illegal-native-access=deny"), "auto");
        assertTrue(auto.contains("GZIP=java.util.zip (JDK zlib) | ok"), auto);
        assertTrue(auto.contains("ZSTD=aircompressor (pure Java"), auto);
        assertTrue(auto.contains("LZ4_RAW=aircompressor (pure Java) | ok"), auto);
        assertEquals(1, count(auto, "aircompressor-v3 cannot load its native library"), auto);
        assertTrue(auto.contains("IllegalCallerException") || auto.contains("native access"), auto);
    }

    /** zstd-jni cannot load: on JDK 25 the tier's libzstd serves ZSTD, under auto and native-only alike. */
    @Test
    void whenZstdJniCannotLoadTheTierServesZstd() throws Exception {
        List<String> args = new ArrayList<>(List.of("-DZstdNativePath=/nonexistent/libzstd-jni.so"));
        if (JDK25) {
            args.add("--enable-native-access=ALL-UNNAMED");
        }
        for (String mode : List.of("auto", "native-only")) {
            String output = runChild(args, mode);
            assertTrue(
                    output.contains(
                            JDK25
                                    ? "ZSTD=libzstd (aircompressor-v3, FFM) | ok"
                                    : mode.equals("auto")
                                            ? "ZSTD=aircompressor (pure Java"
                                            : "ZSTD=unavailable: ZSTD: zstd-jni cannot load"),
                    output);
            assertEquals(
                    JDK25 || mode.equals("auto") ? 1 : 0,
                    count(output, "Codec - ZSTD: zstd-jni cannot load its native library"),
                    output);
        }
    }

    /** Without aircompressor-v3 on JDK 25, the factory names it; before JDK 25 nothing is said. */
    @Test
    void withoutAircompressorV3TheTierIsAbsentAndNamed() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Paths.get(entry).getFileName().toString().startsWith("aircompressor-v3"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> args = JDK25 ? List.of("--enable-native-access=ALL-UNNAMED") : List.of();
        String auto = runChild(args, "auto", classPath);
        String hint = JDK25 ? "; add io.airlift:aircompressor-v3:3.14 for the native tier" : "";
        assertTrue(auto.contains("GZIP=java.util.zip (JDK zlib" + hint + ") | ok"), auto);
        assertTrue(auto.contains("ZSTD=zstd-jni (native) | ok"), auto); // the tier comes after zstd-jni
        assertTrue(auto.contains("LZ4_RAW=lz4-java (native" + hint + ") | ok"), auto);
        assertEquals(0, count(auto, "cannot load"), auto);
        String forced = runChild(args, "ffm-only", classPath);
        assertTrue(
                forced.contains(JDK25 ? "aircompressor-v3 is not on the class path" : "needs Java 25 or later"),
                forced);
        assertEquals(TIER_CODECS.length, count(forced, "| refused: "), forced);
    }

    @Test
    void theTierRunsWhereTheBuildSaysItShould() {
        // dev/test's JDK 25 step must exercise the tier: its classes are on the JDK 25 test class path
        String classPath = System.getProperty("java.class.path");
        if (JDK25) {
            assertTrue(
                    Arrays.stream(classPath.split(File.pathSeparator))
                            .anyMatch(entry -> entry.replace('\\', '/').endsWith("META-INF/versions/25")),
                    classPath);
        }
    }
}
