package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Number formats and a plain-text table with aligned columns. */
final class Text {
    private Text() {}

    static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A human size: 1.5 MB (10^6 bytes, as the speeds are in MB/s). */
    static String size(double n) {
        if (n < 1000) {
            return String.format(Locale.ROOT, "%.0f B", n);
        }
        if (n < 1e6) {
            return String.format(Locale.ROOT, "%.1f kB", n / 1e3);
        }
        if (n < 1e9) {
            return String.format(Locale.ROOT, "%.1f MB", n / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f GB", n / 1e9);
    }

    static String ratio(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2f", ratio) : "-";
    }

    static String speed(double mbPerSecond) {
        if (!Double.isFinite(mbPerSecond)) {
            return "-";
        }
        return mbPerSecond >= 100
                ? String.format(Locale.ROOT, "%,.0f", mbPerSecond)
                : String.format(Locale.ROOT, "%.1f", mbPerSecond);
    }

    static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Rows of cells, printed with each column as wide as its widest cell; numbers right-aligned. */
    static final class Table {
        private final List<String[]> rows = new ArrayList<>();
        private final boolean[] rightAligned;

        /** {@code columns}: header names; a name starting with '>' is right-aligned (the '>' is not printed). */
        Table(String... columns) {
            rightAligned = new boolean[columns.length];
            String[] header = new String[columns.length];
            for (int i = 0; i < columns.length; i++) {
                rightAligned[i] = columns[i].startsWith(">");
                header[i] = rightAligned[i] ? columns[i].substring(1) : columns[i];
            }
            rows.add(header);
        }

        Table row(Object... cells) {
            String[] row = new String[rightAligned.length];
            for (int i = 0; i < row.length; i++) {
                row[i] = i < cells.length && cells[i] != null ? cells[i].toString() : "";
            }
            rows.add(row);
            return this;
        }

        String render(String indent) {
            int[] widths = new int[rightAligned.length];
            for (String[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    widths[i] = Math.max(widths[i], row[i].length());
                }
            }
            StringBuilder out = new StringBuilder();
            for (String[] row : rows) {
                StringBuilder line = new StringBuilder(indent);
                for (int i = 0; i < row.length; i++) {
                    String cell = row[i];
                    String pad = " ".repeat(widths[i] - cell.length());
                    line.append(rightAligned[i] ? pad + cell : cell + pad);
                    if (i < row.length - 1) {
                        line.append("  ");
                    }
                }
                out.append(line.toString().replaceAll("\\s+$", "")).append('\n');
            }
            return out.toString();
        }
    }
}
