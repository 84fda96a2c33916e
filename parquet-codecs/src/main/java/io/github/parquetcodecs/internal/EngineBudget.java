package io.github.parquetcodecs.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The safety net for handles dropped without {@code release()}: counts the codec engines alive (created and not yet
 * closed) and, when more pile up than were alive after the last collection, asks for a garbage collection so that the
 * {@link java.lang.ref.Cleaner}s of unreachable handles free their native contexts. Native memory is invisible to the
 * garbage collector: without this, a program that drops factories without releasing them holds every context until the
 * heap happens to fill (gigabytes with a large heap). The JDK does the same for direct buffers.
 *
 * <p>The threshold is {@link #MIN_THRESHOLD} engines, or twice the engines still alive after the last collection, so a
 * program that really uses many engines at once pays for one collection each time its need doubles, not one per
 * engine. With {@code -XX:+DisableExplicitGC} the request does nothing and the collector's own pace frees them.
 */
final class EngineBudget {
    /** Engines alive before a collection is requested; a context holds up to a few hundred KiB of native memory. */
    static final int MIN_THRESHOLD = 1024;

    private static final AtomicInteger LIVE = new AtomicInteger();
    private static volatile int threshold = MIN_THRESHOLD;

    private EngineBudget() {}

    static void created() {
        if (LIVE.incrementAndGet() > threshold) {
            collect();
        }
    }

    static void closed() {
        LIVE.decrementAndGet();
    }

    static int live() {
        return LIVE.get();
    }

    private static synchronized void collect() {
        int before = LIVE.get();
        if (before <= threshold) {
            return; // another thread collected meanwhile
        }
        System.gc();
        // The Cleaner thread closes the engines of collected handles: give it up to half a second to catch up (backing
        // off as the JDK does for direct buffers), so that a lagging Cleaner does not pass for engines in use and
        // ratchet the threshold up.
        try {
            for (long sleep = 1; sleep <= 256 && LIVE.get() > before / 2; sleep <<= 1) {
                Thread.sleep(sleep);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        threshold = Math.max(MIN_THRESHOLD, 2 * LIVE.get());
    }
}
