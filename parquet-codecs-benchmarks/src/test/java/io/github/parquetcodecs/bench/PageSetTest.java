package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The page sets are real pages of the right size, one per column shape, and differ from one another. */
class PageSetTest {

    @Test
    void bothPageSizesHoldDistinctPagesOfExactlyThatSize() throws Exception {
        for (int pageSize : new int[] {65536, 1048576}) {
            PageSet set = PageSet.of(pageSize);
            assertEquals(PageSet.COUNT, PageSet.SHAPES.length);
            for (int i = 0; i < PageSet.COUNT; i++) {
                assertEquals(pageSize, set.page(i).length);
                for (int j = 0; j < i; j++) {
                    assertFalse(Arrays.equals(set.page(i), set.page(j)), "pages " + i + " and " + j + " are equal");
                }
            }
        }
    }

    @Test
    void buildingFromScratchGivesTheCachedPages() throws Exception {
        PageSet built = PageSet.build(65536);
        PageSet cached = PageSet.of(65536);
        for (int i = 0; i < PageSet.COUNT; i++) {
            assertTrue(Arrays.equals(built.page(i), cached.page(i)), "page " + i);
        }
    }

    @Test
    void timestampsArePlainLittleEndianLongs() {
        byte[] page = PageSet.of(65536).page(0);
        long first = 0;
        long second = 0;
        for (int b = 7; b >= 0; b--) {
            first = (first << 8) | (page[b] & 0xff);
            second = (second << 8) | (page[8 + b] & 0xff);
        }
        BenchData data = BenchData.rows(20_000);
        assertEquals(data.eventTime[0], first);
        assertEquals(data.eventTime[1], second);
    }
}
