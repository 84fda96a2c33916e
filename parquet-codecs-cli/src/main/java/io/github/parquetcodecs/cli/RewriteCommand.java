package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/** {@code rewrite IN OUT --codec C [--level L] [--column PATH=CODEC[:LEVEL]…]}. */
final class RewriteCommand {
    private static final Pattern COLUMN = Pattern.compile("(.+)=([A-Za-z0-9_]+)(?::(-?\\d+))?");

    private RewriteCommand() {}

    static int run(Commands.Rewrite options, PrintStream out, PrintStream err) {
        if (options.files.size() != 2) {
            throw CliException.usage("takes IN and OUT, got " + options.files.size() + " file"
                    + (options.files.size() == 1 ? "" : "s") + " (see rewrite --help)");
        }
        Variant all = null;
        if (options.codec != null) {
            CompressionCodecName codec = Variant.codec(options.codec);
            all = options.level != null
                    ? new Variant(codec, Variant.level(codec, options.level), false)
                    : Variant.defaultOf(codec);
        } else if (options.level != null) {
            throw CliException.usage("--level needs --codec");
        }
        Map<String, Variant> columns = new LinkedHashMap<>();
        for (String spec : options.columns) {
            Matcher m = COLUMN.matcher(spec);
            if (!m.matches()) {
                throw CliException.usage("--column takes PATH=CODEC[:LEVEL], not '" + spec + "'");
            }
            CompressionCodecName codec = Variant.codec(m.group(2));
            columns.put(
                    m.group(1),
                    m.group(3) == null
                            ? Variant.defaultOf(codec)
                            : new Variant(codec, Variant.level(codec, m.group(3)), false));
        }
        if (all == null && columns.isEmpty()) {
            throw CliException.usage("give --codec, --column, or both (see rewrite --help)");
        }

        String inName = options.files.get(0);
        String outName = options.files.get(1);
        Path in = ParquetInput.parquetFile(inName);
        Path outPath = Paths.get(outName);
        boolean force = options.force;
        try {
            if (Files.exists(outPath) && Files.isSameFile(in, outPath)) {
                throw new CliException(outName + ": is the input file; write to another file");
            }
        } catch (IOException e) {
            throw new CliException(outName + ": " + ParquetInput.message(e), e);
        }
        if (Files.isDirectory(outPath)) {
            throw new CliException(outName + ": is a directory");
        }
        if (Files.exists(outPath) && !force) {
            throw new CliException(outName + ": exists (--force overwrites it)");
        }
        ParquetMetadata footer = ParquetInput.footer(in);
        Set<String> known = Columns.paths(footer);
        // a group path sets every column in it
        Map<String, Variant> leaves = new LinkedHashMap<>();
        for (Map.Entry<String, Variant> e : columns.entrySet()) {
            List<String> matched = Columns.leaves(e.getKey(), known);
            if (matched.isEmpty()) {
                throw new CliException(Columns.unknown(inName, e.getKey(), known));
            }
            for (String leaf : matched) {
                leaves.put(leaf, e.getValue());
            }
        }
        columns.clear();
        columns.putAll(leaves);
        for (Variant variant : columns.values()) {
            checkAvailable(variant.codec);
        }
        if (all != null) {
            checkAvailable(all.codec);
        }

        // written to a temporary file beside OUT, and renamed to OUT only once verified: OUT is never a broken file.
        // A failure deletes it; so does SIGINT or SIGTERM, through a shutdown hook (this is the command's main, which
        // owns its JVM; the library never does this).
        Path folder = outPath.toAbsolutePath().getParent();
        Path temp;
        try {
            temp = Files.createTempFile(folder, "." + outPath.getFileName() + ".", ".tmp");
        } catch (IOException e) {
            throw new CliException(outName + ": cannot write in " + folder + ": " + ParquetInput.message(e), e);
        }
        Thread cleanup = new Thread(() -> deleteQuietly(temp), "parquet-codecs rewrite cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        Transcoder.Outcome outcome;
        long records = -1;
        double writeSeconds;
        double verifySeconds = 0;
        boolean done = false;
        try {
            long start = System.nanoTime();
            final Variant every = all;
            try {
                outcome = Transcoder.rewrite(in, temp, path -> columns.getOrDefault(path, every), true);
            } catch (IOException | RuntimeException e) {
                if (e instanceof CliException) {
                    throw (CliException) e;
                }
                throw new CliException("cannot rewrite " + inName + ": " + ParquetInput.message(e), e);
            }
            writeSeconds = (System.nanoTime() - start) / 1e9;
            if (!options.noVerify) {
                start = System.nanoTime();
                try {
                    records = Verifier.verify(in, temp, inName, outName);
                } catch (IOException | RuntimeException e) {
                    String message = e instanceof CliException ? e.getMessage() : ParquetInput.message(e);
                    throw new CliException(message + " (" + outName + " not written)", e);
                }
                verifySeconds = (System.nanoTime() - start) / 1e9;
            }
            try {
                if (!force && Files.exists(outPath)) {
                    throw new CliException(outName + ": appeared while rewriting (--force overwrites it)");
                }
                Files.move(temp, outPath, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new CliException(
                        outName + ": cannot rename the verified file to it: " + ParquetInput.message(e), e);
            }
            done = true;
        } finally {
            if (!done) {
                deleteQuietly(temp);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs and deletes what is left
            }
        }

        long before;
        long after;
        try {
            before = Files.size(in);
            after = Files.size(outPath);
        } catch (IOException e) {
            throw new CliException(ParquetInput.message(e), e);
        }
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%s: %s bytes (%s)%n", inName, Text.bytes(before), codecs(footer)));
        double change = 1.0 - (double) after / before;
        text.append(String.format(
                Locale.ROOT,
                "%s: %s bytes (%s), %s%n",
                outName,
                Text.bytes(after),
                summary(outcome.codecs),
                Math.round(Math.abs(change) * 100) == 0
                        ? "the same size"
                        : Math.round(Math.abs(change) * 100) + " % " + (change > 0 ? "smaller" : "larger")));
        text.append(String.format(
                Locale.ROOT,
                "%s rows in %d row group%s, %d pages rewritten in %.2f s%s%n",
                Text.bytes(outcome.rows),
                outcome.rowGroups,
                outcome.rowGroups == 1 ? "" : "s",
                outcome.pages,
                writeSeconds,
                records >= 0 ? String.format(Locale.ROOT, ", verified in %.2f s", verifySeconds) : ""));
        if (records >= 0) {
            text.append("Verified: ")
                    .append(Text.bytes(records))
                    .append(records == 1 ? " record" : " records")
                    .append(" read back through parquet-java ")
                    .append(records == 1 ? "is" : "are")
                    .append(" identical; schema, row groups and key-value metadata kept\n");
        } else {
            text.append("Not verified (--no-verify)\n");
        }
        if (outcome.emptyRowGroupsDropped > 0) {
            text.append("Note: ")
                    .append(outcome.emptyRowGroupsDropped)
                    .append(" row group(s) of no rows in the input were left out\n");
        }
        for (Variant v : new java.util.LinkedHashSet<>(outcome.codecs.values())) {
            if (v.codec == CompressionCodecName.LZO || v.codec == CompressionCodecName.LZ4) {
                text.append("Warning: ")
                        .append(v.codec)
                        .append(" is deprecated in the Parquet format; many readers (pyarrow, DuckDB among them) cannot"
                                + " read it. LZ4_RAW or ZSTD are read everywhere.\n");
            }
        }
        long distinct = Footers.distinctCounts(in);
        if (distinct > 0) {
            text.append("Note: ")
                    .append(distinct)
                    .append(" column chunk(s) of the input have a distinct_count statistic, which parquet-java does"
                            + " not write: it is not kept (min, max and null counts are)\n");
        }
        if (outcome.columnsWithoutPageStatistics > 0) {
            text.append("Note: ")
                    .append(outcome.columnsWithoutPageStatistics)
                    .append(" column chunk(s) have pages without statistics in the input (in their headers or a column"
                            + " index): their chunk statistics were kept, and no column index was written for them\n");
        }
        out.print(text);
        return 0;
    }

    /** A codec that cannot load (BROTLI without brotli4j) fails here, before anything is written. */
    private static void checkAvailable(CompressionCodecName codec) {
        try {
            new io.github.parquetcodecs.HadoopFreeCodecFactory()
                    .getCompressor(codec)
                    .release();
        } catch (UnsupportedOperationException | LinkageError e) {
            throw new CliException(codec + " is not available: " + ParquetInput.message(e), e);
        }
    }

    private static String codecs(ParquetMetadata footer) {
        Map<String, Long> bytes = new TreeMap<>();
        footer.getBlocks().forEach(block -> {
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                bytes.merge(chunk.getCodec().name(), chunk.getTotalSize(), Long::sum);
            }
        });
        return String.join(", ", bytes.keySet());
    }

    private static String summary(Map<String, Variant> codecs) {
        Map<String, Integer> counts = new TreeMap<>();
        codecs.values().forEach(v -> counts.merge(v.longLabel(), 1, Integer::sum));
        if (counts.isEmpty()) {
            return "no column chunks";
        }
        if (counts.size() == 1) {
            return counts.keySet().iterator().next();
        }
        StringBuilder s = new StringBuilder();
        counts.forEach((label, n) -> s.append(s.length() == 0 ? "" : ", ")
                .append(label)
                .append(" for ")
                .append(n)
                .append(n == 1 ? " column" : " columns"));
        return s.toString();
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the error being reported matters more
        }
    }
}
