package io.github.parquetcodecs.nohadoop.checks;

import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.NAME;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.X;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.Y;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.Z;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.page;
import static io.github.parquetcodecs.nohadoop.checks.ChunkFile.statisticsDeclaring;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.junit.jupiter.api.Test;

/**
 * {@link PageHeaders} walks the page headers of a row group's requested column chunks, in the order parquet-java
 * reads them and until it would stop, and refuses with an {@code IOException} naming file, row group, column and
 * page offset a header whose fields do not fit in what is left of its chunk, or, in the chunk read last, whose page
 * or V2 levels end past the file's data. What parquet-java refuses without allocating (a malformed header, a
 * negative size) it leaves to parquet-java.
 */
class PageHeadersTest {
    private static final byte[] FOOTER = new byte[10];

    @Test
    void theRequestedChunksInTheFootersOrderTheLastReadingOnToTheFootersLength() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), page(2, 16), page(2, 16));
        BlockMetaData block = file.block(2, 2, 2);
        List<PageHeaders.Chunk> chunks = PageHeaders.chunks(file.input(), NAME, 3, block, List.of(Y, X));
        assertEquals(2, chunks.size());
        PageHeaders.Chunk x = chunks.get(0);
        PageHeaders.Chunk y = chunks.get(1);
        assertEquals(List.of("x", 3, 4L, file.starts.get(1), file.starts.get(1), false), describe(x));
        assertEquals(List.of("y", 3, file.starts.get(1), file.starts.get(2), file.dataEnd(), true), describe(y));
        assertEquals(List.of(), PageHeaders.chunks(file.input(), NAME, 0, block, List.of()));
        assertEquals(
                List.of("z", 0, file.starts.get(2), file.footerStart(), file.dataEnd(), true),
                describe(PageHeaders.chunks(file.input(), NAME, 0, block, List.of(Z))
                        .get(0)));
    }

    @Test
    void pagesParquetJavaWritesPass() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, Thrift.concat(page(2, 16), page(3, 8)), page(2, 16));
        BlockMetaData block = file.block(5, 2);
        MemoryFile input = file.input();
        List<PageHeaders.Chunk> chunks = PageHeaders.chunks(input, NAME, 0, block, List.of(X, Y));
        chunks.get(0).walkInMemory(file.chunk(0));
        chunks.get(1).walkInMemory(file.chunk(1));
        assertEquals(0, input.streams);
        PageHeaders.check(input, NAME, 0, block, List.of(X, Y));
        assertEquals(2, input.streams); // one per chunk
    }

    @Test
    void aHeaderDeclaringMoreThanItsChunkHoldsIsRefused() throws IOException {
        ChunkFile file = ChunkFile.of(FOOTER, statisticsDeclaring(1000), page(2, 16));
        BlockMetaData block = file.block(2, 2);
        String expected =
                "Corrupt page header in f.parquet, row group 0, column x, page at offset 4: a field declares 1000"
                        + " bytes at byte 19, 19 are left";
        PageHeaders.Chunk x =
                PageHeaders.chunks(file.input(), NAME, 0, block, List.of(X, Y)).get(0);
        IOException inMemory = assertThrows(IOException.class, () -> x.walkInMemory(file.chunk(0)));
        assertEquals(expected, inMemory.getMessage());
        IOException fromFile =
                assertThrows(IOException.class, () -> PageHeaders.check(file.input(), NAME, 0, block, List.of(X, Y)));
        assertEquals(expected, fromFile.getMessage());
    }

    @Test
    void aPageOfTheLastChunkEndingPastTheFilesDataIsRefused() throws IOException {
        byte[] lying = Thrift.concat(Thrift.dataPage(2, 5000), new byte[16]);
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), lying, page(2, 16));
        BlockMetaData block = file.block(2, 2, 2);
        long header = Thrift.dataPage(2, 5000).length;
        long left = file.dataEnd() - (file.starts.get(1) + header);
        PageHeaders.Chunk last =
                PageHeaders.chunks(file.input(), NAME, 0, block, List.of(X, Y)).get(1);
        IOException e = assertThrows(IOException.class, () -> last.walkInMemory(file.chunk(1)));
        assertEquals(
                "Corrupt page header in f.parquet, row group 0, column y, page at offset " + file.starts.get(1)
                        + ": it declares 5000 bytes, but the file's data ends " + left + " bytes after it",
                e.getMessage());
        // read before another chunk, parquet-java slices the page from the chunk's buffer, and fails without
        // allocating for it
        PageHeaders.chunks(file.input(), NAME, 0, block, List.of(X, Y, Z))
                .get(1)
                .walkInMemory(file.chunk(1));
    }

    @Test
    void levelsOfAV2PageOfTheLastChunkEndingPastTheFilesDataAreRefused() throws IOException {
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, 16, 16);
        header.setData_page_header_v2(new DataPageHeaderV2(2, 0, 2, Encoding.PLAIN, 9000, 3));
        ChunkFile file = ChunkFile.of(FOOTER, Thrift.concat(Thrift.pageHeader(header), new byte[16]));
        PageHeaders.Chunk last = PageHeaders.chunks(file.input(), NAME, 0, file.block(2), List.of(X))
                .get(0);
        IOException e = assertThrows(IOException.class, () -> last.walkInMemory(file.chunk(0)));
        assertEquals(
                "Corrupt page header in f.parquet, row group 0, column x, page at offset 4: its levels declare 3 and"
                        + " 9000 bytes, but the file's data ends 26 bytes after it",
                e.getMessage());
    }

    @Test
    void theWalkStopsWhereParquetJavaStops() throws IOException {
        // after the chunk's values (2), parquet-java reads no further header
        ChunkFile file = ChunkFile.of(FOOTER, Thrift.concat(page(2, 16), statisticsDeclaring(1000)));
        MemoryFile input = file.input();
        PageHeaders.chunks(input, NAME, 0, file.block(2), List.of(X)).get(0).walkInMemory(file.chunk(0));
        // with 4 values, it reads the second
        IOException e =
                assertThrows(IOException.class, () -> PageHeaders.chunks(input, NAME, 0, file.block(4), List.of(X))
                        .get(0)
                        .walkInMemory(file.chunk(0)));
        long second = 4 + page(2, 16).length;
        assertEquals(
                "Corrupt page header in f.parquet, row group 0, column x, page at offset " + second
                        + ": a field declares 1000 bytes at byte 19, " + (file.dataEnd() - second - 19)
                        + " are left",
                e.getMessage());
    }

    @Test
    void whatParquetJavaRefusesWithoutAllocatingIsLeftToIt() throws IOException {
        // a negative compressed size: parquet-java refuses it, so the walk stops there
        byte[] negative = new Thrift()
                .i32(1, 0)
                .i32(2, 16)
                .i32(3, -1)
                .begin(5)
                .i32(1, 2)
                .i32(2, 0)
                .i32(3, 0)
                .i32(4, 0)
                .end()
                .end()
                .toBytes();
        ChunkFile file = ChunkFile.of(FOOTER, Thrift.concat(negative, statisticsDeclaring(1000)), page(2, 16));
        PageHeaders.chunks(file.input(), NAME, 0, file.block(4, 2), List.of(X, Y))
                .get(0)
                .walkInMemory(file.chunk(0));
        // a header that is not thrift: parquet-java's decoder reports it
        byte[] malformed = Thrift.concat(new byte[] {0x1E, 0}, new byte[16]);
        ChunkFile notThrift = ChunkFile.of(FOOTER, malformed, page(2, 16));
        MemoryFile input = notThrift.input();
        PageHeaders.chunks(input, NAME, 0, notThrift.block(2, 2), List.of(X, Y))
                .get(0)
                .walkInMemory(notThrift.chunk(0));
        assertEquals(0, input.streams);
        // in the last chunk, where the header could go on past the chunk, it is walked on from the file first
        PageHeaders.chunks(input, NAME, 0, notThrift.block(2, 2), List.of(X))
                .get(0)
                .walkInMemory(notThrift.chunk(0));
        assertEquals(1, input.streams);
    }

    @Test
    void theLastChunksPagesAreWalkedOnFromTheFilePastItsEnd() throws IOException {
        // y's metadata counts only its first page (an old writer's under-count) and 4 values: parquet-java reads the
        // second page from the file, past the chunk, and allocates what it declares
        byte[] lying = Thrift.concat(Thrift.dataPage(2, 5000), new byte[16]);
        ChunkFile file = ChunkFile.of(FOOTER, page(2, 16), page(2, 16), lying);
        MemoryFile input = file.input();
        PageHeaders.Chunk last = PageHeaders.chunks(input, NAME, 0, file.block(2, 4), List.of(X, Y))
                .get(1);
        IOException e = assertThrows(IOException.class, () -> last.walkInMemory(file.chunk(1)));
        long left = file.dataEnd() - (file.starts.get(2) + Thrift.dataPage(2, 5000).length);
        assertEquals(
                "Corrupt page header in f.parquet, row group 0, column y, page at offset " + file.starts.get(2)
                        + ": it declares 5000 bytes, but the file's data ends " + left + " bytes after it",
                e.getMessage());
        assertEquals(1, input.streams);
    }

    private static List<Object> describe(PageHeaders.Chunk chunk) {
        assertTrue(chunk.start <= chunk.chunkEnd && chunk.chunkEnd <= chunk.end);
        assertFalse(chunk.meta.isEncrypted());
        return List.of(
                chunk.meta.getPath().toDotString(), chunk.rowGroup, chunk.start, chunk.chunkEnd, chunk.end, chunk.last);
    }
}
