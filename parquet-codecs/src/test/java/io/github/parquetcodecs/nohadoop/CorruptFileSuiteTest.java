package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.parquetcodecs.nohadoop.FileFuzzHarness.EntryPoint;
import io.github.parquetcodecs.nohadoop.FileFuzzHarness.Outcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.Version;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corrupt-file suite: every distinct way a corrupt file broke the contract of the Hadoop-free entry points, as the
 * file fuzzer found it (against the library before the checks of issue 22) or as the issue describes it, kept as a
 * small file under src/test/resources/io/github/parquetcodecs/nohadoop/corrupt-files/ and listed in its findings.txt
 * with what it did then and how each entry point ends on it now.
 *
 * <p>Each file is read through {@code HadoopFreeParquet.openReader} (every record) and {@code openFile} (every page),
 * and must end within 30 s in the outcome listed (on the parquet-java the list was made with; on the others of dev/test's
 * matrix, in any outcome of the contract): all rows read, or an {@code IOException} or {@code
 * ParquetDecodingException} whose message names the file. The heap the read allocates, measured with the thread's
 * allocation counter (the least of three reads, as in LyingPageSizeTest), must stay within {@link #MULTIPLE} times
 * the file's size plus one page limit ({@link FileFuzzHarness#PAGE_LIMIT}).
 */
class CorruptFileSuiteTest {
    private static final String DIR = "corrupt-files/";

    /** The allocation bound's multiple of the file's size; see the class comment. */
    static final long MULTIPLE = 64;

    /** The parquet-java version the listed outcomes were measured with. */
    private static final String LISTED_ON = "1.18.1";

    static List<Arguments> files() throws IOException {
        List<Arguments> files = new ArrayList<>();
        try (InputStream in = CorruptFileSuiteTest.class.getResourceAsStream(DIR + "findings.txt");
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                // file | openReader outcome | openFile outcome | what it did before
                String[] fields = line.split("\\|");
                files.add(Arguments.of(
                        fields[0].trim(),
                        Outcome.valueOf(fields[1].trim()),
                        Outcome.valueOf(fields[2].trim()),
                        fields[3].trim()));
            }
        }
        return files;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void endsInTheContract(String name, Outcome reader, Outcome file, String before) throws IOException {
        byte[] bytes;
        try (InputStream in = CorruptFileSuiteTest.class.getResourceAsStream(DIR + name)) {
            bytes = in.readAllBytes();
        }
        String path = DIR + name;
        for (EntryPoint entryPoint : EntryPoint.values()) {
            Outcome expected = entryPoint.records ? reader : file;
            long least = assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> {
                        long fewest = Long.MAX_VALUE;
                        for (int attempt = 0; attempt < 3; attempt++) {
                            long start = allocated();
                            Outcome outcome = read(entryPoint, new BytesInputFile(path, bytes));
                            fewest = Math.min(
                                    fewest,
                                    allocated()
                                            - start
                                            + (entryPoint.ahead
                                                    ? FileFuzzHarness.AHEAD_ALLOCATED
                                                            .get()[0]
                                                    : 0));
                            if (Version.VERSION_NUMBER.equals(LISTED_ON)) {
                                assertEquals(expected, outcome, entryPoint + " of " + path + " (was: " + before + ")");
                            }
                        }
                        return fewest;
                    },
                    entryPoint + " of " + path + " did not end (was: " + before + ")");
            long bound = MULTIPLE * bytes.length + FileFuzzHarness.PAGE_LIMIT;
            assertTrue(
                    least <= bound,
                    entryPoint + " of " + path + " (" + bytes.length + " bytes) allocated " + least
                            + " bytes, more than " + bound);
        }
    }

    /** How reading {@code file} through {@code entryPoint} ends; fails on an ending outside the contract. */
    static Outcome read(EntryPoint entryPoint, InputFile file) {
        try {
            entryPoint.read(file);
            return Outcome.OK;
        } catch (IOException | ParquetDecodingException e) {
            if (!String.valueOf(e.getMessage()).contains(file.toString())) {
                throw new AssertionError(entryPoint + ": the message does not name " + file + ": " + e, e);
            }
            return e instanceof IOException ? Outcome.IO_EXCEPTION : Outcome.PARQUET_DECODING_EXCEPTION;
        } catch (RuntimeException e) {
            return fail(entryPoint + " of " + file + ": not an IOException or ParquetDecodingException", e);
        }
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
