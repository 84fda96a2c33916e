package io.github.parquetcodecs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;

/** Page contents for codec tests. */
final class TestData {
    private TestData() {}

    enum Shape {
        /** Repetitive text-like bytes. */
        COMPRESSIBLE,
        /** Uniformly random bytes. */
        RANDOM,
        /** Real Parquet pages: the bytes of an uncompressed file from parquet-testing (written by parquet-mr). */
        PARQUET
    }

    private static byte[] parquetBytes;

    /** The parquet-testing data folder, beside the project root. */
    static Path parquetTestingDir() {
        String dir = System.getProperty("parquet.testing.dir");
        Path path = dir != null ? Paths.get(dir) : Paths.get("..", "..", "shared", "parquet-testing");
        if (!Files.isDirectory(path)) {
            throw new IllegalStateException("parquet-testing files not found at " + path.toAbsolutePath()
                    + "; CI and dev/test expect ../shared/parquet-testing beside the project root");
        }
        return path;
    }

    static synchronized byte[] parquetFileBytes() {
        if (parquetBytes == null) {
            try {
                parquetBytes = Files.readAllBytes(parquetTestingDir().resolve("alltypes_tiny_pages.parquet"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return parquetBytes;
    }

    static byte[] page(Shape shape, int size, long seed) {
        byte[] page = new byte[size];
        Random random = new Random(seed);
        switch (shape) {
            case RANDOM:
                random.nextBytes(page);
                break;
            case COMPRESSIBLE:
                String[] words = {"parquet ", "codec ", "page ", "snappy ", "zstd ", "gzip ", "1234 ", "\n"};
                int i = 0;
                while (i < size) {
                    byte[] word = words[random.nextInt(words.length)].getBytes();
                    for (int j = 0; j < word.length && i < size; j++) {
                        page[i++] = word[j];
                    }
                }
                break;
            case PARQUET:
                byte[] file = parquetFileBytes();
                int start = (int) Math.floorMod(seed * 7919, (long) file.length);
                for (int k = 0; k < size; k++) {
                    page[k] = file[(start + k) % file.length];
                }
                break;
            default:
                throw new AssertionError(shape);
        }
        return page;
    }
}
