package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/** {@code inspect FILE…}: row groups, rows, created_by, and per column chunk its codec, sizes, pages and encodings. */
final class InspectCommand {
    private InspectCommand() {}

    static final class Chunk {
        int rowGroup;
        String path;
        String type;
        String codec;
        long compressed;
        long uncompressed;
        long values;
        ChunkPages pages;
        Set<String> encodings;

        double ratio() {
            return compressed == 0 ? Double.NaN : (double) uncompressed / compressed;
        }
    }

    static final class FileInfo {
        String name;
        long bytes;
        String createdBy;
        int rowGroups;
        long rows;
        List<Long> rowGroupRows = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>();
    }

    static int run(Commands.Inspect options, PrintStream out) {
        if (options.files.isEmpty()) {
            throw CliException.usage("no FILE given (see inspect --help)");
        }
        List<FileInfo> files = new ArrayList<>();
        for (String name : options.files) {
            files.add(inspect(name));
        }
        out.print(options.json ? json(files) : text(files));
        return 0;
    }

    static FileInfo inspect(String name) {
        Path path = ParquetInput.parquetFile(name);
        ParquetMetadata footer = ParquetInput.footer(path);
        FileInfo info = new FileInfo();
        info.name = name;
        info.createdBy = footer.getFileMetaData().getCreatedBy();
        info.rowGroups = footer.getBlocks().size();
        try (SeekableInputStream stream = new LocalInputFile(path).newStream()) {
            info.bytes = Files.size(path);
            int rowGroup = 0;
            for (BlockMetaData block : footer.getBlocks()) {
                info.rows += block.getRowCount();
                info.rowGroupRows.add(block.getRowCount());
                for (ColumnChunkMetaData column : block.getColumns()) {
                    Chunk chunk = new Chunk();
                    chunk.rowGroup = rowGroup;
                    chunk.path = column.getPath().toDotString();
                    chunk.type =
                            column.getPrimitiveType().getPrimitiveTypeName().name();
                    chunk.codec = column.getCodec().name();
                    chunk.compressed = column.getTotalSize();
                    chunk.uncompressed = column.getTotalUncompressedSize();
                    chunk.values = column.getValueCount();
                    chunk.encodings = new TreeSet<>();
                    for (Encoding encoding : column.getEncodings()) {
                        chunk.encodings.add(encoding.name());
                    }
                    try {
                        chunk.pages = ChunkPages.read(stream, column);
                    } catch (IOException | RuntimeException e) {
                        throw new CliException(
                                name + ": cannot read the page headers of column " + chunk.path + " in row group "
                                        + rowGroup + ": " + ParquetInput.message(e),
                                e);
                    }
                    info.chunks.add(chunk);
                }
                rowGroup++;
            }
        } catch (IOException e) {
            throw new CliException(name + ": " + ParquetInput.message(e), e);
        }
        return info;
    }

    /** Compressed and uncompressed bytes and chunk counts per codec, over all files. */
    static Map<String, long[]> totals(List<FileInfo> files) {
        Map<String, long[]> totals = new TreeMap<>();
        for (FileInfo file : files) {
            for (Chunk chunk : file.chunks) {
                long[] t = totals.computeIfAbsent(chunk.codec, k -> new long[3]);
                t[0] += chunk.compressed;
                t[1] += chunk.uncompressed;
                t[2]++;
            }
        }
        return totals;
    }

    static String text(List<FileInfo> files) {
        StringBuilder out = new StringBuilder();
        for (FileInfo file : files) {
            out.append(file.name).append(" (").append(Text.bytes(file.bytes)).append(" bytes)\n");
            out.append("  created by: ")
                    .append(file.createdBy == null ? "(not recorded in the file)" : file.createdBy)
                    .append('\n');
            out.append("  row groups: ")
                    .append(file.rowGroups)
                    .append(", rows: ")
                    .append(Text.bytes(file.rows))
                    .append('\n');
            Text.Table table = new Text.Table(
                    ">rg",
                    "column",
                    "type",
                    "codec",
                    ">compressed",
                    ">uncompressed",
                    ">ratio",
                    ">dict",
                    ">v1",
                    ">v2",
                    "encodings");
            for (Chunk c : file.chunks) {
                table.row(
                        c.rowGroup,
                        c.path,
                        c.type,
                        c.codec,
                        Text.bytes(c.compressed),
                        Text.bytes(c.uncompressed),
                        Text.ratio(c.ratio()),
                        c.pages.dictionaryPages,
                        c.pages.dataPagesV1,
                        c.pages.dataPagesV2,
                        String.join(",", c.encodings));
            }
            out.append(table.render("  "));
            out.append('\n');
        }
        out.append("Totals per codec")
                .append(files.size() > 1 ? " (all files)" : "")
                .append(":\n");
        Text.Table totals = new Text.Table("codec", ">chunks", ">compressed", ">uncompressed", ">ratio");
        for (Map.Entry<String, long[]> e : totals(files).entrySet()) {
            long[] t = e.getValue();
            totals.row(
                    e.getKey(),
                    t[2],
                    Text.bytes(t[0]),
                    Text.bytes(t[1]),
                    Text.ratio(t[0] == 0 ? Double.NaN : (double) t[1] / t[0]));
        }
        out.append(totals.render("  "));
        return out.toString();
    }

    static String json(List<FileInfo> files) {
        Json json = new Json().beginObject().key("files").beginArray();
        for (FileInfo file : files) {
            json.beginObject()
                    .field("file", file.name)
                    .field("bytes", file.bytes)
                    .field("created_by", file.createdBy)
                    .field("row_groups", file.rowGroups)
                    .field("rows", file.rows)
                    .key("row_group_rows")
                    .beginArray();
            for (long rows : file.rowGroupRows) {
                json.value(rows);
            }
            json.endArray().key("columns").beginArray();
            for (Chunk c : file.chunks) {
                json.beginObject()
                        .field("row_group", c.rowGroup)
                        .field("path", c.path)
                        .field("type", c.type)
                        .field("codec", c.codec)
                        .field("compressed_bytes", c.compressed)
                        .field("uncompressed_bytes", c.uncompressed)
                        .field("ratio", c.ratio())
                        .field("values", c.values)
                        .field("dictionary_pages", c.pages.dictionaryPages)
                        .field("data_pages_v1", c.pages.dataPagesV1)
                        .field("data_pages_v2", c.pages.dataPagesV2)
                        .key("encodings")
                        .beginArray();
                for (String encoding : c.encodings) {
                    json.value(encoding);
                }
                json.endArray().endObject();
            }
            json.endArray().endObject();
        }
        json.endArray().key("totals_per_codec").beginObject();
        for (Map.Entry<String, long[]> e : totals(files).entrySet()) {
            long[] t = e.getValue();
            json.key(e.getKey())
                    .beginObject()
                    .field("column_chunks", t[2])
                    .field("compressed_bytes", t[0])
                    .field("uncompressed_bytes", t[1])
                    .field("ratio", t[0] == 0 ? Double.NaN : (double) t[1] / t[0])
                    .endObject();
        }
        json.endObject().endObject();
        return json + "\n";
    }

    static String codecsOf(FileInfo file) {
        return file.chunks.stream().map(c -> c.codec).distinct().sorted().collect(Collectors.joining(","));
    }
}
