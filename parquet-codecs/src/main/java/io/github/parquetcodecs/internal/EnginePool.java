package io.github.parquetcodecs.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * The one pool of codec engines for the whole process. An engine (a native context, an {@code Inflater}, scratch
 * space) is borrowed for one page and given back; handles and factories hold none between pages. Idle engines are
 * kept per {@link Key} (codec, engine, direction, level, option) up to a bound, and an engine given back beyond the
 * bound is closed at once, so the native memory the pool holds is bounded by the number of keys in use times the
 * bound, whatever the number of factories, handles or threads.
 *
 * <p>The bound is the system property {@value #MAX_IDLE_PROPERTY}, read once; by default twice the available
 * processors. {@link #closeIdle()} closes every idle engine now. Nothing here starts a thread, forces a collection or
 * registers a cleaner: an engine that is borrowed and never given back (its thread died mid-page) is simply not
 * reused, and the garbage collector frees what a Java object holds; native contexts free themselves through their
 * libraries' own finalization where they have one.
 */
public final class EnginePool {
    /** The system property that sets how many idle engines are kept per key. */
    public static final String MAX_IDLE_PROPERTY = "parquet.codecs.pool.max.idle.per.key";

    private static final int MAX_IDLE = maxIdle();
    private static final ConcurrentMap<Key<?>, Idle> IDLE = new ConcurrentHashMap<>();

    private EnginePool() {}

    /** Idle engines kept per key. */
    public static int maxIdlePerKey() {
        return MAX_IDLE;
    }

    private static int maxIdle() {
        int fallback = 2 * Runtime.getRuntime().availableProcessors();
        String value = System.getProperty(MAX_IDLE_PROPERTY);
        if (value == null) {
            return fallback;
        }
        try {
            return Math.max(0, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid integer '" + value + "' for " + MAX_IDLE_PROPERTY, e);
        }
    }

    /** Engines borrowed and not yet given back or discarded. */
    private static final java.util.concurrent.atomic.AtomicInteger BORROWED =
            new java.util.concurrent.atomic.AtomicInteger();

    /** Engines borrowed now (for one page each) and not yet given back, over all keys. */
    public static int borrowedCount() {
        return BORROWED.get();
    }

    /** An idle engine of {@code key}, or a new one. */
    static <E extends AutoCloseable> E borrow(Key<E> key) {
        E engine = take(key);
        BORROWED.incrementAndGet();
        return engine;
    }

    private static <E extends AutoCloseable> E take(Key<E> key) {
        Idle idle = IDLE.get(key);
        if (idle != null) {
            Object engine;
            synchronized (idle) {
                engine = idle.engines.pollFirst();
            }
            if (engine != null) {
                return key.type.cast(engine);
            }
        }
        return key.create.get();
    }

    /** Keeps {@code engine} for the next borrower of {@code key}, or closes it when the key has enough idle ones. */
    static <E extends AutoCloseable> void giveBack(Key<E> key, E engine) {
        BORROWED.decrementAndGet();
        Idle idle = IDLE.computeIfAbsent(key, k -> new Idle());
        synchronized (idle) {
            if (idle.engines.size() < MAX_IDLE) {
                idle.engines.addFirst(engine); // last in, first out: the warmest engine goes out next
                return;
            }
        }
        close(engine);
    }

    /** Closes an engine that failed mid-page instead of giving it back: its state is unknown. */
    static void discard(AutoCloseable engine) {
        BORROWED.decrementAndGet();
        close(engine);
    }

    /** Closes every idle engine now; returns how many. Engines borrowed at the time are given back as usual. */
    public static int closeIdle() {
        List<Object> engines = new ArrayList<>();
        for (Idle idle : IDLE.values()) {
            synchronized (idle) {
                engines.addAll(idle.engines);
                idle.engines.clear();
            }
        }
        engines.forEach(engine -> close((AutoCloseable) engine));
        return engines.size();
    }

    /** Idle engines now, over all keys. */
    public static int idleCount() {
        int count = 0;
        for (Idle idle : IDLE.values()) {
            synchronized (idle) {
                count += idle.engines.size();
            }
        }
        return count;
    }

    private static void close(AutoCloseable engine) {
        try {
            engine.close();
        } catch (Exception e) {
            // closing frees memory; there is nothing to report
        }
    }

    private static final class Idle {
        final ArrayDeque<Object> engines = new ArrayDeque<>();
    }

    /** What makes engines interchangeable: codec, engine, direction, level and option. */
    public static final class Key<E extends AutoCloseable> {
        final Class<E> type;
        final Codec codec;
        final Engine engine;
        final int level;
        final int option;
        final Supplier<E> create;
        private final int hash;

        private Key(Class<E> type, Codec codec, Engine engine, int level, int option, Supplier<E> create) {
            this.type = type;
            this.codec = codec;
            this.engine = engine;
            this.level = level;
            this.option = option;
            this.create = create;
            this.hash = Objects.hash(type, codec, engine, level, option);
        }

        /** Compressors of {@code engine} at {@code level} with {@code option}. */
        public static Key<PageCompressor> compressors(Codec codec, Engine engine, int level, int option) {
            return new Key<>(
                    PageCompressor.class, codec, engine, level, option, () -> engine.compressor(level, option));
        }

        /** Decompressors of {@code engine}. */
        public static Key<PageDecompressor> decompressors(Codec codec, Engine engine) {
            return new Key<>(PageDecompressor.class, codec, engine, 0, 0, engine::decompressor);
        }

        public Codec codec() {
            return codec;
        }

        public Engine engine() {
            return engine;
        }

        public int level() {
            return level;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Key)) {
                return false;
            }
            Key<?> key = (Key<?>) other;
            return type == key.type
                    && codec == key.codec
                    && engine == key.engine
                    && level == key.level
                    && option == key.option;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
