package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.nohadoop.HadoopFreeParquet;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/** Opens the user's files, turning what can go wrong into one-line errors that name the file. */
final class ParquetInput {
    private ParquetInput() {}

    /** {@code name} as an existing, readable Parquet file (checked by its magic bytes), or a {@link CliException}. */
    static Path parquetFile(String name) {
        Path path = Paths.get(name);
        if (!Files.exists(path)) {
            throw new CliException(name + ": no such file");
        }
        if (Files.isDirectory(path)) {
            throw new CliException(name + ": is a directory, not a Parquet file");
        }
        if (!Files.isReadable(path)) {
            throw new CliException(name + ": cannot read the file (permission denied)");
        }
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            long length = file.length();
            if (length < 12) {
                throw new CliException(name + ": not a Parquet file (" + length + " bytes, too short)");
            }
            byte[] head = new byte[4];
            byte[] tail = new byte[4];
            file.readFully(head);
            file.seek(length - 4);
            file.readFully(tail);
            String headMagic = new String(head, StandardCharsets.ISO_8859_1);
            String tailMagic = new String(tail, StandardCharsets.ISO_8859_1);
            if (tailMagic.equals("PARE")) {
                throw new CliException(
                        name + ": the file is encrypted (encrypted footer); encrypted files are not" + " supported");
            }
            if (!headMagic.equals("PAR1") && !tailMagic.equals("PAR1")) {
                throw new CliException(name + ": not a Parquet file (no PAR1 magic at its start and end)");
            }
            if (!headMagic.equals("PAR1")) {
                throw new CliException(name + ": not a Parquet file (no PAR1 magic at its start)");
            }
            if (!tailMagic.equals("PAR1")) {
                throw new CliException(name + ": not a Parquet file, or truncated: it starts like one (PAR1) but does"
                        + " not end with PAR1 (" + length + " bytes)");
            }
        } catch (IOException e) {
            throw new CliException(name + ": cannot read the file: " + e.getMessage(), e);
        }
        return path;
    }

    /** Read options with this library's codec factory and no Hadoop. */
    static ParquetReadOptions readOptions() {
        return HadoopFreeParquet.readOptions().build();
    }

    /**
     * Opens {@code path} (checked with {@link #parquetFile}) for reading pages, with the library's reader: a corrupt
     * footer or row group ends in an {@code IOException} or {@code ParquetDecodingException} naming the file, in memory
     * the file can justify.
     */
    static ParquetFileReader open(Path path) {
        try {
            return HadoopFreeParquet.openFile(HadoopFreeParquet.localFile(path), readOptions());
        } catch (IOException | RuntimeException e) {
            throw new CliException(path + ": cannot read the Parquet footer: " + message(e), e);
        }
    }

    static ParquetMetadata footer(Path path) {
        try (ParquetFileReader reader = open(path)) {
            if (reader.getFileMetaData().getEncryptionType()
                    != org.apache.parquet.hadoop.metadata.FileMetaData.EncryptionType.UNENCRYPTED) {
                throw new CliException(path + ": the file has encrypted columns; encrypted files are not supported");
            }
            return reader.getFooter();
        } catch (IOException e) {
            throw new CliException(path + ": " + message(e), e);
        }
    }

    /** An exception's message, or its class name when it has none. */
    static String message(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isEmpty() ? e.getClass().getSimpleName() : message;
    }
}
