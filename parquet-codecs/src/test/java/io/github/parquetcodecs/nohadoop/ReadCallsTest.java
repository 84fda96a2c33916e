package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks of {@link HadoopFreeFileReader} (the footer walk at open, the page headers of each row group) read the
 * file in bulk. parquet-java's {@code LocalInputFile} does not override {@code read(byte[], int, int)}, so {@code
 * InputStream}'s default reads one byte per call, each a system call: walking page headers that way cost a full scan
 * of an uncompressed 3-million-row file about half its time. Here every file of the corpus is opened and every page
 * of every row group read through a {@code LocalInputFile} whose stream counts the calls of {@code read()}: there
 * must be as many as parquet-java's own reader makes for the same work (it reads the footer's length one byte at a
 * time), and the pages must be the ones it returns.
 */
class ReadCallsTest {
    @TempDir
    Path dir;

    @Test
    void checksReadTheFileInBulk() throws IOException {
        int files = 0;
        for (FileCorpus.File corpus : FileCorpus.files()) {
            Path path = dir.resolve(corpus.name);
            Files.write(path, corpus.bytes);
            CountingFile counting = new CountingFile(path);
            List<String> checked;
            try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                    counting, HadoopFreeParquet.readOptions().build())) {
                checked = pages(reader, reader.getFileMetaData().getSchema().getColumns());
            } catch (IOException | RuntimeException unreadable) {
                continue; // a parquet-testing file this reader refuses (encrypted, ...): CorruptFileSuiteTest's
            }
            CountingFile plainFile = new CountingFile(path);
            List<String> plain;
            // the constructor HadoopFreeFileReader extends (ParquetFileReader.open reads the footer another way)
            try (org.apache.parquet.hadoop.ParquetFileReader reader = new org.apache.parquet.hadoop.ParquetFileReader(
                    plainFile, HadoopFreeParquet.readOptions().build())) {
                plain = pages(reader, reader.getFileMetaData().getSchema().getColumns());
            }
            assertEquals(plain, checked, corpus.name);
            // that constructor reads the footer's length one byte at a time (4 calls); the checks add none
            assertEquals(plainFile.singleByteReads, counting.singleByteReads, corpus.name + ": reads of one byte");
            files++;
        }
        assertTrue(files >= 40, "files read: " + files);
    }

    /** Each page of each row group: its column, value count and bytes' size. */
    private static List<String> pages(
            org.apache.parquet.hadoop.ParquetFileReader reader, List<ColumnDescriptor> columns) throws IOException {
        List<String> pages = new ArrayList<>();
        PageReadStore rowGroup;
        while ((rowGroup = reader.readNextRowGroup()) != null) {
            for (ColumnDescriptor column : columns) {
                PageReader pageReader = rowGroup.getPageReader(column);
                org.apache.parquet.column.page.DataPage page;
                while ((page = pageReader.readPage()) != null) {
                    pages.add(String.join(".", column.getPath()) + " " + page.getValueCount() + " "
                            + page.getUncompressedSize());
                }
            }
        }
        return pages;
    }

    /** {@code LocalInputFile}, whose stream counts {@code read()} calls and does not override read(byte[], int, int). */
    private static final class CountingFile implements InputFile {
        private final LocalInputFile file;
        int singleByteReads;

        CountingFile(Path path) {
            this.file = new LocalInputFile(path);
        }

        @Override
        public long getLength() throws IOException {
            return file.getLength();
        }

        @Override
        public SeekableInputStream newStream() throws IOException {
            SeekableInputStream in = file.newStream();
            return new SeekableInputStream() {
                @Override
                public int read() throws IOException {
                    singleByteReads++;
                    return in.read();
                }

                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void seek(long newPos) throws IOException {
                    in.seek(newPos);
                }

                @Override
                public void readFully(byte[] bytes) throws IOException {
                    in.readFully(bytes);
                }

                @Override
                public void readFully(byte[] bytes, int start, int len) throws IOException {
                    in.readFully(bytes, start, len);
                }

                @Override
                public int read(ByteBuffer buf) throws IOException {
                    return in.read(buf);
                }

                @Override
                public void readFully(ByteBuffer buf) throws IOException {
                    in.readFully(buf);
                }

                @Override
                public void close() throws IOException {
                    in.close();
                }
            };
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }
}
