package io.github.parquetcodecs.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;

/** A file's footer as Thrift structures, and the correction {@code rewrite} makes to the footer it wrote. */
final class Footers {
    private Footers() {}

    /** The footer of {@code path} and the offset where it starts. */
    static final class Footer {
        final FileMetaData metadata;
        final long start;

        Footer(FileMetaData metadata, long start) {
            this.metadata = metadata;
            this.start = start;
        }
    }

    /** How many column chunks of {@code path} have a distinct_count statistic (0 when the footer cannot be read). */
    static long distinctCounts(Path path) {
        try {
            long count = 0;
            for (org.apache.parquet.format.RowGroup group : read(path).metadata.getRow_groups()) {
                for (org.apache.parquet.format.ColumnChunk chunk : group.getColumns()) {
                    if (chunk.isSetMeta_data()
                            && chunk.getMeta_data().isSetStatistics()
                            && chunk.getMeta_data().getStatistics().isSetDistinct_count()) {
                        count++;
                    }
                }
            }
            return count;
        } catch (IOException | RuntimeException e) {
            return 0; // the rewrite read the footer already; this only adds a note
        }
    }

    static Footer read(Path path) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            long length = file.length();
            byte[] tail = new byte[8];
            file.seek(length - 8);
            file.readFully(tail);
            if (!new String(tail, 4, 4, StandardCharsets.US_ASCII).equals("PAR1")) {
                throw new IOException(path + ": no PAR1 at the end");
            }
            int footerLength =
                    ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            long start = length - 8 - footerLength;
            if (footerLength < 0 || start < 4) {
                throw new IOException(path + ": footer length " + footerLength + " does not fit the file");
            }
            byte[] footer = new byte[footerLength];
            file.seek(start);
            file.readFully(footer);
            return new Footer(Util.readFileMetaData(new ByteArrayInputStream(footer)), start);
        }
    }

    /**
     * Gives {@code out} (written by parquet-java from {@code in}'s schema) {@code in}'s schema elements exactly.
     * parquet-java's model of a schema loses details that readers act on: a column annotated only with a legacy
     * converted type (say TIMESTAMP_MICROS) gets the equivalent logical type written too (DuckDB then reads such a
     * timestamp as TIMESTAMP WITH TIME ZONE instead of TIMESTAMP), and the root's repetition is dropped. The elements
     * describe the same columns (names, physical types, lengths, children and repetition are checked), so {@code in}'s
     * replace them, and the footer is written again. A logical type that parquet-java does not know cannot be kept
     * (it reads as empty). Returns how many elements changed.
     */
    static int keepSchema(Path in, Path out) throws IOException {
        List<SchemaElement> original = read(in).metadata.getSchema();
        Footer footer = read(out);
        List<SchemaElement> written = footer.metadata.getSchema();
        if (original.size() != written.size()) {
            throw new IOException(
                    "the schema written has " + written.size() + " elements, the input's " + original.size());
        }
        int changed = 0;
        for (int i = 0; i < original.size(); i++) {
            SchemaElement a = original.get(i);
            SchemaElement b = written.get(i);
            if (a.equals(b)) {
                continue;
            }
            boolean sameColumn = a.getName().equals(b.getName())
                    && a.isSetType() == b.isSetType()
                    && (!a.isSetType() || a.getType() == b.getType())
                    && a.getType_length() == b.getType_length()
                    && a.getNum_children() == b.getNum_children()
                    && (i == 0 || a.getRepetition_type() == b.getRepetition_type());
            if (!sameColumn) {
                throw new IOException("schema element " + i + " was written as " + b + ", the input's is " + a);
            }
            SchemaElement copy = a.deepCopy();
            if (copy.isSetLogicalType() && copy.getLogicalType().getSetField() == null) {
                // a logical type newer than parquet-java's Thrift classes: it read as empty and cannot be written
                if (b.isSetLogicalType()) {
                    copy.setLogicalType(b.getLogicalType());
                } else {
                    copy.unsetLogicalType();
                }
            }
            if (!copy.equals(b)) {
                written.set(i, copy);
                changed++;
            }
        }
        if (changed > 0) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Util.writeFileMetaData(footer.metadata, bytes);
            ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            tail.putInt(bytes.size())
                    .put("PAR1".getBytes(StandardCharsets.US_ASCII))
                    .flip();
            try (FileChannel channel = FileChannel.open(out, StandardOpenOption.WRITE)) {
                channel.truncate(footer.start);
                channel.position(footer.start);
                ByteBuffer body = ByteBuffer.wrap(bytes.toByteArray());
                while (body.hasRemaining()) {
                    channel.write(body);
                }
                while (tail.hasRemaining()) {
                    channel.write(tail);
                }
            }
        }
        return changed;
    }
}
