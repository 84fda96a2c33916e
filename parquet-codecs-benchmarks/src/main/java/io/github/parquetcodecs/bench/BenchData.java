package io.github.parquetcodecs.bench;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The benchmark dataset: an order log with the column shapes Parquet files are made of. It is generated in memory,
 * column by column, from a fixed seed, so every run and every fork sees the same bytes.
 *
 * <ul>
 *   <li>{@code event_time}: INT64 millisecond timestamps, increasing by small random steps
 *   <li>{@code quantity}: small INT32 values, skewed towards 1
 *   <li>{@code price}: DOUBLE prices with two decimals, log-normally spread
 *   <li>{@code status}: a low-cardinality string (8 values)
 *   <li>{@code url}: a high-cardinality string (a product URL with a random id and session)
 *   <li>{@code city}: a string of 4000 values, skewed; dictionary-encoded it becomes 12-bit dictionary indices
 *   <li>{@code discount}: an optional INT32, null in 60% of rows (definition levels)
 *   <li>{@code tags}: a list of 0 to 4 INT32 tag ids (repetition and definition levels)
 * </ul>
 *
 * <p>Rows are written straight from the column arrays by {@link RowWriteSupport}, and read back by {@link
 * ChecksumReadSupport}, which assembles every record and folds every value into a checksum, so that the end-to-end
 * benchmark spends its time in Parquet and the codecs rather than in building objects.
 */
public final class BenchData {
    public static final String SCHEMA_TEXT = "message orders {\n"
            + "  required int64 event_time (TIMESTAMP(MILLIS,true));\n"
            + "  required int32 quantity;\n"
            + "  required double price;\n"
            + "  required binary status (STRING);\n"
            + "  required binary url (STRING);\n"
            + "  required binary city (STRING);\n"
            + "  optional int32 discount;\n"
            + "  optional group tags (LIST) {\n"
            + "    repeated group list {\n"
            + "      required int32 element;\n"
            + "    }\n"
            + "  }\n"
            + "}\n";

    public static final MessageType SCHEMA = MessageTypeParser.parseMessageType(SCHEMA_TEXT);

    private static final String[] STATUSES = {
        "DELIVERED", "SHIPPED", "PENDING", "PROCESSING", "CANCELLED", "RETURNED", "ON_HOLD", "REFUNDED"
    };
    private static final String[] CATEGORIES = {
        "books", "electronics", "garden", "toys", "kitchen", "sports", "music", "fashion", "beauty", "automotive",
        "office", "pets", "baby", "grocery", "tools", "outdoor", "health", "furniture", "lighting", "games"
    };
    private static final String[] SYLLABLES = {
        "ber", "lin", "ham", "burg", "ford", "ton", "ville", "mar", "san", "port", "field", "brook", "dale", "stad",
        "ros", "kin", "lo", "va", "del", "mont", "ri", "go", "sea", "new", "north", "east", "west", "south"
    };
    public static final int CITIES = 4000;
    static final long SEED = 0x5eed_0f_da7aL;

    public final int rows;
    final long[] eventTime;
    final int[] quantity;
    final double[] price;
    final byte[] status;
    final Binary[] url;
    final short[] city;
    /** {@link Integer#MIN_VALUE} for null. */
    final int[] discount;
    /** Row r has tags {@code tagValues[tagStart[r] .. tagStart[r + 1])}. */
    final int[] tagStart;

    final int[] tagValues;
    final Binary[] statusValues;
    final Binary[] cityValues;

    private BenchData(int rows) {
        this.rows = rows;
        SplittableRandom random = new SplittableRandom(SEED);
        statusValues = new Binary[STATUSES.length];
        for (int i = 0; i < STATUSES.length; i++) {
            statusValues[i] = Binary.fromConstantByteArray(STATUSES[i].getBytes(StandardCharsets.UTF_8));
        }
        cityValues = new Binary[CITIES];
        for (int i = 0; i < CITIES; i++) {
            StringBuilder name = new StringBuilder();
            int n = i;
            do {
                name.append(SYLLABLES[n % SYLLABLES.length]);
                n /= SYLLABLES.length;
            } while (n > 0);
            name.setCharAt(0, Character.toUpperCase(name.charAt(0)));
            cityValues[i] = Binary.fromConstantByteArray(name.toString().getBytes(StandardCharsets.UTF_8));
        }

        eventTime = new long[rows];
        quantity = new int[rows];
        price = new double[rows];
        status = new byte[rows];
        url = new Binary[rows];
        city = new short[rows];
        discount = new int[rows];
        tagStart = new int[rows + 1];
        int[] tags = new int[rows * 2];
        int tagCount = 0;
        long time = 1_700_000_000_000L;
        StringBuilder text = new StringBuilder(96);
        for (int r = 0; r < rows; r++) {
            time += 1 + random.nextInt(80);
            eventTime[r] = time;
            quantity[r] = Math.min(1000, 1 + (int) (-Math.log(1 - random.nextDouble()) * 4));
            price[r] = Math.round(Math.exp(3 + random.nextDouble() * 2 - random.nextDouble()) * 100) / 100.0;
            double s = random.nextDouble();
            status[r] = (byte) (s < 0.55 ? 0 : s < 0.75 ? 1 : s < 0.85 ? 2 : 3 + random.nextInt(STATUSES.length - 3));
            text.setLength(0);
            text.append("https://shop.example.com/")
                    .append(CATEGORIES[random.nextInt(CATEGORIES.length)])
                    .append("/p/")
                    .append(100_000 + random.nextInt(900_000))
                    .append("?ref=")
                    .append(Long.toHexString(random.nextLong() & 0xffff_ffffL));
            url[r] = Binary.fromConstantByteArray(text.toString().getBytes(StandardCharsets.UTF_8));
            double u = random.nextDouble();
            city[r] = (short) (CITIES * u * u * u);
            discount[r] = random.nextInt(10) < 6 ? Integer.MIN_VALUE : 5 * (1 + random.nextInt(10));
            tagStart[r] = tagCount;
            int n = random.nextInt(8);
            n = n < 3 ? 0 : n < 5 ? 1 : n - 3;
            if (tagCount + n > tags.length) {
                tags = java.util.Arrays.copyOf(tags, tags.length * 2);
            }
            for (int i = 0; i < n; i++) {
                tags[tagCount++] = random.nextInt(200);
            }
        }
        tagStart[rows] = tagCount;
        tagValues = java.util.Arrays.copyOf(tags, tagCount);
    }

    private static final Object LOCK = new Object();
    private static BenchData cached;

    /** The first {@code rows} rows of the dataset (the same seed for any size); the last one is kept for reuse. */
    public static BenchData rows(int rows) {
        synchronized (LOCK) {
            if (cached == null || cached.rows != rows) {
                cached = null; // let the old one go before building the new one
                cached = new BenchData(rows);
            }
            return cached;
        }
    }

    /**
     * The bytes of the data in Parquet's PLAIN encoding without levels: 8 + 4 + 8 bytes, 4 + length for each string,
     * 4 for a present discount and 4 per tag. The unit of the end-to-end benchmark's MB/s, the same whatever the
     * encoding or codec.
     */
    public long plainBytes() {
        long bytes = 20L * rows;
        for (int r = 0; r < rows; r++) {
            bytes += 4 + statusValues[status[r]].length();
            bytes += 4 + url[r].length();
            bytes += 4 + cityValues[city[r]].length();
            if (discount[r] != Integer.MIN_VALUE) {
                bytes += 4;
            }
        }
        return bytes + 4L * tagValues.length;
    }

    /** The checksum {@link ChecksumReadSupport} computes when it reads all rows of this dataset. */
    public long expectedChecksum() {
        Checksum sum = new Checksum();
        for (int r = 0; r < rows; r++) {
            sum.addLong(eventTime[r]);
            sum.addInt(quantity[r]);
            sum.addDouble(price[r]);
            sum.addBinary(statusValues[status[r]]);
            sum.addBinary(url[r]);
            sum.addBinary(cityValues[city[r]]);
            if (discount[r] != Integer.MIN_VALUE) {
                sum.addInt(discount[r]);
            }
            for (int i = tagStart[r]; i < tagStart[r + 1]; i++) {
                sum.addInt(tagValues[i]);
            }
            sum.endRecord();
        }
        return sum.value;
    }

    /** Order-independent sum of every value read, and the number of records. */
    static final class Checksum {
        long value;

        void addLong(long v) {
            value += v * 0x9E3779B97F4A7C15L;
        }

        void addInt(int v) {
            value += v * 0xC2B2AE3D27D4EB4FL;
        }

        void addDouble(double v) {
            value += Double.doubleToLongBits(v) * 0x165667B19E3779F9L;
        }

        void addBinary(Binary v) {
            value += (v.hashCode() + 31L * v.length()) * 0x27D4EB2F165667C5L;
        }

        void endRecord() {
            value += 1;
        }
    }

    /** Writes the row numbers it is given as rows of this dataset. */
    public static final class RowWriteSupport extends WriteSupport<Integer> {
        private final BenchData data;
        private RecordConsumer out;

        public RowWriteSupport(BenchData data) {
            this.data = data;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(SCHEMA, new HashMap<>());
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(SCHEMA, new HashMap<>());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            out = recordConsumer;
        }

        @Override
        public void write(Integer row) {
            int r = row;
            BenchData d = data;
            out.startMessage();
            out.startField("event_time", 0);
            out.addLong(d.eventTime[r]);
            out.endField("event_time", 0);
            out.startField("quantity", 1);
            out.addInteger(d.quantity[r]);
            out.endField("quantity", 1);
            out.startField("price", 2);
            out.addDouble(d.price[r]);
            out.endField("price", 2);
            out.startField("status", 3);
            out.addBinary(d.statusValues[d.status[r]]);
            out.endField("status", 3);
            out.startField("url", 4);
            out.addBinary(d.url[r]);
            out.endField("url", 4);
            out.startField("city", 5);
            out.addBinary(d.cityValues[d.city[r]]);
            out.endField("city", 5);
            if (d.discount[r] != Integer.MIN_VALUE) {
                out.startField("discount", 6);
                out.addInteger(d.discount[r]);
                out.endField("discount", 6);
            }
            int from = d.tagStart[r];
            int to = d.tagStart[r + 1];
            if (from < to) {
                out.startField("tags", 7);
                out.startGroup();
                out.startField("list", 0);
                for (int i = from; i < to; i++) {
                    out.startGroup();
                    out.startField("element", 0);
                    out.addInteger(d.tagValues[i]);
                    out.endField("element", 0);
                    out.endGroup();
                }
                out.endField("list", 0);
                out.endGroup();
                out.endField("tags", 7);
            }
            out.endMessage();
        }
    }

    /** Assembles every record and folds each value into a {@link Checksum}; the materialized record is null. */
    public static final class ChecksumReadSupport extends ReadSupport<Void> {
        final Checksum checksum = new Checksum();

        public long checksum() {
            return checksum.value;
        }

        @Override
        public ReadContext init(InitContext context) {
            return new ReadContext(context.getFileSchema());
        }

        @Override
        public RecordMaterializer<Void> prepareForRead(
                Configuration configuration,
                java.util.Map<String, String> keyValueMetaData,
                MessageType fileSchema,
                ReadContext readContext) {
            return materializer();
        }

        @Override
        public RecordMaterializer<Void> prepareForRead(
                ParquetConfiguration configuration,
                java.util.Map<String, String> keyValueMetaData,
                MessageType fileSchema,
                ReadContext readContext) {
            return materializer();
        }

        RecordMaterializer<Void> materializer() {
            Checksum sum = checksum;
            PrimitiveConverter values = new PrimitiveConverter() {
                @Override
                public void addLong(long value) {
                    sum.addLong(value);
                }

                @Override
                public void addInt(int value) {
                    sum.addInt(value);
                }

                @Override
                public void addDouble(double value) {
                    sum.addDouble(value);
                }

                @Override
                public void addBinary(Binary value) {
                    sum.addBinary(value);
                }
            };
            GroupConverter element = group(values);
            GroupConverter list = group(element);
            GroupConverter root = new GroupConverter() {
                @Override
                public Converter getConverter(int fieldIndex) {
                    return fieldIndex == 7 ? list : values;
                }

                @Override
                public void start() {}

                @Override
                public void end() {
                    sum.endRecord();
                }
            };
            return new RecordMaterializer<>() {
                @Override
                public Void getCurrentRecord() {
                    return null;
                }

                @Override
                public GroupConverter getRootConverter() {
                    return root;
                }
            };
        }

        private static GroupConverter group(Converter child) {
            return new GroupConverter() {
                @Override
                public Converter getConverter(int fieldIndex) {
                    return child;
                }

                @Override
                public void start() {}

                @Override
                public void end() {}
            };
        }
    }
}
