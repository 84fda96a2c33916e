package io.github.parquetcodecs;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of every decompressor and of compress-then-decompress round trips, with Jazzer; see
 * {@link FuzzHarness} for what an input does and what is checked.
 *
 * <p>In {@code mvn test} each target runs as a regression test over its committed inputs in {@code
 * src/test/resources/io/github/parquetcodecs/CodecFuzzTestInputs/<target>/} (seeds, and every input that ever failed).
 * With {@code JAZZER_FUZZ=1} Jazzer fuzzes one target per JVM: {@code dev/fuzz} runs each per-codec target in turn
 * (a million inputs each by default), and {@code mvn verify} fuzzes {@code allCodecs} for 20 seconds (the {@code
 * fuzz-smoke} execution in the pom). Jazzer instruments
 * Java code for coverage (this library, aircompressor, java.util.zip's Java side); the native decoders of snappy-java,
 * zstd-jni and brotli4j are exercised but not instrumented.
 */
class CodecFuzzTest {

    /** All codecs in one target, for CI's short pass: byte 0 picks the codec. */
    @FuzzTest(maxDuration = "20s")
    void allCodecs(byte[] data) {
        FuzzHarness.runAny(data);
    }

    @FuzzTest(maxDuration = "10m")
    void uncompressed(byte[] data) {
        FuzzHarness.Target.UNCOMPRESSED.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void snappy(byte[] data) {
        FuzzHarness.Target.SNAPPY.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void snappyPureJava(byte[] data) {
        FuzzHarness.Target.SNAPPY_PURE_JAVA.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void gzip(byte[] data) {
        FuzzHarness.Target.GZIP.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void lzo(byte[] data) {
        FuzzHarness.Target.LZO.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void brotli(byte[] data) {
        FuzzHarness.Target.BROTLI.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void lz4(byte[] data) {
        FuzzHarness.Target.LZ4.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void zstd(byte[] data) {
        FuzzHarness.Target.ZSTD.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void zstdPureJava(byte[] data) {
        FuzzHarness.Target.ZSTD_PURE_JAVA.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void lz4Raw(byte[] data) {
        FuzzHarness.Target.LZ4_RAW.run(data);
    }

    // the native tier of JDK 25: libdeflate, liblz4 (LZ4 framed and LZ4_RAW), libzstd; no-ops before JDK 25

    @FuzzTest(maxDuration = "10m")
    void gzipTier(byte[] data) {
        FuzzHarness.Target.GZIP_TIER.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void lz4Tier(byte[] data) {
        FuzzHarness.Target.LZ4_TIER.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void lz4RawTier(byte[] data) {
        FuzzHarness.Target.LZ4_RAW_TIER.run(data);
    }

    @FuzzTest(maxDuration = "10m")
    void zstdTier(byte[] data) {
        FuzzHarness.Target.ZSTD_TIER.run(data);
    }
}
