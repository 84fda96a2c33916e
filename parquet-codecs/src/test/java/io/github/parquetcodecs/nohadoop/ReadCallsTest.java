package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The checks of {@link HadoopFreeFileReader} (the footer walk at open, the page headers of each row group) read
 * nothing of their own: they walk the bytes parquet-java reads ({@link io.github.parquetcodecs.nohadoop.checks.CheckedInputFile}). On an object store each
 * positioned read is a request of 10-50 ms, so an extra stream, seek or read per page costs seconds per file; and
 * parquet-java's {@code LocalInputFile} does not override {@code read(byte[], int, int)}, so {@code InputStream}'s
 * default reads one byte per call, each a system call. Here every file of the corpus is read through both entry
 * points and through parquet-java's own reader ({@code ParquetFileReader.open} with the same options, doing the same
 * reads of row groups), each through a {@code LocalInputFile} that counts the streams opened and the calls of every
 * read and seek method: the counts must be equal, and the pages the ones parquet-java returns.
 */
class ReadCallsTest {
    @TempDir
    Path dir;

    @Test
    void theEntryPointsMakeTheRequestsParquetJavaMakes() throws IOException {
        int files = 0;
        StringBuilder counts = new StringBuilder();
        for (FileCorpus.File corpus : FileCorpus.files()) {
            Path path = dir.resolve(corpus.name);
            Files.write(path, corpus.bytes);
            CountingFile pagesFile = new CountingFile(path);
            List<String> checked;
            try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                    pagesFile, HadoopFreeParquet.readOptions().build())) {
                checked = pages(reader, reader.getFileMetaData().getSchema().getColumns());
            } catch (IOException | RuntimeException unreadable) {
                continue; // a parquet-testing file this reader refuses (encrypted, ...): CorruptFileSuiteTest's
            }
            CountingFile plainFile = new CountingFile(path);
            List<String> plain;
            try (ParquetFileReader reader = ParquetFileReader.open(
                    plainFile, HadoopFreeParquet.readOptions().build())) {
                plain = pages(reader, reader.getFileMetaData().getSchema().getColumns());
            }
            assertEquals(plain, checked, corpus.name);
            assertEquals(plainFile.counts(), pagesFile.counts(), corpus.name + ": openFile, every page");

            CountingFile recordsFile = new CountingFile(path);
            long records = 0;
            try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                    recordsFile,
                    new GroupReadSupport(),
                    HadoopFreeParquet.readOptions().build())) {
                while (reader.read() != null) {
                    records++;
                }
            } catch (IOException | RuntimeException unreadable) {
                continue; // a file whose records the example Group model cannot take (CorruptFileSuiteTest's)
            }
            // the record reader's row groups, read by parquet-java's reader (filtered, as the record reader reads)
            CountingFile rowGroupsFile = new CountingFile(path);
            long rows = 0;
            try (ParquetFileReader reader = ParquetFileReader.open(
                    rowGroupsFile, HadoopFreeParquet.readOptions().build())) {
                for (PageReadStore rowGroup = reader.readNextFilteredRowGroup();
                        rowGroup != null;
                        rowGroup = reader.readNextFilteredRowGroup()) {
                    rows += rowGroup.getRowCount();
                }
            }
            assertEquals(rows, records, corpus.name + ": records");
            assertEquals(rowGroupsFile.counts(), recordsFile.counts(), corpus.name + ": openReader, every record");
            counts.append(corpus.name).append(' ').append(pagesFile.counts()).append('\n');
            files++;
        }
        assertTrue(files >= 40, "files read: " + files);
        if (Boolean.getBoolean("read.calls.print")) {
            System.out.print(counts);
        }
    }

    /**
     * The checks refuse a corrupt footer and a corrupt page header from the bytes parquet-java read: every file of the
     * corrupt-file suite that a check refuses is read through one stream, parquet-java's.
     */
    @Test
    void corruptFilesAreRefusedFromTheBytesParquetJavaRead() throws IOException {
        int footers = 0;
        int headers = 0;
        for (Arguments arguments : CorruptFileSuiteTest.files()) {
            String name = (String) arguments.get()[0];
            Path path = dir.resolve(name);
            try (InputStream in = CorruptFileSuiteTest.class.getResourceAsStream("corrupt-files/" + name)) {
                Files.write(path, in.readAllBytes());
            }
            for (boolean records : new boolean[] {false, true}) {
                CountingFile file = new CountingFile(path);
                String message = "";
                try {
                    if (records) {
                        try (HadoopFreeRecordReader<Group> reader = HadoopFreeParquet.openReader(
                                file,
                                new GroupReadSupport(),
                                HadoopFreeParquet.readOptions().build())) {
                            while (reader.read() != null) {
                                // every record
                            }
                        }
                    } else {
                        try (HadoopFreeFileReader reader = HadoopFreeParquet.openFile(
                                file, HadoopFreeParquet.readOptions().build())) {
                            pages(reader, reader.getFileMetaData().getSchema().getColumns());
                        }
                    }
                } catch (IOException | ParquetDecodingException e) {
                    message = String.valueOf(e.getMessage());
                }
                if (Boolean.getBoolean("read.calls.print")) {
                    System.out.println(name + " " + records + " " + file.counts() + " " + message);
                }
                boolean footer = message.startsWith("Corrupt footer in " + file + ": ");
                boolean header = message.startsWith("Corrupt page header in " + file + ", row group ");
                if (footer || header) {
                    // a page of the last chunk read may go on past the chunk: parquet-java reads on from the file
                    // then, and so does the walk, through a stream of its own
                    boolean pastTheLastChunk = header && message.contains("but the file's data ends");
                    assertTrue(
                            file.streams == 1 || pastTheLastChunk && file.streams == 2,
                            name + ": " + file.streams + " streams opened to refuse it (" + message + ")");
                    footers += footer ? 1 : 0;
                    headers += header && file.streams == 1 ? 1 : 0;
                }
            }
        }
        assertTrue(footers >= 2 && headers >= 2, "footers refused: " + footers + ", page headers: " + headers);
    }

    /** Each page of each row group: its column, value count and bytes' size. */
    private static List<String> pages(ParquetFileReader reader, List<ColumnDescriptor> columns) throws IOException {
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

    /**
     * {@code LocalInputFile}, whose streams count the calls of each method that reads or seeks; like parquet-java's,
     * they do not override {@code read(byte[], int, int)}, which reads one byte per {@code read()} call.
     */
    private static final class CountingFile implements InputFile {
        private final LocalInputFile file;
        int streams;
        int seeks;
        int readFully;
        int singleByteReads;
        int bufferReads;

        CountingFile(Path path) {
            this.file = new LocalInputFile(path);
        }

        String counts() {
            return "streams " + streams + ", seeks " + seeks + ", readFully " + readFully + ", read() "
                    + singleByteReads + ", read(ByteBuffer) " + bufferReads;
        }

        @Override
        public long getLength() throws IOException {
            return file.getLength();
        }

        @Override
        public SeekableInputStream newStream() throws IOException {
            streams++;
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
                    seeks++;
                    in.seek(newPos);
                }

                @Override
                public void readFully(byte[] bytes) throws IOException {
                    readFully++;
                    in.readFully(bytes);
                }

                @Override
                public void readFully(byte[] bytes, int start, int len) throws IOException {
                    readFully++;
                    in.readFully(bytes, start, len);
                }

                @Override
                public int read(ByteBuffer buf) throws IOException {
                    bufferReads++;
                    return in.read(buf);
                }

                @Override
                public void readFully(ByteBuffer buf) throws IOException {
                    readFully++;
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
