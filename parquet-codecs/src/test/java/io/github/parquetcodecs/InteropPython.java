package io.github.parquetcodecs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code src/test/python/interop.py} with the pinned Python environment and parses its results.
 *
 * <p>The interpreter is the property {@code interop.python} ({@code mvn -Dinterop.python=...}, which Surefire passes
 * on to the tests), which {@code dev/test} sets to the {@code .venv} that {@code dev/python-env} builds from {@code
 * dev/interop-requirements.txt}. Without the property, the project's {@code .venv/bin/python} is used when it exists,
 * so a developer who ran {@code dev/python-env} (or {@code dev/test}) once can run {@code mvn test
 * -Dtest=InteropTest} alone. Otherwise the tests fail at once, saying how to build it: they never skip, so that a
 * missing environment cannot pass as a green run. {@code interop.py} itself checks that every pinned version is the one
 * installed.
 */
final class InteropPython {
    private InteropPython() {}

    static final String PYTHON_PROPERTY = "interop.python";

    /** The project root: the parent of the module directory the tests run in. */
    static Path projectRoot() {
        Path module = Paths.get("").toAbsolutePath();
        return Files.exists(module.resolve("src/test/python/interop.py")) ? module.getParent() : module;
    }

    static Path script() {
        return projectRoot().resolve("parquet-codecs/src/test/python/interop.py");
    }

    static Path requirements() {
        return projectRoot().resolve("dev/interop-requirements.txt");
    }

    /** The interpreter to use, or an exception saying how to get one. */
    static Path interpreter() {
        String configured = System.getProperty(PYTHON_PROPERTY, "").trim();
        Path python;
        if (!configured.isEmpty() && !configured.startsWith("${")) {
            python = Paths.get(configured);
        } else {
            python = projectRoot().resolve(".venv/bin/python");
            if (!Files.isExecutable(python)) {
                throw new IllegalStateException(
                        "The interoperability tests need the pinned Python environment (pyarrow,"
                                + " DuckDB, polars) and none was found: " + PYTHON_PROPERTY + " is not set and "
                                + python
                                + " does not exist. Run dev/test, or dev/python-env once and then Maven, or pass -D"
                                + PYTHON_PROPERTY + "=/path/to/python of an environment with "
                                + requirements().getFileName() + " installed.");
            }
        }
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException(PYTHON_PROPERTY + " is " + python
                    + ", which is not an executable file. Run dev/python-env (dev/test does) to build .venv.");
        }
        return python;
    }

    /** Results of one task: every key with its values, in order. */
    static final class TaskResult {
        final Map<String, List<String>> facts = new LinkedHashMap<>();

        String get(String key) {
            List<String> values = facts.get(key);
            return values == null ? null : values.get(0);
        }

        List<String> all(String key) {
            return facts.getOrDefault(key, new ArrayList<>());
        }

        boolean ok() {
            return "ok".equals(get("status"));
        }

        String error() {
            return get("error");
        }
    }

    /** What one run of the script gave: results by task id, and how it ended. */
    static final class Run {
        final Map<String, TaskResult> tasks = new HashMap<>();
        int exitCode;
        String log;
        double seconds;

        TaskResult task(String id) {
            return tasks.get(id);
        }

        Map<String, String> versions() {
            Map<String, String> versions = new LinkedHashMap<>();
            TaskResult global = tasks.get("_");
            if (global != null) {
                global.facts.forEach((key, values) -> {
                    if (key.startsWith("version:")) {
                        versions.put(key.substring("version:".length()), values.get(0));
                    }
                });
            }
            return versions;
        }

        /** Why a task has no result, for failure messages. */
        String explainMissing(String id) {
            return "interop.py gave no result for " + id + " (exit code " + exitCode + "); its output:\n" + log;
        }
    }

    /** Runs the script on {@code plan}; waits at most {@code timeoutMinutes}. */
    static Run run(Path plan, Path resultsFile, Path logFile, long timeoutMinutes)
            throws IOException, InterruptedException {
        List<String> command =
                Arrays.asList(interpreter().toString(), script().toString(), plan.toString(), resultsFile.toString());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.redirectOutput(logFile.toFile());
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1"); // no __pycache__ in the source tree
        long start = System.nanoTime();
        Process process = builder.start();
        Run run = new Run();
        if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            process.waitFor();
            run.exitCode = -1;
        } else {
            run.exitCode = process.exitValue();
        }
        run.seconds = (System.nanoTime() - start) / 1e9;
        run.log = tail(logFile, 8000);
        if (Files.exists(resultsFile)) {
            for (String line : Files.readAllLines(resultsFile, StandardCharsets.UTF_8)) {
                String[] fields = line.split("\t", 3);
                if (fields.length == 3) {
                    run.tasks
                            .computeIfAbsent(fields[0], k -> new TaskResult())
                            .facts
                            .computeIfAbsent(fields[1], k -> new ArrayList<>())
                            .add(fields[2]);
                }
            }
        }
        return run;
    }

    private static String tail(Path file, int chars) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        return text.length() <= chars ? text : "..." + text.substring(text.length() - chars);
    }
}
