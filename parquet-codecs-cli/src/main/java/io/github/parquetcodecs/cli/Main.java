package io.github.parquetcodecs.cli;

/** The entry point of the runnable jar ({@code bin/parquet-codecs}). */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int status = Cli.run(args, System.out, System.err);
        System.out.flush();
        System.exit(status);
    }
}
