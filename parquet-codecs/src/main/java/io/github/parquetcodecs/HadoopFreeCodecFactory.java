package io.github.parquetcodecs;

import io.github.parquetcodecs.internal.Codec;
import io.github.parquetcodecs.internal.CodecSettings;
import io.github.parquetcodecs.internal.Codecs;
import io.github.parquetcodecs.internal.CompressorHandle;
import io.github.parquetcodecs.internal.DecompressorHandle;
import io.github.parquetcodecs.internal.EnginePool;
import io.github.parquetcodecs.internal.Levels;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A {@link CompressionCodecFactory} for all eight Parquet codecs that calls the codec libraries directly (snappy-java,
 * zstd-jni, aircompressor, brotli4j, lz4-java, {@code java.util.zip}, and on Java 25 libdeflate, liblz4 and libzstd
 * through aircompressor-v3) and never loads a Hadoop class. Pass it to parquet-java with {@code withCodecFactory(...)}
 * on {@code ParquetWriter.Builder} and {@code ParquetReadOptions.Builder}.
 *
 * <p><b>Engines.</b> Native contexts and other codec state live in one bounded pool for the whole process, keyed by
 * codec, level and engine: a compressor or decompressor borrows one for each page and gives it back. A factory holds
 * no native state, so creating one costs nothing and dropping one without {@link #release()} leaks nothing. The pool
 * keeps at most {@link EnginePool#maxIdlePerKey()} idle engines per key (system property {@value
 * EnginePool#MAX_IDLE_PROPERTY}, default twice the available processors) and closes any engine given back beyond
 * that; {@link #closeIdleEngines()} closes the idle ones now.
 *
 * <p><b>Threads.</b> One factory may be shared by any number of threads. A decompressor holds no state between pages
 * and may be used by any thread. A compressor keeps its last page's output until its next call, as parquet-java
 * specifies, so the factory caches one compressor per codec and level for the thread that asked first and gives other
 * threads compressors of their own.
 *
 * <p><b>Release.</b> {@link #release()} forgets the compressors this factory cached and drops their output buffers; it
 * is idempotent, and the compressors and decompressors handed out stay usable (parquet-java's {@code
 * ParquetFileReader} and {@code ParquetWriter} release their factory on close even when other readers still share
 * it). A compressor's or decompressor's own {@code release()} ends it: any later use throws {@link
 * IllegalStateException}.
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
    /**
     * Which engine serves each codec that has more than one (SNAPPY, ZSTD, GZIP, LZ4 and LZ4_RAW); five values:
     *
     * <ul>
     *   <li>{@code auto} (default): the first engine that loads, in this order: on Java 25 with aircompressor-v3, the
     *       native tier for GZIP, LZ4 and LZ4_RAW; the JNI library (snappy-java, zstd-jni, and lz4-java when it is on
     *       the class path), then the native tier for ZSTD; pure Java. A native library that is there but cannot load
     *       is logged once and skipped;
     *   <li>{@code native-only}: no pure-Java fallback: requesting a codec fails when its JNI library is there but
     *       cannot load and the native tier does not serve the codec;
     *   <li>{@code pure-java}: no native library: aircompressor for SNAPPY, ZSTD, LZ4 and LZ4_RAW, {@code
     *       java.util.zip} for GZIP;
     *   <li>{@code ffm-only}: the native tier for GZIP, LZ4, LZ4_RAW and ZSTD, or an error when it cannot run (before
     *       Java 25, without aircompressor-v3, or when its native libraries cannot load or native access is denied);
     *       the other codecs as under {@code auto};
     *   <li>{@code no-ffm}: never the native tier: every codec as on Java 11 to 24.
     * </ul>
     */
    public static final String NATIVE_MODE = CodecSettings.NATIVE_MODE;
    /**
     * The largest decompressed page size, in bytes, that a decompressor accepts; a page that declares more is refused
     * with an {@link java.io.IOException} before any memory is allocated for it. Default {@link
     * #DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE}, the largest page stock parquet-java 1.18.1 can read. A page within the limit
     * is also checked against what it states about itself (its length header, content sizes, block headers, its
     * codec's largest expansion) before its output is allocated, so a lying page header costs no memory either way.
     */
    public static final String MAX_DECOMPRESSED_PAGE_SIZE = CodecSettings.MAX_DECOMPRESSED_PAGE_SIZE;
    /**
     * Default of {@link #MAX_DECOMPRESSED_PAGE_SIZE}: {@code Integer.MAX_VALUE - 8}, the JDK's largest safe array
     * length. Stock parquet-java 1.18.1 has no page size limit of its own: it allocates a {@code byte[]} of the page
     * header's {@code uncompressed_page_size}, an {@code int}, so this is the largest page it can read. ({@code
     * parquet.read.allocation.size}, 8 MiB, only splits the buffers that hold compressed column chunks.)
     */
    public static final int DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE = CodecSettings.DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE;

    private final CodecSettings settings;
    /** Compressors per codec and level, each for the thread that asked for it first. */
    private final ConcurrentMap<Long, Owned> compressors = new ConcurrentHashMap<>();

    /** A factory with stock parquet-java's defaults. */
    public HadoopFreeCodecFactory() {
        this(new PlainParquetConfiguration());
    }

    /** A factory that reads levels and settings from {@code conf} (see the key constants of this class). */
    public HadoopFreeCodecFactory(ParquetConfiguration conf) {
        this(conf, Codecs.standard());
    }

    /** A factory over other codecs than the standard ones (tests show how a codec is added). */
    HadoopFreeCodecFactory(ParquetConfiguration conf, Codecs codecs) {
        this.settings = new CodecSettings(conf, codecs);
    }

    /**
     * A compressor for {@code codec} at its configured level.
     *
     * @throws org.apache.parquet.hadoop.BadConfigurationException if the configured level is invalid
     * @throws UnsupportedOperationException for BROTLI when brotli4j is missing (the message names the coordinates)
     */
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        Codec descriptor = settings.codecs().get(codec);
        return compressor(descriptor, settings.configuredLevel(descriptor));
    }

    /**
     * A compressor for {@code codec} at {@code level}; codecs without levels ignore it.
     *
     * @throws org.apache.parquet.hadoop.BadConfigurationException if {@code level} is outside the codec's range
     */
    // no @Override: parquet-java 1.14 has no getCompressor(codec, level)
    public BytesInputCompressor getCompressor(CompressionCodecName codec, int level) {
        Codec descriptor = settings.codecs().get(codec);
        Levels levels = descriptor.levels();
        return compressor(descriptor, levels == null ? 0 : levels.validate(level));
    }

    private BytesInputCompressor compressor(Codec codec, int level) {
        Long key = ((long) codec.name().ordinal() << 32) | (level & 0xffffffffL);
        Thread me = Thread.currentThread();
        Owned cached = compressors.get(key);
        if (cached != null && cached.ownedBy(me)) {
            return cached.handle;
        }
        Owned mine = new Owned(new CompressorHandle(codec, level, settings), me);
        if (cached == null || cached.abandoned()) {
            compressors.put(key, mine);
        }
        return mine.handle;
    }

    /** A decompressor for {@code codec}; it holds no state between pages, so every call gets a light new one. */
    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return new DecompressorHandle(settings.codecs().get(codec), settings);
    }

    /** Which library serves {@code codec} in this factory, for example {@code "zstd-jni (native)"}. */
    public String implementation(CompressionCodecName codec) {
        return settings.codecs().get(codec).implementation(settings.nativeMode());
    }

    /** Forgets the cached compressors and drops their buffers; see the class comment. Idempotent. */
    @Override
    public void release() {
        for (Owned owned : compressors.values()) {
            owned.handle.dropBuffers();
        }
        compressors.clear();
    }

    /**
     * Closes every idle engine of the process-wide pool now (native contexts, scratch space) and returns how many;
     * engines in use are given back as usual. For programs that want native memory back after a burst of work.
     */
    public static int closeIdleEngines() {
        return EnginePool.closeIdle();
    }

    /** A cached compressor and the thread it is for; a weak reference, so a finished thread is not kept. */
    private static final class Owned {
        final CompressorHandle handle;
        final WeakReference<Thread> owner;

        Owned(CompressorHandle handle, Thread owner) {
            this.handle = handle;
            this.owner = new WeakReference<>(owner);
        }

        boolean ownedBy(Thread thread) {
            return owner.get() == thread && !handle.isReleased();
        }

        /** Released, or its thread has ended: another thread may take the slot. */
        boolean abandoned() {
            Thread thread = owner.get();
            return handle.isReleased() || thread == null || !thread.isAlive();
        }
    }
}
