package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code bench --report}: the HTML and SVG reports parse as XML (so the HTML is well-formed and the SVG valid XML),
 * and what they draw is what the run measured: one point per codec and level, the Pareto front computed here from the
 * JSON output of the same run, one bar per column and codec, the machine and JVM.
 */
class ReportTest {
    static final String SVG = "http://www.w3.org/2000/svg";

    @TempDir
    static Path dir;

    @BeforeAll
    static void noHadoop() {
        CliRun.assertNoHadoop();
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(null);
        return builder.parse(file.toFile());
    }

    static List<Element> withClass(Document doc, String tag, String cls) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = doc.getElementsByTagNameNS(SVG, tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            if (Set.of(e.getAttribute("class").split(" ")).contains(cls)) {
                found.add(e);
            }
        }
        return found;
    }

    /** Labels of the library's results that no other library result beats on both ratio and decompression speed. */
    static Set<String> paretoFront(JsonNode json) {
        List<JsonNode> library = new ArrayList<>();
        for (JsonNode r : json.get("results")) {
            if (!r.get("bare").asBoolean() && !r.get("codec").asText().equals("UNCOMPRESSED")) {
                library.add(r);
            }
        }
        Set<String> front = new HashSet<>();
        for (JsonNode r : library) {
            boolean dominated = false;
            for (JsonNode o : library) {
                long size = o.get("compressed_bytes").asLong();
                double speed = o.get("decompress_mb_s").asDouble();
                if (o != r
                        && size <= r.get("compressed_bytes").asLong()
                        && speed >= r.get("decompress_mb_s").asDouble()
                        && (size < r.get("compressed_bytes").asLong()
                                || speed > r.get("decompress_mb_s").asDouble())) {
                    dominated = true;
                }
            }
            if (!dominated) {
                front.add(r.get("label").asText());
            }
        }
        return front;
    }

    static void checkCharts(Document doc, JsonNode json, int columns) {
        int library = 0;
        int bare = 0;
        int libraryWithUncompressed = 0;
        for (JsonNode r : json.get("results")) {
            boolean isBare = r.get("bare").asBoolean();
            if (!isBare) {
                libraryWithUncompressed++;
            }
            if (!r.get("codec").asText().equals("UNCOMPRESSED")) {
                if (isBare) {
                    bare++;
                } else {
                    library++;
                }
            }
        }
        assertTrue(bare > 0 && library > 3);
        assertEquals(library, withClass(doc, "circle", "point").size(), "one point per codec and level");
        assertEquals(bare, withClass(doc, "rect", "bare").size(), "one square per bare library");
        Set<String> drawnFront = new HashSet<>();
        for (Element e : withClass(doc, "circle", "pareto")) {
            String title = e.getElementsByTagNameNS(SVG, "title").item(0).getTextContent();
            drawnFront.add(title.substring(0, title.indexOf(':')));
        }
        assertEquals(paretoFront(json), drawnFront, "the Pareto front");
        assertEquals(
                paretoFront(json).size() > 1 ? 1 : 0,
                withClass(doc, "polyline", "pareto-front").size());
        assertEquals(
                columns * libraryWithUncompressed, withClass(doc, "rect", "bar").size(), "bars");
        assertEquals(columns, withClass(doc, "text", "column").size(), "one group of bars per column");
    }

    @Test
    void htmlReport() throws Exception {
        Path file = CliRun.testing("alltypes_plain.snappy.parquet");
        Path report = dir.resolve("report.html");
        CliRun run = CliRun.ok(
                "bench", file.toString(), "--time", "200ms", "--bare", "--json", "--report", report.toString());
        JsonNode json = run.json();
        Document doc = parse(report);
        assertEquals("html", doc.getDocumentElement().getLocalName());
        assertEquals(2, doc.getElementsByTagNameNS(SVG, "svg").getLength(), "two inline SVG charts");
        checkCharts(doc, json, 11);
        String text = doc.getDocumentElement().getTextContent();
        assertTrue(text.contains(Runtime.getRuntime().availableProcessors() + " cores"), "cores");
        assertTrue(text.contains(System.getProperty("os.arch")), "architecture");
        assertTrue(text.contains(System.getProperty("os.name")), "OS");
        assertTrue(text.contains(System.getProperty("java.vm.name")), "JVM");
        assertTrue(text.contains(json.get("recommendation").get(0).asText()), "the recommendation");
        String html = Files.readString(report);
        assertTrue(!html.contains("<script") && !html.contains("src=") && !html.contains("href="), "self-contained");
        // every codec's row in the totals table and in each of the 11 column tables
        assertEquals(
                12 * (json.get("results").size() + 1),
                doc.getElementsByTagName("tr").getLength());
    }

    @Test
    void svgReport() throws Exception {
        Path file = CliRun.testing("datapage_v1-snappy-compressed-checksum.parquet");
        Path report = dir.resolve("report.svg");
        JsonNode json = CliRun.ok(
                        "bench", file.toString(), "--time", "200ms", "--bare", "--json", "--report", report.toString())
                .json();
        Document doc = parse(report);
        assertEquals("svg", doc.getDocumentElement().getLocalName());
        assertEquals(SVG, doc.getDocumentElement().getNamespaceURI());
        checkCharts(doc, json, 2);
        StringBuilder machine = new StringBuilder();
        withClass(doc, "text", "machine")
                .forEach(e -> machine.append(e.getTextContent()).append(' '));
        assertTrue(machine.toString().contains(System.getProperty("java.vm.name")), machine.toString());
        assertTrue(
                machine.toString().contains(Runtime.getRuntime().availableProcessors() + " cores"), machine.toString());
        assertTrue(machine.toString().contains(System.getProperty("os.arch")), machine.toString());
        // the header fits the image: at most 8 px a character in bold 13 px, 6.3 px in 11 px (wider fonts clipped the
        // title of the README's report before the header was wrapped at these widths)
        double width = Double.parseDouble(doc.getDocumentElement().getAttribute("width"));
        for (String cls : List.of("title", "machine", "rec")) {
            for (Element line : withClass(doc, "text", cls)) {
                double perChar = cls.equals("title") ? 8.0 : 6.3;
                String text = line.getTextContent();
                assertTrue(10 + perChar * text.length() <= width, cls + " line too wide for " + width + " px: " + text);
            }
        }
        assertTrue(withClass(doc, "text", "title").size() >= 2, "this file's title is long enough to wrap");
    }

    @Test
    void reportNameMustSayItsFormat() {
        ErrorsTest.fails(
                2,
                List.of("bench", CliRun.testing("alltypes_plain.snappy.parquet").toString(), "--report", "out.pdf"),
                "--report takes a file name ending in .html or .svg");
    }
}
