package io.github.parquetcodecs.nohadoop;

import static io.github.parquetcodecs.nohadoop.CorruptRows.CATEGORY;
import static io.github.parquetcodecs.nohadoop.CorruptRows.ID;
import static io.github.parquetcodecs.nohadoop.CorruptRows.NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.parquetcodecs.nohadoop.CorruptRows.Reader;
import io.github.parquetcodecs.nohadoop.CorruptRows.Row;
import io.github.parquetcodecs.nohadoop.ParquetSurgery.Page;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.Version;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CorruptFileTest {
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final int ROW_GROUP = 1;

    @TempDir
    static Path dir;

    private static final Map<CompressionCodecName, ParquetSurgery> VALID = new EnumMap<>(CompressionCodecName.class);
    private static final Map<String, Path> FILES = new ConcurrentHashMap<>();

    @BeforeAll
    static void noHadoop() throws IOException {
        NoHadoop.assertAbsent();
        Files.deleteIfExists(REPORT);
    }

    private static final Path REPORT =
            Path.of("target", "corrupt-files", "outcomes-" + Version.VERSION_NUMBER + ".txt");

    interface Corruption {
        byte[] apply(ParquetSurgery file) throws IOException;
    }

    /** What one read of a corrupt file gave. */
    record Outcome(Reader reader, CompressionCodecName codec, Path file, List<Row> rows, Throwable thrown) {
        /** The messages of the exception and its causes, joined with " <- ". */
        String chain() {
            StringBuilder chain = new StringBuilder();
            for (Throwable t = thrown; t != null; t = t.getCause()) {
                chain.append(t.getClass().getName())
                        .append(": ")
                        .append(t.getMessage())
                        .append(" <- ");
            }
            return chain.toString();
        }
    }

    interface Check {
        void check(Outcome outcome);
    }

    /**
     * A corruption, the codecs it applies to, whether page checksums are verified, what the library's reading entry
     * points must give, and what parquet-java's own {@code new ParquetFileReader} gives without Hadoop.
     */
    record Case(
            String name,
            Predicate<CompressionCodecName> codecs,
            boolean checksums,
            Corruption corruption,
            Check library,
            Check stock) {
        Case(String name, Predicate<CompressionCodecName> codecs, boolean checksums, Corruption corruption) {
            this(name, codecs, checksums, corruption, null, null);
        }

        /** The library's readers and parquet-java's fail alike ({@code library}); only the library names the file. */
        Case fails(Names names, String... patterns) {
            return new Case(
                    name, codecs, checksums, corruption, failure(names, patterns), failure(Names.NONE, patterns));
        }

        /**
         * As set, or the file reads without error, every row present, with wrong values only in the name column and in
         * at most one page's rows: a codec without a checksum (LZ4) can decode corrupt bytes into other bytes of the
         * right size. Page checksums catch that (the cases with checksums verified).
         */
        Case orDamagesOnePage() {
            return new Case(name, codecs, checksums, corruption, damagesOnePageOr(library), damagesOnePageOr(stock));
        }

        /** What parquet-java's own reader gives instead. */
        Case stock(Check check) {
            return new Case(name, codecs, checksums, corruption, library, check);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Which of the library's readers must name the file in the message of the exception they throw. */
    enum Names {
        /** every one */
        ALL,
        /** the record readers ({@code openReader}), which name it as parquet-java's record reader does */
        RECORDS,
        /** none (parquet-java's own reader) */
        NONE
    }

    /**
     * The read failed with an {@code IOException} or {@code ParquetDecodingException} (nothing else: no {@code Error},
     * no other {@code RuntimeException}) whose chain of messages matches each pattern ({@code FILE} stands for the
     * file's name), and whose own message names the file where {@code names} says so.
     */
    static Check failure(Names names, String... patterns) {
        return outcome -> {
            Throwable thrown = outcome.thrown();
            if (thrown == null) {
                fail("read " + outcome.rows().size() + " rows, expected a failure matching " + List.of(patterns));
            }
            if (!(thrown instanceof IOException || thrown instanceof ParquetDecodingException)) {
                throw new AssertionError(
                        "expected an IOException or ParquetDecodingException, got "
                                + thrown.getClass().getName(),
                        thrown);
            }
            String chain = outcome.chain();
            for (String pattern : patterns) {
                String regex =
                        pattern.replace("FILE", Pattern.quote(outcome.file().toString()));
                if (!Pattern.compile(regex).matcher(chain).find()) {
                    throw new AssertionError("no match for /" + pattern + "/ in: " + chain, thrown);
                }
            }
            boolean mustName = names == Names.ALL
                    || names == Names.RECORDS
                            && (outcome.reader() == Reader.GROUP_RECORDS || outcome.reader() == Reader.AVRO_RECORDS);
            if (mustName
                    && !String.valueOf(thrown.getMessage())
                            .contains(outcome.file().toString())) {
                throw new AssertionError("the message does not name the file: " + chain, thrown);
            }
        };
    }

    /** parquet-java's own reader throws exactly {@code type}, with a message matching {@code pattern}. */
    static Check throwsExactly(Class<? extends Throwable> type, String pattern) {
        return outcome -> {
            Throwable thrown = outcome.thrown();
            if (thrown == null || thrown.getClass() != type) {
                throw new AssertionError("expected " + type.getName() + ", got " + outcome.chain(), thrown);
            }
            String regex = pattern.replace("FILE", Pattern.quote(outcome.file().toString()));
            if (!Pattern.compile(regex)
                    .matcher(String.valueOf(thrown.getMessage()))
                    .find()) {
                throw new AssertionError("no match for /" + pattern + "/ in: " + outcome.chain(), thrown);
            }
        };
    }

    /**
     * parquet-java's own reader, without Hadoop, builds the message with {@code ParquetFileReader.getPath()}, which
     * needs Hadoop's {@code Path}: {@code NoClassDefFoundError}. Only parquet-java can fix this (see the upstream
     * series); the library's readers do not go through it.
     */
    static final Check NEEDS_HADOOP = outcome -> {
        Throwable thrown = outcome.thrown();
        if (!(thrown instanceof NoClassDefFoundError) || !"org/apache/hadoop/fs/Path".equals(thrown.getMessage())) {
            throw new AssertionError(
                    "expected NoClassDefFoundError: org/apache/hadoop/fs/Path, got " + outcome.chain(), thrown);
        }
        boolean fromGetPath = java.util.Arrays.stream(thrown.getStackTrace())
                .anyMatch(frame -> frame.getClassName().equals("org.apache.parquet.hadoop.ParquetFileReader")
                        && frame.getMethodName().equals("getPath"));
        if (!fromGetPath) {
            throw new AssertionError("NoClassDefFoundError not from ParquetFileReader.getPath()", thrown);
        }
    };

    static final List<CompressionCodecName> CODECS = List.of(
            CompressionCodecName.UNCOMPRESSED,
            CompressionCodecName.SNAPPY,
            CompressionCodecName.GZIP,
            CompressionCodecName.ZSTD,
            CompressionCodecName.LZ4_RAW,
            CompressionCodecName.BROTLI,
            CompressionCodecName.LZ4,
            CompressionCodecName.LZO);

    private static final Predicate<CompressionCodecName> ALL =
            codec -> codec.ordinal() <= 4 || codec == CompressionCodecName.UNCOMPRESSED;
    private static final Predicate<CompressionCodecName> COMPRESSED =
            codec -> codec != CompressionCodecName.UNCOMPRESSED;

    private static final String VALUE_COUNT =
            "Expected \\d+ values in column chunk at FILE offset \\d+ but got \\d+ values instead";
    private static final String PAGE_HEADER = "can not read class org.apache.parquet.format.PageHeader";
    /** The library's walk of the page headers, before parquet-java's thrift allocates what a header declares. */
    private static final String PAGE_HEADER_TOO_LARGE =
            "Corrupt page header in FILE, row group \\d+, column \\w+, page at offset \\d+: a field declares";

    private static final String FOOTER = "can not read class org.apache.parquet.format.FileMetaData";
    private static final String NOT_PARQUET = "FILE is not a Parquet file";
    private static final String DECOMPRESS = "could not decompress page <- java.io.(EOF|IO)Exception: [A-Z0-9_]+: ";
    private static final String DICTIONARY_DECOMPRESS =
            "Could not decompress dictionary page <- java.io.(EOF|IO)Exception: [A-Z0-9_]+: ";
    /** The record reader's own wrapper of a value that cannot be read, as parquet-java's record reader words it. */
    private static final String BAD_VALUE =
            "^org.apache.parquet.io.ParquetDecodingException: Can not read value at \\d+ in block 1 in file FILE <- ";

    private static final String OUTSIDE = "Corrupt footer in FILE: column chunks outside the file: row group 1,"
            + " column name: -?\\d+ bytes at offset \\d+, file length \\d+";

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        Predicate<CompressionCodecName> main = codec -> codec == CompressionCodecName.UNCOMPRESSED
                || codec == CompressionCodecName.SNAPPY
                || codec == CompressionCodecName.GZIP
                || codec == CompressionCodecName.ZSTD
                || codec == CompressionCodecName.LZ4_RAW;
        // value counts: more values in the pages than the metadata says is the case that needs Hadoop in parquet-java
        cases.add(new Case("chunk metadata: one value fewer than the pages hold", main, false, f -> {
                    f.meta(ROW_GROUP, NAME)
                            .setNum_values(f.meta(ROW_GROUP, NAME).getNum_values() - 1);
                    return f.withFooter();
                })
                .fails(Names.ALL, VALUE_COUNT)
                .stock(NEEDS_HADOOP));
        cases.add(new Case("data page header: one value more than the page holds", main, false, f -> {
                    var header = f.dataPages(ROW_GROUP, ID).get(0).header;
                    header.getData_page_header()
                            .setNum_values(header.getData_page_header().getNum_values() + 1);
                    return f.write();
                })
                .fails(Names.ALL, VALUE_COUNT)
                .stock(NEEDS_HADOOP));
        // fewer values in the pages than the metadata says: parquet-java reads on, past the chunk's last page
        cases.add(new Case("chunk metadata: one value more than the pages hold", main, false, f -> {
                    f.meta(ROW_GROUP, NAME)
                            .setNum_values(f.meta(ROW_GROUP, NAME).getNum_values() + 1);
                    return f.withFooter();
                })
                .fails(Names.ALL, PAGE_HEADER));
        cases.add(new Case("data page header: one value fewer than the page holds", main, false, f -> {
                    List<Page> pages = f.dataPages(ROW_GROUP, ID);
                    var header = pages.get(pages.size() - 1).header;
                    header.getData_page_header()
                            .setNum_values(header.getData_page_header().getNum_values() - 1);
                    return f.write();
                })
                .fails(Names.ALL, PAGE_HEADER));
        // truncation
        cases.add(new Case("column chunk truncated: its last 10 bytes cut off", main, false, f -> {
                    var meta = f.meta(ROW_GROUP, NAME);
                    meta.setTotal_compressed_size(meta.getTotal_compressed_size() - 10);
                    return f.withFooter();
                })
                .fails(Names.ALL, "^java.io.EOFException: Unexpected end of data reading a row group of FILE: ")
                .stock(throwsExactly(java.io.EOFException.class, "^null$")));
        cases.add(new Case("column chunk truncated in a page header", main, false, f -> {
                    List<Page> pages = f.dataPages(ROW_GROUP, NAME);
                    Page last = pages.get(pages.size() - 1);
                    var meta = f.meta(ROW_GROUP, NAME);
                    meta.setTotal_compressed_size(meta.getTotal_compressed_size() - last.data.length - 3);
                    return f.withFooter();
                })
                .fails(Names.ALL, PAGE_HEADER));
        cases.add(new Case("data page truncated: half its bytes, header size to match", main, false, f -> {
                    Page page = f.dataPages(ROW_GROUP, NAME).get(0);
                    page.data = java.util.Arrays.copyOf(page.data, page.data.length / 2);
                    page.header.setCompressed_page_size(page.data.length);
                    return f.write();
                })
                .fails(Names.ALL, DECOMPRESS));
        String notParquet = "(" + NOT_PARQUET + "|footer is too large)";
        cases.add(new Case(
                        "file truncated: half of it",
                        main,
                        false,
                        f -> java.util.Arrays.copyOf(f.original, f.original.length / 2))
                .fails(Names.ALL, notParquet)
                .stock(throwsExactly(RuntimeException.class, "^(" + NOT_PARQUET + "|footer is too large)")));
        cases.add(new Case(
                        "file truncated: at the footer",
                        main,
                        false,
                        f -> java.util.Arrays.copyOf(f.original, f.footerStart))
                .fails(Names.ALL, NOT_PARQUET + ". Expected magic number at tail")
                .stock(throwsExactly(RuntimeException.class, NOT_PARQUET + ". Expected magic number at tail")));
        cases.add(new Case(
                        "file truncated: last byte",
                        main,
                        false,
                        f -> java.util.Arrays.copyOf(f.original, f.original.length - 1))
                .fails(Names.ALL, NOT_PARQUET + ". Expected magic number at tail, but found \\[-?\\d+, 80, 65, 82\\]")
                .stock(throwsExactly(RuntimeException.class, NOT_PARQUET + ". Expected magic number at tail")));
        for (int length : new int[] {4, 0}) {
            cases.add(new Case(
                            "file truncated: " + length + " bytes left",
                            main,
                            false,
                            f -> java.util.Arrays.copyOf(f.original, length))
                    .fails(Names.ALL, NOT_PARQUET + " \\(length is too low: " + length + "\\)")
                    .stock(throwsExactly(RuntimeException.class, "length is too low: " + length)));
        }
        // page header sizes
        cases.add(new Case("data page header: compressed size -7", main, false, f -> {
                    var header = f.dataPages(ROW_GROUP, NAME).get(0).header;
                    header.setCompressed_page_size(header.getCompressed_page_size() - 7);
                    return f.write();
                })
                .fails(Names.ALL, "(" + PAGE_HEADER + "|" + DECOMPRESS + "|" + PAGE_HEADER_TOO_LARGE + ")"));
        cases.add(new Case("data page header: compressed size +7", main, false, f -> {
                    var header = f.dataPages(ROW_GROUP, NAME).get(0).header;
                    header.setCompressed_page_size(header.getCompressed_page_size() + 7);
                    return f.write();
                })
                .fails(Names.ALL, PAGE_HEADER));
        for (int delta : new int[] {-7, 7}) {
            cases.add(new Case(
                            "data page header: uncompressed size " + (delta > 0 ? "+" : "") + delta, main, false, f -> {
                                var header = f.dataPages(ROW_GROUP, NAME).get(0).header;
                                header.setUncompressed_page_size(header.getUncompressed_page_size() + delta);
                                return f.write();
                            })
                    .fails(Names.ALL, DECOMPRESS));
        }
        cases.add(new Case("data page header: compressed size -1", main, false, f -> {
                    f.dataPages(ROW_GROUP, NAME).get(0).header.setCompressed_page_size(-1);
                    return f.write();
                })
                .fails(Names.ALL, "Corrupt page header in FILE: Compressed page size must not be negative but was: -1")
                .stock(throwsExactly(
                        org.apache.parquet.format.InvalidParquetMetadataException.class,
                        "Compressed page size must not be negative but was: -1")));
        cases.add(new Case("data page header: uncompressed size Integer.MAX_VALUE", main, false, f -> {
                    f.dataPages(ROW_GROUP, NAME).get(0).header.setUncompressed_page_size(Integer.MAX_VALUE);
                    return f.write();
                })
                .fails(Names.ALL, DECOMPRESS + "page declares 2147483647 decompressed bytes, more than"));
        cases.add(new Case("data page header: uncompressed size -1", main, false, f -> {
                    f.dataPages(ROW_GROUP, NAME).get(0).header.setUncompressed_page_size(-1);
                    return f.write();
                })
                .fails(Names.ALL, DECOMPRESS + "invalid decompressed page size -1"));
        cases.add(new Case("dictionary page header: compressed size +7", main, false, f -> {
                    var header = f.dictionaryPage(ROW_GROUP, NAME).header;
                    header.setCompressed_page_size(header.getCompressed_page_size() + 7);
                    return f.write();
                })
                .fails(Names.ALL, PAGE_HEADER));
        // dictionary counts
        for (int column : new int[] {CATEGORY, NAME}) {
            boolean int64 = column == CATEGORY;
            String type = int64 ? "int64" : "binary";
            String dictionary = "Corrupt dictionary page of column \\[" + (int64 ? "category" : "name")
                    + "\\] .* in FILE: it declares ";
            for (int count : new int[] {-1, Integer.MIN_VALUE}) {
                cases.add(new Case(type + " dictionary: " + count + " values", main, false, f -> {
                            f.dictionaryPage(ROW_GROUP, column)
                                    .header
                                    .getDictionary_page_header()
                                    .setNum_values(count);
                            return f.write();
                        })
                        .fails(Names.ALL, dictionary + "a negative number of values: " + count)
                        .stock(throwsExactly(NegativeArraySizeException.class, String.valueOf(count))));
            }
            String tooMany = int64
                    ? " values, but its \\d+ bytes hold at most 50 INT64 values"
                    : " values, but its bytes end after 20";
            cases.add(new Case(type + " dictionary: Integer.MAX_VALUE values", main, false, f -> {
                        f.dictionaryPage(ROW_GROUP, column)
                                .header
                                .getDictionary_page_header()
                                .setNum_values(Integer.MAX_VALUE);
                        return f.write();
                    })
                    .fails(Names.ALL, dictionary + Integer.MAX_VALUE + tooMany)
                    // new long[Integer.MAX_VALUE] / new Binary[Integer.MAX_VALUE] in parquet-column
                    .stock(throwsExactly(OutOfMemoryError.class, "Requested array size exceeds VM limit")));
            Case twice = new Case(type + " dictionary: twice its values", main, false, f -> {
                        var header = f.dictionaryPage(ROW_GROUP, column).header.getDictionary_page_header();
                        header.setNum_values(header.getNum_values() * 2);
                        return f.write();
                    })
                    .fails(Names.ALL, dictionary + (int64 ? 100 : 40) + tooMany);
            cases.add(
                    int64
                            // parquet-column reads past the page: "could not read long" (BufferUnderflowException in
                            // 1.18,
                            // EOFException before)
                            ? twice.stock(failure(Names.NONE, "could not read long"))
                            : twice.stock(throwsExactly(IndexOutOfBoundsException.class, "")));
            cases.add(new Case(type + " dictionary: one value fewer", main, false, f -> {
                        var header = f.dictionaryPage(ROW_GROUP, column).header.getDictionary_page_header();
                        header.setNum_values(header.getNum_values() - 1);
                        return f.write();
                    })
                    // Avro's converters take values without going through the column's converter: the index error
                    // reaches the record reader unwrapped
                    .fails(
                            Names.RECORDS,
                            "(Can't read value in column \\[" + (int64 ? "category" : "name") + "\\]|" + BAD_VALUE
                                    + ")"));
        }
        // the footer
        cases.add(new Case("footer: random bytes", main, false, f -> {
                    byte[] footer = f.footerBytes();
                    new SplittableRandom(42).nextBytes(footer);
                    return f.withFooterBytes(footer);
                })
                .fails(Names.ALL, FOOTER));
        cases.add(new Case("footer: bytes flipped in the middle", main, false, f -> {
                    byte[] footer = f.footerBytes();
                    for (int i = footer.length / 3; i < footer.length / 3 + 8; i++) {
                        footer[i] ^= 0x5a;
                    }
                    return f.withFooterBytes(footer);
                })
                .fails(Names.ALL, FOOTER));
        cases.add(new Case("footer: thrift cut in half", main, false, f -> {
                    byte[] footer = f.footerBytes();
                    return f.withFooterBytes(java.util.Arrays.copyOf(footer, footer.length / 2));
                })
                .fails(Names.ALL, FOOTER));
        for (int length : new int[] {-5, 0, Integer.MAX_VALUE, -1}) {
            // -1 here: one more than the file. A negative length is "too large" to parquet-java 1.16 and later,
            // which read it as unsigned, and puts the footer outside the file for 1.14 and 1.15
            String problem = length == -5
                    ? "(footer is too large|the footer index is not within the file)"
                    : "the footer index is not within the file";
            cases.add(new Case(
                            "footer: length field " + (length == -1 ? "one more than the file" : length),
                            main,
                            false,
                            f -> {
                                byte[] bytes = f.original.clone();
                                int value = length == -1 ? bytes.length - 7 : length;
                                System.arraycopy(ParquetSurgery.littleEndian(value), 0, bytes, bytes.length - 8, 4);
                                return bytes;
                            })
                    .fails(Names.ALL, "^java.io.IOException: FILE: .*" + problem)
                    .stock(throwsExactly(RuntimeException.class, problem)));
        }
        // offsets and sizes past the end
        cases.add(new Case("column chunk: data page offset past the end", main, false, f -> {
                    f.meta(ROW_GROUP, NAME).unsetDictionary_page_offset();
                    f.meta(ROW_GROUP, NAME).setData_page_offset(f.original.length + 1000L);
                    return f.withFooter();
                })
                .fails(Names.ALL, OUTSIDE)
                .stock(throwsExactly(java.io.EOFException.class, "^null$")));
        cases.add(new Case("column chunk: dictionary page offset past the end", main, false, f -> {
                    f.meta(ROW_GROUP, NAME).setDictionary_page_offset(f.original.length + 1000L);
                    f.meta(ROW_GROUP, NAME).setData_page_offset(f.original.length + 2000L);
                    return f.withFooter();
                })
                .fails(Names.ALL, OUTSIDE)
                .stock(throwsExactly(java.io.EOFException.class, "^null$")));
        cases.add(new Case("column chunk: size past the end", main, false, f -> {
                    f.meta(ROW_GROUP, NAME).setTotal_compressed_size(f.original.length);
                    return f.withFooter();
                })
                .fails(Names.ALL, OUTSIDE)
                .stock(throwsExactly(java.io.EOFException.class, "^null$")));
        cases.add(new Case("column chunk: size Long.MAX_VALUE", main, false, f -> {
                    f.meta(ROW_GROUP, NAME).setTotal_compressed_size(Long.MAX_VALUE);
                    return f.withFooter();
                })
                // refused when the file is opened, before parquet-java's integer overflow
                .fails(Names.ALL, OUTSIDE)
                .stock(throwsExactly(ArithmeticException.class, "integer overflow")));
        cases.add(new Case("column chunk: size negative", main, false, f -> {
                    f.meta(ROW_GROUP, NAME).setTotal_compressed_size(-100);
                    return f.withFooter();
                })
                .fails(Names.ALL, OUTSIDE)
                .stock(throwsExactly(java.io.EOFException.class, "^null$")));
        // codecs
        cases.add(new Case("codec id: another codec's", main, false, f -> {
                    CompressionCodec actual = f.meta(ROW_GROUP, NAME).getCodec();
                    f.meta(ROW_GROUP, NAME)
                            .setCodec(
                                    actual == CompressionCodec.SNAPPY
                                            ? CompressionCodec.GZIP
                                            : CompressionCodec.SNAPPY);
                    return f.withFooter();
                })
                .fails(
                        Names.ALL,
                        "Could not decompress dictionary page <- java.io.(EOF|IO)Exception: (SNAPPY|GZIP): "));
        cases.add(new Case("codec id: UNCOMPRESSED on compressed pages", COMPRESSED, false, f -> {
                    f.meta(ROW_GROUP, NAME).setCodec(CompressionCodec.UNCOMPRESSED);
                    return f.withFooter();
                })
                .fails(Names.ALL, DICTIONARY_DECOMPRESS + "page holds \\d+ bytes, expected \\d+"));
        cases.add(new Case("codec id: 63, not a codec", main, false, CorruptFileTest::unknownCodec)
                .fails(Names.ALL, FOOTER + ": Required field 'codec' was not present"));
        // corrupt compressed pages in an otherwise valid file
        cases.add(new Case("compressed data page: bytes flipped", COMPRESSED, false, f -> {
                    Page page = f.dataPages(ROW_GROUP, NAME).get(1);
                    for (int i = page.data.length / 3; i < page.data.length / 3 + 6; i++) {
                        page.data[i] ^= 0x5a;
                    }
                    return f.write();
                })
                .fails(Names.RECORDS, "(" + DECOMPRESS + "|Can't read value in column \\[name\\]|" + BAD_VALUE + ")")
                .orDamagesOnePage());
        cases.add(new Case("compressed data page: random bytes", COMPRESSED, false, f -> {
                    Page page = f.dataPages(ROW_GROUP, NAME).get(1);
                    new SplittableRandom(7).nextBytes(page.data);
                    return f.write();
                })
                .fails(Names.RECORDS, "(" + DECOMPRESS + "|Can't read value in column \\[name\\]|" + BAD_VALUE + ")"));
        cases.add(new Case("compressed dictionary page: bytes flipped", COMPRESSED, false, f -> {
                    Page page = f.dictionaryPage(ROW_GROUP, NAME);
                    for (int i = page.data.length / 2; i < page.data.length / 2 + 6; i++) {
                        page.data[i] ^= 0x5a;
                    }
                    return f.write();
                })
                .fails(Names.ALL, DICTIONARY_DECOMPRESS));
        cases.add(new Case("compressed data page: zeroed", COMPRESSED, false, f -> {
                    Page page = f.dataPages(ROW_GROUP, ID).get(0);
                    java.util.Arrays.fill(page.data, (byte) 0);
                    return f.write();
                })
                .fails(Names.ALL, DECOMPRESS));
        // the same with page checksums verified: every corruption is caught by its CRC
        cases.add(new Case("compressed data page: bytes flipped, checksums verified", COMPRESSED, true, f -> {
                    Page page = f.dataPages(ROW_GROUP, NAME).get(1);
                    for (int i = page.data.length / 3; i < page.data.length / 3 + 6; i++) {
                        page.data[i] ^= 0x5a;
                    }
                    return f.write();
                })
                .fails(Names.ALL, "could not verify page integrity, CRC checksum verification failed"));
        cases.add(new Case("compressed dictionary page: bytes flipped, checksums verified", COMPRESSED, true, f -> {
                    Page page = f.dictionaryPage(ROW_GROUP, NAME);
                    for (int i = page.data.length / 2; i < page.data.length / 2 + 6; i++) {
                        page.data[i] ^= 0x5a;
                    }
                    return f.write();
                })
                .fails(Names.ALL, "could not verify dictionary page integrity, CRC checksum verification failed"));
        // a file that only went through the surgery, unchanged: reads back exactly (the surgery itself is sound)
        cases.add(new Case(
                "control: pages rewritten unchanged", codec -> true, true, ParquetSurgery::write, READS, READS));
        cases.add(new Case(
                "control: footer rewritten unchanged", codec -> true, true, ParquetSurgery::withFooter, READS, READS));
        return cases;
    }

    static Check damagesOnePageOr(Check otherwise) {
        return outcome -> {
            if (outcome.thrown() != null) {
                otherwise.check(outcome);
                return;
            }
            List<Row> expected = CorruptRows.expectedRows();
            assertEquals(expected.size(), outcome.rows().size(), "rows");
            int wrongNames = 0;
            for (int i = 0; i < expected.size(); i++) {
                Row want = expected.get(i);
                Row got = outcome.rows().get(i);
                assertEquals(new Row(want.id(), want.category(), got.name(), want.score()), got, "row " + i);
                if (!want.name().equals(got.name())) {
                    wrongNames++;
                }
            }
            if (wrongNames > CorruptRows.PAGE_ROWS) {
                fail(wrongNames + " wrong names, more than one page holds");
            }
        };
    }

    /** The read succeeded, with exactly the rows written. */
    static final Check READS = outcome -> {
        if (outcome.thrown() != null) {
            throw new AssertionError("expected to read the file, got " + outcome.chain(), outcome.thrown());
        }
        assertEquals(CorruptRows.expectedRows(), outcome.rows());
    };

    /** One line per read in target/corrupt-files/outcomes-VERSION.txt: what each reader gave on each parquet-java. */
    private static synchronized void report(Case c, Outcome outcome) throws IOException {
        Path report = REPORT;
        Files.createDirectories(report.getParent());
        String result = outcome.thrown() == null
                ? (outcome.rows().equals(CorruptRows.expectedRows()) ? "reads every row" : "reads wrong rows")
                : outcome.chain().replace(outcome.file().toString(), "FILE").replace('\n', ' ');
        Files.writeString(
                report,
                c.name() + " | " + outcome.codec() + " | " + outcome.reader() + " | " + result + "\n",
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    /** The footer with chunk's codec set to 63, which no codec has: found as the one byte that differs by codec. */
    private static byte[] unknownCodec(ParquetSurgery f) throws IOException {
        var meta = f.meta(ROW_GROUP, NAME);
        CompressionCodec actual = meta.getCodec();
        meta.setCodec(CompressionCodec.UNCOMPRESSED);
        byte[] zero = footerOf(f);
        meta.setCodec(CompressionCodec.SNAPPY);
        byte[] one = footerOf(f);
        meta.setCodec(actual);
        int at = -1;
        for (int i = 0; i < zero.length; i++) {
            if (zero[i] != one[i]) {
                org.junit.jupiter.api.Assertions.assertEquals(-1, at, "one byte differs");
                at = i;
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(0, zero[at], "zigzag varint of 0");
        org.junit.jupiter.api.Assertions.assertEquals(2, one[at], "zigzag varint of 1");
        zero[at] = (byte) (63 << 1); // zigzag of 63, one byte
        return f.withFooterBytes(zero);
    }

    private static byte[] footerOf(ParquetSurgery f) throws IOException {
        var out = new java.io.ByteArrayOutputStream();
        org.apache.parquet.format.Util.writeFileMetaData(f.footer, out);
        return out.toByteArray();
    }

    static Stream<Arguments> arguments() {
        List<Arguments> arguments = new ArrayList<>();
        for (Case c : cases()) {
            for (CompressionCodecName codec : CODECS) {
                if (c.codecs().test(codec)) {
                    for (Reader reader : Reader.values()) {
                        arguments.add(Arguments.of(c, codec, reader));
                    }
                }
            }
        }
        return arguments.stream();
    }

    private static synchronized Path corruptFile(Case c, CompressionCodecName codec) throws IOException {
        String key = c.name() + "/" + codec;
        Path file = FILES.get(key);
        if (file == null) {
            ParquetSurgery valid = VALID.get(codec);
            if (valid == null) {
                Path validFile = dir.resolve("valid-" + codec + ".parquet");
                CorruptRows.write(validFile, codec);
                valid = ParquetSurgery.of(Files.readAllBytes(validFile));
                // what the cases rely on: several row groups, several pages per chunk, dictionaries where expected
                org.junit.jupiter.api.Assertions.assertTrue(valid.pages.size() > ROW_GROUP + 1, "row groups");
                for (int column = 0; column < CorruptRows.SCHEMA.getColumns().size(); column++) {
                    org.junit.jupiter.api.Assertions.assertTrue(
                            valid.dataPages(ROW_GROUP, column).size() >= 2, "data pages of column " + column);
                    boolean dictionary = valid.chunk(ROW_GROUP, column).get(0).isDictionary();
                    assertEquals(column == CATEGORY || column == NAME, dictionary, "dictionary of column " + column);
                }
                VALID.put(codec, valid);
            }
            file = dir.resolve("case-" + FILES.size() + "-" + codec + ".parquet");
            Files.write(file, c.corruption().apply(valid.copy()));
            FILES.put(key, file);
        }
        return file;
    }

    /** The library names files only in parquet-java's own exceptions: an I/O error of the file keeps its class. */
    @org.junit.jupiter.api.Test
    void missingFileKeepsItsException() {
        Path absent = dir.resolve("absent.parquet");
        var thrown = org.junit.jupiter.api.Assertions.assertThrows(
                java.nio.file.NoSuchFileException.class,
                () -> HadoopFreeParquet.openFile(
                        new ChannelInputFile(absent),
                        HadoopFreeParquet.readOptions().build()));
        assertEquals(absent.toString(), thrown.getMessage());
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("arguments")
    void corruptFile(Case c, CompressionCodecName codec, Reader reader) throws IOException {
        Path file = corruptFile(c, codec);
        var builder = HadoopFreeParquet.readOptions();
        if (c.checksums()) {
            builder.usePageChecksumVerification();
        }
        ParquetReadOptions options = builder.build();
        Object[] result = assertTimeoutPreemptively(BOUND, () -> {
            try {
                return new Object[] {reader.read(file, options), null};
            } catch (Throwable t) {
                return new Object[] {null, t};
            }
        });
        @SuppressWarnings("unchecked")
        List<Row> rows = (List<Row>) result[0];
        Outcome outcome = new Outcome(reader, codec, file, rows, (Throwable) result[1]);
        report(c, outcome);
        (reader.library() ? c.library() : c.stock()).check(outcome);
    }
}
