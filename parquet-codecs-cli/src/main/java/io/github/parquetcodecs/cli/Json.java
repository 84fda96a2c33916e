package io.github.parquetcodecs.cli;

import java.util.Locale;

/** A minimal JSON writer: objects, arrays, strings, numbers, booleans, with commas placed automatically. */
final class Json {
    private final StringBuilder out = new StringBuilder();
    /** Whether the container being written already has an element (a comma goes before the next one). */
    private final java.util.ArrayDeque<boolean[]> stack = new java.util.ArrayDeque<>();

    private boolean afterKey;

    Json beginObject() {
        element();
        out.append('{');
        stack.push(new boolean[1]);
        return this;
    }

    Json endObject() {
        stack.pop();
        out.append('}');
        return this;
    }

    Json beginArray() {
        element();
        out.append('[');
        stack.push(new boolean[1]);
        return this;
    }

    Json endArray() {
        stack.pop();
        out.append(']');
        return this;
    }

    Json key(String key) {
        element();
        string(key);
        out.append(':');
        afterKey = true;
        return this;
    }

    Json value(String value) {
        element();
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    Json value(long value) {
        element();
        out.append(value);
        return this;
    }

    Json value(double value) {
        element();
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("null");
        } else {
            // six significant digits, plain notation: valid JSON for every finite double
            out.append(new java.math.BigDecimal(value)
                    .round(new java.math.MathContext(6))
                    .stripTrailingZeros()
                    .toPlainString());
        }
        return this;
    }

    Json value(boolean value) {
        element();
        out.append(value);
        return this;
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

    private void element() {
        if (afterKey) {
            afterKey = false;
            return;
        }
        boolean[] hasElement = stack.peek();
        if (hasElement != null) {
            if (hasElement[0]) {
                out.append(',');
            }
            hasElement[0] = true;
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
