package io.github.parquetcodecs.nohadoop;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.Choices;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.EntryPoint;
import java.util.List;

/**
 * Coverage-guided fuzzing of whole files with Jazzer: each input corrupts a valid file of {@link FileCorpus} in a
 * structure-aware way and reads it through one of the two documented entry points; {@link FileFuzzHarness} says how
 * and what must hold. {@code dev/fuzz files} runs both targets (a million inputs each by default) and prints the
 * outcome counts; in {@code mvn test} each replays its committed inputs under {@code
 * src/test/resources/io/github/parquetcodecs/nohadoop/FileFuzzTestInputs/<target>/}.
 */
class FileFuzzTest {
    private static final List<FileCorpus.File> CORPUS = FileCorpus.files();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> System.out.println("file fuzz outcomes: " + FileFuzzHarness.counts())));
    }

    @FuzzTest(maxDuration = "30m")
    void openReader(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_READER, Choices.of(data));
    }

    @FuzzTest(maxDuration = "30m")
    void openFile(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_FILE, Choices.of(data));
    }

    private static void run(EntryPoint entryPoint, Choices choices) {
        byte[] bytes = FileFuzzHarness.corrupt(choices, CORPUS);
        FileFuzzHarness.read(entryPoint, "fuzzed.parquet", bytes);
    }
}
