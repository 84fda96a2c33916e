package io.github.parquetcodecs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The command line, declared for picocli: options, help and shell completion ({@code generate-completion}). */
final class Commands {
    private Commands() {}

    /** Where a command prints. */
    static final class Streams {
        final PrintStream out;
        final PrintStream err;

        Streams(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }
    }

    @Command(
            name = "parquet-codecs",
            mixinStandardHelpOptions = true,
            versionProvider = Version.class,
            description = "Codecs for your own Parquet files, without Hadoop, through the parquet-codecs library.",
            footer = {
                "",
                "Run 'parquet-codecs COMMAND --help' for a command's options. Every command takes --debug (print the"
                        + " stack trace of an error). Shell completion: source <(parquet-codecs generate-completion)"
            })
    static final class Top implements Callable<Integer> {
        @CommandLine.Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().usage(spec.commandLine().getOut());
            return CliException.USAGE;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"parquet-codecs " + Cli.version()};
        }
    }

    @Command(
            name = "inspect",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Shows, per file, its row groups, rows and created_by; per column chunk its codec, compressed and"
                        + " uncompressed size (with page headers, as the footer states them), ratio, pages"
                        + " (dictionary, data V1, data V2, read from the page headers) and encodings; and totals per"
                        + " codec."
            })
    static final class Inspect implements Callable<Integer> {
        private final Streams streams;

        @Parameters(paramLabel = "FILE", arity = "0..*", description = "Parquet files")
        List<String> files = new ArrayList<>();

        @Option(names = "--json", description = "print JSON instead of text")
        boolean json;

        @Option(names = "--debug", description = "print the stack trace of an error")
        boolean debug;

        Inspect(Streams streams) {
            this.streams = streams;
        }

        @Override
        public Integer call() {
            return InspectCommand.run(this, streams.out);
        }
    }

    @Command(
            name = "bench",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Takes pages spread over the whole files (decompressed with the codec they were written with),"
                        + " compresses and decompresses them with each codec and level through the parquet-codecs"
                        + " library, and reports per column and in total the compressed size, the ratio, and"
                        + " compress and decompress MB/s (10^6 bytes of uncompressed page data per second) with their"
                        + " spread.",
                "Many short timed samples, all codecs interleaved; a sample during which a garbage collection ran,"
                        + " or that took over twice the fastest of its kind (the machine was busy), is timed again."
                        + " Speeds: the median over the passes and the interquartile range (IQR). Every round trip"
                        + " is checked byte for byte. Ends with a recommendation, or \"no clear winner\" when the"
                        + " spread does not decide it. A progress bar with the time left goes to stderr when it is"
                        + " a terminal."
            })
    static final class Bench implements Callable<Integer> {
        private final Streams streams;

        @Parameters(paramLabel = "FILE", arity = "0..*", description = "Parquet files")
        List<String> files = new ArrayList<>();

        @Option(
                names = "--codecs",
                paramLabel = "C,...",
                description = "codecs to measure (default SNAPPY,LZ4_RAW,ZSTD,GZIP,BROTLI; the files' own codecs are"
                        + " always added): any of UNCOMPRESSED, SNAPPY, GZIP, LZO, BROTLI, LZ4, ZSTD, LZ4_RAW")
        String codecs;

        @Option(
                names = "--levels",
                paramLabel = "CODEC=L,...",
                parameterConsumer = LevelsConsumer.class,
                description = "levels per codec, several allowed: --levels ZSTD=1,3,9,19 GZIP=1,6,9 BROTLI=1,4,9"
                        + " (default ZSTD=1,3,9 GZIP=6 BROTLI=1,4)")
        List<String> levels = new ArrayList<>();

        @Option(
                names = "--time",
                paramLabel = "T",
                description = "time budget of the measurement, e.g. 10s, 500ms, 2m (default 10s): warm-up, timing and"
                        + " checking; not reading the files nor starting the JVM. The bytes timed are chosen to fit"
                        + " it; at least 2 passes run, so a very slow codec may exceed it")
        String time = "10s";

        @Option(
                names = "--max-bytes",
                paramLabel = "N",
                description = "pages to sample, spread evenly over all row groups and columns, e.g. 16MB (default"
                        + " 64MB; lowered to fit the heap, which needs 3 x the sample + 96 MB)")
        String maxBytes = "64MB";

        @Option(
                names = "--column",
                paramLabel = "PATH",
                description = "only this column (dotted path; a group takes all its columns), several allowed")
        List<String> columns = new ArrayList<>();

        @Option(
                names = "--bare",
                description = "also call each codec library directly (snappy-java, zstd-jni, java.util.zip, lz4-java,"
                        + " brotli4j): a 'bare' row allocating a new output array per page as parquet-java's reader"
                        + " needs, a 'bare reused' row decompressing into one reused array, and the library's"
                        + " 'ByteBuffer' path (direct buffers) as direct readers use it; prints library / bare speed"
                        + " ratios")
        boolean bare;

        @Option(
                names = "--report",
                paramLabel = "FILE",
                description = "write a self-contained report: FILE.html (HTML with SVG charts: ratio against"
                        + " decompression speed with the Pareto front, per-column bars, tables, machine and JVM) or"
                        + " FILE.svg (the charts as one image); its folder must exist")
        String report;

        @Option(names = "--json", description = "print JSON instead of text")
        boolean json;

        @Option(names = "--debug", description = "print the stack trace of an error")
        boolean debug;

        Bench(Streams streams) {
            this.streams = streams;
        }

        @Override
        public Integer call() {
            return BenchCommand.run(this, streams.out, streams.err);
        }
    }

    @Command(
            name = "rewrite",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Rewrites IN into OUT with other codecs, page by page: each page is decompressed and compressed again"
                        + " through the parquet-codecs library and written with its header fields; records are not"
                        + " decoded. Keeps the schema, key-value metadata (adding original.created.by), row groups,"
                        + " pages, encodings, statistics (min, max, null count; not distinct_count, which"
                        + " parquet-java does not write), column and offset indexes and bloom filters.",
                "Writes a temporary file beside OUT, reads both files record by record through parquet-java and"
                        + " compares every value, and only then renames it to OUT: OUT is never a broken file, even"
                        + " when the command is interrupted. Prints the sizes before and after."
            })
    static final class Rewrite implements Callable<Integer> {
        private final Streams streams;

        @Parameters(paramLabel = "IN OUT", arity = "0..*", description = "the input file and the file to write")
        List<String> files = new ArrayList<>();

        @Option(
                names = "--codec",
                paramLabel = "C",
                description = "codec for every column (default: each column keeps its codec): one of UNCOMPRESSED,"
                        + " SNAPPY, GZIP, LZO, BROTLI, LZ4, ZSTD, LZ4_RAW")
        String codec;

        @Option(
                names = "--level",
                paramLabel = "L",
                description = "level for --codec (ZSTD -131072..22, default 3; GZIP 1..9, default 6; BROTLI 0..11,"
                        + " default 1)")
        String level;

        @Option(
                names = "--column",
                paramLabel = "PATH=CODEC[:LEVEL]",
                parameterConsumer = ColumnsConsumer.class,
                description = "another codec for one column (dotted path; a group sets all its columns), several"
                        + " allowed: --column user.name=ZSTD:9 payload=BROTLI:4")
        List<String> columns = new ArrayList<>();

        @Option(names = "--no-verify", description = "skip reading both files back and comparing them")
        boolean noVerify;

        @Option(names = "--force", description = "overwrite OUT if it exists")
        boolean force;

        @Option(names = "--debug", description = "print the stack trace of an error")
        boolean debug;

        Rewrite(Streams streams) {
            this.streams = streams;
        }

        @Override
        public Integer call() {
            return RewriteCommand.run(this, streams.out, streams.err);
        }
    }

    /**
     * An option whose value may be followed by more values, taken for as long as they look like its values: {@code
     * --levels ZSTD=1,3 GZIP=9 file.parquet} gives two levels and leaves the file.
     */
    abstract static class Following implements CommandLine.IParameterConsumer {
        abstract Pattern pattern();

        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            if (args.isEmpty()) {
                throw new CommandLine.ParameterException(
                        commandSpec.commandLine(),
                        ((CommandLine.Model.OptionSpec) argSpec).longestName() + " needs a value");
            }
            List<String> values = argSpec.getValue();
            if (values == null) {
                values = new ArrayList<>();
            }
            values.add(args.pop());
            while (!args.isEmpty() && pattern().matcher(args.peek()).matches()) {
                values.add(args.pop());
            }
            argSpec.setValue(values);
        }
    }

    static final class LevelsConsumer extends Following {
        static final Pattern LEVELS = Pattern.compile("[A-Za-z0-9_]+=-?\\d+(?:,-?\\d+)*");

        @Override
        Pattern pattern() {
            return LEVELS;
        }
    }

    static final class ColumnsConsumer extends Following {
        static final Pattern COLUMN = Pattern.compile("[^-].*=[A-Za-z0-9_]+(?::-?\\d+)?");

        @Override
        Pattern pattern() {
            return COLUMN;
        }
    }

    /** The command line with its subcommands, printing to {@code streams}. */
    static CommandLine commandLine(Streams streams) {
        CommandLine top = new CommandLine(new Top());
        top.addSubcommand("inspect", new CommandLine(new Inspect(streams)));
        top.addSubcommand("bench", new CommandLine(new Bench(streams)));
        top.addSubcommand("rewrite", new CommandLine(new Rewrite(streams)));
        top.addSubcommand("help", new CommandLine(new CommandLine.HelpCommand()));
        CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(false);
        top.addSubcommand("generate-completion", completion);
        return top;
    }
}
