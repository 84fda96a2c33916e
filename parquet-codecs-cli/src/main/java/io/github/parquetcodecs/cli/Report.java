package io.github.parquetcodecs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The report of a benchmark, self-contained (no scripts, fonts or links): a scatter of ratio against decompression
 * speed with the Pareto front marked, per-column ratio bars, the tables, and the machine and JVM. {@code .html}
 * writes an HTML page with inline SVG, {@code .svg} one SVG image with both charts. Both are well-formed XML.
 */
final class Report {
    static final int SCATTER_WIDTH = 760;
    /**
     * Header lines are wrapped at these many characters so that they fit the image's width: bold 13 px sans-serif
     * averages up to about 8 px a character, 11 px up to about 6.3 (measured with rsvg-convert on a real report).
     */
    static final int TITLE_CHARS = 88;

    static final int LINE_CHARS = 115;
    static final int SCATTER_HEIGHT = 470;
    /** A chart label: 11 px sans-serif; the width of its widest characters (capitals), so that estimates are safe. */
    static final double LABEL_CHAR_WIDTH = 7.6;

    static final double LABEL_HEIGHT = 13;
    /** Below the baseline of an 11 px label, the part of its box (descenders): about 0.24 em. */
    static final double LABEL_DESCENT = 3;

    static final int LABEL_TRIES = 24;
    static final int BARS_WIDTH = 760;
    /** Columns shown as bars: the largest ones. */
    static final int MAX_BAR_COLUMNS = 24;

    private static final String[] COLORS = {
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"
    };

    private Report() {}

    static void checkName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".html") && !lower.endsWith(".htm") && !lower.endsWith(".svg")) {
            throw CliException.usage("--report takes a file name ending in .html or .svg, not '" + name + "'");
        }
        // checked before measuring: a report that cannot be written must not cost a whole benchmark
        java.nio.file.Path path = Paths.get(name).toAbsolutePath();
        java.nio.file.Path folder = path.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new CliException(name + ": cannot write the report: the folder " + folder + " does not exist");
        }
        if (!Files.isWritable(folder)) {
            throw new CliException(name + ": cannot write the report: the folder " + folder + " is not writable");
        }
        if (Files.isDirectory(path)) {
            throw new CliException(name + ": cannot write the report: it is a folder");
        }
    }

    static void write(BenchCommand.Outcome o, String name) {
        String content = name.toLowerCase(Locale.ROOT).endsWith(".svg") ? svg(o) : html(o);
        try {
            Files.write(Paths.get(name), content.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CliException(name + ": cannot write the report: " + ParquetInput.message(e), e);
        }
    }

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '&':
                    out.append("&amp;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    // characters XML 1.0 cannot hold become '?'
                    out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '?' : c);
            }
        }
        return out.toString();
    }

    private static String f(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    static List<Bench.Result> library(BenchCommand.Outcome o) {
        List<Bench.Result> library = new ArrayList<>();
        for (Bench.Result r : o.results) {
            if (!r.variant.bare) {
                library.add(r);
            }
        }
        return library;
    }

    /** Results that have a finite decompression speed (UNCOMPRESSED's pass-through has none worth plotting). */
    private static List<Bench.Result> plotted(BenchCommand.Outcome o) {
        List<Bench.Result> plotted = new ArrayList<>();
        for (Bench.Result r : o.results) {
            if (r.variant.codec != CompressionCodecName.UNCOMPRESSED) {
                plotted.add(r);
            }
        }
        return plotted;
    }

    private static String color(BenchCommand.Outcome o, Variant variant) {
        List<CompressionCodecName> codecs = new ArrayList<>();
        for (Bench.Result r : o.results) {
            if (!codecs.contains(r.variant.codec)) {
                codecs.add(r.variant.codec);
            }
        }
        return COLORS[codecs.indexOf(variant.codec) % COLORS.length];
    }

    /** Ratio (y) against decompression MB/s (x, logarithmic); the Pareto front of the library's results joined. */
    static String scatter(BenchCommand.Outcome o, int x0, int y0) {
        List<Bench.Result> points = plotted(o);
        long total = o.bench.sampledBytes;
        double minSpeed = Double.MAX_VALUE;
        double maxSpeed = 0;
        double maxRatio = 1;
        double minRatio = Double.MAX_VALUE;
        for (Bench.Result r : points) {
            double speed = r.totalDecompress.median;
            minSpeed = Math.min(minSpeed, speed);
            maxSpeed = Math.max(maxSpeed, speed);
            maxRatio = Math.max(maxRatio, r.ratio(total));
            minRatio = Math.min(minRatio, r.ratio(total));
        }
        if (points.isEmpty()) {
            minSpeed = 1;
            maxSpeed = 10;
            minRatio = 1;
        }
        double logMin = Math.floor(Math.log10(minSpeed / 1.5));
        double logMax = Math.ceil(Math.log10(maxSpeed * 1.5));
        if (logMax <= logMin) {
            logMax = logMin + 1;
        }
        double ratioLow = Math.max(0, Math.floor(Math.min(1, minRatio) * 10 - 1) / 10);
        double ratioHigh = Math.ceil(maxRatio * 1.1 * 10) / 10;
        int left = 70;
        int right = 30;
        int top = 40;
        int bottom = 90;
        int w = SCATTER_WIDTH - left - right;
        int h = SCATTER_HEIGHT - top - bottom;
        final double lMin = logMin;
        final double lMax = logMax;
        final double rLow = ratioLow;
        final double rHigh = ratioHigh;
        java.util.function.DoubleUnaryOperator px = speed -> left + (Math.log10(speed) - lMin) / (lMax - lMin) * w;
        java.util.function.DoubleUnaryOperator py = ratio -> top + h - (ratio - rLow) / (rHigh - rLow) * h;

        StringBuilder s = new StringBuilder();
        s.append("<g transform=\"translate(").append(x0).append(',').append(y0).append(")\" class=\"scatter\">\n");
        s.append("<rect x=\"0\" y=\"0\" width=\"")
                .append(SCATTER_WIDTH)
                .append("\" height=\"")
                .append(SCATTER_HEIGHT)
                .append("\" fill=\"#ffffff\"/>\n");
        s.append("<text x=\"")
                .append(left)
                .append("\" y=\"22\" font-size=\"15\" font-weight=\"bold\">Compression ratio against decompression"
                        + " speed (up and right is better)</text>\n");
        // grid and axes
        for (int e = (int) logMin; e <= (int) logMax; e++) {
            double x = px.applyAsDouble(Math.pow(10, e));
            s.append("<line x1=\"")
                    .append(f(x))
                    .append("\" y1=\"")
                    .append(top)
                    .append("\" x2=\"")
                    .append(f(x))
                    .append("\" y2=\"")
                    .append(top + h)
                    .append("\" stroke=\"#dddddd\"/>\n");
            s.append("<text x=\"")
                    .append(f(x))
                    .append("\" y=\"")
                    .append(top + h + 18)
                    .append("\" font-size=\"12\" text-anchor=\"middle\">")
                    .append(String.format(Locale.ROOT, "%,.0f", Math.pow(10, e)))
                    .append("</text>\n");
        }
        double step = niceStep((ratioHigh - ratioLow) / 6);
        for (double r = Math.ceil(ratioLow / step) * step; r <= ratioHigh + 1e-9; r += step) {
            double y = py.applyAsDouble(r);
            s.append("<line x1=\"")
                    .append(left)
                    .append("\" y1=\"")
                    .append(f(y))
                    .append("\" x2=\"")
                    .append(left + w)
                    .append("\" y2=\"")
                    .append(f(y))
                    .append("\" stroke=\"#dddddd\"/>\n");
            s.append("<text x=\"")
                    .append(left - 8)
                    .append("\" y=\"")
                    .append(f(y + 4))
                    .append("\" font-size=\"12\" text-anchor=\"end\">")
                    .append(new java.math.BigDecimal(r)
                            .setScale(3, java.math.RoundingMode.HALF_UP)
                            .stripTrailingZeros()
                            .toPlainString())
                    .append("</text>\n");
        }
        s.append("<rect x=\"")
                .append(left)
                .append("\" y=\"")
                .append(top)
                .append("\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        s.append("<text x=\"")
                .append(left + w / 2)
                .append("\" y=\"")
                .append(top + h + 38)
                .append("\" font-size=\"13\" text-anchor=\"middle\">decompression speed, MB/s of uncompressed"
                        + " pages (log scale)</text>\n");
        s.append("<text transform=\"translate(18,")
                .append(top + h / 2)
                .append(") rotate(-90)\" font-size=\"13\" text-anchor=\"middle\">ratio (uncompressed / compressed)"
                        + "</text>\n");

        // the Pareto front of the library's results, joined in order of speed
        List<Bench.Result> front = Recommendation.paretoFront(libraryPlotted(points));
        front.sort(Comparator.comparingDouble(r -> r.totalDecompress.median));
        if (front.size() > 1) {
            s.append("<polyline class=\"pareto-front\" fill=\"none\" stroke=\"#444444\" stroke-dasharray=\"5,4\""
                    + " points=\"");
            for (Bench.Result r : front) {
                s.append(f(px.applyAsDouble(r.totalDecompress.median)))
                        .append(',')
                        .append(f(py.applyAsDouble(r.ratio(total))))
                        .append(' ');
            }
            s.append("\"/>\n");
        }
        // the markers first, all of them: a label must not cover another point's marker, nor its own
        List<double[]> boxes = new ArrayList<>(); // per point: its marker's box with stroke, left, top, right, bottom
        List<double[]> centres = new ArrayList<>();
        StringBuilder markers = new StringBuilder();
        for (Bench.Result r : points) {
            double x = px.applyAsDouble(r.totalDecompress.median);
            double y = py.applyAsDouble(r.ratio(total));
            boolean onFront = front.contains(r);
            String color = color(o, r.variant);
            String cls = "point" + (onFront ? " pareto" : "") + (r.variant.bare ? " bare" : "");
            double half; // half the marker's extent, stroke included
            if (r.variant.bare) {
                half = 4 + 0.75;
                markers.append("<rect class=\"")
                        .append(cls)
                        .append("\" x=\"")
                        .append(f(x - 4))
                        .append("\" y=\"")
                        .append(f(y - 4))
                        .append("\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"")
                        .append(color)
                        .append("\" stroke-width=\"1.5\"><title>")
                        .append(escape(tooltip(r, total)))
                        .append("</title></rect>\n");
            } else {
                half = onFront ? 6 + 1 : 4.5 + 0.5;
                markers.append("<circle class=\"")
                        .append(cls)
                        .append("\" cx=\"")
                        .append(f(x))
                        .append("\" cy=\"")
                        .append(f(y))
                        .append("\" r=\"")
                        .append(onFront ? 6 : 4.5)
                        .append("\" fill=\"")
                        .append(color)
                        .append("\" stroke=\"")
                        .append(onFront ? "#000000" : color)
                        .append("\" stroke-width=\"")
                        .append(onFront ? 2 : 1)
                        .append("\"><title>")
                        .append(escape(tooltip(r, total)))
                        .append("</title></circle>\n");
            }
            boxes.add(new double[] {x - half, y - half, x + half, y + half});
            centres.add(new double[] {x, y, half});
        }
        List<double[]> frontLine = new ArrayList<>(); // segments of the Pareto front: x1, y1, x2, y2
        for (int i = 1; i < front.size(); i++) {
            Bench.Result a = front.get(i - 1);
            Bench.Result b = front.get(i);
            frontLine.add(new double[] {
                px.applyAsDouble(a.totalDecompress.median), py.applyAsDouble(a.ratio(total)),
                px.applyAsDouble(b.totalDecompress.median), py.applyAsDouble(b.ratio(total))
            });
        }
        // then the labels, the most important points first (the recommendation, the files' codecs, the front, the
        // library, the bare rows): each takes the free place nearest its point that covers no marker, label or leader
        // line; a label away from its point gets a leader line; a label with no free place is left out (the point
        // keeps its tooltip, the table has its figures)
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt(i -> labelRank(o, points.get(i), front)));
        List<double[]> labels = new ArrayList<>(); // boxes of the labels placed so far: left, top, right, bottom
        List<double[]> leaders = new ArrayList<>(); // x1, y1, x2, y2
        StringBuilder texts = new StringBuilder();
        StringBuilder lines = new StringBuilder();
        int unlabelled = 0;
        for (int i : order) {
            Bench.Result r = points.get(i);
            String label = r.variant.label()
                    + (o.inputCodecs.contains(r.variant) ? " (files' codec)" : "")
                    + (r == o.recommendation.choice && o.recommendation.verdict == Recommendation.Verdict.SWITCH
                            ? " (recommended)"
                            : "");
            double width = label.length() * LABEL_CHAR_WIDTH + 4;
            double[] place = placeLabel(
                    centres.get(i), width, boxes, labels, leaders, frontLine, true, left, top, left + w, top + h);
            if (place == null) { // in a crowd of markers: a leader line may pass over other markers
                place = placeLabel(
                        centres.get(i), width, boxes, labels, leaders, frontLine, false, left, top, left + w, top + h);
            }
            if (place == null) {
                unlabelled++;
                continue;
            }
            String color = color(o, r.variant);
            labels.add(new double[] {place[0], place[1], place[2], place[3]});
            if (place.length > 4) {
                leaders.add(new double[] {place[4], place[5], place[6], place[7]});
                lines.append("<line class=\"leader\" x1=\"")
                        .append(f(place[4]))
                        .append("\" y1=\"")
                        .append(f(place[5]))
                        .append("\" x2=\"")
                        .append(f(place[6]))
                        .append("\" y2=\"")
                        .append(f(place[7]))
                        .append("\" stroke=\"")
                        .append(color)
                        .append("\" stroke-width=\"0.8\"/>\n");
            }
            boolean leftOfPoint = place[2] <= centres.get(i)[0];
            texts.append("<text class=\"label\" x=\"")
                    .append(f(leftOfPoint ? place[2] - 2 : place[0] + 2))
                    .append("\" y=\"")
                    .append(f(place[3] - LABEL_DESCENT))
                    .append("\" font-size=\"11\" fill=\"")
                    .append(color)
                    .append("\"")
                    .append(leftOfPoint ? " text-anchor=\"end\"" : "")
                    .append(r == o.recommendation.choice ? " font-weight=\"bold\"" : "")
                    .append(">")
                    .append(escape(label))
                    .append("</text>\n");
        }
        s.append(lines).append(markers).append(texts);
        // legend
        int ly = SCATTER_HEIGHT - 38;
        s.append("<g font-size=\"11\">");
        s.append("<circle cx=\"")
                .append(left + 12)
                .append("\" cy=\"")
                .append(ly)
                .append("\" r=\"6\" fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"2\"/><text x=\"")
                .append(left + 22)
                .append("\" y=\"")
                .append(ly + 4)
                .append("\">on the Pareto front (dashed): nothing is both smaller and faster to decompress</text>");
        if (o.results.stream().anyMatch(r -> r.variant.bare)) {
            s.append("<rect x=\"")
                    .append(left + 8)
                    .append("\" y=\"")
                    .append(ly + 14)
                    .append("\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#000000\"/><text x=\"")
                    .append(left + 22)
                    .append("\" y=\"")
                    .append(ly + 22)
                    .append("\">bare codec library, called directly</text>");
        }
        if (unlabelled > 0) { // under the plot, right: clear of the title, the axis and the legend's left column
            s.append("<text x=\"")
                    .append(left + w)
                    .append("\" y=\"")
                    .append(ly + 22)
                    .append("\" text-anchor=\"end\">")
                    .append(unlabelled)
                    .append(unlabelled == 1 ? " point" : " points")
                    .append(" without a label for lack of room (hover)</text>");
        }
        s.append("</g>\n");
        s.append("</g>\n");
        return s.toString();
    }

    /** Which labels are placed first: the recommendation, the files' codecs, the front, the library, bare rows. */
    private static int labelRank(BenchCommand.Outcome o, Bench.Result r, List<Bench.Result> front) {
        if (r == o.recommendation.choice) {
            return 0;
        }
        if (o.inputCodecs.contains(r.variant)) {
            return 1;
        }
        return front.contains(r) ? 2 : r.variant.bare ? 4 : 3;
    }

    /**
     * The free place for a label of this width nearest its point ({@code centre}: x, y, half the marker's extent),
     * inside the plot: left, top, right, bottom of the label's box, then, when the label is away from its point, the
     * leader line from the marker to the box (x1, y1, x2, y2); null when there is none. Free: the box covers no marker
     * (its own included), no label and no leader line placed before, and its leader line crosses no label, nor (when
     * {@code strict}) another marker. Places that cross the dashed Pareto front count as farther.
     */
    static double[] placeLabel(
            double[] centre,
            double width,
            List<double[]> markers,
            List<double[]> labels,
            List<double[]> leaders,
            List<double[]> frontLine,
            boolean strict,
            double plotLeft,
            double plotTop,
            double plotRight,
            double plotBottom) {
        double x = centre[0];
        double y = centre[1];
        double gap = centre[2] + 2;
        double height = LABEL_HEIGHT + 1;
        List<double[]> candidates = new ArrayList<>(); // left, top
        for (int k = -LABEL_TRIES; k <= LABEL_TRIES; k++) {
            double top = y - height / 2 + k * height / 2;
            for (int shift = 0; shift <= 3; shift++) {
                candidates.add(new double[] {x + gap + shift * 16, top}); // right of the point
                candidates.add(new double[] {x - gap - shift * 16 - width, top}); // left of it
            }
        }
        for (int k = 0; k < 6; k++) {
            for (double dx : new double[] {-width / 2, -gap - width * 0.75, gap - width * 0.25}) {
                candidates.add(new double[] {x + dx, y - gap - height - k * height}); // above the point
                candidates.add(new double[] {x + dx, y + gap + k * height}); // below it
            }
        }
        List<double[]> places = new ArrayList<>(); // left, top, right, bottom, cost
        for (double[] c : candidates) {
            double[] box = {c[0], c[1], c[0] + width, c[1] + height};
            double[] near = nearest(box, x, y);
            double cost = Math.hypot(near[0] - x, near[1] - y);
            for (double[] segment : frontLine) {
                if (crosses(segment, box)) {
                    cost += 40;
                    break;
                }
            }
            places.add(new double[] {box[0], box[1], box[2], box[3], cost});
        }
        places.sort(Comparator.comparingDouble(c -> c[4]));
        for (double[] c : places) {
            double[] box = {c[0], c[1], c[2], c[3]};
            if (box[0] < plotLeft + 2 || box[2] > plotRight - 2 || box[1] < plotTop + 1 || box[3] > plotBottom - 1) {
                continue;
            }
            if (anyIntersects(markers, box) || anyIntersects(labels, box)) {
                continue;
            }
            boolean free = true;
            for (double[] leader : leaders) {
                free &= !crosses(leader, box);
            }
            if (!free) {
                continue;
            }
            double[] near = nearest(box, x, y);
            double distance = Math.hypot(near[0] - x, near[1] - y);
            if (distance <= gap + 4) {
                return box;
            }
            // a leader line from the marker's edge to the label
            double[] leader = {
                x + (near[0] - x) / distance * (centre[2] + 1),
                y + (near[1] - y) / distance * (centre[2] + 1),
                near[0],
                near[1]
            };
            for (double[] m : markers) {
                if (strict && !(m[0] <= x && x <= m[2] && m[1] <= y && y <= m[3])) {
                    free &= !crosses(leader, m);
                }
            }
            for (double[] l : labels) {
                free &= !crosses(leader, l);
            }
            if (free) {
                return new double[] {box[0], box[1], box[2], box[3], leader[0], leader[1], leader[2], leader[3]};
            }
        }
        return null;
    }

    private static boolean anyIntersects(List<double[]> boxes, double[] box) {
        for (double[] b : boxes) {
            if (box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3]) {
                return true;
            }
        }
        return false;
    }

    /** The point of the box nearest (x, y). */
    private static double[] nearest(double[] box, double x, double y) {
        return new double[] {Math.max(box[0], Math.min(x, box[2])), Math.max(box[1], Math.min(y, box[3]))};
    }

    /** Whether the segment (x1, y1, x2, y2) passes through the box (left, top, right, bottom), sampled every pixel. */
    private static boolean crosses(double[] segment, double[] box) {
        double length = Math.hypot(segment[2] - segment[0], segment[3] - segment[1]);
        int steps = Math.max(1, (int) Math.ceil(length));
        for (int i = 0; i <= steps; i++) {
            double t = (double) i / steps;
            double sx = segment[0] + t * (segment[2] - segment[0]);
            double sy = segment[1] + t * (segment[3] - segment[1]);
            if (box[0] < sx && sx < box[2] && box[1] < sy && sy < box[3]) {
                return true;
            }
        }
        return false;
    }

    private static List<Bench.Result> libraryPlotted(List<Bench.Result> points) {
        List<Bench.Result> library = new ArrayList<>();
        for (Bench.Result r : points) {
            if (!r.variant.bare) {
                library.add(r);
            }
        }
        return library;
    }

    private static String tooltip(Bench.Result r, long total) {
        return r.variant.label() + ": ratio " + Text.ratio(r.ratio(total)) + ", compress "
                + Text.speed(r.totalCompress.median) + " MB/s, decompress "
                + Text.speed(r.totalDecompress.median) + " MB/s, "
                + Text.bytes(r.totalCompressed)
                + " bytes";
    }

    private static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** The columns shown as bars: the largest {@link #MAX_BAR_COLUMNS}, in file order. */
    static List<Integer> barColumns(BenchCommand.Outcome o) {
        List<Integer> columns = new ArrayList<>();
        for (int i = 0; i < o.bench.columns.size(); i++) {
            columns.add(i);
        }
        columns.sort(Comparator.comparingLong((Integer i) -> o.bench.columns.get(i).bytes)
                .reversed());
        List<Integer> shown = new ArrayList<>(columns.subList(0, Math.min(MAX_BAR_COLUMNS, columns.size())));
        shown.sort(Comparator.naturalOrder());
        return shown;
    }

    static int barsHeight(BenchCommand.Outcome o) {
        return 50 + barColumns(o).size() * (library(o).size() * 12 + 22);
    }

    /** Per column, one bar per codec and level (this library's results): the ratio. */
    static String bars(BenchCommand.Outcome o, int x0, int y0) {
        List<Bench.Result> results = library(o);
        List<Integer> columns = barColumns(o);
        int labelWidth = 190;
        int barMax = BARS_WIDTH - labelWidth - 80;
        StringBuilder s = new StringBuilder();
        s.append("<g transform=\"translate(").append(x0).append(',').append(y0).append(")\" class=\"bars\">\n");
        s.append("<rect x=\"0\" y=\"0\" width=\"")
                .append(BARS_WIDTH)
                .append("\" height=\"")
                .append(barsHeight(o))
                .append("\" fill=\"#ffffff\"/>\n");
        s.append("<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">Ratio per column, each on its own"
                        + " scale")
                .append(
                        columns.size() < o.bench.columns.size()
                                ? " (the " + columns.size() + " largest of " + o.bench.columns.size() + ")"
                                : "")
                .append("</text>\n");
        int y = 44;
        for (int c : columns) {
            Bench.ColumnPages column = o.bench.columns.get(c);
            s.append("<text class=\"column\" x=\"10\" y=\"")
                    .append(y + 10)
                    .append("\" font-size=\"12\" font-weight=\"bold\">")
                    .append(escape(column.path + " (" + Text.size(column.sizedBytes) + ")"))
                    .append("</text>\n");
            y += 16;
            // each column on its own scale: a column that compresses 58x does not squeeze the others to slivers
            double maxRatio = 1;
            for (Bench.Result r : results) {
                long size = r.compressedBytes[c];
                if (size > 0) {
                    maxRatio = Math.max(maxRatio, (double) column.sizedBytes / size);
                }
            }
            for (Bench.Result r : results) {
                long size = r.compressedBytes[c];
                double ratio = size == 0 ? 0 : (double) column.sizedBytes / size;
                double width = ratio / maxRatio * barMax;
                s.append("<text x=\"")
                        .append(labelWidth - 6)
                        .append("\" y=\"")
                        .append(y + 9)
                        .append("\" font-size=\"10\" text-anchor=\"end\">")
                        .append(escape(r.variant.label()))
                        .append("</text>");
                s.append("<rect class=\"bar\" x=\"")
                        .append(labelWidth)
                        .append("\" y=\"")
                        .append(y)
                        .append("\" width=\"")
                        .append(f(width))
                        .append("\" height=\"10\" fill=\"")
                        .append(color(o, r.variant))
                        .append("\"><title>")
                        .append(escape(column.path + ", " + r.variant.label() + ": ratio " + Text.ratio(ratio) + ", "
                                + Text.bytes(size) + " bytes, decompress "
                                + Text.speed(r.decompress[c].median) + " MB/s"))
                        .append("</title></rect>");
                s.append("<text x=\"")
                        .append(f(labelWidth + width + 4))
                        .append("\" y=\"")
                        .append(y + 9)
                        .append("\" font-size=\"10\">")
                        .append(Text.ratio(ratio))
                        .append("</text>\n");
                y += 12;
            }
            y += 6;
        }
        s.append("</g>\n");
        return s.toString();
    }

    static String summary(BenchCommand.Outcome o) {
        PageSample s = o.sample;
        List<String> names = new ArrayList<>();
        for (String file : o.files) {
            names.add(String.valueOf(Paths.get(file).getFileName()));
        }
        return String.join(", ", names) + ": " + Text.bytes(s.rows) + " rows, " + s.pages
                + (s.pages == 1 ? " page" : " pages") + " sampled, " + Text.size(o.bench.totalBytes)
                + " uncompressed timed, " + Text.size(o.bench.sizedBytes) + " sized; codecs: "
                + BenchCommand.inputCodecs(o);
    }

    static String run(BenchCommand.Outcome o) {
        return BenchCommand.timing(o);
    }

    /** One SVG image: a header (files, machine and JVM, rounds, recommendation), the scatter, then the bars. */
    static String svg(BenchCommand.Outcome o) {
        List<String[]> header = new ArrayList<>(); // class, text
        for (String line : wrap("parquet-codecs bench: " + summary(o), TITLE_CHARS)) {
            header.add(new String[] {"title", line});
        }
        for (String line : wrap("Machine: " + o.machine.line(), LINE_CHARS)) {
            header.add(new String[] {"machine", line});
        }
        header.add(new String[] {"run", run(o)});
        for (String line : wrap(o.recommendation.lines.get(0), LINE_CHARS)) {
            header.add(new String[] {"rec", line});
        }
        int headerHeight = 16 * header.size() + 16;
        int width = Math.max(SCATTER_WIDTH, BARS_WIDTH);
        int height = headerHeight + SCATTER_HEIGHT + 10 + barsHeight(o);
        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" font-family=\"sans-serif\">\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        int y = 20;
        for (String[] line : header) {
            s.append("<text class=\"")
                    .append(line[0])
                    .append("\" x=\"10\" y=\"")
                    .append(y)
                    .append("\" font-size=\"")
                    .append(line[0].equals("title") ? "13\" font-weight=\"bold" : "11")
                    .append("\">")
                    .append(escape(line[1]))
                    .append("</text>\n");
            y += 16;
        }
        s.append(scatter(o, 0, headerHeight));
        s.append(bars(o, 0, headerHeight + SCATTER_HEIGHT + 10));
        s.append("</svg>\n");
        return s.toString();
    }

    /** {@code text} in lines of at most about {@code width} characters, broken at spaces. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
                line.append("  ");
            }
            if (line.length() > 0 && !line.toString().equals("  ")) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** An HTML page (well-formed XML too) with the two charts as inline SVG and the tables. */
    static String html(BenchCommand.Outcome o) {
        StringBuilder s = new StringBuilder();
        s.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n");
        s.append("<meta charset=\"utf-8\"/>\n<title>parquet-codecs bench: ")
                .append(escape(String.join(", ", o.files)))
                .append("</title>\n");
        s.append("<style>body{font-family:sans-serif;margin:20px;max-width:1000px}"
                + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px}"
                + "td.n{text-align:right}tr.recommended{font-weight:bold}tr.base{background:#f4f4f4}"
                + "p.rec{font-size:15px}</style>\n</head>\n<body>\n");
        s.append("<h1>Which codec for these files?</h1>\n");
        s.append("<p>").append(escape(summary(o))).append(".</p>\n");
        s.append("<p class=\"machine\">Machine: ")
                .append(escape(o.machine.line()))
                .append(".<br/>");
        s.append(escape(run(o)))
                .append("; MB = 10<sup>6</sup> bytes of uncompressed pages. Generated by parquet-codecs ")
                .append(escape(Cli.version()))
                .append(".</p>\n");
        for (String line : o.recommendation.lines) {
            s.append("<p class=\"rec\">").append(escape(line.trim())).append("</p>\n");
        }
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(SCATTER_WIDTH)
                .append("\" height=\"")
                .append(SCATTER_HEIGHT)
                .append("\" font-family=\"sans-serif\">\n")
                .append(scatter(o, 0, 0))
                .append("</svg>\n");
        s.append("<h2>All columns</h2>\n").append(table(o, -1));
        s.append("<p class=\"rows\">Speeds: the median over the passes (a pass: the bytes of every chunk timed over"
                + " their time; all columns: all of them); IQR: the middle half of the passes. What each row does:"
                + "</p>\n<ul>\n");
        for (Variant.Kind kind : BenchCommand.kinds(o)) {
            s.append("<li><b>")
                    .append(escape(kind.name))
                    .append("</b>: ")
                    .append(escape(kind.does))
                    .append("</li>\n");
        }
        s.append("</ul>\n");
        List<String> versus = BenchCommand.libraryVersusBare(o);
        if (!versus.isEmpty()) {
            s.append("<p>Library speed / bare (new array) speed, median per pass (quartiles):</p>\n<pre>");
            for (String line : versus) {
                s.append(escape(line)).append('\n');
            }
            s.append("</pre>\n");
        }
        s.append("<h2>Per column</h2>\n");
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(BARS_WIDTH)
                .append("\" height=\"")
                .append(barsHeight(o))
                .append("\" font-family=\"sans-serif\">\n")
                .append(bars(o, 0, 0))
                .append("</svg>\n");
        for (int c = 0; c < o.bench.columns.size(); c++) {
            Bench.ColumnPages column = o.bench.columns.get(c);
            s.append("<h3>")
                    .append(escape(column.path))
                    .append(" (")
                    .append(escape(BenchCommand.columnBytes(column)))
                    .append(")</h3>\n")
                    .append(table(o, c));
        }
        if (!o.notes.isEmpty()) {
            s.append("<h2>Notes</h2>\n<ul>\n");
            for (String note : o.notes) {
                s.append("<li>").append(escape(note)).append("</li>\n");
            }
            s.append("</ul>\n");
        }
        s.append("</body>\n</html>\n");
        return s.toString();
    }

    private static String table(BenchCommand.Outcome o, int col) {
        long uncompressed = col < 0 ? o.bench.sampledBytes : o.bench.columns.get(col).sizedBytes;
        StringBuilder s = new StringBuilder("<table>\n<tr><th>codec</th><th>size (bytes)</th><th>ratio</th>"
                + "<th>compress MB/s</th><th>IQR</th><th>decompress MB/s</th><th>IQR</th><th>implementation</th>"
                + "</tr>\n");
        for (Bench.Result r : o.results) {
            long size = col < 0 ? r.totalCompressed : r.compressedBytes[col];
            Bench.Spread compress = col < 0 ? r.totalCompress : r.compress[col];
            Bench.Spread decompress = col < 0 ? r.totalDecompress : r.decompress[col];
            boolean input = o.inputCodecs.contains(r.variant);
            String cls = r == o.recommendation.choice ? "recommended" : input ? "base" : "";
            s.append("<tr")
                    .append(cls.isEmpty() ? "" : " class=\"" + cls + "\"")
                    .append("><td>");
            s.append(escape(r.variant.label()))
                    .append(input ? " (files' codec)" : "")
                    .append("</td><td class=\"n\">")
                    .append(Text.bytes(size))
                    .append("</td><td class=\"n\">")
                    .append(Text.ratio(size == 0 ? Double.NaN : (double) uncompressed / size))
                    .append("</td><td class=\"n\">")
                    .append(Text.speed(compress.median))
                    .append("</td><td class=\"n\">")
                    .append(BenchCommand.iqr(compress))
                    .append("</td><td class=\"n\">")
                    .append(Text.speed(decompress.median))
                    .append("</td><td class=\"n\">")
                    .append(BenchCommand.iqr(decompress))
                    .append("</td><td>")
                    .append(escape(r.implementation))
                    .append("</td></tr>\n");
        }
        return s.append("</table>\n").toString();
    }
}
