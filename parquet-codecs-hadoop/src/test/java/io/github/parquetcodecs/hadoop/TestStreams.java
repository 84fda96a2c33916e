package io.github.parquetcodecs.hadoop;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;

/** Data and stream helpers of the framing and hostile-input tests. */
final class TestStreams {
    private TestStreams() {}

    /** Compressible bytes: words from a small vocabulary, with some random noise, reproducible from {@code seed}. */
    static byte[] data(int length, long seed) {
        Random random = new Random(seed);
        String[] words = {"parquet ", "hadoop ", "lzo ", "brotli ", "block ", "chunk ", "page ", "spark "};
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 16);
        while (out.size() < length) {
            if (random.nextInt(10) == 0) {
                out.write(random.nextInt(256));
            } else {
                byte[] word = words[random.nextInt(words.length)].getBytes(StandardCharsets.US_ASCII);
                out.write(word, 0, word.length);
            }
        }
        byte[] bytes = out.toByteArray();
        return java.util.Arrays.copyOf(bytes, length);
    }

    static <C extends CompressionCodec> C codec(C codec) {
        ((org.apache.hadoop.conf.Configurable) codec).setConf(new Configuration());
        return codec;
    }

    /** {@code data} through {@code codec}'s output stream, in one write. */
    static byte[] compress(CompressionCodec codec, byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = codec.createOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    /** Everything {@code codec}'s input stream reads from {@code compressed}. */
    static byte[] decompress(CompressionCodec codec, byte[] compressed) throws IOException {
        try (InputStream in = codec.createInputStream(new ByteArrayInputStream(compressed))) {
            return readAll(in);
        }
    }

    static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
