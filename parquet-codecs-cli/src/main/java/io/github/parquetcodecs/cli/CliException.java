package io.github.parquetcodecs.cli;

/** An error the command reports as one line, with its exit code: {@link #USAGE} for bad arguments, else {@link #FAILED}. */
final class CliException extends RuntimeException {
    static final int FAILED = 1;
    static final int USAGE = 2;

    private final int exitCode;

    CliException(String message) {
        this(message, FAILED, null);
    }

    CliException(String message, Throwable cause) {
        this(message, FAILED, cause);
    }

    private CliException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    static CliException usage(String message) {
        return new CliException(message, USAGE, null);
    }

    int exitCode() {
        return exitCode;
    }
}
