package io.github.parquetcodecs.cli;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** {@code bench FILE…}: every codec and level on the files' own pages. */
final class BenchCommand {
    static final String HELP = String.join(
            "\n",
            "Usage: parquet-codecs bench FILE... [--codecs C,...] [--levels CODEC=L,L... ...] [--time 10s]",
            "                              [--column PATH]... [--bare] [--report out.html|out.svg] [--json]",
            "",
            "Takes the files' own pages (decompressed with the codec they were written with), compresses and",
            "decompresses them with each codec and level through the parquet-codecs library, and reports per column",
            "and in total the compressed size, the ratio, and compress and decompress MB/s (10^6 bytes of",
            "uncompressed page data per second). Warm-up rounds take a quarter of the time, then timed rounds the",
            "rest; the speeds are medians over the timed rounds, all codecs interleaved round by round. Every round",
            "trip is checked byte for byte. Ends with a recommendation.",
            "",
            "Options:",
            "  --codecs C,...        codecs to measure (default SNAPPY,LZ4_RAW,ZSTD,GZIP,BROTLI; the files' own",
            "                        codec is always added); any of UNCOMPRESSED, SNAPPY, GZIP, LZO, BROTLI, LZ4,",
            "                        ZSTD, LZ4_RAW",
            "  --levels CODEC=L,...  levels per codec, several allowed: --levels ZSTD=1,3,9,19 GZIP=1,6,9 BROTLI=1,4,9",
            "                        (default ZSTD=1,3,9 GZIP=6 BROTLI=1,4)",
            "  --time T              time budget of the measurement, e.g. 10s, 500ms, 2m (default 10s); at least",
            "                        one warm-up and 3 timed rounds run, so slow codecs on large files take longer",
            "  --max-bytes N         stop reading row groups once a file gave this many bytes of pages, e.g. 64MB",
            "                        (default 64MB; at least one row group of each file is read)",
            "  --column PATH         only this column (dotted path), several allowed",
            "  --bare                also call each codec library directly (snappy-java, zstd-jni, java.util.zip,",
            "                        lz4-java, brotli4j), to show this library's overhead on your data",
            "  --report FILE         write a self-contained report: FILE.html (HTML with SVG charts: ratio against",
            "                        decompression speed with the Pareto front, per-column bars, tables, machine and",
            "                        JVM) or FILE.svg (the charts as one image)",
            "  --json                print JSON instead of text",
            "  --debug               print the stack trace of an error",
            "  --help                this help",
            "");

    static final List<CompressionCodecName> DEFAULT_CODECS = Arrays.asList(
            CompressionCodecName.SNAPPY,
            CompressionCodecName.LZ4_RAW,
            CompressionCodecName.ZSTD,
            CompressionCodecName.GZIP,
            CompressionCodecName.BROTLI);
    static final Map<CompressionCodecName, List<Integer>> DEFAULT_LEVELS = new LinkedHashMap<>();

    static {
        DEFAULT_LEVELS.put(CompressionCodecName.ZSTD, Arrays.asList(1, 3, 9));
        DEFAULT_LEVELS.put(CompressionCodecName.GZIP, Arrays.asList(6));
        DEFAULT_LEVELS.put(CompressionCodecName.BROTLI, Arrays.asList(1, 4));
    }

    private static final Pattern LEVELS = Pattern.compile("([A-Za-z0-9_]+)=(-?\\d+(?:,-?\\d+)*)");

    private BenchCommand() {}

    /** Everything a run measured, for the text, JSON and the report. */
    static final class Outcome {
        List<String> files;
        PageSample sample;
        Bench bench;
        List<Bench.Result> results;
        Variant baseline;
        boolean baselineAdded;
        Recommendation recommendation;
        Machine machine;
        List<String> notes = new ArrayList<>();
    }

    static int run(List<String> argv, PrintStream out, PrintStream err) {
        Args args = new Args("bench")
                .value("--codecs")
                .greedy("--levels", token -> LEVELS.matcher(token).matches())
                .value("--time")
                .value("--max-bytes")
                .repeated("--column")
                .flag("--bare")
                .value("--report")
                .flag("--json")
                .parse(argv);
        if (args.positional().isEmpty()) {
            throw CliException.usage("bench: no FILE given (see bench --help)");
        }
        long budget = duration(args.has("--time") ? args.get("--time") : "10s");
        long maxBytes = bytes(args.has("--max-bytes") ? args.get("--max-bytes") : "64MB");
        Set<CompressionCodecName> explicit = new LinkedHashSet<>();
        List<CompressionCodecName> codecs = new ArrayList<>();
        if (args.has("--codecs")) {
            for (String name : args.get("--codecs").split(",")) {
                if (!name.trim().isEmpty()) {
                    CompressionCodecName codec = Variant.codec(name);
                    explicit.add(codec);
                    if (!codecs.contains(codec)) {
                        codecs.add(codec);
                    }
                }
            }
        } else {
            codecs.addAll(DEFAULT_CODECS);
        }
        Map<CompressionCodecName, List<Integer>> levels = new LinkedHashMap<>(DEFAULT_LEVELS);
        for (String spec : args.all("--levels")) {
            Matcher m = LEVELS.matcher(spec);
            if (!m.matches()) {
                throw CliException.usage(
                        "bench: --levels takes CODEC=L,L,... (for example ZSTD=1,3,9), not '" + spec + "'");
            }
            CompressionCodecName codec = Variant.codec(m.group(1));
            List<Integer> list = new ArrayList<>();
            for (String level : m.group(2).split(",")) {
                Integer parsed = Variant.level(codec, level);
                if (!list.contains(parsed)) {
                    list.add(parsed);
                }
            }
            levels.put(codec, list);
            explicit.add(codec);
            if (!codecs.contains(codec)) {
                codecs.add(codec);
            }
        }

        String report = args.get("--report");
        if (report != null) {
            Report.checkName(report);
        }

        Outcome outcome = measure(
                args.positional(),
                codecs,
                levels,
                explicit,
                new LinkedHashSet<>(args.all("--column")),
                args.has("--bare"),
                budget,
                maxBytes,
                System.console() != null && !args.has("--json") ? err : null);
        if (report != null) {
            Report.write(outcome, report);
            outcome.notes.add("Report written to " + report);
        }
        out.print(args.has("--json") ? json(outcome) : text(outcome));
        return 0;
    }

    static Outcome measure(
            List<String> files,
            List<CompressionCodecName> codecs,
            Map<CompressionCodecName, List<Integer>> levels,
            Set<CompressionCodecName> explicit,
            Set<String> columns,
            boolean bare,
            long budgetNanos,
            long maxBytes,
            PrintStream progressTo) {
        Outcome outcome = new Outcome();
        outcome.files = files;
        outcome.machine = new Machine();
        List<Path> paths = new ArrayList<>();
        for (String file : files) {
            paths.add(ParquetInput.parquetFile(file));
        }
        if (!columns.isEmpty()) {
            for (int i = 0; i < paths.size(); i++) {
                Set<String> known = Columns.paths(ParquetInput.footer(paths.get(i)));
                for (String column : columns) {
                    if (!known.contains(column)) {
                        throw new CliException(Columns.unknown(files.get(i), column, known));
                    }
                }
            }
        }
        PageSample sample = new PageSample();
        for (Path path : paths) {
            sample.add(path, maxBytes, columns);
        }
        outcome.sample = sample;
        if (sample.bytes == 0) {
            throw new CliException("the files hold no page data to compress");
        }
        if (sample.rowGroupsRead < sample.rowGroupsTotal) {
            outcome.notes.add("Sampled " + sample.rowGroupsRead + " of " + sample.rowGroupsTotal + " row groups ("
                    + Text.size(sample.bytes) + " of pages; --max-bytes changes this).");
        }

        CompressionCodecName fileCodec = sample.mainCodec();
        outcome.baseline = Variant.defaultOf(fileCodec);
        List<Variant> variants = new ArrayList<>();
        if (!codecs.contains(fileCodec)) {
            variants.add(outcome.baseline);
            outcome.baselineAdded = true;
        }
        for (CompressionCodecName codec : codecs) {
            List<Integer> codecLevels = levels.get(codec);
            if (codecLevels == null
                    || !io.github.parquetcodecs.CompressionLevels.of(codec).isPresent()) {
                variants.add(Variant.defaultOf(codec));
            } else {
                for (int level : codecLevels) {
                    variants.add(new Variant(codec, level, false));
                }
                if (codec == fileCodec && !variants.contains(outcome.baseline)) {
                    variants.add(outcome.baseline);
                    outcome.baselineAdded = true;
                }
            }
        }
        if (outcome.baseline.level != null) {
            outcome.notes.add("The files' codec " + fileCodec + " is measured at its default level, "
                    + outcome.baseline.level + " (Parquet files do not record the level they were written with).");
        }

        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        List<Variant> measured = new ArrayList<>();
        List<Coder> coders = new ArrayList<>();
        try {
            for (Variant variant : variants) {
                Coder coder;
                try {
                    coder = Coder.library(factory, variant);
                } catch (UnsupportedOperationException | LinkageError e) {
                    if (explicit.contains(variant.codec) || variant.codec == fileCodec) {
                        throw new CliException(variant.codec + " is not available: " + ParquetInput.message(e), e);
                    }
                    outcome.notes.add(variant.longLabel() + " skipped: " + ParquetInput.message(e));
                    continue;
                }
                measured.add(variant);
                coders.add(coder);
                if (bare) {
                    Coder bareCoder;
                    try {
                        bareCoder = Coder.bare(variant);
                    } catch (RuntimeException | LinkageError e) {
                        outcome.notes.add(variant.label() + " bare skipped: " + ParquetInput.message(e));
                        bareCoder = null;
                    }
                    if (bareCoder != null) {
                        measured.add(variant.asBare());
                        coders.add(bareCoder);
                    }
                }
            }
            Bench bench = new Bench(sample);
            outcome.bench = bench;
            Progress progress = progressTo == null ? null : new Progress(progressTo);
            try {
                outcome.results = bench.run(measured, coders, budgetNanos, progress);
            } finally {
                if (progress != null) {
                    progress.done();
                }
            }
        } catch (IOException e) {
            throw new CliException("the benchmark failed: " + ParquetInput.message(e), e);
        } finally {
            for (Coder coder : coders) {
                coder.close();
            }
            factory.release();
        }
        outcome.recommendation = new Recommendation(outcome.results, outcome.baseline, outcome.bench.totalBytes);
        return outcome;
    }

    /** A progress bar on the terminal, redrawn in place; only used when there is a console. */
    static final class Progress implements DoubleConsumer {
        private final PrintStream err;
        private int shown = -1;

        Progress(PrintStream err) {
            this.err = err;
        }

        @Override
        public void accept(double fraction) {
            int percent = (int) Math.round(fraction * 100);
            if (percent == shown) {
                return;
            }
            shown = percent;
            int width = 40;
            int filled = (int) Math.round(fraction * width);
            err.print("\r[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + percent + " %");
            err.flush();
        }

        void done() {
            err.print("\r" + " ".repeat(50) + "\r");
            err.flush();
        }
    }

    static String text(Outcome o) {
        StringBuilder out = new StringBuilder();
        PageSample s = o.sample;
        Bench b = o.bench;
        out.append(String.format(
                Locale.ROOT,
                "%d file%s, %s rows, %d row group%s, %d column%s: %d page%s (%d dictionary, %d data V1, %d data V2),"
                        + " %s uncompressed%n",
                s.files,
                s.files == 1 ? "" : "s",
                Text.bytes(s.rows),
                s.rowGroupsRead,
                s.rowGroupsRead == 1 ? "" : "s",
                b.columns.size(),
                b.columns.size() == 1 ? "" : "s",
                s.pages,
                s.pages == 1 ? "" : "s",
                s.dictionaryPages,
                s.v1Pages,
                s.v2Pages,
                Text.size(b.totalBytes)));
        out.append("Files' codec: ").append(o.baseline.codec).append('\n');
        out.append("Machine: ").append(o.machine.line()).append('\n');
        out.append(String.format(
                Locale.ROOT,
                "Rounds: %d warm-up, %d timed, codecs interleaved; %.1f s. Speeds: medians over the timed rounds, in MB"
                        + " (10^6 bytes) of uncompressed pages per second.%n%n",
                b.warmupRounds,
                b.timedRounds,
                b.seconds));
        out.append("All columns:\n");
        out.append(table(o, -1).render("  "));
        if (b.columns.size() > 1) {
            for (int col = 0; col < b.columns.size(); col++) {
                Bench.ColumnPages column = b.columns.get(col);
                out.append('\n')
                        .append("Column ")
                        .append(column.path)
                        .append(" (")
                        .append(column.pages.length)
                        .append(column.pages.length == 1 ? " page, " : " pages, ")
                        .append(Text.size(column.bytes))
                        .append("):\n");
                out.append(table(o, col).render("  "));
            }
        }
        out.append('\n');
        for (String line : o.recommendation.lines) {
            out.append(line).append('\n');
        }
        for (String note : o.notes) {
            out.append("Note: ").append(note).append('\n');
        }
        return out.toString();
    }

    /** The results for column {@code col}, or for all columns when it is -1. */
    private static Text.Table table(Outcome o, int col) {
        Text.Table table =
                new Text.Table("codec", ">size", ">ratio", ">compress MB/s", ">decompress MB/s", "", "implementation");
        long uncompressed = col < 0 ? o.bench.totalBytes : o.bench.columns.get(col).bytes;
        table.row("(uncompressed)", Text.bytes(uncompressed), "", "", "", "", "");
        for (Bench.Result r : o.results) {
            long size = col < 0 ? r.totalCompressed : r.compressedBytes[col];
            double compress = col < 0 ? r.totalCompressNanos : r.compressNanos[col];
            double decompress = col < 0 ? r.totalDecompressNanos : r.decompressNanos[col];
            String mark = r.variant.equals(o.baseline) ? "files' codec" : "";
            if (col < 0 && r == o.recommendation.choice) {
                mark = mark.isEmpty() ? "recommended" : mark + ", recommended";
            }
            table.row(
                    r.variant.label(),
                    Text.bytes(size),
                    Text.ratio(size == 0 ? Double.NaN : (double) uncompressed / size),
                    Text.speed(Bench.mbPerSecond(uncompressed, compress)),
                    Text.speed(Bench.mbPerSecond(uncompressed, decompress)),
                    mark,
                    r.implementation);
        }
        return table;
    }

    static String json(Outcome o) {
        Json json = new Json().beginObject();
        json.key("files").beginArray();
        for (String file : o.files) {
            json.value(file);
        }
        json.endArray();
        PageSample s = o.sample;
        json.field("rows", s.rows)
                .field("row_groups_read", s.rowGroupsRead)
                .field("row_groups_total", s.rowGroupsTotal)
                .field("pages", s.pages)
                .field("dictionary_pages", s.dictionaryPages)
                .field("data_pages_v1", s.v1Pages)
                .field("data_pages_v2", s.v2Pages)
                .field("uncompressed_bytes", o.bench.totalBytes)
                .field("files_codec", o.baseline.label())
                .field("warmup_rounds", o.bench.warmupRounds)
                .field("timed_rounds", o.bench.timedRounds)
                .field("seconds", o.bench.seconds);
        Machine m = o.machine;
        json.key("machine")
                .beginObject()
                .field("cores", m.cores)
                .field("cpu", m.cpu)
                .field("os", m.os)
                .field("arch", m.arch)
                .field("jvm", m.jvm)
                .endObject();
        json.key("results").beginArray();
        for (Bench.Result r : o.results) {
            json.beginObject().field("codec", r.variant.codec.name()).key("level");
            if (r.variant.level == null) {
                json.value((String) null);
            } else {
                json.value((long) r.variant.level);
            }
            json.field("bare", r.variant.bare)
                    .field("label", r.variant.label())
                    .field("implementation", r.implementation)
                    .field("compressed_bytes", r.totalCompressed)
                    .field("ratio", r.ratio(o.bench.totalBytes))
                    .field("compress_mb_s", Bench.mbPerSecond(o.bench.totalBytes, r.totalCompressNanos))
                    .field("decompress_mb_s", Bench.mbPerSecond(o.bench.totalBytes, r.totalDecompressNanos));
            json.key("columns").beginArray();
            for (int col = 0; col < o.bench.columns.size(); col++) {
                Bench.ColumnPages column = o.bench.columns.get(col);
                json.beginObject()
                        .field("path", column.path)
                        .field("pages", column.pages.length)
                        .field("uncompressed_bytes", column.bytes)
                        .field("compressed_bytes", r.compressedBytes[col])
                        .field(
                                "ratio",
                                r.compressedBytes[col] == 0
                                        ? Double.NaN
                                        : (double) column.bytes / r.compressedBytes[col])
                        .field("compress_mb_s", Bench.mbPerSecond(column.bytes, r.compressNanos[col]))
                        .field("decompress_mb_s", Bench.mbPerSecond(column.bytes, r.decompressNanos[col]))
                        .endObject();
            }
            json.endArray().endObject();
        }
        json.endArray();
        Recommendation rec = o.recommendation;
        json.field("recommended", rec.choice == null ? null : rec.choice.variant.label());
        json.key("recommendation").beginArray();
        for (String line : rec.lines) {
            json.value(line);
        }
        json.endArray();
        json.key("notes").beginArray();
        for (String note : o.notes) {
            json.value(note);
        }
        json.endArray();
        return json.endObject() + "\n";
    }

    /** "10s", "500ms", "2m", or a number of seconds. */
    static long duration(String text) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?")
                .matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw CliException.usage("bench: --time takes a duration such as 10s, 500ms or 2m, not '" + text + "'");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double seconds = unit.equals("ms") ? value / 1000 : unit.equals("m") ? value * 60 : value;
        if (seconds <= 0) {
            throw CliException.usage("bench: --time must be positive");
        }
        return (long) (seconds * 1e9);
    }

    /** "64MB", "1GB", "500kB", "1000000": decimal units, as the report's MB. */
    static long bytes(String text) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb)?")
                .matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw CliException.usage("bench: --max-bytes takes a size such as 64MB or 1GB, not '" + text + "'");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2);
        double factor = unit.equals("kb") ? 1e3 : unit.equals("mb") ? 1e6 : unit.equals("gb") ? 1e9 : 1;
        return (long) (value * factor);
    }
}
