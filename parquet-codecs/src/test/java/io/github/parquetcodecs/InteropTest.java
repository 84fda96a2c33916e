package io.github.parquetcodecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.parquetcodecs.InteropParquet.FileContents;
import io.github.parquetcodecs.InteropParquet.PageVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Interoperability with independent Parquet implementations, both ways, value by value: pyarrow (Arrow C++), DuckDB
 * and polars (Rust), at the versions pinned in {@code dev/interop-requirements.txt}.
 *
 * <p>The matrix is {@link Direction} x {@link Impl} x {@link Variant} (every {@link CompressionCodecName}, some at
 * several levels): a new codec or implementation joins it by being added to its enum. In each cell:
 *
 * <ul>
 *   <li><b>written here, read there</b>: stock parquet-java's {@code ParquetWriter} with a {@link
 *       HadoopFreeCodecFactory} writes the rows of {@link InteropDataset} once with V1 and once with V2 data pages; the
 *       implementation reads both files and must return exactly those rows.
 *   <li><b>written there, read here</b>: the implementation writes the same rows with the codec (with V1 and V2 data
 *       pages where it can write both); parquet-java with a {@link HadoopFreeCodecFactory} reads them and must return
 *       exactly those rows, and the footer must name the codec asked for.
 * </ul>
 *
 * <p>What an implementation cannot do is part of the matrix: {@link Impl} declares it ({@link Expectation}), and the
 * cell asserts that the implementation really rejects it with that error, or really writes another codec, so that
 * nothing is skipped silently and a new version that gains a codec fails the cell until the table is updated. Every
 * file must also really hold the shapes under test: several row groups, dictionary and plain-encoded data pages, the
 * data page version asked for, and data pages of more than 1 MiB uncompressed. The data page versions each
 * implementation can write are checked on their own ({@link #dataPageVersions}), and so are the limits of Hadoop's
 * LZ4 framing ({@link #hadoopLz4Framing}). The matrix, with the errors as evidence, is printed at the end and written
 * to {@code target/interop/matrix.md}.
 *
 * <p>All Python work runs in one call of {@code src/test/python/interop.py} (two worker processes), planned in {@link
 * #runAll()}; {@link InteropPython} says where the interpreter comes from.
 */
class InteropTest {
    static final int ROWS = 15_000;
    static final long SEED = 0x1A7E40L;
    /** Row group size for the implementations that take it in rows: 3 row groups. */
    static final int ROW_GROUP_ROWS = 5_000;
    /** Each file must have a data page at least this large uncompressed. */
    static final int LARGE_PAGE = 1024 * 1024;
    /** Hadoop's LZ4 codec cuts its input in blocks of about 256 KiB: pages below this fit in one block. */
    static final int ONE_HADOOP_BLOCK = 200 * 1024;

    /** Levels tested besides each codec's default (the default is always tested, by passing no level). */
    static final Map<CompressionCodecName, int[]> EXTRA_LEVELS =
            Collections.singletonMap(CompressionCodecName.ZSTD, new int[] {-7, 1, 22});

    enum Direction {
        WRITTEN_HERE_READ_THERE("written here, read there"),
        WRITTEN_THERE_READ_HERE("written there, read here");

        final String label;

        Direction(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A codec at a level; a null level is each side's default. */
    static final class Variant {
        final CompressionCodecName codec;
        final Integer level;

        Variant(CompressionCodecName codec, Integer level) {
            this.codec = codec;
            this.level = level;
        }

        /** For file names and task ids. */
        String id() {
            return codec.name() + (level == null ? "" : "_L" + level);
        }

        @Override
        public String toString() {
            return codec + (level == null ? "" : " level " + level);
        }
    }

    static List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            variants.add(new Variant(codec, null));
            for (int level : EXTRA_LEVELS.getOrDefault(codec, new int[0])) {
                variants.add(new Variant(codec, level));
            }
        }
        return variants;
    }

    /** What an implementation does, as the matrix expects it. */
    static final class Expectation {
        enum Kind {
            WORKS,
            REJECTS,
            WRITES_OTHER
        }

        final Kind kind;
        /** REJECTS: a part of the implementation's error message. */
        final String error;
        /** WRITES_OTHER of a codec: the codec the footer names instead. */
        final CompressionCodecName instead;

        private Expectation(Kind kind, String error, CompressionCodecName instead) {
            this.kind = kind;
            this.error = error;
            this.instead = instead;
        }

        static Expectation works() {
            return new Expectation(Kind.WORKS, null, null);
        }

        static Expectation rejects(String error) {
            return new Expectation(Kind.REJECTS, error, null);
        }

        static Expectation writesInstead(CompressionCodecName codec) {
            return new Expectation(Kind.WRITES_OTHER, null, codec);
        }

        /** Asked for one data page version, it writes the other. */
        static Expectation writesOtherPageVersion() {
            return new Expectation(Kind.WRITES_OTHER, null, null);
        }
    }

    /** Hadoop-framed LZ4 pages beyond the matrix, to tell an implementation's limits from this library's. */
    enum Lz4Probe {
        /** This library, pages under 256 KiB: each page is one Hadoop block. */
        ONE_BLOCK_PAGES("this library, pages of one Hadoop block"),
        /**
         * Stock parquet-java with Hadoop's Lz4Codec, pages over 1 MiB: one Hadoop block per page with several chunks
         * (this library writes several blocks of one chunk instead, see {@code HadoopBlockCodec}).
         */
        STOCK_HADOOP_LARGE_PAGES("stock parquet-java with Hadoop's Lz4Codec, pages over 1 MiB");

        final String label;

        Lz4Probe(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * The implementations, with what each cannot do. Every entry other than {@code works()} was found by running the
     * pinned version, and its error message is the evidence: a cell fails if the implementation starts to behave
     * differently.
     */
    enum Impl {
        PYARROW("pyarrow") {
            @Override
            Expectation writes(Variant variant) {
                switch (variant.codec) {
                    case LZO:
                        return Expectation.rejects(
                                "LZO compression is supported by the Parquet format in general, it is currently not"
                                        + " supported by the C++ implementation");
                    case LZ4:
                        // compression="lz4" means LZ4_RAW; Arrow C++ reads Hadoop LZ4 but does not write it
                        return Expectation.writesInstead(CompressionCodecName.LZ4_RAW);
                    default:
                        return Expectation.works();
                }
            }

            @Override
            Expectation reads(CompressionCodecName codec) {
                return codec == CompressionCodecName.LZO
                        ? Expectation.rejects("it is currently not supported by the C++ implementation")
                        : Expectation.works();
            }

            @Override
            Expectation writesPageVersion(PageVersion asked) {
                return Expectation.works();
            }

            @Override
            Expectation reads(Lz4Probe probe) {
                // it reads Hadoop blocks of one chunk each (as this library writes them), not stock Hadoop's blocks of
                // several chunks
                return probe == Lz4Probe.STOCK_HADOOP_LARGE_PAGES
                        ? Expectation.rejects("Corrupt Lz4 compressed data")
                        : Expectation.works();
            }
        },
        DUCKDB("duckdb") {
            @Override
            Expectation writes(Variant variant) {
                switch (variant.codec) {
                    case LZO:
                        return Expectation.rejects("Expected \"compression\" argument to be any of [uncompressed,"
                                + " brotli, gzip, snappy, lz4, lz4_raw or zstd]");
                    case LZ4:
                        // COMPRESSION lz4 is an alias of lz4_raw
                        return Expectation.writesInstead(CompressionCodecName.LZ4_RAW);
                    default:
                        return Expectation.works();
                }
            }

            @Override
            Expectation reads(CompressionCodecName codec) {
                return codec == CompressionCodecName.LZO
                        ? Expectation.rejects("Unsupported compression codec \"LZO\"")
                        : Expectation.works();
            }

            @Override
            Expectation writesPageVersion(PageVersion asked) {
                // PARQUET_VERSION V2 selects the V2 encodings (DELTA_*) but DuckDB still writes V1 data page headers
                return asked == PageVersion.V2 ? Expectation.writesOtherPageVersion() : Expectation.works();
            }

            @Override
            Expectation reads(Lz4Probe probe) {
                return Expectation.works();
            }
        },
        POLARS("polars") {
            @Override
            Expectation writes(Variant variant) {
                switch (variant.codec) {
                    case LZO:
                        return Expectation.rejects("parquet `compression` must be one of {'uncompressed', 'snappy',"
                                + " 'gzip', 'brotli', 'lz4', 'zstd'}, got lzo");
                    case LZ4:
                        // its one LZ4 option, "lz4", writes LZ4_RAW (and covers the LZ4_RAW cell)
                        return Expectation.writesInstead(CompressionCodecName.LZ4_RAW);
                    case ZSTD:
                        return variant.level != null && variant.level < 1
                                ? Expectation.rejects("valid compression range 1..=22 exceeded")
                                : Expectation.works();
                    default:
                        return Expectation.works();
                }
            }

            @Override
            Expectation reads(CompressionCodecName codec) {
                switch (codec) {
                    case LZO:
                        return Expectation.rejects("Compression Lzo is not supported");
                    case LZ4:
                        // it reads only pages of one Hadoop block (up to 256 KiB uncompressed), and no Hadoop reader
                        // can
                        // read larger pages in one block: see reads(Lz4Probe) and hadoopLz4Framing
                        return Expectation.rejects("Decompression failed. Input invalid or too long?");
                    default:
                        return Expectation.works();
                }
            }

            @Override
            Expectation writesPageVersion(PageVersion asked) {
                // write_parquet has no data page version option and writes V1 data pages
                return asked == PageVersion.V2
                        ? Expectation.rejects("unexpected keyword argument 'data_page_version'")
                        : Expectation.works();
            }

            @Override
            Expectation reads(Lz4Probe probe) {
                // it reads pages of one Hadoop block only: neither this library's several blocks of one chunk nor stock
                // Hadoop's one block of several chunks
                return probe == Lz4Probe.STOCK_HADOOP_LARGE_PAGES
                        ? Expectation.rejects("Decompression failed. Input invalid or too long?")
                        : Expectation.works();
            }
        };

        final String id;

        Impl(String id) {
            this.id = id;
        }

        /** Asked to write {@code variant}. */
        abstract Expectation writes(Variant variant);

        /** Reading a file of this library with {@code codec} (pages over 1 MiB). */
        abstract Expectation reads(CompressionCodecName codec);

        /** Asked to write data pages of version {@code asked} (with UNCOMPRESSED). */
        abstract Expectation writesPageVersion(PageVersion asked);

        abstract Expectation reads(Lz4Probe probe);

        /** The data page versions the matrix asks it for: those it writes as asked. */
        Set<PageVersion> matrixPageVersions() {
            Set<PageVersion> versions = EnumSet.noneOf(PageVersion.class);
            for (PageVersion version : PageVersion.values()) {
                if (writesPageVersion(version).kind == Expectation.Kind.WORKS) {
                    versions.add(version);
                }
            }
            return versions;
        }

        @Override
        public String toString() {
            return id;
        }
    }

    private static Path work;
    private static InteropDataset data;
    private static Map<String, String> expectedDigests;
    private static final Map<String, Throwable> JAVA_WRITE_FAILURES = new ConcurrentHashMap<>();
    private static final Map<String, Long> JAVA_FILE_SIZES = new ConcurrentHashMap<>();
    private static final Map<String, Double> JAVA_WRITE_SECONDS = new ConcurrentHashMap<>();
    private static InteropPython.Run python;
    private static Exception pythonFailure;
    private static final Map<String, String> REPORT = new ConcurrentHashMap<>();
    private static final Map<String, String> FILE_SUMMARIES = new ConcurrentHashMap<>();
    private static long setupStart;
    private static double javaWriteSeconds;

    /**
     * Writes every Java-side file, then runs every Python task in one call: the implementations read the Java files
     * and write their own. The tests then check the results and read the Python-written files.
     */
    @BeforeAll
    static void runAll() throws Exception {
        setupStart = System.nanoTime();
        InteropPython.interpreter(); // fails at once, saying how to get one, when there is no Python environment
        work = Paths.get("target", "interop").toAbsolutePath();
        deleteTree(work);
        Files.createDirectories(work);
        data = InteropDataset.generate(ROWS, SEED);
        expectedDigests = data.digests();
        Path dataset = work.resolve("dataset.json");
        data.writeJson(dataset);

        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (Variant variant : variants()) {
                for (PageVersion version : PageVersion.values()) {
                    written.add(writers.submit(() -> writeJavaFile(
                            javaFile(variant, version),
                            variant.codec,
                            version,
                            InteropParquet.PAGE_SIZE,
                            factory(variant))));
                }
            }
            written.add(writers.submit(() -> writeJavaFile(
                    lz4ProbeFile(Lz4Probe.ONE_BLOCK_PAGES),
                    CompressionCodecName.LZ4,
                    PageVersion.V1,
                    64 * 1024,
                    new HadoopFreeCodecFactory())));
            written.add(writers.submit(() -> writeJavaFile(
                    lz4ProbeFile(Lz4Probe.STOCK_HADOOP_LARGE_PAGES),
                    CompressionCodecName.LZ4,
                    PageVersion.V1,
                    InteropParquet.PAGE_SIZE,
                    null)));
            for (Future<?> future : written) {
                future.get();
            }
        } finally {
            writers.shutdown();
        }
        javaWriteSeconds = (System.nanoTime() - setupStart) / 1e9;

        List<String> plan = new ArrayList<>();
        plan.add("requirements\t" + InteropPython.requirements());
        plan.add("dataset\t" + dataset);
        plan.add("setting\trow_group_rows\t" + ROW_GROUP_ROWS);
        plan.add("setting\tpage_bytes\t" + InteropParquet.PAGE_SIZE);
        plan.add("setting\tworkers\t" + Math.min(2, Runtime.getRuntime().availableProcessors()));
        for (Impl impl : Impl.values()) {
            for (Variant variant : variants()) {
                for (PageVersion version : PageVersion.values()) {
                    Path file = javaFile(variant, version);
                    plan.add("read\t" + readTask(impl, file) + "\t" + impl.id + "\t" + file);
                }
                for (PageVersion version : impl.matrixPageVersions()) {
                    plan.add(writeLine(
                            writeTask(impl, variant, version),
                            impl,
                            variant,
                            version,
                            implFile(impl, variant, version)));
                }
            }
            for (PageVersion version : PageVersion.values()) {
                plan.add(writeLine(
                        pageVersionTask(impl, version),
                        impl,
                        new Variant(CompressionCodecName.UNCOMPRESSED, null),
                        version,
                        pageVersionFile(impl, version)));
            }
            for (Lz4Probe probe : Lz4Probe.values()) {
                Path file = lz4ProbeFile(probe);
                plan.add("read\t" + readTask(impl, file) + "\t" + impl.id + "\t" + file);
            }
        }
        Path planFile = work.resolve("plan.tsv");
        Files.write(planFile, plan, StandardCharsets.UTF_8);
        try {
            python = InteropPython.run(planFile, work.resolve("results.tsv"), work.resolve("python.log"), 15);
        } catch (Exception e) {
            pythonFailure = e;
        }
    }

    private static String writeLine(String task, Impl impl, Variant variant, PageVersion version, Path file) {
        return "write\t" + task + "\t" + impl.id + "\t" + variant.codec + "\t"
                + (variant.level == null ? "-" : variant.level) + "\t" + version + "\t" + file;
    }

    private static void writeJavaFile(
            Path file, CompressionCodecName codec, PageVersion version, int pageSize, HadoopFreeCodecFactory ours) {
        String name = file.getFileName().toString();
        long start = System.nanoTime();
        try {
            InteropParquet.CountingFactory counting = ours == null ? null : new InteropParquet.CountingFactory(ours);
            InteropParquet.write(data, file, codec, version, pageSize, counting);
            if (counting != null) {
                counting.release();
                if (codec != CompressionCodecName.UNCOMPRESSED
                        && counting.compressed.get(codec).get() == 0) {
                    throw new AssertionError("parquet-java did not compress through the factory");
                }
            }
            JAVA_FILE_SIZES.put(name, Files.size(file));
            JAVA_WRITE_SECONDS.put(name, (System.nanoTime() - start) / 1e9);
        } catch (Exception | AssertionError e) {
            JAVA_WRITE_FAILURES.put(name, e);
        }
    }

    private static HadoopFreeCodecFactory factory(Variant variant) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        if (variant.level != null) {
            switch (variant.codec) {
                case ZSTD:
                    conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, Integer.toString(variant.level));
                    break;
                case GZIP:
                    conf.set(HadoopFreeCodecFactory.GZIP_LEVEL, Integer.toString(variant.level));
                    break;
                case BROTLI:
                    conf.set(HadoopFreeCodecFactory.BROTLI_QUALITY, Integer.toString(variant.level));
                    break;
                default:
                    throw new IllegalArgumentException(variant + ": the factory has no level for " + variant.codec);
            }
        }
        return new HadoopFreeCodecFactory(conf);
    }

    private static Path javaFile(Variant variant, PageVersion version) {
        return work.resolve("java-" + variant.id() + "-" + version + ".parquet");
    }

    private static Path implFile(Impl impl, Variant variant, PageVersion version) {
        return work.resolve(impl.id + "-" + variant.id() + "-" + version + ".parquet");
    }

    private static Path pageVersionFile(Impl impl, PageVersion version) {
        return work.resolve(impl.id + "-asked-" + version + ".parquet");
    }

    private static Path lz4ProbeFile(Lz4Probe probe) {
        return work.resolve("lz4-probe-" + probe.name() + ".parquet");
    }

    private static String readTask(Impl impl, Path file) {
        return "read:" + impl.id + ":" + file.getFileName();
    }

    private static String writeTask(Impl impl, Variant variant, PageVersion version) {
        return "write:" + impl.id + ":" + variant.id() + ":" + version;
    }

    private static String pageVersionTask(Impl impl, PageVersion version) {
        return "pageversion:" + impl.id + ":" + version;
    }

    static Stream<Arguments> matrix() {
        List<Arguments> cells = new ArrayList<>();
        for (Direction direction : Direction.values()) {
            for (Impl impl : Impl.values()) {
                for (Variant variant : variants()) {
                    cells.add(Arguments.of(direction, impl, variant));
                }
            }
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "{1}, {0}: {2}")
    @MethodSource("matrix")
    void cell(Direction direction, Impl impl, Variant variant) throws Exception {
        String key = direction.name() + "|" + impl.id + "|" + variant.id();
        REPORT.put(key, "FAILED");
        requirePython();
        String outcome = direction == Direction.WRITTEN_HERE_READ_THERE
                ? writtenHereReadThere(impl, variant)
                : writtenThereReadHere(impl, variant);
        REPORT.put(key, outcome);
    }

    private static void requirePython() {
        if (pythonFailure != null) {
            throw new IllegalStateException("could not run interop.py: " + pythonFailure.getMessage(), pythonFailure);
        }
        assertNotNull(python, "interop.py did not run");
    }

    private static InteropPython.TaskResult result(String task) {
        InteropPython.TaskResult result = python.task(task);
        if (result == null || result.get("status") == null) {
            fail(python.explainMissing(task));
        }
        return result;
    }

    /** Java writes V1 and V2 files; the implementation reads them. */
    private static String writtenHereReadThere(Impl impl, Variant variant) throws IOException {
        Expectation expected = impl.reads(variant.codec);
        List<String> outcomes = new ArrayList<>();
        for (PageVersion version : PageVersion.values()) {
            Path file = javaFile(variant, version);
            assertShapes(
                    checkJavaFile(file, variant.codec), EnumSet.of(version), "parquet-java's " + file.getFileName());
            outcomes.add(version + " " + checkRead(impl, file, expected));
        }
        if (expected.kind == Expectation.Kind.REJECTS) {
            return "cannot read: "
                    + result(readTask(impl, javaFile(variant, PageVersion.V1))).error();
        }
        return "exact (" + String.join(", ", outcomes) + ")";
    }

    /** What {@code impl} made of reading {@code file}, checked against {@code expected}. */
    private static String checkRead(Impl impl, Path file, Expectation expected) {
        InteropPython.TaskResult result = result(readTask(impl, file));
        String where = impl + " reading " + file.getFileName();
        switch (expected.kind) {
            case WORKS:
                assertTrue(result.ok(), where + " failed: " + result.error());
                assertEquals(
                        Collections.emptyList(), result.all("mismatch"), where + ": values differ from those written");
                assertEquals(Integer.toString(data.rows), result.get("rows"), where + ": row count");
                for (InteropDataset.Column column : data.columns) {
                    assertEquals(
                            expectedDigests.get(column.name),
                            result.get("digest:" + column.name),
                            where + ": digest of column " + column.name);
                    assertEquals(
                            Long.toString(column.nullCount()),
                            result.get("nulls:" + column.name),
                            where + ": nulls in column " + column.name);
                }
                return "exact";
            case REJECTS:
                assertFalse(
                        result.ok(),
                        where + " succeeded, but Impl." + impl.name() + " says it fails with \"" + expected.error
                                + "\": update the matrix");
                assertContains(result.error(), expected.error, where);
                return "rejected";
            default:
                throw new AssertionError("a reader does not write: " + expected.kind);
        }
    }

    /** The implementation writes (V1 and V2 files where it can); Java reads them. */
    private static String writtenThereReadHere(Impl impl, Variant variant) throws IOException {
        Expectation expected = impl.writes(variant);
        List<String> outcomes = new ArrayList<>();
        for (PageVersion version : impl.matrixPageVersions()) {
            InteropPython.TaskResult result = result(writeTask(impl, variant, version));
            String where = impl + " writing " + variant + " with " + version + " data pages";
            if (expected.kind == Expectation.Kind.REJECTS) {
                assertFalse(
                        result.ok(),
                        where + " succeeded, but Impl." + impl.name() + " says it fails with \"" + expected.error
                                + "\": update the matrix");
                assertContains(result.error(), expected.error, where);
                outcomes.add(version + " rejected");
                continue;
            }
            assertTrue(result.ok(), where + " failed: " + result.error());
            CompressionCodecName codec =
                    expected.kind == Expectation.Kind.WRITES_OTHER ? expected.instead : variant.codec;
            checkImplFile(implFile(impl, variant, version), codec, EnumSet.of(version), where);
            outcomes.add(version + " exact");
        }
        String versions = String.join(", ", outcomes);
        switch (expected.kind) {
            case REJECTS:
                return "cannot write: "
                        + result(writeTask(
                                        impl,
                                        variant,
                                        impl.matrixPageVersions().iterator().next()))
                                .error();
            case WRITES_OTHER:
                return "writes " + expected.instead + " instead, read exact (" + versions + ")";
            default:
                return "exact (" + versions + ")";
        }
    }

    /**
     * Reads a file an implementation wrote through parquet-java and this library: the codec, the values and the
     * shapes; then deletes it.
     */
    private static FileContents checkImplFile(
            Path file, CompressionCodecName codec, Set<PageVersion> versions, String where) throws IOException {
        InteropParquet.CountingFactory factory = new InteropParquet.CountingFactory(new HadoopFreeCodecFactory());
        FileContents contents = InteropParquet.read(file, factory);
        factory.release();
        FILE_SUMMARIES.put(file.getFileName().toString(), contents.summary());
        assertEquals(EnumSet.of(codec), contents.codecs(), where + ": codecs in the footer");
        if (codec != CompressionCodecName.UNCOMPRESSED) {
            assertTrue(factory.decompressed.get(codec).get() > 0, where + ": no page went through the factory");
        }
        assertValues(contents, where);
        assertShapes(contents, versions, where);
        Files.delete(file);
        return contents;
    }

    private static final Map<String, FileContents> CHECKED_JAVA_FILES = new ConcurrentHashMap<>();

    /**
     * Once per Java-written file: it was written, and parquet-java reads it back exactly with the codec asked for.
     * Returns what it holds, without the values.
     */
    private static synchronized FileContents checkJavaFile(Path file, CompressionCodecName codec) throws IOException {
        String name = file.getFileName().toString();
        Throwable writeFailure = JAVA_WRITE_FAILURES.get(name);
        if (writeFailure != null) {
            throw new AssertionError("parquet-java failed to write " + name, writeFailure);
        }
        FileContents checked = CHECKED_JAVA_FILES.get(name);
        if (checked == null) {
            String where = "the file parquet-java wrote, " + name;
            checked = InteropParquet.read(file, new HadoopFreeCodecFactory());
            FILE_SUMMARIES.put(name, checked.summary());
            assertEquals(EnumSet.of(codec), checked.codecs(), where + ": codecs");
            assertValues(checked, where);
            checked.values.clear();
            CHECKED_JAVA_FILES.put(name, checked);
        }
        return checked;
    }

    /** Several row groups, the page versions asked for, dictionary and plain data pages, a data page over 1 MiB. */
    private static void assertShapes(FileContents contents, Set<PageVersion> versions, String where) {
        String summary = where + ": " + contents.summary();
        assertTrue(contents.rowGroups.size() >= 2, summary + ": expected several row groups");
        assertEquals(versions, contents.dataPageVersions(), summary + ": data page versions");
        assertTrue(contents.pages(c -> c.dictionaryPages) > 0, summary + ": expected dictionary pages");
        assertTrue(contents.pages(c -> c.dictionaryEncodedPages) > 0, summary + ": expected dictionary-encoded pages");
        assertTrue(contents.pages(c -> c.otherEncodedPages) > 0, summary + ": expected plain (non-dictionary) pages");
        assertTrue(
                contents.maxUncompressedPage() >= LARGE_PAGE,
                summary + ": expected a data page of at least " + LARGE_PAGE + " bytes uncompressed");
    }

    /** Every column of the data set, value by value: floats and doubles by their raw bits. */
    private static void assertValues(FileContents contents, String where) {
        assertEquals(data.rows, contents.rows, where + ": row count");
        for (InteropDataset.Column column : data.columns) {
            List<Object> actual = contents.values.get(column.name);
            assertNotNull(actual, where + ": no column " + column.name + " in " + contents.values.keySet());
            assertEquals(
                    InteropParquet.physicalType(column.type),
                    contents.physicalTypes.get(column.name),
                    where + ": physical type of " + column.name);
            assertEquals(column.values.size(), actual.size(), where + ": values in " + column.name);
            for (int row = 0; row < actual.size(); row++) {
                Object want = column.values.get(row);
                Object got = actual.get(row);
                if (!sameValue(want, got)) {
                    fail(where + ": column " + column.name + " row " + row + ": expected " + show(want) + ", read "
                            + show(got));
                }
            }
        }
    }

    private static boolean sameValue(Object want, Object got) {
        if (want instanceof Double && got instanceof Double) {
            return Double.doubleToRawLongBits((Double) want) == Double.doubleToRawLongBits((Double) got);
        }
        if (want instanceof Float && got instanceof Float) {
            return Float.floatToRawIntBits((Float) want) == Float.floatToRawIntBits((Float) got);
        }
        return want == null ? got == null : want.equals(got);
    }

    private static String show(Object value) {
        if (value instanceof Double) {
            return value + " (bits " + Long.toHexString(Double.doubleToRawLongBits((Double) value)) + ")";
        }
        if (value instanceof Float) {
            return value + " (bits " + Integer.toHexString(Float.floatToRawIntBits((Float) value)) + ")";
        }
        if (value instanceof String) {
            String s = (String) value;
            return "\"" + (s.length() > 60 ? s.substring(0, 60) + "..." : s) + "\" (" + s.length() + " chars)";
        }
        return String.valueOf(value);
    }

    private static void assertContains(String message, String fragment, String where) {
        assertNotNull(message, where + ": no error message");
        assertTrue(
                message.toLowerCase(Locale.ROOT).contains(fragment.toLowerCase(Locale.ROOT)),
                where + ": expected an error containing \"" + fragment + "\", got: " + message);
    }

    /**
     * Which data page versions each implementation writes when asked (with UNCOMPRESSED): the matrix asks each only
     * for the versions it writes as asked.
     */
    @ParameterizedTest(name = "{0} asked for {1} data pages")
    @EnumSource(Impl.class)
    void dataPageVersions(Impl impl) throws Exception {
        requirePython();
        List<String> outcomes = new ArrayList<>();
        for (PageVersion asked : PageVersion.values()) {
            Expectation expected = impl.writesPageVersion(asked);
            InteropPython.TaskResult result = result(pageVersionTask(impl, asked));
            String where = impl + " asked for " + asked + " data pages";
            if (expected.kind == Expectation.Kind.REJECTS) {
                assertFalse(result.ok(), where + " succeeded: update Impl." + impl.name());
                assertContains(result.error(), expected.error, where);
                outcomes.add(asked + ": cannot (" + result.error() + ")");
                continue;
            }
            assertTrue(result.ok(), where + " failed: " + result.error());
            PageVersion written = expected.kind == Expectation.Kind.WORKS
                    ? asked
                    : asked == PageVersion.V1 ? PageVersion.V2 : PageVersion.V1;
            checkImplFile(pageVersionFile(impl, asked), CompressionCodecName.UNCOMPRESSED, EnumSet.of(written), where);
            outcomes.add(asked + ": writes " + written + " data pages");
        }
        REPORT.put("PAGES|" + impl.id, String.join("; ", outcomes));
    }

    /**
     * Hadoop-framed LZ4 beyond the matrix: pages of one Hadoop block from this library, and stock parquet-java's
     * own large pages, read by each implementation. It tells where an implementation's LZ4 support ends, apart from
     * this library: an implementation that fails on this library's large LZ4 pages but reads its one-block pages,
     * and fails on stock parquet-java's large pages too, does not read multi-block Hadoop LZ4 pages at all.
     */
    @ParameterizedTest(name = "{0} reading Hadoop LZ4 probes")
    @EnumSource(Impl.class)
    void hadoopLz4Framing(Impl impl) throws Exception {
        requirePython();
        FileContents oneBlock = checkJavaFile(lz4ProbeFile(Lz4Probe.ONE_BLOCK_PAGES), CompressionCodecName.LZ4);
        assertTrue(
                oneBlock.maxUncompressedPage() <= ONE_HADOOP_BLOCK,
                "pages must fit in one Hadoop block: " + oneBlock.summary());
        FileContents stock = checkJavaFile(lz4ProbeFile(Lz4Probe.STOCK_HADOOP_LARGE_PAGES), CompressionCodecName.LZ4);
        assertTrue(stock.maxUncompressedPage() >= LARGE_PAGE, "stock pages must be large: " + stock.summary());
        List<String> outcomes = new ArrayList<>();
        for (Lz4Probe probe : Lz4Probe.values()) {
            Path file = lz4ProbeFile(probe);
            Expectation expected = impl.reads(probe);
            String outcome = checkRead(impl, file, expected);
            outcomes.add(probe + ": "
                    + (outcome.equals("exact")
                            ? outcome
                            : "cannot read (" + result(readTask(impl, file)).error() + ")"));
        }
        REPORT.put("LZ4|" + impl.id, String.join("; ", outcomes));
    }

    /**
     * The engines this matrix ran on: on JDK 25 ({@code dev/test}'s JDK 25 step) the native tier's libdeflate and
     * liblz4, so the other implementations read what the tier wrote and the tier reads theirs; before JDK 25 the JDK's
     * zlib and lz4-java or aircompressor.
     */
    @Test
    void theMatrixRanOnTheExpectedEngines() {
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        boolean tier = Runtime.version().feature() >= 25;
        assertEquals(
                tier ? "libdeflate (aircompressor-v3, FFM)" : "java.util.zip (JDK zlib)",
                factory.implementation(CompressionCodecName.GZIP));
        assertEquals(
                tier,
                factory.implementation(CompressionCodecName.LZ4_RAW).startsWith("liblz4 (aircompressor-v3, FFM)"),
                factory.implementation(CompressionCodecName.LZ4_RAW));
        assertEquals(
                tier,
                factory.implementation(CompressionCodecName.LZ4).startsWith("liblz4 (aircompressor-v3, FFM)"),
                factory.implementation(CompressionCodecName.LZ4));
    }

    /** The levels reach the compressor: across the ZSTD files, a higher level gives a smaller file. */
    @Test
    void zstdLevelsTakeEffect() {
        long negative = JAVA_FILE_SIZES.get("java-ZSTD_L-7-V1.parquet");
        long standard = JAVA_FILE_SIZES.get("java-ZSTD-V1.parquet");
        long max = JAVA_FILE_SIZES.get("java-ZSTD_L22-V1.parquet");
        assertTrue(negative > standard && standard > max, negative + " > " + standard + " > " + max);
    }

    @AfterAll
    static void printMatrix() throws IOException {
        if (work == null) {
            return;
        }
        StringBuilder out = new StringBuilder();
        out.append("# Interoperability matrix\n\n");
        if (python != null) {
            out.append("Versions: ")
                    .append(python.versions().entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")))
                    .append(String.format(
                            ".%nTime: Java writes %.1f s, interop.py %.1f s, all %.1f s.%n%n",
                            javaWriteSeconds, python.seconds, (System.nanoTime() - setupStart) / 1e9));
        }
        for (Impl impl : Impl.values()) {
            out.append("## ").append(impl).append("\n\n| codec |");
            for (Direction direction : Direction.values()) {
                out.append(' ').append(direction.label).append(" |");
            }
            out.append("\n|---|---|---|\n");
            for (Variant variant : variants()) {
                out.append("| ").append(variant);
                for (Direction direction : Direction.values()) {
                    String cell = REPORT.getOrDefault(direction.name() + "|" + impl.id + "|" + variant.id(), "not run");
                    out.append(" | ").append(cell.replace("|", "/"));
                }
                out.append(" |\n");
            }
            out.append("\nData page versions: ")
                    .append(REPORT.getOrDefault("PAGES|" + impl.id, "not run"))
                    .append("\n\nHadoop LZ4 probes: ")
                    .append(REPORT.getOrDefault("LZ4|" + impl.id, "not run"))
                    .append("\n\n");
        }
        out.append("## Files\n\n");
        new TreeMap<>(FILE_SUMMARIES).forEach((file, summary) -> {
            out.append("- ").append(file);
            if (JAVA_FILE_SIZES.containsKey(file)) {
                out.append(String.format(
                        " (%d bytes, written in %.2f s)", JAVA_FILE_SIZES.get(file), JAVA_WRITE_SECONDS.get(file)));
            }
            out.append(": ").append(summary).append('\n');
        });
        Files.write(work.resolve("matrix.md"), out.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println(out);
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Collections.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
