package io.github.parquetcodecs.nohadoop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The valid files the file fuzzer corrupts: every file of ../shared/parquet-testing, and files written here with every
 * codec, V1 and V2 data pages, dictionary encoding on and off, with required, optional, nested and repeated columns,
 * several pages per chunk and several row groups. Written once per JVM into target/file-fuzz-corpus.
 */
final class FileCorpus {
    private FileCorpus() {}

    /** One file: a name (for messages) and its bytes. */
    static final class File {
        final String name;
        final byte[] bytes;

        File(String name, byte[] bytes) {
            this.name = name;
            this.bytes = bytes;
        }
    }

    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message corpus {\n"
            + "  required int64 id;\n"
            + "  optional binary name (UTF8);\n"
            + "  required double score;\n"
            + "  optional boolean flag;\n"
            + "  optional fixed_len_byte_array(4) code;\n"
            + "  optional group tags (LIST) { repeated group list { optional int32 element; } }\n"
            + "  required group point { required float x; optional int32 y; }\n"
            + "}");

    private static List<File> files;

    static synchronized List<File> files() {
        if (files == null) {
            try {
                files = Collections.unmodifiableList(load());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static List<File> load() throws IOException {
        List<File> all = new ArrayList<>();
        Path testing = parquetTesting();
        try (Stream<Path> list = Files.list(testing)) {
            for (Path path : (Iterable<Path>) list.sorted()::iterator) {
                if (path.getFileName().toString().endsWith(".parquet")) {
                    all.add(new File(path.getFileName().toString(), Files.readAllBytes(path)));
                }
            }
        }
        Path dir = Paths.get("target", "file-fuzz-corpus");
        Files.createDirectories(dir);
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            for (WriterVersion version : WriterVersion.values()) {
                for (boolean dictionary : new boolean[] {true, false}) {
                    String name = codec.name().toLowerCase() + "-"
                            + version.name().toLowerCase() + (dictionary ? "-dict" : "-plain") + ".parquet";
                    Path path = dir.resolve(name);
                    if (!Files.exists(path)) {
                        Path temporary = dir.resolve(name + ".tmp");
                        Files.deleteIfExists(temporary);
                        write(temporary, codec, version, dictionary);
                        Files.move(temporary, path);
                    }
                    all.add(new File(name, Files.readAllBytes(path)));
                }
            }
        }
        return all;
    }

    static Path parquetTesting() {
        String dir = System.getProperty("parquet.testing.dir");
        return dir != null ? Paths.get(dir) : Paths.get("..", "..", "shared", "parquet-testing");
    }

    private static void write(Path path, CompressionCodecName codec, WriterVersion version, boolean dictionary)
            throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, SCHEMA.toString());
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(path), new GroupWriteSupport(), conf)
                .withCompressionCodec(codec)
                .withWriterVersion(version)
                .withDictionaryEncoding(dictionary)
                .withPageSize(512)
                .withPageRowCountLimit(50)
                .withRowGroupSize(4096L)
                .build()) {
            for (int i = 0; i < 240; i++) {
                Group row =
                        groups.newGroup().append("id", (long) i * 7919 % 1000).append("score", i / 3.0);
                if (i % 5 != 0) {
                    row.append("name", "name-" + (i % 17));
                }
                if (i % 3 != 0) {
                    row.append("flag", i % 2 == 0);
                }
                if (i % 4 != 0) {
                    row.append("code", org.apache.parquet.io.api.Binary.fromConstantByteArray(new byte[] {
                        (byte) i, 1, 2, (byte) (i % 3)
                    }));
                }
                if (i % 6 != 0) {
                    Group list = row.addGroup("tags");
                    for (int j = 0; j < i % 4; j++) {
                        Group element = list.addGroup("list");
                        if ((i + j) % 5 != 0) {
                            element.append("element", i * j);
                        }
                    }
                }
                Group point = row.addGroup("point").append("x", i * 0.5f);
                if (i % 7 != 0) {
                    point.append("y", i % 11);
                }
                writer.write(row);
            }
        }
    }
}
