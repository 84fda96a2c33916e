package io.github.parquetcodecs;

import io.github.parquetcodecs.internal.CodecSettings;
import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.CompressorHandle;
import io.github.parquetcodecs.internal.DecompressorHandle;
import io.github.parquetcodecs.internal.Handle;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    public static final String ZSTD_LEVEL = CodecSettings.ZSTD_LEVEL;
    /** ZSTD level, the legacy Hadoop key, read when {@link #ZSTD_LEVEL} is not set. */
    public static final String LEGACY_ZSTD_LEVEL = CodecSettings.LEGACY_ZSTD_LEVEL;
    /** ZSTD worker threads per compressor; default 0 (compress on the calling thread). */
    public static final String ZSTD_WORKERS = CodecSettings.ZSTD_WORKERS;
    /** GZIP level: a number from -1 to 9 or a Hadoop {@code ZlibCompressor.CompressionLevel} name. */
    public static final String GZIP_LEVEL = CodecSettings.GZIP_LEVEL;
    /** BROTLI quality, 0 to 11; default 1. */
    public static final String BROTLI_QUALITY = CodecSettings.BROTLI_QUALITY;
    /** {@code auto} (default), {@code native-only} or {@code pure-java}: see {@link NativeMode}. */
    public static final String NATIVE_MODE = CodecSettings.NATIVE_MODE;
    /**
     * The largest decompressed page size, in bytes, that a decompressor accepts; a page that declares more is refused
     * with an {@link java.io.IOException} before any memory is allocated for it. Default {@link
     * #DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE}, the largest page stock parquet-java 1.18.1 can read. Lower it when reading
     * untrusted files: parquet-java writes pages of about 1 MiB ({@code parquet.page.size}) by default.
     */
    public static final String MAX_DECOMPRESSED_PAGE_SIZE = CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE;
    /**
     * Default of {@link #MAX_DECOMPRESSED_PAGE_SIZE}: {@code Integer.MAX_VALUE - 8}, the JDK's largest safe array
     * length. Stock parquet-java 1.18.1 has no page size limit of its own: it allocates a {@code byte[]} of the page
     * header's {@code uncompressed_page_size}, an {@code int}, so this is the largest page it can read. ({@code
     * parquet.read.allocation.size}, 8 MiB, only splits the buffers that hold compressed column chunks.)
     */
    public static final int DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE = CodecSettings.DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE;

    private static final int NO_LEVEL = Integer.MIN_VALUE;

    private final CodecSettings settings;
    /**
     * Each thread's handles, per codec and level. Weak keys: the handles of a thread that has ended are dropped with it,
     * and a {@code Cleaner} frees their native contexts. Kept here rather than in a {@code ThreadLocal}, so that a
     * factory dropped without {@link #release()} takes its handles with it instead of leaving them in threads' maps.
     */
    private final Map<Thread, ThreadHandles> handlesByThread = new WeakHashMap<>();

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
        synchronized (handlesByThread) {
            Map<Long, CompressorHandle> cache = threadHandles().compressors;
            CompressorHandle handle = cache.get(key);
            if (handle == null || handle.isReleased()) {
                handle = new CompressorHandle(codec, Codecs.compressors(codec, level, settings));
                cache.put(key, handle);
            }
            return handle;
        }
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        synchronized (handlesByThread) {
            Map<CompressionCodecName, DecompressorHandle> cache = threadHandles().decompressors;
            DecompressorHandle handle = cache.get(codec);
            if (handle == null || handle.isReleased()) {
                handle = new DecompressorHandle(
                        codec, Codecs.decompressors(codec, settings), settings.maxDecompressedPageSize());
                cache.put(codec, handle);
            }
            return handle;
        }
    }

    /** The calling thread's handles; call while holding the {@code handlesByThread} lock. */
    private ThreadHandles threadHandles() {
        return handlesByThread.computeIfAbsent(Thread.currentThread(), thread -> new ThreadHandles());
    }

    /** Which library serves {@code codec} in this factory, for example {@code "zstd-jni (native)"}. */
    public String implementation(CompressionCodecName codec) {
        return Codecs.implementation(codec, settings.nativeMode());
    }

    /** Frees every native context and scratch buffer now; see the class comment. Idempotent. */
    @Override
    public void release() {
        List<Handle<?>> snapshot = new ArrayList<>();
        synchronized (handlesByThread) {
            for (ThreadHandles handles : handlesByThread.values()) {
                snapshot.addAll(handles.compressors.values());
                snapshot.addAll(handles.decompressors.values());
            }
        }
        // freeing waits for a page in flight, so it runs outside the lock
        snapshot.forEach(Handle::freeResources);
    }

    /** One thread's handles. The maps are guarded by the factory's {@code handlesByThread} lock. */
    private static final class ThreadHandles {
        final Map<Long, CompressorHandle> compressors = new HashMap<>();
        final Map<CompressionCodecName, DecompressorHandle> decompressors = new EnumMap<>(CompressionCodecName.class);
    }
}
