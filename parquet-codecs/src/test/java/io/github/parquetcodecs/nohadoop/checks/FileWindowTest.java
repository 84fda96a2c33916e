package io.github.parquetcodecs.nohadoop.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link FileWindow} reads at most the bytes it was placed on, in {@code readFully} calls of exactly what it may read
 * (never the one-byte-per-call {@code read(byte[], int, int)} of parquet-java's {@code LocalInputFile}), skips by
 * seeking, and ends, rather than fails, where the file is shorter than its length said.
 */
class FileWindowTest {
    /** Bytes 0, 1, ..., 19. */
    private static final MemoryFile FILE = file(20);

    @Test
    void readsTheBytesItWasPlacedOnThenEnds() throws IOException {
        MemoryFile file = file(20);
        try (SeekableInputStream in = file.newStream()) {
            FileWindow window = new FileWindow(in, 512);
            window.at(2, 5);
            assertEquals(List.of(2, 3, 4, 5, 6, -1, -1), readAll(window, 7));
        }
        assertEquals(List.of("seek 2", "readFully 5"), file.calls);
    }

    @Test
    void fillsItsBufferInReadFullyCallsOfWhatIsLeft() throws IOException {
        MemoryFile file = file(20);
        try (SeekableInputStream in = file.newStream()) {
            FileWindow window = new FileWindow(in, 4);
            window.at(0, 10);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1), readAll(window, 11));
        }
        assertEquals(List.of("seek 0", "readFully 4", "readFully 4", "readFully 2"), file.calls);
    }

    @Test
    void skipsTheBufferThenSeeksAndNeverPastTheWindow() throws IOException {
        MemoryFile file = file(20);
        try (SeekableInputStream in = file.newStream()) {
            FileWindow window = new FileWindow(in, 4);
            window.at(0, 12);
            assertEquals(0, window.read()); // the buffer holds 0 to 3
            assertEquals(6, window.skip(6)); // 1 to 3 from the buffer, 4 to 6 by a seek
            assertEquals(7, window.read()); // the buffer holds 7 to 10
            assertEquals(4, window.skip(100)); // 8 to 10 from the buffer, 11 by a seek: the window ends at 12
            assertEquals(-1, window.read());
        }
        assertEquals(List.of("seek 0", "readFully 4", "seek 7", "readFully 4", "seek 12"), file.calls);
    }

    @Test
    void aFileShorterThanTheWindowEndsIt() throws IOException {
        try (SeekableInputStream in = FILE.newStream()) {
            FileWindow window = new FileWindow(in, 512);
            window.at(16, 10); // 4 bytes are there
            assertEquals(List.of(-1, -1), readAll(window, 2));
        }
    }

    @Test
    void canBePlacedAgain() throws IOException {
        try (SeekableInputStream in = FILE.newStream()) {
            FileWindow window = new FileWindow(in, 512);
            window.at(10, 2);
            assertEquals(List.of(10, 11, -1), readAll(window, 3));
            window.at(1, 2);
            assertEquals(List.of(1, 2, -1), readAll(window, 3));
        }
    }

    private static List<Integer> readAll(FileWindow window, int count) throws IOException {
        Integer[] read = new Integer[count];
        for (int i = 0; i < count; i++) {
            read[i] = window.read();
        }
        return List.of(read);
    }

    private static MemoryFile file(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) i;
        }
        return new MemoryFile("f", bytes);
    }
}
