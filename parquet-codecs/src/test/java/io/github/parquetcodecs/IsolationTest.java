package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library never loads a Hadoop class, and falls back to pure Java when snappy-java, zstd-jni or lz4-java cannot
 * load its native library (and, on JDK 25, to those when the native tier cannot load its own). Both run the library in isolation: a class loader that refuses and records every {@code
 * org.apache.hadoop} class, and child JVMs whose native libraries are made unloadable.
 */
class IsolationTest {

    /** Round trips every codec in whatever class loader loads this class; returns the implementations used. */
    public static final class RoundTripAllCodecs implements Callable<String> {
        @Override
        public String call() throws Exception {
            HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(new PlainParquetConfiguration());
            StringBuilder report = new StringBuilder();
            for (CompressionCodecName codec : CompressionCodecName.values()) {
                byte[] page = TestData.page(TestData.Shape.PARQUET, 300_000, codec.ordinal());
                byte[] compressed = factory.getCompressor(codec)
                        .compress(BytesInput.from(page))
                        .toByteArray();
                byte[] decoded = factory.getDecompressor(codec)
                        .decompress(BytesInput.from(compressed), page.length)
                        .toByteArray();
                if (!Arrays.equals(page, decoded)) {
                    throw new AssertionError(codec + " round trip differs");
                }
                report.append(codec)
                        .append('=')
                        .append(factory.implementation(codec))
                        .append('\n');
            }
            factory.release();
            return report.toString();
        }

        public static void main(String[] args) throws Exception {
            System.out.print(new RoundTripAllCodecs().call());
            if (args.length > 0) {
                PlainParquetConfiguration conf = new PlainParquetConfiguration();
                conf.set(HadoopFreeCodecFactory.NATIVE_MODE, args[0]);
                HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory(conf);
                for (CompressionCodecName codec : new CompressionCodecName[] {
                    CompressionCodecName.SNAPPY,
                    CompressionCodecName.ZSTD,
                    CompressionCodecName.LZ4,
                    CompressionCodecName.LZ4_RAW
                }) {
                    try {
                        factory.getCompressor(codec);
                        System.out.println(args[0] + " " + codec + " ok");
                    } catch (IllegalStateException e) {
                        System.out.println(args[0] + " " + codec + " refused: " + e.getMessage());
                    }
                }
            }
        }
    }

    /** Loads every class itself (parent: the platform loader) and refuses Hadoop's, recording the attempt. */
    private static final class NoHadoopClassLoader extends URLClassLoader {
        final List<String> hadoopRequests = new CopyOnWriteArrayList<>();

        NoHadoopClassLoader(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.apache.hadoop.")) {
                hadoopRequests.add(name);
                throw new ClassNotFoundException(name + " (Hadoop is not allowed here)");
            }
            return super.loadClass(name, resolve);
        }
    }

    private static List<String> classPathWithoutHadoop() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Paths.get(entry).getFileName().toString().startsWith("hadoop-"))
                .collect(Collectors.toList());
    }

    @Test
    void usingTheLibraryLoadsNoHadoopClass() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPathWithoutHadoop()) {
            urls.add(Paths.get(entry).toUri().toURL());
        }
        try (NoHadoopClassLoader loader = new NoHadoopClassLoader(urls.toArray(new URL[0]))) {
            Class<?> runner = Class.forName(RoundTripAllCodecs.class.getName(), true, loader);
            assertEquals(loader, runner.getClassLoader());
            @SuppressWarnings("unchecked")
            Callable<String> call =
                    (Callable<String>) runner.getDeclaredConstructor().newInstance();
            String report = call.call();
            if (Runtime.version().feature() >= 25) { // the native tier (NativeTierTest)
                assertTrue(report.contains("GZIP=libdeflate (aircompressor-v3, FFM)\n"), report);
                assertTrue(report.contains("ZSTD=zstd-jni (native)\n"), report);
                assertTrue(report.contains("LZ4_RAW=liblz4 (aircompressor-v3, FFM)\n"), report);
                assertTrue(report.contains("LZ4=liblz4 (aircompressor-v3, FFM), Hadoop block framing"), report);
            } else {
                assertTrue(report.contains("ZSTD=zstd-jni (native)"), report);
                assertTrue(report.contains("LZ4_RAW=lz4-java (native)\n"), report);
                assertTrue(report.contains("LZ4=lz4-java (native), Hadoop block framing"), report);
            }
            assertEquals(List.of(), loader.hadoopRequests, "Hadoop classes requested");
        }
    }

    /**
     * The class path without Hadoop, and with lz4-java replaced by a copy of its jar that lacks the native libraries,
     * as on a platform lz4-java does not build for.
     */
    private static List<String> classPathWithoutNativeLz4(Path dir) throws IOException {
        List<String> entries = new ArrayList<>();
        boolean replaced = false;
        for (String entry : classPathWithoutHadoop()) {
            Path path = Paths.get(entry);
            if (path.getFileName().toString().startsWith("lz4-java")) {
                Path stripped = dir.resolve(path.getFileName());
                try (ZipInputStream in = new ZipInputStream(Files.newInputStream(path));
                        ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(stripped))) {
                    for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                        String name = e.getName();
                        if (name.endsWith(".so") || name.endsWith(".dylib") || name.endsWith(".dll")) {
                            continue;
                        }
                        out.putNextEntry(new ZipEntry(name));
                        in.transferTo(out);
                        out.closeEntry();
                    }
                }
                entries.add(stripped.toString());
                replaced = true;
            } else {
                entries.add(entry);
            }
        }
        assertTrue(replaced, "lz4-java is on the test class path");
        return entries;
    }

    private String runChild(String... extraArgs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPathWithoutNativeLz4(tempDir)));
        command.add("-Dparquet.testing.dir=" + TestData.parquetTestingDir().toAbsolutePath());
        // snappy-java: load only from java.library.path, where it is not; zstd-jni: load from a missing file
        command.add("-Dorg.xerial.snappy.use.systemlib=true");
        command.add("-DZstdNativePath=/nonexistent/libzstd-jni.so");
        // the native tier of JDK 25: aircompressor-v3 refuses to load its native libraries
        command.add("-Dio.airlift.compress.v3.disable-native=true");
        command.add(RoundTripAllCodecs.class.getName());
        command.addAll(Arrays.asList(extraArgs));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), text);
        return text;
    }

    @TempDir
    Path tempDir;

    @Test
    void withoutNativeLibrariesSnappyZstdAndLz4FallBackToPureJavaWithOneWarningEach() throws Exception {
        String output = runChild("native-only");
        assertTrue(output.contains("SNAPPY=aircompressor (pure Java)"), output);
        assertTrue(output.contains("ZSTD=aircompressor (pure Java"), output);
        assertTrue(output.contains("LZ4=aircompressor (pure Java), Hadoop block framing"), output);
        assertTrue(output.contains("LZ4_RAW=aircompressor (pure Java)\n"), output);
        assertTrue(output.contains("GZIP=java.util.zip"), output);
        assertEquals(1, count(output, "Codec - SNAPPY: snappy-java cannot load its native library"), output);
        assertEquals(1, count(output, "Codec - ZSTD: zstd-jni cannot load its native library"), output);
        // one warning for lz4-java, from the first of LZ4 and LZ4_RAW to be used
        assertEquals(
                1,
                count(output, "Codec - LZ4: lz4-java cannot load its native library")
                        + count(output, "Codec - LZ4_RAW: lz4-java cannot load its native library"),
                output);
        assertTrue(output.contains("liblz4-java"), "the warning names lz4-java's reason: " + output);
        // on JDK 25 one more warning, for the native tier, whose codecs fall back to the engines above
        assertEquals(
                Runtime.version().feature() >= 25 ? 1 : 0,
                count(output, "aircompressor-v3 cannot load its native library"),
                output);
        assertTrue(output.contains("native-only SNAPPY refused: SNAPPY: snappy-java cannot load"), output);
        assertTrue(output.contains("native-only ZSTD refused: ZSTD: zstd-jni cannot load"), output);
        assertTrue(output.contains("native-only LZ4 refused: LZ4: lz4-java cannot load"), output);
        assertTrue(output.contains("native-only LZ4_RAW refused: LZ4_RAW: lz4-java cannot load"), output);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
