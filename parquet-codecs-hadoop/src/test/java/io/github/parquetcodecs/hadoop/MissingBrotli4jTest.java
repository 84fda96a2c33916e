package io.github.parquetcodecs.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BrotliCodec;
import org.junit.jupiter.api.Test;

/**
 * Without brotli4j on the class path (a child JVM), BROTLI's compressor, decompressor and streams fail with a message
 * naming brotli4j's Maven coordinates, and LZO works.
 */
class MissingBrotli4jTest {
    /** Run in the child JVM: prints one line per attempt. */
    public static void main(String[] args) throws Exception {
        BrotliCodec codec = new BrotliCodec();
        codec.setConf(new Configuration());
        try {
            codec.createCompressor();
            System.out.println("compressor: created");
        } catch (UnsupportedOperationException e) {
            System.out.println("compressor: " + e.getMessage());
        }
        try {
            codec.createInputStream(new java.io.ByteArrayInputStream(new byte[1]));
            System.out.println("input stream: created");
        } catch (java.io.IOException e) {
            System.out.println("input stream: " + e.getMessage());
        }
        com.hadoop.compression.lzo.LzoCodec lzo = new com.hadoop.compression.lzo.LzoCodec();
        lzo.setConf(new Configuration());
        byte[] data = TestStreams.data(100_000, 1);
        System.out.println("lzo: " + Arrays.equals(data, TestStreams.decompress(lzo, TestStreams.compress(lzo, data))));
    }

    @Test
    void namesItsCoordinates() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("brotli4j"))
                .collect(Collectors.joining(File.pathSeparator));
        Process process = new ProcessBuilder(
                        Paths.get(System.getProperty("java.home"), "bin", "java")
                                .toString(),
                        "-cp",
                        classPath,
                        MissingBrotli4jTest.class.getName())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertFalse(output.contains("created"), output);
        String coordinates = "BROTLI needs brotli4j, an optional dependency of parquet-codecs: add"
                + " com.aayushatharva.brotli4j:brotli4j:";
        assertTrue(output.contains("compressor: " + coordinates), output);
        assertTrue(output.contains("input stream: " + coordinates), output);
        assertTrue(output.contains("com.aayushatharva.brotli4j:native-"), output);
        assertTrue(output.contains("lzo: true"), output);
    }
}
