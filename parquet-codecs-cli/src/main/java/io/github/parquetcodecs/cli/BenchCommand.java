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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** {@code bench FILE…}: every codec and level on the files' own pages. */
final class BenchCommand {
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

    /** What the heap needs besides 3 x the sample: the JVM's classes and buffers, footers, results. */
    static final long FIXED_OVERHEAD = 96_000_000;

    private static final Pattern LEVELS = Pattern.compile("([A-Za-z0-9_]+)=(-?\\d+(?:,-?\\d+)*)");

    private BenchCommand() {}

    /** Everything a run measured, for the text, JSON and the report. */
    static final class Outcome {
        List<String> files;
        PageSample sample;
        Bench bench;
        List<Bench.Result> results;
        Variant baseline;
        /** Every codec of the files, at its default level, the one that stores most bytes first. */
        List<Variant> inputCodecs = new ArrayList<>();
        /** The leaf columns --column chose (a group path chooses its leaves); empty: all. */
        Set<String> columnsChosen = new LinkedHashSet<>();

        double readSeconds;
        Recommendation recommendation;
        Machine machine;
        List<String> notes = new ArrayList<>();
    }

    static int run(Commands.Bench options, PrintStream out, PrintStream err) {
        if (options.files.isEmpty()) {
            throw CliException.usage("no FILE given (see bench --help)");
        }
        long budget = duration(options.time);
        long maxBytes = bytes(options.maxBytes);
        Set<CompressionCodecName> explicit = new LinkedHashSet<>();
        List<CompressionCodecName> codecs = new ArrayList<>();
        if (options.codecs != null) {
            for (String name : options.codecs.split(",")) {
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
        for (String spec : options.levels) {
            Matcher m = LEVELS.matcher(spec);
            if (!m.matches()) {
                throw CliException.usage("--levels takes CODEC=L,L,... (for example ZSTD=1,3,9), not '" + spec + "'");
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

        String report = options.report;
        if (report != null) {
            Report.checkName(report);
        }

        Outcome outcome = measure(
                options.files,
                codecs,
                levels,
                explicit,
                new LinkedHashSet<>(options.columns),
                options.bare,
                budget,
                maxBytes,
                stderrIsTerminal() ? err : null);
        if (report != null) {
            Report.write(outcome, report);
            outcome.notes.add("Report written to " + report);
        }
        out.print(options.json ? json(outcome) : text(outcome));
        return 0;
    }

    /** Whether stderr is a terminal: bin/parquet-codecs says so (test -t 2); else whether there is a console. */
    static boolean stderrIsTerminal() {
        String said = System.getProperty("parquet.codecs.progress");
        return said != null ? Boolean.parseBoolean(said) : System.console() != null;
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
                Set<String> leaves = new LinkedHashSet<>();
                for (String column : columns) {
                    List<String> matched = Columns.leaves(column, known);
                    if (matched.isEmpty()) {
                        throw new CliException(Columns.unknown(files.get(i), column, known));
                    }
                    leaves.addAll(matched);
                }
                outcome.columnsChosen.addAll(leaves);
            }
        }
        // memory: the sample, one chunk compressed and decompressed at a time (a chunk can be one page as large as the
        // sample), and a fixed overhead (the JVM's own, the footers, the results): 3 x the sample + FIXED_OVERHEAD at
        // most. The sample is made to fit the heap, so that it is never exhausted.
        long heap = Runtime.getRuntime().maxMemory();
        long fits = (heap - FIXED_OVERHEAD) / 3;
        if (maxBytes > fits) {
            if (fits < 1_000_000) {
                throw new CliException(
                        "the JVM's heap (" + Text.size(heap) + ") is too small for a benchmark; give" + " it at least "
                                + Text.size(FIXED_OVERHEAD + 2_000_000) + " (for example JAVA_OPTS=-Xmx256m)");
            }
            outcome.notes.add("--max-bytes lowered from " + Text.size(maxBytes) + " to " + Text.size(fits)
                    + " to fit the JVM's heap of " + Text.size(heap) + " (3 x the sample + "
                    + Text.size(FIXED_OVERHEAD) + "); JAVA_OPTS=-Xmx... gives it more.");
            maxBytes = fits;
        }
        long readStart = System.nanoTime();
        PageSample sample = PageSample.read(paths, maxBytes, outcome.columnsChosen);
        outcome.readSeconds = (System.nanoTime() - readStart) / 1e9;
        outcome.sample = sample;
        if (sample.bytes == 0) {
            if (sample.smallestSkipped != Long.MAX_VALUE) {
                throw CliException.usage("--max-bytes " + Text.size(maxBytes) + " holds no page: the smallest is "
                        + Text.size(sample.smallestSkipped) + " (uncompressed); give more");
            }
            throw new CliException("the files hold no page data to compress");
        }

        CompressionCodecName fileCodec = sample.mainCodec();
        outcome.baseline = Variant.defaultOf(fileCodec);
        List<Variant> variants = new ArrayList<>();
        // every codec of the files is measured (at its default level), the main one first
        for (Map.Entry<CompressionCodecName, Long> e : sample.codecsByShare()) {
            Variant input = Variant.defaultOf(e.getKey());
            outcome.inputCodecs.add(input);
            if (!variants.contains(input)) {
                variants.add(input);
            }
        }
        for (CompressionCodecName codec : codecs) {
            List<Integer> codecLevels = levels.get(codec);
            if (codecLevels == null
                    || !io.github.parquetcodecs.CompressionLevels.of(codec).isPresent()) {
                Variant v = Variant.defaultOf(codec);
                if (!variants.contains(v)) {
                    variants.add(v);
                }
            } else {
                for (int level : codecLevels) {
                    Variant v = new Variant(codec, level, false);
                    if (!variants.contains(v)) {
                        variants.add(v);
                    }
                }
            }
        }
        for (Variant input : outcome.inputCodecs) {
            if (input.level != null) {
                outcome.notes.add("The files' codec " + input.codec + " is measured at its default level, "
                        + input.level + " (Parquet files do not record the level they were written with).");
            }
            if (input.codec == CompressionCodecName.LZO || input.codec == CompressionCodecName.LZ4) {
                outcome.notes.add(input.codec + " is deprecated in the Parquet format and many readers (pyarrow"
                        + " among them) cannot read it; it is measured because the files use it.");
            }
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
                    if (explicit.contains(variant.codec) || outcome.inputCodecs.contains(variant)) {
                        throw new CliException(variant.codec + " is not available: " + ParquetInput.message(e), e);
                    }
                    outcome.notes.add(variant.longLabel() + " skipped: " + ParquetInput.message(e));
                    continue;
                }
                measured.add(variant);
                coders.add(coder);
                if (bare && variant.codec != CompressionCodecName.UNCOMPRESSED) {
                    measured.add(variant.as(Variant.Kind.LIBRARY_BUFFER));
                    coders.add(Coder.libraryBuffers(factory, variant));
                    for (Variant.Kind kind : new Variant.Kind[] {Variant.Kind.BARE, Variant.Kind.BARE_REUSED}) {
                        Variant row = variant.as(kind);
                        Coder bareCoder;
                        try {
                            bareCoder = Coder.bare(row);
                        } catch (RuntimeException | LinkageError e) {
                            outcome.notes.add(row.label() + " skipped: " + ParquetInput.message(e));
                            bareCoder = null;
                        }
                        if (bareCoder != null) {
                            measured.add(row);
                            coders.add(bareCoder);
                        }
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
        Bench b = outcome.bench;
        if (sample.bytes < sample.bytesTotal) {
            outcome.notes.add("Sampled " + Text.size(sample.bytes) + " of the files' " + Text.size(sample.bytesTotal)
                    + " of pages (" + sample.pages + " of " + sample.pagesTotal + " pages, spread over "
                    + sample.rowGroupsSampled + " of " + sample.rowGroupsTotal + " row groups; --max-bytes changes"
                    + " this).");
        }
        if (b.totalBytes < b.sampledBytes) {
            outcome.notes.add("Timed " + Text.size(b.totalBytes) + " of the " + Text.size(b.sampledBytes)
                    + " sampled (chunks spread evenly over each column), so that " + Bench.TARGET_PASSES
                    + " passes of every codec fit --time"
                    + (b.replans > 0
                            ? " (halved " + b.replans + (b.replans == 1 ? " time" : " times")
                                    + " after a first pass that took longer than planned)"
                            : "")
                    + "; the speeds are of those bytes, the sizes and ratios of the " + Text.size(b.sizedBytes)
                    + " sized"
                    + (b.sizedApart
                            ? " (every codec compressed them once, untimed, in about "
                                    + Math.round(Bench.SIZING_SHARE * 100) + " % of --time)."
                            : " (by the first pass)."));
        }
        outcome.recommendation = new Recommendation(outcome.results, outcome.baseline);
        return outcome;
    }

    /** The rows of {@code --bare} that compare the library with the bare codec library, per codec and level. */
    static List<String> libraryVersusBare(Outcome o) {
        List<String> lines = new ArrayList<>();
        for (Bench.Result lib : o.results) {
            if (lib.variant.kind != Variant.Kind.LIBRARY) {
                continue;
            }
            for (Bench.Result bare : o.results) {
                if (bare.variant.kind == Variant.Kind.BARE
                        && bare.variant.codec == lib.variant.codec
                        && java.util.Objects.equals(bare.variant.level, lib.variant.level)) {
                    Bench.Spread d = Bench.speedRatio(lib, bare, true);
                    Bench.Spread c = Bench.speedRatio(lib, bare, false);
                    lines.add(String.format(
                            Locale.ROOT,
                            "  %-10s decompress %s  compress %s",
                            lib.variant.label(),
                            Recommendation.ratio(d),
                            Recommendation.ratio(c)));
                }
            }
        }
        return lines;
    }

    /** A progress bar with the time left, redrawn in place on the terminal; only used when there is a console. */
    static final class Progress implements Bench.Progress {
        private final PrintStream err;
        private int shown = -1;

        Progress(PrintStream err) {
            this.err = err;
        }

        @Override
        public void update(double fraction, double secondsLeft) {
            int percent = (int) Math.round(fraction * 100);
            if (percent == shown) {
                return;
            }
            shown = percent;
            int width = 40;
            int filled = (int) Math.round(fraction * width);
            err.print("\r[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + percent + " %, about "
                    + (long) Math.ceil(secondsLeft) + " s left ");
            err.flush();
        }

        void done() {
            err.print("\r" + " ".repeat(72) + "\r");
            err.flush();
        }
    }

    static String text(Outcome o) {
        StringBuilder out = new StringBuilder();
        PageSample s = o.sample;
        Bench b = o.bench;
        out.append(String.format(
                Locale.ROOT,
                "%d file%s, %s rows, %d row group%s, %d column%s; sampled %d of %d pages (%d dictionary, %d data V1,"
                        + " %d data V2) from %d row group%s: %s of %s uncompressed%n",
                s.files,
                s.files == 1 ? "" : "s",
                Text.bytes(s.rows),
                s.rowGroupsTotal,
                s.rowGroupsTotal == 1 ? "" : "s",
                b.columns.size(),
                b.columns.size() == 1 ? "" : "s",
                s.pages,
                s.pagesTotal,
                s.dictionaryPages,
                s.v1Pages,
                s.v2Pages,
                s.rowGroupsSampled,
                s.rowGroupsSampled == 1 ? "" : "s",
                Text.size(s.bytes),
                Text.size(s.bytesTotal)));
        out.append("Files' codecs: ").append(inputCodecs(o)).append('\n');
        out.append("Machine: ").append(o.machine.line()).append('\n');
        out.append(timing(o)).append('\n');
        out.append(bytesLine(o)).append("\n\n");
        out.append("Speeds: MB (10^6 bytes) of uncompressed pages per second, the median over the passes (a pass: the")
                .append(
                        " bytes of every chunk timed over their time; all columns: all of them); IQR: the middle half of")
                .append(" the passes.\n");
        out.append("All columns:\n");
        out.append(table(o, -1).render("  "));
        if (b.columns.size() > 1) {
            for (int col = 0; col < b.columns.size(); col++) {
                Bench.ColumnPages column = b.columns.get(col);
                out.append('\n')
                        .append("Column ")
                        .append(column.path)
                        .append(" (")
                        .append(columnBytes(column))
                        .append("):\n");
                out.append(table(o, col).render("  "));
            }
        }
        out.append('\n');
        out.append("Rows:\n");
        for (Variant.Kind kind : kinds(o)) {
            out.append("  ")
                    .append(kind.name.isEmpty() ? "library" : kind.name)
                    .append(": ")
                    .append(kind.does)
                    .append('\n');
        }
        List<String> versus = libraryVersusBare(o);
        if (!versus.isEmpty()) {
            out.append("Library speed / bare (new array) speed, median per pass (quartiles):\n");
            for (String line : versus) {
                out.append(line).append('\n');
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

    /** The kinds of rows present, in their order. */
    static List<Variant.Kind> kinds(Outcome o) {
        List<Variant.Kind> kinds = new ArrayList<>();
        for (Variant.Kind kind : Variant.Kind.values()) {
            if (o.results.stream().anyMatch(r -> r.variant.kind == kind)) {
                kinds.add(kind);
            }
        }
        return kinds;
    }

    /** "SNAPPY 54 %, UNCOMPRESSED 46 % of the stored bytes". */
    static String inputCodecs(Outcome o) {
        long total = o.sample.storedBytes();
        StringBuilder text = new StringBuilder();
        for (Map.Entry<CompressionCodecName, Long> e : o.sample.codecsByShare()) {
            if (text.length() > 0) {
                text.append(", ");
            }
            text.append(e.getKey()).append(' ').append(share(e.getValue(), total));
        }
        return text + (o.sample.storedBytesByCodec.size() > 1 ? " of the stored bytes" : "");
    }

    private static String share(long part, long total) {
        if (total == 0) {
            return "-";
        }
        double percent = 100.0 * part / total;
        return percent > 0 && percent < 1 ? "<1 %" : String.format(Locale.ROOT, "%.0f %%", percent);
    }

    /** "timed 1.8 MB of the 63.9 MB sampled, sized 63.9 MB": what the speeds and the sizes are of. */
    static String bytesLine(Outcome o) {
        Bench b = o.bench;
        String sizes = b.sizedBytes == b.sampledBytes
                ? "sizes and ratios: of all of them"
                : "sizes and ratios: of the bytes sized, per column; all columns: each column's ratio applied to all its"
                        + " sampled bytes";
        return "Bytes: timed " + Text.size(b.totalBytes) + " of the " + Text.size(b.sampledBytes) + " sampled, sized "
                + Text.size(b.sizedBytes) + " (speeds: of the bytes timed; " + sizes + ").";
    }

    /** "12 pages, 1.2 MB timed, 8.0 MB sized", or "12 pages, 1.2 MB" when all that is sized is timed. */
    static String columnBytes(Bench.ColumnPages column) {
        String timed = column.pages + (column.pages == 1 ? " page, " : " pages, ") + Text.size(column.bytes);
        if (column.sizedBytes == column.bytes) {
            return timed;
        }
        return timed + " timed, " + column.sizedPages + (column.sizedPages == 1 ? " page, " : " pages, ")
                + Text.size(column.sizedBytes) + " sized";
    }

    /** What was run and how long it took. */
    static String timing(Outcome o) {
        Bench b = o.bench;
        return String.format(
                Locale.ROOT,
                "Measured %.1f s (--time; reading the files, %.1f s, and JVM start not included): warm-up %.1f s"
                        + " (%d chunk%s, every codec)%s, then %d passes, codecs interleaved; %,d timed samples, timed"
                        + " again: %,d"
                        + " because a garbage collection ran during them%s, %,d because they took over %.0fx the"
                        + " fastest (the machine was busy); GC: %d collection%s, %d ms.",
                b.seconds,
                o.readSeconds,
                b.warmupSeconds,
                b.warmupUnits,
                b.warmupUnits == 1 ? "" : "s",
                b.sizedApart
                        ? String.format(
                                Locale.ROOT,
                                ", sizing %.1f s (every codec compressing %s once, untimed)",
                                b.sizingSeconds,
                                Text.size(b.sizedBytes))
                        : "",
                b.passes,
                b.samples,
                b.samplesRetimed,
                b.samplesWithGc == 0
                        ? ""
                        : " (" + b.samplesWithGc + " kept with one after " + Bench.GC_RETRIES + " tries)",
                b.samplesBusy,
                Bench.BUSY_FACTOR,
                b.gcCount,
                b.gcCount == 1 ? "" : "s",
                b.gcMillis);
    }

    /** The results for column {@code col}, or for all columns when it is -1. */
    private static Text.Table table(Outcome o, int col) {
        Text.Table table = new Text.Table(
                "codec", ">size", ">ratio", ">compress MB/s", ">IQR", ">decompress MB/s", ">IQR", "", "implementation");
        long uncompressed = col < 0 ? o.bench.sampledBytes : o.bench.columns.get(col).sizedBytes;
        table.row("(uncompressed)", Text.bytes(uncompressed), "", "", "", "", "", "", "");
        for (Bench.Result r : o.results) {
            long size = col < 0 ? r.totalCompressed : r.compressedBytes[col];
            Bench.Spread compress = col < 0 ? r.totalCompress : r.compress[col];
            Bench.Spread decompress = col < 0 ? r.totalDecompress : r.decompress[col];
            String mark = o.inputCodecs.contains(r.variant) ? "files' codec" : "";
            if (col < 0 && r == o.recommendation.choice && o.recommendation.verdict != Recommendation.Verdict.KEEP) {
                mark = mark.isEmpty() ? "recommended" : mark + ", recommended";
            }
            table.row(
                    r.variant.label(),
                    Text.bytes(size),
                    Text.ratio(size == 0 ? Double.NaN : (double) uncompressed / size),
                    Text.speed(compress.median),
                    iqr(compress),
                    Text.speed(decompress.median),
                    iqr(decompress),
                    mark,
                    r.implementation);
        }
        return table;
    }

    /** "1,180-1,260". */
    static String iqr(Bench.Spread s) {
        return Text.speed(s.q1) + "-" + Text.speed(s.q3);
    }

    static String json(Outcome o) {
        Json json = new Json().beginObject();
        json.key("files").beginArray();
        for (String file : o.files) {
            json.value(file);
        }
        json.endArray();
        PageSample s = o.sample;
        Bench b = o.bench;
        json.field("rows", s.rows)
                .field("row_groups", s.rowGroupsTotal)
                .field("row_groups_sampled", s.rowGroupsSampled)
                .field("pages", s.pagesTotal)
                .field("pages_sampled", s.pages)
                .field("dictionary_pages", s.dictionaryPages)
                .field("data_pages_v1", s.v1Pages)
                .field("data_pages_v2", s.v2Pages)
                .field("uncompressed_bytes_in_files", s.bytesTotal)
                .field("sampled_bytes", s.bytes)
                .field("uncompressed_bytes", b.sampledBytes)
                .field("timed_bytes", b.totalBytes)
                .field("sized_bytes", b.sizedBytes)
                .field("files_codec", o.baseline.label());
        json.key("files_codecs").beginArray();
        long stored = s.storedBytes();
        for (Map.Entry<CompressionCodecName, Long> e : s.codecsByShare()) {
            json.beginObject()
                    .field("codec", e.getKey().name())
                    .field("stored_bytes", e.getValue())
                    .field("share", stored == 0 ? Double.NaN : (double) e.getValue() / stored)
                    .endObject();
        }
        json.endArray();
        json.field("read_seconds", o.readSeconds)
                .field("seconds", b.seconds)
                .field("warmup_seconds", b.warmupSeconds)
                .field("warmup_chunks", b.warmupUnits)
                .field("sizing_seconds", b.sizingSeconds)
                .field("timed_chunks_halved", b.replans)
                .field("passes", b.passes)
                .field("timed_samples", b.samples)
                .field("samples_timed_again_for_gc", b.samplesRetimed)
                .field("samples_kept_with_gc", b.samplesWithGc)
                .field("samples_timed_again_busy", b.samplesBusy)
                .field("gc_collections", b.gcCount)
                .field("gc_ms", b.gcMillis)
                .field(
                        "speeds",
                        "MB/s (10^6 bytes of uncompressed pages per second). A pass's figure: the bytes of the chunks"
                                + " timed over their time (all columns: all of them). *_mb_s: the median over the"
                                + " passes; *_q1, *_q3: the quartiles; *_overall (all columns): all bytes timed over"
                                + " all the time they took");
        Machine m = o.machine;
        json.key("machine")
                .beginObject()
                .field("cores", m.cores)
                .field("cpu", m.cpu)
                .field("os", m.os)
                .field("arch", m.arch)
                .field("jvm", m.jvm)
                .field("max_heap_bytes", m.maxHeap)
                .endObject();
        json.key("rows_kinds").beginObject();
        for (Variant.Kind kind : kinds(o)) {
            json.field(kind.name, kind.does);
        }
        json.endObject();
        json.key("results").beginArray();
        for (Bench.Result r : o.results) {
            json.beginObject().field("codec", r.variant.codec.name()).key("level");
            if (r.variant.level == null) {
                json.value((String) null);
            } else {
                json.value((long) r.variant.level);
            }
            json.field("bare", r.variant.bare)
                    .field("kind", r.variant.kind.name)
                    .field("does", r.variant.kind.does)
                    .field("label", r.variant.label())
                    .field("files_codec", o.inputCodecs.contains(r.variant))
                    .field("implementation", r.implementation)
                    .field("compressed_bytes", r.totalCompressed)
                    .field("sized_compressed_bytes", r.sizedCompressed)
                    .field("ratio", r.ratio(b.sampledBytes));
            speeds(json, r.totalCompress, r.totalDecompress, true);
            json.key("columns").beginArray();
            for (int col = 0; col < b.columns.size(); col++) {
                Bench.ColumnPages column = b.columns.get(col);
                json.beginObject()
                        .field("path", column.path)
                        .field("pages", column.pages)
                        .field("timed_bytes", column.bytes)
                        .field("sized_pages", column.sizedPages)
                        .field("uncompressed_bytes", column.sizedBytes)
                        .field("compressed_bytes", r.compressedBytes[col])
                        .field(
                                "ratio",
                                r.compressedBytes[col] == 0
                                        ? Double.NaN
                                        : (double) column.sizedBytes / r.compressedBytes[col]);
                speeds(json, r.compress[col], r.decompress[col], false);
                json.endObject();
            }
            json.endArray().endObject();
        }
        json.endArray();
        Recommendation rec = o.recommendation;
        json.field("recommended", rec.choice == null ? null : rec.choice.variant.label());
        json.field("verdict", rec.verdict.name().toLowerCase(Locale.ROOT));
        json.field("runner_up", rec.runnerUp == null ? null : rec.runnerUp.variant.label());
        json.key("borderline").beginArray();
        for (Bench.Result r : rec.borderline) {
            json.value(r.variant.label());
        }
        json.endArray();
        json.key("recommendation").beginArray();
        for (String line : rec.lines) {
            json.value(line);
        }
        json.endArray();
        json.key("library_vs_bare").beginArray();
        for (String line : libraryVersusBare(o)) {
            json.value(line.trim());
        }
        json.endArray();
        json.key("notes").beginArray();
        for (String note : o.notes) {
            json.value(note);
        }
        json.endArray();
        return json.endObject() + "\n";
    }

    private static void speeds(Json json, Bench.Spread compress, Bench.Spread decompress, boolean total) {
        json.field("compress_mb_s", compress.median)
                .field("compress_mb_s_q1", compress.q1)
                .field("compress_mb_s_q3", compress.q3)
                .field("decompress_mb_s", decompress.median)
                .field("decompress_mb_s_q1", decompress.q1)
                .field("decompress_mb_s_q3", decompress.q3);
        if (total) {
            json.field("compress_mb_s_overall", compress.value).field("decompress_mb_s_overall", decompress.value);
        }
    }

    /** "10s", "500ms", "2m", or a number of seconds. */
    static long duration(String text) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?")
                .matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw CliException.usage("--time takes a duration such as 10s, 500ms or 2m, not '" + text + "'");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double seconds = unit.equals("ms") ? value / 1000 : unit.equals("m") ? value * 60 : value;
        if (seconds <= 0) {
            throw CliException.usage("--time must be positive");
        }
        return (long) (seconds * 1e9);
    }

    /** "64MB", "1GB", "500kB", "1000000": decimal units, as the report's MB. */
    static long bytes(String text) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb)?")
                .matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw CliException.usage("--max-bytes takes a size such as 64MB or 1GB, not '" + text + "'");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2);
        double factor = unit.equals("kb") ? 1e3 : unit.equals("mb") ? 1e6 : unit.equals("gb") ? 1e9 : 1;
        return (long) (value * factor);
    }
}
