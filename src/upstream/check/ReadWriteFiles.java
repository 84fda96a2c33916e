import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * dev/upstream-check's file test, run once on stock parquet-java 1.18.1 with Hadoop and once on the patched
 * parquet-hadoop without Hadoop; the two outputs must be equal.
 *
 * <p>{@code read DIR}: reads every record of every .parquet file in DIR through ParquetFileReader and
 * ParquetReadOptions with a PlainParquetConfiguration, and prints per file its codecs, row count and a digest
 * of all records.
 *
 * <p>{@code write DIR [all]}: writes, with every codec (LZO only with {@code all}), a file of 20,000 rows through ParquetWriter with a
 * PlainParquetConfiguration, reads it back the same way and prints its row count and digest.
 */
public final class ReadWriteFiles {
  private ReadWriteFiles() {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[1]);
    if (args[0].equals("read")) {
      List<Path> files;
      try (Stream<Path> list = Files.list(dir)) {
        files = list.filter(p -> p.toString().endsWith(".parquet")).sorted().collect(Collectors.toList());
      }
      for (Path file : files) {
        System.out.println(file.getFileName() + " " + describe(file));
      }
    } else {
      MessageType schema = MessageTypeParser.parseMessageType(
          "message m { required int64 id; optional binary text (UTF8); required double value; }");
      for (CompressionCodecName codec : CompressionCodecName.values()) {
        boolean all = args.length > 2 && args[2].equals("all");
        if (!all && codec == CompressionCodecName.LZO) {
          continue; // stock parquet-java needs hadoop-lzo, which is not on Maven Central
        }
        Path file = dir.resolve("written-" + codec.name().toLowerCase() + ".parquet");
        Files.deleteIfExists(file);
        try {
          write(file, schema, codec);
        } catch (IOException | RuntimeException e) {
          System.out.println(file.getFileName() + " error: " + e);
          Files.deleteIfExists(file);
          continue;
        }
        System.out.println(file.getFileName() + " " + describe(file));
      }
    }
  }

  private static void write(Path file, MessageType schema, CompressionCodecName codec) throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(schema)
        .withCompressionCodec(codec)
        .withPageSize(8 * 1024)
        .build()) {
      for (long i = 0; i < 20_000; i++) {
        Group group = groups.newGroup().append("id", i).append("value", i * 0.25);
        if (i % 7 != 0) {
          group.append("text", "row " + i + " of a page " + (i % 100));
        }
        writer.write(group);
      }
    }
  }

  /** The file's codecs, row count and digest, or the error that reading it gave. */
  private static String describe(Path file) throws NoSuchAlgorithmException {
    try {
      return read(file);
    } catch (IOException | RuntimeException e) {
      return "error: " + e;
    }
  }

  private static String read(Path file) throws IOException, NoSuchAlgorithmException {
    ParquetReadOptions options =
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    long rows = 0;
    List<String> codecs = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          if (!codecs.contains(column.getCodec().name())) {
            codecs.add(column.getCodec().name());
          }
        }
      }
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      MessageColumnIO columnIO = new ColumnIOFactory().getColumnIO(schema);
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            columnIO.getRecordReader(rowGroup, new GroupRecordConverter(schema));
        for (long i = 0; i < rowGroup.getRowCount(); i++) {
          digest.update(records.read().toString().getBytes(StandardCharsets.UTF_8));
          rows++;
        }
      }
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : digest.digest()) {
      hex.append(String.format("%02x", b));
    }
    return String.join(",", codecs) + " rows=" + rows + " sha256=" + hex.substring(0, 16);
  }
}
