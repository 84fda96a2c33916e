package io.github.parquetcodecs.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The commands' JSON, written by Jackson's streaming {@link JsonGenerator} (Jackson escapes strings and places the
 * commas); this class only adds the chained calls the commands use and the number format: doubles with six
 * significant digits, and null for NaN and infinities, which JSON cannot hold.
 */
final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final StringWriter out = new StringWriter();
    private final JsonGenerator generator;

    Json() {
        try {
            generator = FACTORY.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A call of the generator, which writes to a string and so cannot fail with an I/O error. */
    private interface Write {
        void run() throws IOException;
    }

    private Json write(Write write) {
        try {
            write.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Json beginObject() {
        return write(generator::writeStartObject);
    }

    Json endObject() {
        return write(generator::writeEndObject);
    }

    Json beginArray() {
        return write(generator::writeStartArray);
    }

    Json endArray() {
        return write(generator::writeEndArray);
    }

    Json key(String key) {
        return write(() -> generator.writeFieldName(key));
    }

    Json value(String value) {
        return write(() -> {
            if (value == null) {
                generator.writeNull();
            } else {
                generator.writeString(value);
            }
        });
    }

    Json value(long value) {
        return write(() -> generator.writeNumber(value));
    }

    Json value(double value) {
        return write(() -> {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                generator.writeNull();
            } else {
                generator.writeNumber(new BigDecimal(value)
                        .round(new MathContext(6))
                        .stripTrailingZeros()
                        .toPlainString());
            }
        });
    }

    Json value(boolean value) {
        return write(() -> generator.writeBoolean(value));
    }

    Json field(String key, String value) {
        return key(key).value(value);
    }

    Json field(String key, long value) {
        return key(key).value(value);
    }

    Json field(String key, double value) {
        return key(key).value(value);
    }

    Json field(String key, boolean value) {
        return key(key).value(value);
    }

    @Override
    public String toString() {
        write(generator::flush);
        return out.toString();
    }
}
