package io.github.parquetcodecs.internal;

import java.lang.ref.Cleaner;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * What compressor and decompressor handles share: the codec engine (native context and scratch space), created on
 * first use and kept for reuse; a lock, so that a handle used from several threads never runs its engine twice at
 * once; and the release rules.
 *
 * <p>{@link #release()} ends the handle: any later use throws {@link IllegalStateException}. {@link #freeResources()}
 * (called by the factory's {@code release()}) frees the engine at once, waiting for a page in flight, but leaves the
 * handle usable: parquet-java's readers and writers release their factory on close even when other readers still share
 * it, so those must go on working, with a fresh engine. An engine whose handle is dropped without release is freed by
 * a {@link Cleaner}; {@link EngineBudget} makes sure the collector runs when such engines pile up.
 */
public abstract class Handle<E extends AutoCloseable> {
    private static final Cleaner CLEANER = Cleaner.create();

    final CompressionCodecName codec;
    private final Supplier<E> engines;
    private final ReentrantLock lock = new ReentrantLock();
    private final EngineSlot<E> slot = new EngineSlot<>();
    private volatile boolean released;

    Handle(CompressionCodecName codec, Supplier<E> engines) {
        this.codec = codec;
        this.engines = engines;
        if (engines != null) {
            CLEANER.register(this, slot);
        }
    }

    public final CompressionCodecName getCodecName() {
        return codec;
    }

    final void checkOpen() {
        if (released) {
            throw new IllegalStateException(codec + " " + kind() + " was released");
        }
    }

    abstract String kind();

    /** Locks the handle for one operation; callers must {@link #unlock()} in a finally block. */
    final void lock() {
        lock.lock();
        if (released) {
            lock.unlock();
            checkOpen();
        }
    }

    final void unlock() {
        lock.unlock();
    }

    /** The engine, created on first use after construction or after {@link #freeResources()}; call under the lock. */
    final E engine() {
        E engine = slot.engine;
        if (engine == null) {
            engine = slot.engine = engines.get();
            EngineBudget.created();
        }
        return engine;
    }

    /** Frees the engine and scratch space now; the handle stays usable. */
    public final void freeResources() {
        lock.lock();
        try {
            slot.run();
            dropScratch();
        } finally {
            lock.unlock();
        }
    }

    void dropScratch() {}

    public final void release() {
        released = true;
        freeResources();
    }

    public final boolean isReleased() {
        return released;
    }

    /** Holds the engine apart from the handle, so that the {@link Cleaner} can free it once the handle is gone. */
    private static final class EngineSlot<E extends AutoCloseable> implements Runnable {
        volatile E engine;

        @Override
        public void run() {
            E current = engine;
            engine = null;
            if (current != null) {
                try {
                    current.close();
                } catch (Exception e) {
                    // closing frees memory; nothing to report
                } finally {
                    EngineBudget.closed();
                }
            }
        }
    }
}
