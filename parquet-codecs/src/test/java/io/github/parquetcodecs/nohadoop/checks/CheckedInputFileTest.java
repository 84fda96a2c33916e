package io.github.parquetcodecs.nohadoop.checks;

import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.X;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.Y;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.page;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.statisticsDeclaring;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckedInputFile} passes every call on, one for one, and walks the bytes parquet-java reads: the footer in
 * the read that ends where the footer's length begins (after a read of the magic {@code PAR1}), and the page headers
 * of each expected chunk in the read that completes the chunk, so that a corrupt footer or header is refused by the
 * read that brought it, with no read of its own.
 */
class CheckedInputFileTest {
    /** A footer that is a well-formed struct. */
    private static final byte[] FOOTER = new Thrift().i32(1, 1).end().toBytes();

    /** FileMetaData.created_by declaring 1000 bytes: the length ends at byte 3 of 4. */
    private static final byte[] LYING_FOOTER =
            new Thrift().binary(6, 1000, 0).end().toBytes();

    @Test
    void everyCallIsPassedOnOnce() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16));
        MemoryFile input = file.input();
        CheckedInputFile checked = new CheckedInputFile(input);
        assertEquals(file.bytes.length, checked.getLength());
        assertEquals("f.parquet", checked.toString());
        byte[] read = new byte[12];
        try (SeekableInputStream in = checked.newStream()) {
            in.seek(1);
            read[0] = (byte) in.read();
            in.readFully(read, 1, 2);
            byte[] three = new byte[3];
            in.readFully(three);
            System.arraycopy(three, 0, read, 3, 3);
            ByteBuffer two = ByteBuffer.allocate(2);
            assertEquals(2, in.read(two));
            System.arraycopy(two.array(), 0, read, 6, 2);
            ByteBuffer one = ByteBuffer.allocate(1);
            in.readFully(one);
            read[8] = one.get(0);
            assertEquals(2, in.read(read, 9, 2));
            assertEquals(11 + 1, in.getPos());
        }
        assertArrayEquals(Arrays.copyOfRange(file.bytes, 1, 12), Arrays.copyOf(read, 11));
        assertEquals(
                List.of(
                        "seek 1",
                        "read",
                        "readFully 2",
                        "readFully 3",
                        "read(ByteBuffer) 2",
                        "readFully 1",
                        "read", // read(byte[], int, int): InputStream's, on the file's stream
                        "read"),
                input.calls);
        assertEquals(1, input.streams);
    }

    @Test
    void aFooterDeclaringMoreThanItHoldsIsRefusedByTheReadThatBringsIt() throws IOException {
        ChunkFile file = ChunkFile.of(LYING_FOOTER);
        CheckedInputFile checked = new CheckedInputFile(file.input());
        try (SeekableInputStream in = checked.newStream()) {
            readTail(in, file);
            in.seek(file.footerStart());
            IOException e = assertThrows(IOException.class, () -> in.readFully(new byte[LYING_FOOTER.length]));
            assertEquals(
                    "Corrupt footer in f.parquet: a field declares 1000 bytes at byte 3, 1 are left", e.getMessage());
            assertInstanceOf(ThriftSkim.TooLarge.class, e.getCause());
            // read into a buffer, as parquet-java 1.14 to 1.18 read it
            in.seek(file.footerStart());
            e = assertThrows(IOException.class, () -> in.readFully(ByteBuffer.allocate(LYING_FOOTER.length)));
            assertEquals(
                    "Corrupt footer in f.parquet: a field declares 1000 bytes at byte 3, 1 are left", e.getMessage());
        }
    }

    @Test
    void aFooterIsWalkedOnlyAsAPlaintextFooterReadAfterItsMagic() throws IOException {
        // a well-formed footer
        read(ChunkFile.of(FOOTER), true);
        // a footer that is not thrift: parquet-java's decoder reports it
        read(ChunkFile.of(new byte[] {0x1E, 0, 0, 0}), true);
        // an encrypted footer (PARE) is not thrift in the clear
        read(ChunkFile.of("PARE", LYING_FOOTER), true);
        // before its magic has been read, a read is not known to be the footer
        read(ChunkFile.of(LYING_FOOTER), false);
    }

    @Test
    void aChunksHeadersAreWalkedInTheReadThatCompletesIt() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), statisticsDeclaring(1000));
        MemoryFile input = file.input();
        CheckedInputFile checked = new CheckedInputFile(input);
        checked.expect(0, file.block(2, 2), List.of(X, Y));
        long start = file.starts.get(0);
        long split = file.starts.get(1) + 10;
        try (SeekableInputStream in = checked.newStream()) {
            in.seek(start);
            in.readFully(new byte[(int) (split - start)]); // x, and part of y
            in.seek(split);
            IOException e =
                    assertThrows(IOException.class, () -> in.readFully(new byte[(int) (file.starts.get(2) - split)]));
            assertEquals(
                    "Corrupt page header in f.parquet, row group 0, column y, page at offset " + file.starts.get(1)
                            + ": a field declares 1000 bytes at byte 19, "
                            + (file.dataEnd() - file.starts.get(1) - 19) + " are left",
                    e.getMessage());
        }
        assertEquals(1, input.streams); // parquet-java's
    }

    @Test
    void theChunksOfEveryExpectedRowGroupAreWalkedUntilExpectNothing() throws IOException {
        // two row groups of one chunk each: the first fine, the second corrupt
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), statisticsDeclaring(1000));
        BlockMetaData first = new BlockMetaData();
        first.addColumn(ChunkFile.chunk(0, file.starts.get(0), 2, file.starts.get(1) - file.starts.get(0)));
        BlockMetaData second = new BlockMetaData();
        second.addColumn(ChunkFile.chunk(0, file.starts.get(1), 2, file.starts.get(2) - file.starts.get(1)));
        CheckedInputFile checked = new CheckedInputFile(file.input());
        checked.expect(0, first, List.of(X));
        checked.expect(1, second, List.of(X));
        IOException e = assertThrows(IOException.class, () -> readChunks(checked, file));
        assertEquals(
                "Corrupt page header in f.parquet, row group 1, column x, page at offset " + file.starts.get(1)
                        + ": a field declares 1000 bytes at byte 19, " + (file.dataEnd() - file.starts.get(1) - 19)
                        + " are left", // each row group's one chunk is the last read: it may read on to the footer
                e.getMessage());
        // after expectNothing, reads are not walked
        checked.expect(1, second, List.of(X));
        checked.expectNothing();
        readChunks(checked, file);
    }

    @Test
    void checkFromFileWalksThroughAStreamOfItsOwn() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, statisticsDeclaring(1000), page(2, 16));
        MemoryFile input = file.input();
        CheckedInputFile checked = new CheckedInputFile(input);
        IOException e =
                assertThrows(IOException.class, () -> checked.checkFromFile(2, file.block(2, 2), List.of(X, Y)));
        assertEquals(
                "Corrupt page header in f.parquet, row group 2, column x, page at offset 4: a field declares 1000"
                        + " bytes at byte 19, 19 are left",
                e.getMessage());
        assertEquals(1, input.streams);
        checked.checkFromFile(0, file.block(2, 2), List.of(Y));
        assertEquals(2, input.streams);
    }

    @Test
    void aFooterPlacingAChunkOutsideTheFileIsRefused() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), page(2, 16));
        long length = file.bytes.length;
        CheckedInputFile checked = new CheckedInputFile(file.input());
        BlockMetaData inside = file.block(2, 2);
        checked.checkChunksInside(List.of(inside, inside));
        // the last byte of a chunk may be the file's last: parquet-java's read fails then, without allocating more
        BlockMetaData toTheEnd = new BlockMetaData();
        toTheEnd.addColumn(ChunkFile.chunk(0, 4, 2, length - 4));
        checked.checkChunksInside(List.of(toTheEnd));
        assertOutside(
                checked,
                "row group 1, column x: 1073741824 bytes at offset 4, file length " + length,
                inside,
                block(4, 1L << 30));
        assertOutside(checked, "row group 0, column x: 1 bytes at offset -1, file length " + length, block(-1, 1));
        assertOutside(checked, "row group 0, column x: -1 bytes at offset 4, file length " + length, block(4, -1));
        assertOutside(
                checked,
                "row group 0, column x: 0 bytes at offset " + (length + 1) + ", file length " + length,
                block(length + 1, 0));
        assertOutside(
                checked,
                "row group 0, column x: " + (length - 3) + " bytes at offset 4, file length " + length + "; row group"
                        + " 1, column x: " + Long.MAX_VALUE + " bytes at offset 4, file length " + length,
                block(4, length - 3),
                block(4, Long.MAX_VALUE));
    }

    private static BlockMetaData block(long start, long size) {
        BlockMetaData block = new BlockMetaData();
        block.addColumn(ChunkFile.chunk(0, start, 2, size));
        return block;
    }

    private static void assertOutside(CheckedInputFile checked, String outside, BlockMetaData... rowGroups) {
        IOException e = assertThrows(IOException.class, () -> checked.checkChunksInside(List.of(rowGroups)));
        assertEquals("Corrupt footer in f.parquet: column chunks outside the file: " + outside, e.getMessage());
    }

    /** Reads the chunks of {@code file} in one read, as parquet-java reads consecutive chunks. */
    private static void readChunks(CheckedInputFile checked, ChunkFile file) throws IOException {
        try (SeekableInputStream in = checked.newStream()) {
            in.seek(file.starts.get(0));
            in.readFully(new byte[(int) (file.footerStart() - file.starts.get(0))]);
        }
    }

    /** Reads the footer's length and magic, as parquet-java does first. */
    private static void readTail(SeekableInputStream in, ChunkFile file) throws IOException {
        in.seek(file.bytes.length - 8);
        in.readFully(new byte[8]);
    }

    /** Reads {@code file}'s footer (after its tail when {@code tailFirst}), which must not be refused. */
    private static void read(ChunkFile file, boolean tailFirst) throws IOException {
        try (SeekableInputStream in = new CheckedInputFile(file.input()).newStream()) {
            if (tailFirst) {
                readTail(in, file);
            }
            in.seek(file.footerStart());
            in.readFully(new byte[(int) (file.bytes.length - 8 - file.footerStart())]);
        }
    }
}
