package io.github.parquetcodecs;

import io.github.parquetcodecs.internal.CodecSettings;
import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.CompressorHandle;
import io.github.parquetcodecs.internal.DecompressorHandle;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A {@link CompressionCodecFactory} for all eight Parquet codecs that calls the codec libraries directly (snappy-java,
 * zstd-jni, aircompressor, brotli4j, {@code java.util.zip}) and never loads a Hadoop class. Pass it to parquet-java with
 * {@code withCodecFactory(...)} on {@code ParquetWriter.Builder} and {@code ParquetReadOptions.Builder}.
 *
 * <p><b>Threads.</b> One factory may be shared by any number of threads. Each thread gets its own compressor and
 * decompressor per codec (and level), with its own native context, so threads never share a context; a handle passed
 * to another thread is still safe, as every handle serialises its own use.
 *
 * <p><b>Release.</b> {@link #release()} frees every native context and scratch buffer of this factory at once, and is
 * idempotent. The factory and the handles it gave out stay usable afterwards and create fresh contexts when used
 * again, because parquet-java's {@code ParquetFileReader} and {@code ParquetWriter} release their factory on close even
 * when other readers still share it. A handle's own {@code release()} ends that handle: any later use of it throws
 * {@link IllegalStateException}.
 */
public final class HadoopFreeCodecFactory implements CompressionCodecFactory {
    /** ZSTD level, stock parquet-java's key; default 3, zstd's full range including negative levels. */
    public static final String ZSTD_LEVEL = "parquet.compression.codec.zstd.level";
    /** ZSTD level, the legacy Hadoop key, read when {@link #ZSTD_LEVEL} is not set. */
    public static final String LEGACY_ZSTD_LEVEL = "io.compression.codec.zstd.level";
    /** ZSTD worker threads per compressor; default 0 (compress on the calling thread). */
    public static final String ZSTD_WORKERS = "parquet.compression.codec.zstd.workers";
    /** GZIP level: a number from -1 to 9 or a Hadoop {@code ZlibCompressor.CompressionLevel} name. */
    public static final String GZIP_LEVEL = "zlib.compress.level";
    /** BROTLI quality, 0 to 11; default 1. */
    public static final String BROTLI_QUALITY = "compression.brotli.quality";
    /** {@code auto} (default), {@code native-only} or {@code pure-java}: see {@link NativeMode}. */
    public static final String NATIVE_MODE = "parquet.codecs.native";

    private static final int NO_LEVEL = Integer.MIN_VALUE;

    private final CodecSettings settings;
    private final ThreadLocal<Map<Long, CompressorHandle>> compressors = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<CompressionCodecName, DecompressorHandle>> decompressors =
            ThreadLocal.withInitial(() -> new EnumMap<>(CompressionCodecName.class));
    /** Every handle given out and not yet collected, so that {@link #release()} reaches them all. */
    private final Set<Object> handles = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** A factory with stock parquet-java's defaults. */
    public HadoopFreeCodecFactory() {
        this(new PlainParquetConfiguration());
    }

    /** A factory that reads levels and settings from {@code conf} (see the key constants of this class). */
    public HadoopFreeCodecFactory(ParquetConfiguration conf) {
        this.settings = new CodecSettings(conf);
    }

    /**
     * A compressor for {@code codec} at its configured level.
     *
     * @throws org.apache.parquet.hadoop.BadConfigurationException if the configured level is invalid
     * @throws UnsupportedOperationException for BROTLI when brotli4j is missing (the message names the coordinates)
     */
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        boolean levelled = CompressionLevels.of(codec).isPresent();
        return compressor(codec, levelled ? settings.configuredLevel(codec) : NO_LEVEL);
    }

    /**
     * A compressor for {@code codec} at {@code level}; codecs without levels ignore it.
     *
     * @throws org.apache.parquet.hadoop.BadConfigurationException if {@code level} is outside the codec's range
     */
    // no @Override: parquet-java 1.14 has no getCompressor(codec, level)
    public BytesInputCompressor getCompressor(CompressionCodecName codec, int level) {
        boolean levelled = CompressionLevels.of(codec).isPresent();
        return compressor(codec, levelled ? CodecSettings.validLevel(codec, level) : NO_LEVEL);
    }

    private BytesInputCompressor compressor(CompressionCodecName codec, int level) {
        Long key = ((long) codec.ordinal() << 32) | (level & 0xffffffffL);
        Map<Long, CompressorHandle> cache = compressors.get();
        CompressorHandle handle = cache.get(key);
        if (handle == null || handle.isReleased()) {
            handle = new CompressorHandle(codec, Codecs.compressors(codec, level, settings));
            cache.put(key, handle);
            handles.add(handle);
        }
        return handle;
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        Map<CompressionCodecName, DecompressorHandle> cache = decompressors.get();
        DecompressorHandle handle = cache.get(codec);
        if (handle == null || handle.isReleased()) {
            handle = new DecompressorHandle(codec, Codecs.decompressors(codec, settings));
            cache.put(codec, handle);
            handles.add(handle);
        }
        return handle;
    }

    /** Which library serves {@code codec} in this factory, for example {@code "zstd-jni (native)"}. */
    public String implementation(CompressionCodecName codec) {
        return Codecs.implementation(codec, settings.nativeMode());
    }

    /** Frees every native context and scratch buffer now; see the class comment. Idempotent. */
    @Override
    public void release() {
        Object[] snapshot;
        synchronized (handles) {
            snapshot = handles.toArray();
        }
        for (Object handle : snapshot) {
            if (handle instanceof CompressorHandle) {
                ((CompressorHandle) handle).freeResources();
            } else if (handle instanceof DecompressorHandle) {
                ((DecompressorHandle) handle).freeResources();
            }
        }
    }
}
