package io.github.parquetcodecs.bench;

import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** Stock parquet-java 1.18.1: its Hadoop-backed {@link CodecFactory} and {@code DirectCodecFactory}. */
public final class Stock {
    private Stock() {}

    /** {@code new CodecFactory(new Configuration(), pageSize)}: what ParquetWriter and ParquetReader use by default. */
    public static CompressionCodecFactory heap(int pageSize) {
        return new CodecFactory(new Configuration(), pageSize);
    }

    /** {@code CodecFactory.createDirectCodecFactory(conf, DirectByteBufferAllocator, pageSize)}. */
    public static CompressionCodecFactory direct(int pageSize) {
        return CodecFactory.createDirectCodecFactory(new Configuration(), new DirectByteBufferAllocator(), pageSize);
    }

    /**
     * Read options as stock parquet-java builds them when no codec factory is given: {@code
     * ParquetReadOptions.builder(conf).build()} creates its own {@code CodecFactory} ({@code HadoopCodecs.newFactory(conf,
     * 0)}), whose decompressors come from Hadoop's {@code CodecPool}.
     */
    public static ParquetReadOptions readOptions(ParquetConfiguration conf) {
        return ParquetReadOptions.builder(conf).build();
    }

    private static Map<CompressionCodecName, String> unsupported;

    /**
     * Why stock parquet-java cannot compress or decompress {@code codec} on this classpath, or null when it can. The
     * answer is found by asking a fresh {@link CodecFactory} for a compressor and a decompressor, so the report shows
     * stock's own error, not an assumption (LZO needs GPL hadoop-lzo, BROTLI needs jbrotli: neither is here).
     */
    public static synchronized String unsupportedReason(CompressionCodecName codec) {
        if (unsupported == null) {
            unsupported = new EnumMap<>(CompressionCodecName.class);
            for (CompressionCodecName c : CompressionCodecName.values()) {
                String reason = probe(c);
                if (reason != null) {
                    unsupported.put(c, reason);
                }
            }
        }
        return unsupported.get(codec);
    }

    private static Map<CompressionCodecName, String> directDecompressFailures;

    /**
     * Why stock {@code DirectCodecFactory} cannot decompress {@code codec} pages through {@code decompress(ByteBuffer,
     * int, ByteBuffer, int)}, or null when it can: a page compressed by stock's own {@code CodecFactory} is handed to
     * it. (For LZ4, its IndirectDecompressor passes the Hadoop-framed page to Hadoop's raw block decompressor, which
     * fails on the frame header.)
     */
    public static synchronized String directDecompressFailure(CompressionCodecName codec) {
        if (directDecompressFailures == null) {
            directDecompressFailures = new EnumMap<>(CompressionCodecName.class);
            for (CompressionCodecName c : CompressionCodecName.values()) {
                if (c == CompressionCodecName.UNCOMPRESSED || unsupportedReason(c) != null) {
                    continue;
                }
                String reason = probeDirectDecompress(c);
                if (reason != null) {
                    directDecompressFailures.put(c, reason);
                }
            }
        }
        return directDecompressFailures.get(codec);
    }

    private static String probeDirectDecompress(CompressionCodecName codec) {
        byte[] page = new byte[64 * 1024];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) ((i * 31) ^ (i >>> 7));
        }
        CompressionCodecFactory heap = heap(page.length);
        CompressionCodecFactory direct = direct(page.length);
        try {
            byte[] compressed = heap.getCompressor(codec)
                    .compress(org.apache.parquet.bytes.BytesInput.from(page))
                    .toByteArray();
            java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(compressed.length);
            in.put(compressed).flip();
            java.nio.ByteBuffer out = java.nio.ByteBuffer.allocateDirect(page.length);
            direct.getDecompressor(codec).decompress(in, compressed.length, out, page.length);
            out.flip();
            byte[] back = new byte[out.remaining()];
            out.get(back);
            return java.util.Arrays.equals(page, back) ? null : "decompressed bytes differ from the page";
        } catch (Exception | LinkageError e) {
            return e.toString();
        } finally {
            heap.release();
            direct.release();
        }
    }

    private static String probe(CompressionCodecName codec) {
        CompressionCodecFactory factory = heap(64 * 1024);
        try {
            factory.getCompressor(codec);
            factory.getDecompressor(codec);
            return null;
        } catch (RuntimeException | LinkageError e) {
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            String message = e.getMessage() != null ? e.getMessage() : e.toString();
            return cause == e ? message : message + " (" + cause + ")";
        } finally {
            factory.release();
        }
    }
}
