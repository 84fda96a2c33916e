package io.github.parquetcodecs.nohadoop;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.Choices;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.EntryPoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * Coverage-guided fuzzing of whole files with Jazzer: each input corrupts a valid file of {@link FileCorpus} in a
 * structure-aware way and reads it through one of the two documented entry points; {@link FileFuzzHarness} says how
 * and what must hold. {@code dev/fuzz files} runs both targets (a million inputs each by default) and prints the
 * outcome counts. Not a test of the normal build (its name does not end in Test): what it found is replayed by {@link
 * CorruptFileSuiteTest} from small committed files.
 */
class FileFuzzTarget {
    /**
     * The corpus, loaded by the first input: reading it loads parquet-java's classes, which Jazzer instruments only
     * when they are loaded after its agent (a static initializer of this class runs before).
     */
    private static List<FileCorpus.File> corpus;

    /**
     * Prints the outcome counts and writes them to target/file-fuzz-outcomes-{@code <entry point>}.txt, for dev/fuzz's
     * summary.
     */
    @AfterAll
    static void counts() throws IOException {
        String counts = FileFuzzHarness.counts();
        System.out.println("file fuzz outcomes: " + counts);
        for (EntryPoint entryPoint : EntryPoint.values()) {
            if (counts.contains(entryPoint + ":")) {
                Files.writeString(Paths.get("target", "file-fuzz-outcomes-" + entryPoint + ".txt"), counts + "\n");
            }
        }
    }

    @FuzzTest(maxDuration = "3h")
    void openReader(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_READER, Choices.of(data));
    }

    @FuzzTest(maxDuration = "3h")
    void openFile(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_FILE, Choices.of(data));
    }

    @FuzzTest(maxDuration = "3h")
    void openReaderAhead(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_READER_AHEAD, Choices.of(data));
    }

    @FuzzTest(maxDuration = "3h")
    void openFileAhead(FuzzedDataProvider data) {
        run(EntryPoint.OPEN_FILE_AHEAD, Choices.of(data));
    }

    private static void run(EntryPoint entryPoint, Choices choices) {
        if (corpus == null) {
            corpus = FileCorpus.files();
        }
        byte[] bytes = FileFuzzHarness.corrupt(choices, corpus);
        FileFuzzHarness.read(entryPoint, "fuzzed.parquet", bytes);
    }
}
