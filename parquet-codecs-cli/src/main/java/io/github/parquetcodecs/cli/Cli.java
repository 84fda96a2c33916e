package io.github.parquetcodecs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code parquet-codecs} command: dispatches to a subcommand, prints help, and turns every error into one line
 * and a non-zero exit code (a stack trace only with {@code --debug}).
 */
public final class Cli {
    static final String HELP = String.join(
            "\n",
            "Usage: parquet-codecs COMMAND [OPTIONS] ...",
            "",
            "Codecs for your own Parquet files, without Hadoop, through the parquet-codecs library.",
            "",
            "Commands:",
            "  inspect FILE...                 row groups, codecs, sizes, pages and encodings",
            "  bench FILE...                   compress and decompress the files' own pages with each codec and",
            "                                  level: size, ratio, MB/s, and a recommendation",
            "  rewrite IN OUT --codec C        rewrite a file with another codec, page by page, and verify it",
            "",
            "Run 'parquet-codecs COMMAND --help' for a command's options. Every command takes --debug (print the",
            "stack trace of an error).",
            "");

    private Cli() {}

    /** Runs the command line {@code args}, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> argv = new ArrayList<>(Arrays.asList(args));
        boolean debug = argv.remove("--debug");
        if (argv.isEmpty()
                || argv.get(0).equals("--help")
                || argv.get(0).equals("-h")
                || argv.get(0).equals("help")) {
            if (argv.size() > 1 && argv.get(0).equals("help")) {
                return run(new String[] {argv.get(1), "--help"}, out, err);
            }
            out.print(HELP);
            return argv.isEmpty() ? CliException.USAGE : 0;
        }
        String command = argv.remove(0);
        boolean help = argv.contains("--help") || argv.contains("-h");
        try {
            switch (command) {
                case "inspect":
                    if (help) {
                        out.print(InspectCommand.HELP);
                        return 0;
                    }
                    return InspectCommand.run(argv, out);
                case "bench":
                    if (help) {
                        out.print(BenchCommand.HELP);
                        return 0;
                    }
                    return BenchCommand.run(argv, out, err);
                case "rewrite":
                    if (help) {
                        out.print(RewriteCommand.HELP);
                        return 0;
                    }
                    return RewriteCommand.run(argv, out, err);
                case "--version":
                    out.println("parquet-codecs " + version());
                    return 0;
                default:
                    throw CliException.usage("unknown command '" + command + "' (commands: inspect, bench, rewrite;"
                            + " see parquet-codecs --help)");
            }
        } catch (CliException e) {
            err.println("parquet-codecs " + command + ": error: " + e.getMessage());
            if (debug) {
                e.printStackTrace(err);
            }
            return e.exitCode();
        } catch (Exception | LinkageError e) {
            // anything unforeseen: still one line; the stack trace on request
            err.println("parquet-codecs " + command + ": error: " + e.getClass().getSimpleName() + ": "
                    + ParquetInput.message(e) + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) {
                e.printStackTrace(err);
            }
            return CliException.FAILED;
        }
    }

    static String version() {
        String version = Cli.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
