package io.github.parquetcodecs.nohadoop;

import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.parquetcodecs.HadoopFreeCodecFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.RandomAccessFile;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter.ColumnPredicates;
import org.apache.parquet.filter.ColumnRecordFilter;
import org.apache.parquet.filter.RecordFilter;
import org.apache.parquet.filter.UnboundRecordFilter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetMetricsCallback;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The read options built without Hadoop honour each setting that {@code ParquetReadOptions.Builder} has. */
class ReadOptionsTest {
    private static final int ROWS = 20_000;

    @TempDir
    static Path dir;

    /** Rows 0 to ROWS - 1 in ZSTD, shared by the tests, which only read it. */
    private static Path file;

    @BeforeAll
    static void writeFile() throws IOException {
        NoHadoop.assertAbsent();
        file = dir.resolve("rows.parquet");
        GroupRows.write(file, CompressionCodecName.ZSTD, ROWS, GroupRows.conf());
    }

    private static List<Long> ids(List<Group> groups) {
        return groups.stream().map(group -> group.getLong("id", 0)).collect(Collectors.toList());
    }

    private static long filteredRecordCount(Path file, ParquetReadOptions options) throws IOException {
        try (HadoopFreeRecordReader<Group> reader =
                HadoopFreeParquet.openReader(new LocalInputFile(file), new GroupReadSupport(), options)) {
            return reader.getFilteredRecordCount();
        }
    }

    @Test
    void predicateFiltersRecords() throws IOException {
        FilterPredicate smallIsSeven = eq(intColumn("small"), 7);
        List<Group> groups = GroupRows.read(
                file,
                HadoopFreeParquet.readOptions()
                        .withRecordFilter(FilterCompat.get(smallIsSeven))
                        .build());

        List<Long> expected = LongStream.range(0, ROWS)
                .filter(id -> GroupRows.small(id) == 7)
                .boxed()
                .collect(Collectors.toList());
        assertEquals(ROWS / 100, expected.size());
        assertEquals(expected, ids(groups));
        for (Group group : groups) {
            GroupRows.check(group.getLong("id", 0), group);
        }
    }

    @Test
    void statisticsColumnIndexAndRecordFilteringFollowTheirSwitches() throws IOException {
        FilterCompat.Filter firstThousand = FilterCompat.get(lt(longColumn("id"), 1000L));
        List<Long> expected = LongStream.range(0, 1000).boxed().collect(Collectors.toList());

        // Defaults: row groups (statistics) and pages (column index) past id 1000 are never read.
        ParquetReadOptions defaults =
                HadoopFreeParquet.readOptions().withRecordFilter(firstThousand).build();
        long filtered = filteredRecordCount(file, defaults);
        assertTrue(filtered >= 1000 && filtered < ROWS / 4, "rows left by row-group and page filters: " + filtered);
        assertEquals(expected, ids(GroupRows.read(file, defaults)));

        // Without statistics and column-index filtering every row group and page is read; records are still filtered.
        ParquetReadOptions noPushDown = HadoopFreeParquet.readOptions()
                .withRecordFilter(firstThousand)
                .useStatsFilter(false)
                .useColumnIndexFilter(false)
                .useDictionaryFilter(false)
                .useBloomFilter(false)
                .build();
        assertEquals(ROWS, filteredRecordCount(file, noPushDown));
        assertEquals(expected, ids(GroupRows.read(file, noPushDown)));

        // Without record filtering either, every record comes back.
        ParquetReadOptions noFiltering = HadoopFreeParquet.readOptions()
                .copy(noPushDown)
                .useRecordFilter(false)
                .build();
        assertFalse(noFiltering.useStatsFilter());
        assertEquals(ROWS, GroupRows.read(file, noFiltering).size());

        // The same switches, from the configuration keys of ParquetInputFormat.
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.filter.stats.enabled", "false");
        conf.set("parquet.filter.columnindex.enabled", "false");
        conf.set("parquet.filter.record-level.enabled", "false");
        ParquetReadOptions fromConf = HadoopFreeParquet.readOptions(conf)
                .withRecordFilter(firstThousand)
                .build();
        assertFalse(fromConf.useStatsFilter());
        assertFalse(fromConf.useColumnIndexFilter());
        assertFalse(fromConf.useRecordFilter());
        assertEquals(ROWS, GroupRows.read(file, fromConf).size());
    }

    /** The format of {@code ParquetInputFormat.setFilterPredicate}, which needs a Hadoop {@code Configuration}. */
    private static String serialized(FilterPredicate predicate) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(new GZIPOutputStream(bytes))) {
            out.writeObject(predicate);
        }
        return new String(Base64.getMimeEncoder().encode(bytes.toByteArray()), StandardCharsets.UTF_8);
    }

    @Test
    void filterPredicateFromTheConfiguration() throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.private.read.filter.predicate", serialized(eq(intColumn("small"), 42)));
        ParquetReadOptions options = HadoopFreeParquet.readOptions(conf).build();
        assertTrue(options.getRecordFilter() instanceof FilterCompat.FilterPredicateCompat);

        List<Group> groups = GroupRows.read(file, options);
        assertEquals(ROWS / 100, groups.size());
        for (Group group : groups) {
            assertEquals(42, group.getInteger("small", 0));
        }
    }

    /** Named by class in the configuration, as {@code ParquetInputFormat.setUnboundRecordFilter} does. */
    public static final class SmallIsThree implements UnboundRecordFilter {
        @Override
        public RecordFilter bind(Iterable<ColumnReader> readers) {
            return ColumnRecordFilter.column("small", ColumnPredicates.equalTo(3))
                    .bind(readers);
        }
    }

    @Test
    void unboundRecordFilterFromTheConfiguration() throws IOException {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.read.filter", SmallIsThree.class.getName());
        ParquetReadOptions options = HadoopFreeParquet.readOptions(conf).build();
        assertTrue(options.getRecordFilter() instanceof FilterCompat.UnboundRecordFilterCompat);

        List<Group> groups = GroupRows.read(file, options);
        assertEquals(ROWS / 100, groups.size());
        for (Group group : groups) {
            assertEquals(3, group.getInteger("small", 0));
            GroupRows.check(group.getLong("id", 0), group);
        }
    }

    @Test
    void noFilterConfiguredReadsEverything() {
        ParquetReadOptions options = HadoopFreeParquet.readOptions().build();
        assertSame(FilterCompat.NOOP, options.getRecordFilter());
    }

    private static String messages(Throwable error) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause()) {
            all.append(t).append('\n');
        }
        return all.toString();
    }

    @Test
    void pageChecksumVerification() throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("message m { required double d; }");
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(GroupWriteSupport.PARQUET_EXAMPLE_SCHEMA, schema.toString());
        Path corrupt = dir.resolve("corrupt.parquet");
        SimpleGroupFactory factory = new SimpleGroupFactory(schema);
        int rows = 1000;
        try (ParquetWriter<Group> writer = HadoopFreeParquet.writer(
                        new LocalOutputFile(corrupt), new GroupWriteSupport(), conf)
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withDictionaryEncoding(false)
                .withPageWriteChecksumEnabled(true)
                .build()) {
            for (int i = 0; i < rows; i++) {
                writer.write(factory.newGroup().append("d", i + 0.5));
            }
        }
        // The chunk ends with the last page's PLAIN values: its last byte is the top byte of the last double.
        long lastByte;
        try (ParquetFileReader reader = new ParquetFileReader(
                new LocalInputFile(corrupt), HadoopFreeParquet.readOptions().build())) {
            assertEquals(1, reader.getRowGroups().size());
            ColumnChunkMetaData chunk =
                    reader.getRowGroups().get(0).getColumns().get(0);
            lastByte = chunk.getStartingPos() + chunk.getTotalSize() - 1;
        }
        try (RandomAccessFile raw = new RandomAccessFile(corrupt.toFile(), "rw")) {
            raw.seek(lastByte);
            int value = raw.read();
            raw.seek(lastByte);
            raw.write(value ^ 0x10);
        }

        // Without verification (the default) the damage goes unnoticed: the last value is simply different.
        List<Group> unchecked =
                GroupRows.read(corrupt, HadoopFreeParquet.readOptions().build());
        assertEquals(rows, unchecked.size());
        for (int i = 0; i < rows - 1; i++) {
            assertEquals(i + 0.5, unchecked.get(i).getDouble("d", 0));
        }
        assertNotEquals(rows - 0.5, unchecked.get(rows - 1).getDouble("d", 0));

        // With verification, from the builder or from the configuration key, the read fails.
        ParquetReadOptions verifying =
                HadoopFreeParquet.readOptions().usePageChecksumVerification().build();
        assertTrue(verifying.usePageChecksumVerification());
        ParquetDecodingException error =
                assertThrows(ParquetDecodingException.class, () -> GroupRows.read(corrupt, verifying));
        assertTrue(messages(error).contains("CRC checksum verification failed"), messages(error));

        PlainParquetConfiguration verifyConf = new PlainParquetConfiguration();
        verifyConf.set("parquet.page.verify-checksum.enabled", "true");
        ParquetReadOptions fromConf = HadoopFreeParquet.readOptions(verifyConf).build();
        assertTrue(fromConf.usePageChecksumVerification());
        assertThrows(ParquetDecodingException.class, () -> GroupRows.read(corrupt, fromConf));

        // An intact file passes verification.
        assertEquals(ROWS, GroupRows.read(file, verifying).size());
    }

    /** Records every allocation and release it passes on to a real allocator. */
    static final class RecordingAllocator implements ByteBufferAllocator {
        final ByteBufferAllocator delegate;
        final List<Integer> sizes = new CopyOnWriteArrayList<>();
        final AtomicInteger released = new AtomicInteger();

        RecordingAllocator(ByteBufferAllocator delegate) {
            this.delegate = delegate;
        }

        @Override
        public ByteBuffer allocate(int size) {
            sizes.add(size);
            return delegate.allocate(size);
        }

        @Override
        public void release(ByteBuffer buffer) {
            released.incrementAndGet();
            delegate.release(buffer);
        }

        @Override
        public boolean isDirect() {
            return delegate.isDirect();
        }
    }

    /** Our factory, counting which of the two decompression methods parquet-java calls. */
    static final class CountingFactory implements CompressionCodecFactory {
        final HadoopFreeCodecFactory delegate = new HadoopFreeCodecFactory();
        final AtomicInteger byteBufferCalls = new AtomicInteger();
        final AtomicInteger bytesInputCalls = new AtomicInteger();

        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return delegate.getCompressor(codec);
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            BytesInputDecompressor decompressor = delegate.getDecompressor(codec);
            return new BytesInputDecompressor() {
                @Override
                public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                    bytesInputCalls.incrementAndGet();
                    return decompressor.decompress(bytes, uncompressedSize);
                }

                @Override
                public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
                        throws IOException {
                    byteBufferCalls.incrementAndGet();
                    decompressor.decompress(input, compressedSize, output, decompressedSize);
                }

                @Override
                public void release() {
                    decompressor.release();
                }
            };
        }

        @Override
        public void release() {
            delegate.release();
        }
    }

    enum Buffers {
        HEAP,
        DIRECT
    }

    private static List<Group> read(HadoopFreeRecordReader<Group> reader) throws IOException {
        List<Group> groups = new ArrayList<>();
        try (reader) {
            for (Group group = reader.read(); group != null; group = reader.read()) {
                groups.add(group);
            }
        }
        return groups;
    }

    /**
     * Heap and direct allocators, with every codec. With a direct allocator and {@code useOffHeapDecryptBuffer},
     * parquet-java decompresses each data page from one direct buffer into another, through the codec factory's
     * {@code ByteBuffer} method. The direct case reads through {@link ChannelInputFile}, because parquet-java 1.14 and
     * 1.15's {@code LocalInputFile} cannot read into direct buffers.
     */
    static Stream<Arguments> codecsAndBuffers() {
        return Arrays.stream(CompressionCodecName.values())
                .flatMap(codec -> Arrays.stream(Buffers.values()).map(buffers -> Arguments.of(codec, buffers)));
    }

    @ParameterizedTest
    @MethodSource("codecsAndBuffers")
    void customAllocator(CompressionCodecName codec, Buffers buffers) throws IOException {
        Path coded = dir.resolve(codec + "-" + buffers + ".parquet");
        GroupRows.write(coded, codec, 5_000, GroupRows.conf());
        boolean direct = buffers == Buffers.DIRECT;
        RecordingAllocator allocator =
                new RecordingAllocator(direct ? new DirectByteBufferAllocator() : new HeapByteBufferAllocator());
        CountingFactory factory = new CountingFactory();
        ParquetReadOptions options = HadoopFreeParquet.readOptions()
                .withAllocator(allocator)
                .useOffHeapDecryptBuffer(direct)
                .withCodecFactory(factory)
                .build();
        assertSame(allocator, options.getAllocator());
        assertEquals(direct, options.useOffHeapDecryptBuffer());

        InputFile input = direct ? new ChannelInputFile(coded) : new LocalInputFile(coded);
        List<Group> groups = read(HadoopFreeParquet.openReader(input, new GroupReadSupport(), options));
        assertEquals(5_000, groups.size());
        for (int id = 0; id < groups.size(); id++) {
            GroupRows.check(id, groups.get(id));
        }
        if (direct) {
            assertTrue(factory.byteBufferCalls.get() > 0, "data pages decompressed between direct buffers");
        } else {
            assertEquals(0, factory.byteBufferCalls.get(), "heap pages decompressed as BytesInput");
            assertTrue(factory.bytesInputCalls.get() > 0, "heap pages decompressed as BytesInput");
        }
        assertFalse(allocator.sizes.isEmpty(), "the reader allocated through the custom allocator");
        assertTrue(allocator.released.get() > 0, "and released through it");
    }

    @Test
    void maxAllocationSize() throws IOException {
        RecordingAllocator whole = new RecordingAllocator(new HeapByteBufferAllocator());
        GroupRows.read(
                file, HadoopFreeParquet.readOptions().withAllocator(whole).build());
        int largest = whole.sizes.stream().mapToInt(Integer::intValue).max().orElse(0);
        assertTrue(largest > 4096, "by default a column chunk is read into one buffer: " + largest);

        RecordingAllocator split = new RecordingAllocator(new HeapByteBufferAllocator());
        ParquetReadOptions options = HadoopFreeParquet.readOptions()
                .withAllocator(split)
                .withMaxAllocationInBytes(4096)
                .build();
        assertEquals(4096, options.getMaxAllocationSize());
        List<Group> groups = GroupRows.read(file, options);
        assertEquals(ROWS, groups.size());
        GroupRows.check(ROWS - 1, groups.get(ROWS - 1));
        long fullBuffers = split.sizes.stream().filter(size -> size == 4096).count();
        assertTrue(fullBuffers > whole.sizes.size(), "chunks read in 4096-byte buffers: " + fullBuffers);

        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.read.allocation.size", "65536");
        assertEquals(65536, HadoopFreeParquet.readOptions(conf).build().getMaxAllocationSize());
        assertEquals(8 * 1024 * 1024, HadoopFreeParquet.readOptions().build().getMaxAllocationSize());
    }

    @Test
    void propertiesReachTheReadSupport() throws IOException {
        // GroupReadSupport projects to the schema under parquet.read.schema in the configuration it is given.
        ParquetReadOptions options = HadoopFreeParquet.readOptions()
                .set("parquet.read.schema", "message row { required int64 id; optional binary note (STRING); }")
                .set("custom.key", "custom value")
                .build();
        assertEquals("custom value", options.getProperty("custom.key"));
        assertTrue(options.getPropertyNames().contains("parquet.read.schema"));

        List<Group> groups = new ArrayList<>();
        try (HadoopFreeRecordReader<Group> reader =
                HadoopFreeParquet.openReader(new LocalInputFile(file), new GroupReadSupport(), options)) {
            assertEquals(2, reader.getRequestedSchema().getFieldCount());
            for (Group group = reader.read(); group != null; group = reader.read()) {
                groups.add(group);
            }
        }
        assertEquals("custom value", options.getConfiguration().get("custom.key"));
        assertEquals(ROWS, groups.size());
        for (Group group : groups) {
            assertEquals(2, group.getType().getFieldCount());
        }
        assertEquals(LongStream.range(0, ROWS).boxed().collect(Collectors.toList()), ids(groups));
    }

    @Test
    void settingsFromTheConfiguration() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.strings.signed-min-max.enabled", "true");
        conf.set("parquet.filter.dictionary.enabled", "false");
        conf.set("parquet.filter.bloom.enabled", "false");
        conf.set("parquet.decrypt.off-heap.buffer.enabled", "true");
        conf.set("parquet.read.bad.record.threshold", "0.25");
        conf.set(HadoopFreeCodecFactory.ZSTD_LEVEL, "7");
        ParquetReadOptions options = HadoopFreeParquet.readOptions(conf).build();
        assertTrue(options.useSignedStringMinMax());
        assertFalse(options.useDictionaryFilter());
        assertFalse(options.useBloomFilter());
        assertTrue(options.useOffHeapDecryptBuffer());
        assertEquals("0.25", options.getProperty("parquet.read.bad.record.threshold"));
        assertSame(conf, options.getConfiguration());
        assertTrue(options.getCodecFactory() instanceof HadoopFreeCodecFactory);

        ParquetReadOptions defaults = HadoopFreeParquet.readOptions().build();
        assertFalse(defaults.useSignedStringMinMax());
        assertTrue(defaults.useStatsFilter());
        assertTrue(defaults.useDictionaryFilter());
        assertTrue(defaults.useRecordFilter());
        assertTrue(defaults.useColumnIndexFilter());
        assertTrue(defaults.useBloomFilter());
        assertFalse(defaults.usePageChecksumVerification());
        assertFalse(defaults.useOffHeapDecryptBuffer());
        assertTrue(defaults.getAllocator() instanceof HeapByteBufferAllocator);
        assertNull(defaults.getDecryptionProperties());
        assertNull(defaults.getProperty("parquet.read.bad.record.threshold"));
    }

    @Test
    void copyKeepsEverySetting() {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        RecordingAllocator allocator = new RecordingAllocator(new HeapByteBufferAllocator());
        HadoopFreeCodecFactory factory = new HadoopFreeCodecFactory();
        FilterCompat.Filter filter = FilterCompat.get(eq(intColumn("small"), 1));
        ParquetReadOptions original = HadoopFreeParquet.readOptions(conf)
                .useSignedStringMinMax()
                .useStatsFilter(false)
                .useDictionaryFilter(false)
                .useRecordFilter(false)
                .useColumnIndexFilter(false)
                .usePageChecksumVerification()
                .useBloomFilter(false)
                .useOffHeapDecryptBuffer()
                .withUseHadoopVectoredIo(false)
                .withRecordFilter(filter)
                .withCodecFactory(factory)
                .withAllocator(allocator)
                .withMaxAllocationInBytes(12345)
                .set("k", "v")
                .build();
        ParquetReadOptions copy = HadoopFreeParquet.readOptions().copy(original).build();
        assertTrue(copy.useSignedStringMinMax());
        assertFalse(copy.useStatsFilter());
        assertFalse(copy.useDictionaryFilter());
        assertFalse(copy.useRecordFilter());
        assertFalse(copy.useColumnIndexFilter());
        assertTrue(copy.usePageChecksumVerification());
        assertFalse(copy.useBloomFilter());
        assertTrue(copy.useOffHeapDecryptBuffer());
        assertFalse(copy.useHadoopVectoredIo());
        assertSame(filter, copy.getRecordFilter());
        assertSame(factory, copy.getCodecFactory());
        assertSame(allocator, copy.getAllocator());
        assertEquals(12345, copy.getMaxAllocationSize());
        assertEquals("v", copy.getProperty("k"));
        assertSame(conf, copy.getConfiguration());
    }

    @Test
    void badRecordThreshold() throws IOException {
        // Default threshold 0: the first record that cannot be materialised fails the read.
        ParquetDecodingException error = assertThrows(
                ParquetDecodingException.class,
                () -> read(HadoopFreeParquet.openReader(
                        new LocalInputFile(file),
                        new EveryTenthIsBad(),
                        HadoopFreeParquet.readOptions().build())));
        assertTrue(messages(error).contains("bad record 0"), messages(error));

        // Up to 20% bad records tolerated: the bad tenth are skipped, the rest read.
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set("parquet.read.bad.record.threshold", "0.2");
        List<Group> groups = read(HadoopFreeParquet.openReader(
                new LocalInputFile(file),
                new EveryTenthIsBad(),
                HadoopFreeParquet.readOptions(conf).build()));
        List<Long> expected =
                LongStream.range(0, ROWS).filter(id -> id % 10 != 0).boxed().collect(Collectors.toList());
        assertEquals(expected, ids(groups));
    }

    /** The getters of {@link ParquetReadOptions}, by name; each reports one setting. */
    private static final Map<String, Function<ParquetReadOptions, Object>> GETTERS = new LinkedHashMap<>();

    static {
        GETTERS.put("useSignedStringMinMax", ParquetReadOptions::useSignedStringMinMax);
        GETTERS.put("useStatsFilter", ParquetReadOptions::useStatsFilter);
        GETTERS.put("useDictionaryFilter", ParquetReadOptions::useDictionaryFilter);
        GETTERS.put("useRecordFilter", ParquetReadOptions::useRecordFilter);
        GETTERS.put("useColumnIndexFilter", ParquetReadOptions::useColumnIndexFilter);
        GETTERS.put("usePageChecksumVerification", ParquetReadOptions::usePageChecksumVerification);
        GETTERS.put("useBloomFilter", ParquetReadOptions::useBloomFilter);
        GETTERS.put("useOffHeapDecryptBuffer", ParquetReadOptions::useOffHeapDecryptBuffer);
        GETTERS.put("useHadoopVectoredIo", ParquetReadOptions::useHadoopVectoredIo);
        GETTERS.put("getRecordFilter", ParquetReadOptions::getRecordFilter);
        GETTERS.put("getMetadataFilter", ParquetReadOptions::getMetadataFilter);
        GETTERS.put("getCodecFactory", ParquetReadOptions::getCodecFactory);
        GETTERS.put("getAllocator", ParquetReadOptions::getAllocator);
        GETTERS.put("getMaxAllocationSize", ParquetReadOptions::getMaxAllocationSize);
        GETTERS.put("getPropertyNames", options -> new TreeSet<>(options.getPropertyNames()));
        GETTERS.put("getDecryptionProperties", ParquetReadOptions::getDecryptionProperties);
        GETTERS.put("getMetricsCallback", ParquetReadOptions::getMetricsCallback);
        GETTERS.put("getConfiguration", ParquetReadOptions::getConfiguration);
    }

    /** Values are compared by value, objects by identity (most have no {@code equals}). */
    private static boolean same(Object a, Object b) {
        return a instanceof Boolean || a instanceof Integer || a instanceof Set ? a.equals(b) : a == b;
    }

    /** One builder method and the getter that must report it. */
    record Setting(String method, String getter, UnaryOperator<HadoopFreeReadOptionsBuilder> change) {
        @Override
        public String toString() {
            return method + " -> " + getter;
        }
    }

    /** A boolean setting, set to the opposite of what the baseline builds. */
    private static Setting flip(
            String method,
            String getter,
            BiFunction<HadoopFreeReadOptionsBuilder, Boolean, HadoopFreeReadOptionsBuilder> set) {
        return new Setting(method, getter, builder -> {
            boolean baseline = (Boolean) GETTERS.get(getter).apply(baseline().build());
            return set.apply(builder, !baseline);
        });
    }

    private static final PlainParquetConfiguration BASELINE_CONF = new PlainParquetConfiguration();
    private static final CompressionCodecFactory BASELINE_FACTORY = new HadoopFreeCodecFactory(BASELINE_CONF);
    private static final ByteBufferAllocator BASELINE_ALLOCATOR = new HeapByteBufferAllocator();

    /**
     * Default options, except for the two objects that every builder creates anew (codec factory and allocator): the
     * same instances here, so that two baselines are alike getter for getter.
     */
    private static HadoopFreeReadOptionsBuilder baseline() {
        return HadoopFreeParquet.readOptions(BASELINE_CONF)
                .withCodecFactory(BASELINE_FACTORY)
                .withAllocator(BASELINE_ALLOCATOR);
    }

    static Stream<Setting> settings() {
        ParquetMetricsCallback callback = (ParquetMetricsCallback) Proxy.newProxyInstance(
                ReadOptionsTest.class.getClassLoader(),
                new Class<?>[] {ParquetMetricsCallback.class},
                (proxy, method, args) -> method.getName().equals("toString") ? "callback" : null);
        return Stream.of(
                flip(
                        "useSignedStringMinMax",
                        "useSignedStringMinMax",
                        HadoopFreeReadOptionsBuilder::useSignedStringMinMax),
                flip("useStatsFilter", "useStatsFilter", HadoopFreeReadOptionsBuilder::useStatsFilter),
                flip("useDictionaryFilter", "useDictionaryFilter", HadoopFreeReadOptionsBuilder::useDictionaryFilter),
                flip("useRecordFilter", "useRecordFilter", HadoopFreeReadOptionsBuilder::useRecordFilter),
                flip(
                        "useColumnIndexFilter",
                        "useColumnIndexFilter",
                        HadoopFreeReadOptionsBuilder::useColumnIndexFilter),
                flip(
                        "usePageChecksumVerification",
                        "usePageChecksumVerification",
                        HadoopFreeReadOptionsBuilder::usePageChecksumVerification),
                flip(
                        "withPageChecksumVerification",
                        "usePageChecksumVerification",
                        HadoopFreeReadOptionsBuilder::withPageChecksumVerification),
                flip("useBloomFilter", "useBloomFilter", HadoopFreeReadOptionsBuilder::useBloomFilter),
                flip(
                        "useOffHeapDecryptBuffer",
                        "useOffHeapDecryptBuffer",
                        HadoopFreeReadOptionsBuilder::useOffHeapDecryptBuffer),
                flip(
                        "withUseHadoopVectoredIo",
                        "useHadoopVectoredIo",
                        HadoopFreeReadOptionsBuilder::withUseHadoopVectoredIo),
                new Setting(
                        "withRecordFilter",
                        "getRecordFilter",
                        builder -> builder.withRecordFilter(FilterCompat.get(eq(intColumn("small"), 1)))),
                new Setting("withRange", "getMetadataFilter", builder -> builder.withRange(0, 100)),
                new Setting("withOffsets", "getMetadataFilter", builder -> builder.withOffsets(4L)),
                new Setting(
                        "withMetadataFilter",
                        "getMetadataFilter",
                        builder -> builder.withMetadataFilter(ParquetMetadataConverter.SKIP_ROW_GROUPS)),
                new Setting(
                        "withCodecFactory",
                        "getCodecFactory",
                        builder -> builder.withCodecFactory(new CountingFactory())),
                new Setting(
                        "withAllocator",
                        "getAllocator",
                        builder -> builder.withAllocator(new DirectByteBufferAllocator())),
                new Setting(
                        "withMaxAllocationInBytes",
                        "getMaxAllocationSize",
                        builder -> builder.withMaxAllocationInBytes(4096)),
                new Setting("set", "getPropertyNames", builder -> builder.set("custom.key", "custom value")),
                new Setting(
                        "withDecryption",
                        "getDecryptionProperties",
                        builder -> builder.withDecryption(FileDecryptionProperties.builder()
                                .withFooterKey(new byte[16])
                                .build())),
                new Setting(
                        "withMetricsCallback", "getMetricsCallback", builder -> builder.withMetricsCallback(callback)),
                // the configuration comes from readOptions(conf), or from the options given to copy
                new Setting(
                        "copy",
                        "getConfiguration",
                        builder -> builder.copy(HadoopFreeParquet.readOptions(new PlainParquetConfiguration())
                                .withCodecFactory(BASELINE_FACTORY)
                                .withAllocator(BASELINE_ALLOCATOR)
                                .build())));
    }

    /**
     * Each builder method, alone, changes the getter it belongs to and no other: two booleans (or any two settings)
     * swapped on the way to {@code ParquetReadOptions}' constructor fail here. Every getter is covered.
     */
    @ParameterizedTest
    @MethodSource("settings")
    void eachSettingChangesOnlyItsOwnGetter(Setting setting) {
        ParquetReadOptions before = baseline().build();
        ParquetReadOptions after = setting.change().apply(baseline()).build();
        for (Map.Entry<String, Function<ParquetReadOptions, Object>> getter : GETTERS.entrySet()) {
            Object was = getter.getValue().apply(before);
            Object is = getter.getValue().apply(after);
            if (getter.getKey().equals(setting.getter())) {
                assertFalse(same(was, is), setting.method() + " must change " + getter.getKey() + ": " + was);
            } else {
                assertTrue(
                        same(was, is),
                        setting.method() + " must not change " + getter.getKey() + ": " + was + " -> " + is);
            }
        }
    }

    /** {@link #GETTERS} names every getter of {@code ParquetReadOptions}, and a setting changes each one. */
    @Test
    void everyGetterIsCovered() {
        Set<String> getters = Arrays.stream(ParquetReadOptions.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers())
                        && !Modifier.isStatic(method.getModifiers())
                        && method.getParameterCount() == 0)
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(getters, new TreeSet<>(GETTERS.keySet()));
        assertEquals(getters, settings().map(Setting::getter).collect(Collectors.toCollection(TreeSet::new)));
    }
}
