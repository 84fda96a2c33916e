package io.github.parquetcodecs.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/**
 * The {@code parquet-codecs} command: picocli parses the command line (see {@link Commands}), prints help and
 * completion; every error becomes one line and a non-zero exit code (a stack trace only with {@code --debug}).
 */
public final class Cli {
    private Cli() {}

    /** Runs the command line {@code args}, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> argv = Arrays.asList(args);
        boolean debug = argv.contains("--debug");
        CommandLine commandLine = Commands.commandLine(new Commands.Streams(out, err));
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
        commandLine.setOut(outWriter);
        commandLine.setErr(errWriter);
        commandLine.setParameterExceptionHandler((e, arguments) -> {
            CommandLine where = e.getCommandLine();
            String command = where.getCommandName();
            String message;
            if (e instanceof CommandLine.UnmatchedArgumentException && where == commandLine) {
                String unknown = ((CommandLine.UnmatchedArgumentException) e)
                        .getUnmatched()
                        .get(0);
                command = unknown;
                message = "unknown " + (unknown.startsWith("-") ? "option" : "command") + " '" + unknown
                        + "' (commands: inspect, bench, rewrite; see parquet-codecs --help)";
            } else if (e instanceof CommandLine.UnmatchedArgumentException) {
                List<String> unmatched = ((CommandLine.UnmatchedArgumentException) e).getUnmatched();
                message = "unknown option " + unmatched.get(0) + " (see " + command + " --help)";
            } else {
                message = e.getMessage();
            }
            errWriter.println("parquet-codecs " + command + ": error: " + message);
            if (debug) {
                e.printStackTrace(errWriter);
            }
            errWriter.flush();
            return CliException.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, where, parseResult) -> {
            String command = where.getCommandName();
            if (e instanceof CliException) {
                errWriter.println("parquet-codecs " + command + ": error: " + e.getMessage());
                if (debug) {
                    e.printStackTrace(errWriter);
                }
                errWriter.flush();
                return ((CliException) e).exitCode();
            }
            // anything unforeseen: still one line; the stack trace on request
            errWriter.println(
                    "parquet-codecs " + command + ": error: " + e.getClass().getSimpleName() + ": "
                            + ParquetInput.message(e) + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) {
                e.printStackTrace(errWriter);
            }
            errWriter.flush();
            return CliException.FAILED;
        });
        int code = commandLine.execute(args);
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    static String version() {
        String version = Cli.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
