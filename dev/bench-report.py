#!/usr/bin/env python3
"""Renders BENCHMARKS.md and its SVG charts from the JMH JSON that dev/bench stores.

usage: dev/bench-report.py DIR REPORT.md

DIR holds SUITE.json (JMH results) and SUITE-meta.json (written by BenchMain) for the suites codec, concurrency,
smallfiles and jdk25; any subset may be present. Charts are written into DIR. Standard library only. When DIR has a
wholefile/ folder (dev/wholefile's runs), the report includes its section from dev/wholefile-report.py. The
hand-written analysis, DIR/ANALYSIS.md, and the whole-file findings, DIR/wholefile/FINDINGS.md, are linked, not
copied: each fact is in one file.

Every fact about the run comes from those files: scores and the JMH and JVM versions from SUITE.json, the machine
(cores, CPU, memory), settings, load and the parquet-java and Hadoop versions from SUITE-meta.json. Meta files
written before BenchMain recorded the library versions lack them; the report then says they were not recorded.
"""
import collections
import importlib.util
import json
import math
import os
import sys

SUITES = ["codec", "concurrency", "smallfiles", "jdk25"]
CODECS = ["SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "LZ4", "LZO", "BROTLI"]
OPS = ["compress", "decompress"]
IMPLS = ["BARE_HEAP", "LIB_HEAP", "STOCK_HEAP", "BARE_DIRECT", "LIB_DIRECT", "STOCK_DIRECT"]
IMPL_LABEL = {
    "BARE_HEAP": "bare heap",
    "LIB_HEAP": "lib heap",
    "STOCK_HEAP": "stock heap",
    "BARE_DIRECT": "bare direct",
    "LIB_DIRECT": "lib direct",
    "STOCK_DIRECT": "stock direct",
}
# this library against the bare library: targets
BARE_TARGET = {"compress": 0.97, "decompress": 0.95}
# apache/parquet-java PR #3570 (unreleased): geomean speedups of its Hadoop bypass over the Hadoop path
UPSTREAM = {
    ("SNAPPY", "compress"): 1.38,
    ("SNAPPY", "decompress"): 1.25,
    ("ZSTD", "decompress"): 1.18,
    ("GZIP", "compress"): 1.15,
    ("GZIP", "decompress"): 1.15,
    ("LZ4_RAW", "compress"): 1.06,
    ("LZ4_RAW", "decompress"): 1.06,
}
ALLOC_TARGET = 64
# the load average above which a suite's run counts as noisy (the benchmark threads themselves add about 1 each)
NOISY_LOAD = {"concurrency": 4.0}
NOISY_LOAD_DEFAULT = 1.5

Suite = collections.namedtuple("Suite", "name results meta")


# ------------------------------------------------------------------------------------------------- input files


def load(directory, suite):
    """The suite's JMH results and meta file, or None when either is missing."""
    path = os.path.join(directory, suite + ".json")
    meta_path = os.path.join(directory, suite + "-meta.json")
    if not os.path.exists(path) or not os.path.exists(meta_path):
        return None
    with open(path) as f:
        results = json.load(f)
    with open(meta_path) as f:
        meta = json.load(f)
    return Suite(suite, results, meta)


def load_all(directory):
    """The suites present in DIR, in report order."""
    suites = [load(directory, name) for name in SUITES]
    return collections.OrderedDict((s.name, s) for s in suites if s is not None)


# --------------------------------------------------------------------------------- facts about the run, recorded


def machine(suite):
    return suite.meta.get("machine", {})


def cores(suite):
    """Processors available to the JVM, as BenchMain recorded them."""
    return machine(suite).get("availableProcessors")


def runtime(suite):
    """JMH and JVM versions: from the meta file (BenchMain reads them from the JSON), else from the JSON itself."""
    recorded = suite.meta.get("runtime")
    if recorded:
        return recorded
    first = suite.results[0] if suite.results else {}
    return {k: first.get(k) for k in ["jmhVersion", "jvm", "jdkVersion", "vmName", "vmVersion"] if k in first}


def jvm_label(suite):
    rt = runtime(suite)
    return "%s %s" % (rt.get("vmName"), rt.get("vmVersion"))


def library_version(suites, name):
    """A library version recorded in the meta files (one value, or several joined), or None when not recorded."""
    seen = []
    for suite in suites:
        version = suite.meta.get("libraries", {}).get(name)
        if version and version not in seen:
            seen.append(version)
    return "/".join(seen) if seen else None


def named_version(suites, name, label):
    version = library_version(suites, name)
    return "%s %s" % (label, version) if version else "%s (version not recorded)" % label


def parquet_java(suites):
    return named_version(suites, "parquet-java", "parquet-java")


def hadoop(suites):
    return named_version(suites, "hadoop", "Hadoop")


def settings_of(suite):
    return suite.meta.get("settings", {})


def single_param(settings, name):
    """A parameter with one value: from the recorded JMH parameters, or the older top-level key."""
    values = settings.get("params", {}).get(name)
    if values:
        return values[0] if len(values) == 1 else None
    return settings.get(name)


# ---------------------------------------------------------------------------------------------------- formatting


def size_label(page_size):
    page_size = int(page_size)
    return "1 MiB" if page_size == 1048576 else "%d KiB" % (page_size // 1024)


def fmt(x, digits=2):
    return "n/a" if x is None else ("%.*f" % (digits, x))


def geomean(values):
    values = [v for v in values if v]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def missed(value, target, strictly=False):
    return value is not None and (value <= target if strictly else value < target)


def mark(value, target, strictly=False):
    """A ratio with a cross when it misses its target."""
    if value is None:
        return "n/a"
    return ("**%.2f** ✗" % value) if missed(value, target, strictly) else "%.2f" % value


def iteration_spread(primary):
    """The number of measurement iterations and their standard deviation in % of the score (None below 2)."""
    raw = [x for fork in primary.get("rawData", []) for x in fork]
    score = primary["score"]
    if len(raw) < 2 or not score:
        return len(raw), None
    mean = sum(raw) / len(raw)
    return len(raw), math.sqrt(sum((x - mean) ** 2 for x in raw) / (len(raw) - 1)) / score * 100


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------------------------------------------- codec suite


class CodecRun:
    """The codec suite's cells, keyed by (codec, page size, operation, implementation)."""

    def __init__(self, results):
        self.cells = {}
        for r in results:
            op = r["benchmark"].rsplit(".", 1)[1]
            p = r["params"]
            page_size = int(p["pageSize"])
            n, error = iteration_spread(r["primaryMetric"])
            alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
            self.cells[(p["codec"], page_size, op, p["impl"])] = {
                "mbps": r["primaryMetric"]["score"] * page_size / 1e6,
                "n": n,
                "err": error,
                "alloc": alloc,
            }
        self.sizes = sorted({k[1] for k in self.cells})
        self.codecs = [c for c in CODECS if any(k[0] == c for k in self.cells)]

    def cell(self, codec, size, op, impl):
        return self.cells.get((codec, size, op, impl))

    def mbps(self, codec, size, op, impl):
        cell = self.cell(codec, size, op, impl)
        return cell["mbps"] if cell else None

    def ratio(self, codec, size, op, a, b):
        return ratio(self.mbps(codec, size, op, a), self.mbps(codec, size, op, b))

    def spread(self, codec, size, op, a, b):
        """Standard error of the ratio a / b, in % (from the iterations' spread of both), or None."""
        ca, cb = self.cell(codec, size, op, a), self.cell(codec, size, op, b)
        if not ca or not cb or ca["err"] is None or cb["err"] is None:
            return None
        return math.sqrt(ca["err"] ** 2 + cb["err"] ** 2) / math.sqrt(max(1, ca.get("n", 3)))

    def ratios(self, codec, size, op):
        """lib ÷ bare heap, lib ÷ bare direct, lib ÷ stock heap, lib ÷ stock direct."""
        return tuple(self.ratio(codec, size, op, a, b) for _, a, b, _ in self.comparisons(op))

    @staticmethod
    def comparisons(op):
        """(name, lib impl, other impl, (target, strictly)) for each ratio column, in table order."""
        bare = (BARE_TARGET[op], False)
        stock = (1.0, True)
        return [
            ("÷ bare heap", "LIB_HEAP", "BARE_HEAP", bare),
            ("÷ bare direct", "LIB_DIRECT", "BARE_DIRECT", bare),
            ("÷ stock heap", "LIB_HEAP", "STOCK_HEAP", stock),
            ("÷ stock direct", "LIB_DIRECT", "STOCK_DIRECT", stock),
        ]

    def stock_geomean(self, codec, op, memory):
        lib, stock = "LIB_" + memory, "STOCK_" + memory
        return geomean([self.ratio(codec, s, op, lib, stock) for s in self.sizes])


def codec_misses(run):
    """Every ratio and allocation target this run misses, in the order of the tables."""
    misses = []
    for codec in run.codecs:
        for size in run.sizes:
            for op in OPS:
                for name, a, b, (target, strict) in run.comparisons(op):
                    value = run.ratio(codec, size, op, a, b)
                    if not missed(value, target, strict):
                        continue
                    se = run.spread(codec, size, op, a, b)
                    noise = ""
                    if se is not None:
                        within = value * (1 + 2 * se / 100) >= target
                        noise = "; ±%.0f%% standard error%s" % (
                            se, ", within 2 standard errors of the target" if within else "")
                    misses.append("%s %s %s, lib %s: %.2f (target %s%.2f%s)"
                                  % (codec, size_label(size), op, name, value, ">" if strict else "≥", target, noise))
    for codec in run.codecs:
        for op in OPS:
            heap = run.stock_geomean(codec, op, "HEAP")
            upstream = UPSTREAM.get((codec, op))
            if heap is not None and upstream is not None and heap <= upstream:
                misses.append("%s %s: %.2fx over stock, behind PR #3570's %.2fx" % (codec, op, heap, upstream))
    for codec in run.codecs:
        for size in run.sizes:
            for impl in IMPLS:
                cell = run.cell(codec, size, "decompress", impl)
                alloc = cell["alloc"] if cell else None
                if alloc_missed(impl, "decompress", alloc):
                    misses.append("%s %s decompress %s allocates %.0f B per page (target ≤ %d)"
                                  % (codec, size_label(size), impl, alloc, ALLOC_TARGET))
    return misses


def alloc_missed(impl, op, alloc):
    return alloc is not None and impl.startswith("LIB") and op == "decompress" and alloc > ALLOC_TARGET


def codec_intro(stock):
    return [
        "## Codec benchmark: one page at a time\n",
        "Each operation compresses or decompresses one page of exactly the page size, taken from real Parquet page "
        "payloads (see *Pages* below). Throughput is uncompressed MB/s (10^6 bytes per second). **lib** is "
        "`HadoopFreeCodecFactory` through parquet-java's `CompressionCodecFactory` interface "
        "(`compress(BytesInput)`, `decompress(ByteBuffer, int, ByteBuffer, int)`); **bare** is the codec library "
        "called directly on the same buffers; **stock** is the `CodecFactory` (heap) and `DirectCodecFactory` "
        "(direct) of %s with %s. Heap rows use heap buffers, direct rows direct buffers.\n"
        % (stock["parquet-java"], stock["hadoop"]),
    ]


def codec_ratio_table(run):
    lines = ["### Ratios (higher is better for this library)\n"]
    lines.append(
        "lib ÷ bare: target ≥ %.2f compress, ≥ %.2f decompress. lib ÷ stock: target > 1. "
        "A **bold** ratio with ✗ misses its target.\n" % (BARE_TARGET["compress"], BARE_TARGET["decompress"])
    )
    header = "| codec | page | " + " | ".join(
        "%s ÷ %s" % (op[:-2] if op == "compress" else "decomp", what)
        for op in OPS
        for what in ["bare heap", "bare direct", "stock heap", "stock direct"]
    )
    lines.append(header + " |")
    lines.append("|---|---|" + "---:|" * 8)
    for codec in run.codecs:
        for size in run.sizes:
            row = [codec, size_label(size)]
            for op in OPS:
                for (_, _, _, (target, strict)), value in zip(run.comparisons(op), run.ratios(codec, size, op)):
                    row.append(mark(value, target, strict))
            lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append("n/a: not run, because stock parquet-java cannot do it here (see *Not run* below).\n")
    return lines


def codec_charts(run, directory, report_dir, stock):
    chart = []
    for codec in run.codecs:
        for size in run.sizes:
            entry = {"label": "%s %s" % (codec, size_label(size))}
            for op in OPS:
                entry[op] = run.ratios(codec, size, op)
            chart.append(entry)
    vs_bare_svg = os.path.join(directory, "codec-vs-bare.svg")
    vs_stock_svg = os.path.join(directory, "codec-vs-stock.svg")
    write_chart(vs_bare_svg, chart, [0, 1], ["lib ÷ bare, heap", "lib ÷ bare, direct"],
                "This library ÷ the bare codec library (1.0 = no overhead)", targets=True)
    write_chart(vs_stock_svg, chart, [2, 3], ["lib ÷ stock CodecFactory (heap)", "lib ÷ stock DirectCodecFactory"],
                "This library ÷ stock %s (log scale; above 1.0 = faster)" % stock["parquet-java"], log=True)
    return [
        "![lib vs bare](%s)\n" % os.path.relpath(vs_bare_svg, report_dir),
        "![lib vs stock](%s)\n" % os.path.relpath(vs_stock_svg, report_dir),
    ]


def upstream_table(run):
    lines = ["### Against stock parquet-java and its Hadoop-bypass proposal\n"]
    lines.append(
        "Geometric mean over both page sizes of lib heap ÷ stock `CodecFactory` (the Hadoop path), beside the "
        "speedups that apache/parquet-java PR #3570 (unreleased) reports for its own bypass of the Hadoop path "
        "(1 MB pages, JMH 1.37, JDK 17; measured on another machine, so only the ratios compare).\n"
    )
    lines.append("| codec | operation | this library ÷ stock (heap) | this library ÷ stock (direct) | PR #3570 | ahead? |")
    lines.append("|---|---|---:|---:|---:|---|")
    for codec in run.codecs:
        for op in OPS:
            heap = run.stock_geomean(codec, op, "HEAP")
            direct = run.stock_geomean(codec, op, "DIRECT")
            upstream = UPSTREAM.get((codec, op))
            if heap is None:
                verdict = "stock cannot"
            elif upstream is None:
                verdict = "yes (> 1)" if heap > 1 else "**no** ✗"
            else:
                verdict = "yes" if heap > upstream else "**no** ✗"
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                codec, op, fmt(heap), fmt(direct), fmt(upstream) if upstream else "—", verdict))
    lines.append("")
    return lines


def per_impl_table(run, title, text, cell_text):
    """A table with a row per codec, page size and operation and a column per implementation."""
    lines = [title, text] if text else [title]
    lines.append("| codec | page | operation | " + " | ".join(IMPL_LABEL[i] for i in IMPLS) + " |")
    lines.append("|---|---|---|" + "---:|" * len(IMPLS))
    for codec in run.codecs:
        for size in run.sizes:
            for op in OPS:
                cells = [cell_text(run.cell(codec, size, op, impl), impl, op) for impl in IMPLS]
                lines.append("| %s | %s | %s | %s |" % (codec, size_label(size), op, " | ".join(cells)))
    lines.append("")
    return lines


def throughput_table(run):
    def text(cell, impl, op):
        if cell is None:
            return "n/a"
        if cell["err"] is None:
            return "%.0f" % cell["mbps"]
        return "%.0f ±%.0f%%" % (cell["mbps"], cell["err"])

    return per_impl_table(run, "### Throughput, MB/s of uncompressed data (± standard deviation between iterations)\n",
                          None, text)


def allocation_table(run):
    def text(cell, impl, op):
        alloc = cell["alloc"] if cell else None
        if alloc is None:
            return "n/a"
        return ("**%.0f** ✗" if alloc_missed(impl, op, alloc) else "%.0f") % alloc

    return per_impl_table(
        run, "### Allocation, bytes per page (`-prof gc`, `gc.alloc.rate.norm`)\n",
        "Target for this library's ByteBuffer path (decompress(ByteBuffer, int, ByteBuffer, int), heap and direct): "
        "≤ %d B per page after warm-up. `compress(BytesInput)` must return a BytesInput, so it allocates at least "
        "that object.\n" % ALLOC_TARGET, text)


def pages_section(run, meta, stock):
    facts = meta.get("pageSets", {})
    if not facts:
        return []
    lines = ["### Pages\n"]
    lines.append(
        "A page set is one page per column shape below. The pages are the data-page payloads (levels and "
        "values) of a file that %s writes UNCOMPRESSED with V1 pages from the benchmark "
        "dataset (an order log; `BenchData`), with the page size set to the benchmark's page size; each "
        "column's payloads are concatenated and cut to exactly the page size (`PageSet`).\n" % stock["parquet-java"]
    )
    for i, shape in enumerate(facts.get("shapes", [])):
        lines.append("%d. %s" % (i + 1, shape))
    lines.append("")
    ratios = facts.get("compressedOverUncompressed", {})
    if ratios:
        lines.append("Compressed size ÷ uncompressed size of the page sets (this library, default levels):\n")
        lines.append("| page | " + " | ".join(run.codecs) + " |")
        lines.append("|---|" + "---:|" * len(run.codecs))
        for size, per in ratios.items():
            lines.append("| %s | %s |" % (size_label(size), " | ".join(fmt(per.get(c), 3) for c in run.codecs)))
        lines.append("")
    return lines


def implementations_table(run, meta):
    impls = meta.get("implementations", {})
    if not impls:
        return []
    lines = ["### What each codec calls\n", "| codec | this library | bare |", "|---|---|---|"]
    for codec in run.codecs:
        lines.append("| %s | %s | %s |" % (codec, impls[codec]["library"], impls[codec]["bare"]))
    lines.append("")
    return lines


def not_run_section(meta):
    not_run = meta.get("notRun", [])
    lines = ["### Not run\n"]
    if not not_run:
        lines.append("Nothing: every implementation ran every codec.\n")
        return lines
    lines.append("Stock parquet-java cannot do these here; its own error is quoted.\n")
    lines.append("| codec | implementation | operation | why |")
    lines.append("|---|---|---|---|")
    for gap in not_run:
        lines.append("| %s | %s | %s | %s |" % (gap["codec"], IMPL_LABEL.get(gap["impl"], gap["impl"]),
                                              gap["operation"], gap["reason"].replace("|", "\\|")))
    lines.append("")
    return lines


def codec_section(suite, directory, report_dir):
    """The codec suite's part of the report, and the targets it misses."""
    run = CodecRun(suite.results)
    stock = {"parquet-java": parquet_java([suite]), "hadoop": hadoop([suite])}
    lines = codec_intro(stock)
    lines += codec_ratio_table(run)
    lines += codec_charts(run, directory, report_dir, stock)
    lines += upstream_table(run)
    lines += throughput_table(run)
    lines += allocation_table(run)
    lines += pages_section(run, suite.meta, stock)
    lines += implementations_table(run, suite.meta)
    lines += not_run_section(suite.meta)
    return lines, codec_misses(run)


def write_chart(path, chart, series_index, series_names, title, targets=False, log=False):
    """Grouped bars: one group per codec and page size, one bar per series, a panel per operation."""
    colors = ["#4878a8", "#e1812c"]
    group_w = 44
    bar_w = 16
    left = 60
    panel_h = 220
    top = 50
    width = left + group_w * len(chart) + 30
    height = top + 2 * (panel_h + 70) + 10
    values = [e[op][i] for e in chart for op in OPS for i in series_index if e.get(op) and e[op][i]]
    if log:
        lo = min([0.5] + values)
        hi = max([2.0] + values)
        lo_l, hi_l = math.log10(lo) - 0.05, math.log10(hi) + 0.05

        def y_of(v, base):
            return base + panel_h - (math.log10(v) - lo_l) / (hi_l - lo_l) * panel_h

        ticks = [t for t in [0.25, 0.5, 1, 2, 3, 5, 10, 20, 50] if lo_l <= math.log10(t) <= hi_l]
    else:
        lo = min([0.8] + values)
        hi = max([1.1] + values)
        lo, hi = math.floor(lo * 20) / 20 - 0.05, math.ceil(hi * 20) / 20 + 0.05

        def y_of(v, base):
            return base + panel_h - (v - lo) / (hi - lo) * panel_h

        step = 0.05 if hi - lo <= 0.6 else 0.1
        ticks = []
        t = math.ceil(lo / step) * step
        while t <= hi + 1e-9:
            ticks.append(round(t, 2))
            t += step
    out = []
    out.append('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
               'font-size="11">' % (width, height))
    out.append('<rect width="100%" height="100%" fill="white"/>')
    out.append('<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>' % (left, esc(title)))
    for k, name in enumerate(series_names):
        x = left + k * 260
        out.append('<rect x="%d" y="30" width="12" height="12" fill="%s"/>' % (x, colors[k]))
        out.append('<text x="%d" y="40">%s</text>' % (x + 16, esc(name)))
    for p, op in enumerate(OPS):
        base = top + p * (panel_h + 70) + 10
        out.append('<text x="%d" y="%d" font-weight="bold">%s</text>' % (left, base - 2, op))
        for t in ticks:
            y = y_of(t, base)
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (left, width - 20, y, y))
            out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (left - 4, y + 4, ("%g" % t)))
        y1 = y_of(1.0, base)
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#333" stroke-width="1.2"/>'
                   % (left, width - 20, y1, y1))
        if targets:
            yt = y_of(BARE_TARGET[op], base)
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#c33" stroke-dasharray="4,3"/>'
                       % (left, width - 20, yt, yt))
            out.append('<text x="%d" y="%.1f" fill="#c33">target %.2f</text>' % (width - 90, yt - 3, BARE_TARGET[op]))
        floor = base + panel_h
        for g, entry in enumerate(chart):
            gx = left + g * group_w + 6
            for k, i in enumerate(series_index):
                v = entry.get(op, (None,) * 4)[i] if entry.get(op) else None
                x = gx + k * bar_w
                if v is None:
                    out.append('<text x="%d" y="%.1f" font-size="9" fill="#999">n/a</text>' % (x, floor - 3))
                    continue
                y = y_of(v, base)
                ref = y_of(1.0, base) if log else floor
                top_y, h = (y, ref - y) if y < ref else (ref, y - ref)
                out.append('<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s %s: %.3f</title>'
                           '</rect>' % (x, top_y, bar_w - 2, max(h, 0.5), colors[k], esc(entry["label"]), op, v))
            if targets is False and log:
                up = UPSTREAM.get((entry["label"].split()[0], op))
                if up:
                    yu = y_of(up, base)
                    out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#2a2" stroke-width="2">'
                               '<title>PR #3570: %.2f</title></line>' % (gx - 2, gx + 2 * bar_w, yu, yu, up))
            out.append('<text transform="translate(%d,%d) rotate(-40)" text-anchor="end" font-size="10">%s</text>'
                       % (gx + bar_w, floor + 14, esc(entry["label"])))
    if log:
        out.append('<text x="%d" y="%d" fill="#2a2">green tick: PR #3570\'s reported speedup over the Hadoop path'
                   '</text>' % (left, height - 6))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# ---------------------------------------------------------------------------------------------- concurrency suite


def concurrency_index(results):
    """(codec, impl, threads) -> uncompressed MB/s round-tripped, all threads together."""
    idx = {}
    for r in results:
        p = r["params"]
        idx[(p["codec"], p["impl"], r["threads"])] = r["primaryMetric"]["score"] * int(p["pageSize"]) / 1e6
    return idx


def core_limit_sentence(n_cores, threads):
    if n_cores is None:
        return "This machine's core count was not recorded."
    beyond = [t for t in threads if t > n_cores]
    text = "This machine has %s cores" % n_cores
    if beyond:
        text += ", so %s threads can at best match %s" % (" or ".join(str(t) for t in beyond), n_cores)
    return text + "."


def concurrency_section(suite):
    idx = concurrency_index(suite.results)
    threads = sorted({k[2] for k in idx})
    lines = ["## Concurrency: threads sharing one factory\n"]
    lines.append(
        "Each thread round-trips its own 64 KiB pages (compress, then decompress what it compressed) through one "
        "shared `HadoopFreeCodecFactory`; per chunk of 8 pages it asks the factory for its compressor and "
        "decompressor, as parquet-java does per column chunk. "
        "**bare** does the same work with a bare codec per thread and no factory: how far the machine itself "
        "scales. MB/s is uncompressed page bytes round-tripped per second, all threads together. %s\n"
        % core_limit_sentence(cores(suite), threads)
    )
    lines.append("| codec | implementation | " + " | ".join("%d thread%s MB/s" % (t, "" if t == 1 else "s")
                                                          for t in threads)
                 + " | " + " | ".join("×%d vs 1" % t for t in threads if t > 1) + " |")
    lines.append("|---|---|" + "---:|" * (2 * len(threads) - 1))
    for codec in CODECS:
        for impl in ["LIB_SHARED", "BARE_PER_THREAD"]:
            vals = [idx.get((codec, impl, t)) for t in threads]
            if not any(vals):
                continue
            base = vals[0]
            scale = [fmt(ratio(v, base)) for v in vals[1:]]
            lines.append("| %s | %s | %s | %s |" % (codec, "lib, shared factory" if impl == "LIB_SHARED"
                                                    else "bare, one per thread",
                                                    " | ".join("%.0f" % v if v else "n/a" for v in vals),
                                                    " | ".join(scale)))
    lines.append("")
    return lines


# ----------------------------------------------------------------------------------------------- smallfiles suite

SMALL_FILE_MODES = ["PER_FILE_FACTORY", "SHARED_FACTORY", "STOCK"]
SMALL_FILE_MODE_LABEL = {
    "PER_FILE_FACTORY": "factory per file",
    "SHARED_FACTORY": "one shared factory",
    "STOCK": "stock CodecFactory",
}
TIME_UNIT_SECONDS = {"s/op": 1.0, "ms/op": 1e-3, "us/op": 1e-6, "ns/op": 1e-9}


def files_per_second(result):
    """(files/s, standard deviation between iterations in %) of a pass over all files, from its time per pass."""
    primary = result["primaryMetric"]
    seconds = primary["score"] * TIME_UNIT_SECONDS[primary["scoreUnit"]]
    _, error = iteration_spread(primary)
    return int(result["params"]["files"]) / seconds, error


def small_files_index(results):
    """(codec, mode) -> (files/s, spread in %)."""
    return {(r["params"]["codec"], r["params"]["mode"]): files_per_second(r) for r in results}


def small_files_section(suite):
    facts = suite.meta.get("smallFiles", {})
    idx = small_files_index(suite.results)
    files = sorted({int(r["params"]["files"]) for r in suite.results})
    lines = ["## Many small files\n"]
    lines.append(
        "One operation opens %s Parquet files of %s rows and %s columns each (an int64 id, an int32, a double, a "
        "low-cardinality string, a high-cardinality string, a boolean; one row group, parquet-java's default "
        "dictionary encoding), one `ParquetFileReader` per file, and reads every value with column readers "
        "(`SmallFilesBenchmark`). The reading code is the same for all three; only the reader's codec factory "
        "differs: **factory per file** builds `HadoopFreeParquet.readOptions(conf)` per file, which creates a new "
        "`HadoopFreeCodecFactory`; **one shared factory** passes one `HadoopFreeCodecFactory` to every file's "
        "options; **stock CodecFactory** builds `ParquetReadOptions.builder(conf)` per file, whose default is %s's Hadoop "
        "`CodecFactory` (decompressors from Hadoop's `CodecPool`). Every `ParquetFileReader` releases its options' "
        "factory when it closes, the shared one too.\n"
        % ("/".join("{:,}".format(f) for f in files) or "?", "{:,}".format(facts["rowsPerFile"])
           if facts.get("rowsPerFile") else "?", facts.get("columns", "?"), parquet_java([suite])))
    lines.append(
        "Scores are files read per second (higher is better; ± the standard deviation between iterations). "
        "The ratios divide the per-file factory's score by the other's: above 1, a factory per file reads faster; "
        "below 1, slower.\n")
    lines.append("| codec | " + " | ".join("%s files/s" % SMALL_FILE_MODE_LABEL[m] for m in SMALL_FILE_MODES)
                 + " | per file ÷ shared | per file ÷ stock |")
    lines.append("|---|" + "---:|" * (len(SMALL_FILE_MODES) + 2))
    for codec in sorted({k[0] for k in idx}, key=lambda c: CODECS.index(c) if c in CODECS else len(CODECS)):
        cells = []
        for mode in SMALL_FILE_MODES:
            cell = idx.get((codec, mode))
            if cell is None:
                cells.append("n/a")
            elif cell[1] is None:
                cells.append("{:,.0f}".format(cell[0]))
            else:
                cells.append("{:,.0f} ±{:.0f}%".format(cell[0], cell[1]))

        def score(mode):
            cell = idx.get((codec, mode))
            return cell[0] if cell else None

        per_file = score("PER_FILE_FACTORY")
        lines.append("| %s | %s | %s | %s |" % (codec, " | ".join(cells), fmt(ratio(per_file, score("SHARED_FACTORY"))),
                                               fmt(ratio(per_file, score("STOCK")))))
    lines.append("")
    return lines


# ------------------------------------------------------------------------------------------- header and settings


def header_lines(suites, directory, report_dir):
    modes = sorted({s.meta.get("mode") for s in suites.values()})
    data_dir = os.path.relpath(os.path.abspath(directory), report_dir)
    lines = ["# Benchmarks\n"]
    lines.append("<!-- generated by dev/bench-report.py from %s; do not edit by hand -->\n" % data_dir)
    if "quick" in modes:
        lines.append("> **Quick mode**: unforked JVM and tiny iterations, a check that every benchmark runs. "
                     "These numbers are indicative only; the published numbers come from `dev/bench full`.\n")
    lines.append(
        "parquet-codecs' `HadoopFreeCodecFactory` beside the bare codec libraries (the ceiling: what a caller of "
        "the library itself gets) and stock %s with Hadoop (the floor). Produced by "
        "`dev/bench %s`; the JMH JSON is in `%s/`. Every ratio compares implementations that ran side by side "
        "in one invocation.\n" % (parquet_java(suites.values()), "/".join(modes), data_dir))
    return lines


def machine_lines(suites):
    first = next(iter(suites.values()))
    m = machine(first)
    jvms = []
    for suite in suites.values():
        if jvm_label(suite) not in jvms:
            jvms.append(jvm_label(suite))
    return [
        "## Machine and settings\n",
        "- CPU: %s, %s cores available to the JVM; memory %s" % (m.get("cpuModel"), cores(first), m.get("memTotal")),
        "- %s; %s" % (m.get("os"), "; ".join(jvms)),
    ]


def settings_lines(suite):
    s = settings_of(suite)
    load = suite.meta.get("load", {})
    sizes = ""
    for name in ["rows", "files"]:
        value = single_param(s, name)
        if value:
            sizes += "; %s %s" % (name, "{:,}".format(int(value)))
    out = ["- mode: **%s**; %s; forks %s; warm-up %s x %s; measurement %s x %s%s%s" % (
        suite.meta.get("mode"), s.get("benchmarkMode"), s.get("forks"), s.get("warmupIterations"),
        s.get("warmupTime"), s.get("measurementIterations"), s.get("measurementTime"),
        ("; " + s["profilers"]) if s.get("profilers") else "", sizes)]
    if suite.results:
        rt = runtime(suite)
        out.append("- JMH %s, %s %s, JVM options `%s`" % (rt.get("jmhVersion"), rt.get("vmName"),
                                                         rt.get("jdkVersion"),
                                                         " ".join(suite.results[0].get("jvmArgs", []))))
    out.append("- ran %s to %s (%s s)" % (suite.meta.get("started"), suite.meta.get("finished"),
                                         suite.meta.get("seconds")))
    if load:
        out.append("- 1-minute load average during the run (sampled every %s s, %s samples; the benchmark itself "
                   "adds about 1 per busy benchmark thread): min %.2f, mean %.2f, max %.2f" % (
                       load.get("intervalSeconds"), load.get("samples"), load.get("oneMinuteLoadMin"),
                       load.get("oneMinuteLoadMean"), load.get("oneMinuteLoadMax")))
    return out


def suite_settings_lines(suites):
    lines = []
    for suite in suites.values():
        lines.append("- **%s** suite:" % suite.name)
        lines.extend("  " + l for l in settings_lines(suite))
    lines.append("")
    return lines


def noisy_note(suites):
    noisy = [s.name for s in suites.values()
             if s.meta.get("load") and s.meta["load"].get("oneMinuteLoadMean", 0)
             > NOISY_LOAD.get(s.name, NOISY_LOAD_DEFAULT)]
    if not noisy:
        return []
    n_cores = cores(next(iter(suites.values())))
    machine_text = "this %s-core machine" % n_cores if n_cores else "this machine"
    return ["> **Noisy machine**: the load average during the %s run(s) was well above what the "
            "benchmark itself causes (other work was running on %s), so absolute numbers "
            "are low and ratios carry more noise than their error bars show.\n" % (", ".join(noisy), machine_text)]


def misses_section(misses):
    lines = ["## Targets missed\n"]
    if misses:
        lines.append("Computed from this run (causes, where known, in the analysis linked at the end):\n")
        lines.extend("- " + m for m in misses)
    else:
        lines.append("None: every ratio and allocation target is met in this run.")
    lines.append("")
    return lines


def wholefile_lines(directory, report_dir):
    """The whole-file section, from dev/wholefile's runs in DIR/wholefile (dev/wholefile-report.py), if any."""
    runs = os.path.join(directory, "wholefile")
    if not os.path.isdir(runs):
        return []
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wholefile-report.py")
    spec = importlib.util.spec_from_file_location("wholefile_report", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.section(runs, report_dir)


def analysis_lines(directory, report_dir):
    """A link to the hand-written analysis of these runs (DIR/ANALYSIS.md), which the report does not copy."""
    analysis = os.path.join(directory, "ANALYSIS.md")
    if not os.path.exists(analysis):
        return []
    link = os.path.relpath(analysis, report_dir)
    return ["## Analysis\n",
            "Why targets are missed, re-runs with more forks, profiles, and what the numbers above do and do not show "
            "are written by hand in [%s](%s), against these tables.\n" % (os.path.basename(link), link)]



# ---------------------------------------------------------------------------------------------------- jdk25 suite

JDK25_TARGETS = {
    # (codec, operation): (the implementation the tier is compared with, target), from issue 10
    ("GZIP", "decompress"): [("LIB_NO_FFM_HEAP", 1.8), ("STOCK_HEAP", 1.8)],
    ("GZIP", "compress"): [("LIB_NO_FFM_HEAP", 2.0)],
    ("LZ4_RAW", "decompress"): [("STOCK_HEAP", 1.5)],
    ("LZ4_RAW", "compress"): [("STOCK_HEAP", 1.5)],
    ("ZSTD", "decompress"): [("LIB_NO_FFM_HEAP", 0.95)],
    ("ZSTD", "compress"): [("LIB_NO_FFM_HEAP", 0.95)],
}
JDK25_NAMES = {
    "LIB_HEAP": "tier",
    "LIB_NO_FFM_HEAP": "no tier",
    "BARE_FFM_HEAP": "bare FFM",
    "BARE_HEAP": "bare",
    "STOCK_HEAP": "stock",
}
JDK25_OTHERS = ["LIB_NO_FFM_HEAP", "BARE_FFM_HEAP", "BARE_HEAP", "STOCK_HEAP"]


def benchmark_results(results, name):
    """The results of one JMH benchmark class (a suite's JSON may hold several)."""
    return [r for r in results if r["benchmark"].rsplit(".", 2)[1] == name]


def jdk25_section(suite, directory, report_dir):
    """The native tier's suite: the library on JDK 25 with and without the tier, the bare libraries, stock."""
    run = CodecRun(benchmark_results(suite.results, "CodecBenchmark"))
    impls = suite.meta.get("implementations", {})
    lines = ["## JDK 25: the native tier\n"]
    lines.append(
        "Run on %s with `aircompressor-v3` on the class path (`dev/bench full jdk25`), heap buffers, side by side in one "
        "invocation: **tier** is this library as it runs by default there; **no tier** the same library with "
        "`parquet.codecs.native=no-ffm` (the engines of every earlier JDK); **bare FFM** the native libraries the tier "
        "runs on, called through aircompressor-v3's own classes (the tier's ceiling); **bare** the codec library that "
        "was the ceiling until now, called directly; **stock** parquet-java's `CodecFactory` with Hadoop. lz4-java "
        "1.10.4 is on this class path, so for LZ4 and LZ4_RAW *no tier* and *bare* are lz4-java's JNI build, while "
        "*stock* runs LZ4_RAW on aircompressor's pure Java (the library's own default without lz4-java) and LZ4 on "
        "Hadoop's codec.\n" % jvm_label(suite)
    )
    lines.append("| codec | what the tier runs | bare FFM | bare |")
    lines.append("|---|---|---|---|")
    for codec in run.codecs:
        info = impls.get(codec, {})
        lines.append("| %s | %s | %s | %s |" % (codec, esc(info.get("library", "?")), esc(info.get("bareFfm", "n/a")),
                                               esc(info.get("bare", "?"))))
    lines.append("")
    lines.append("MB/s of uncompressed pages, and the tier's ratio to each (above 1.0: the tier is faster):\n")
    lines.append("| codec | page | operation | tier | no tier | bare FFM | bare | stock "
                 "| ÷ no tier | ÷ bare FFM | ÷ bare | ÷ stock |")
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    chart = []
    for codec in run.codecs:
        for size in run.sizes:
            entry = {"label": "%s %s" % (codec, size_label(size))}
            for op in OPS:
                row = [codec, size_label(size), op]
                for impl in ["LIB_HEAP"] + JDK25_OTHERS:
                    v = run.mbps(codec, size, op, impl)
                    row.append("n/a" if v is None else "{:,.0f}".format(v))
                ratios = [run.ratio(codec, size, op, "LIB_HEAP", other) for other in JDK25_OTHERS]
                row += ["n/a" if r is None else fmt(r) for r in ratios]
                lines.append("| " + " | ".join(row) + " |")
                entry[op] = (ratios[0], ratios[3])
            chart.append(entry)
    lines.append("")
    svg = os.path.join(directory, "jdk25-tier.svg")
    write_chart(svg, chart, [0, 1], ["tier ÷ no tier (the library before JDK 25)", "tier ÷ stock CodecFactory"],
                "JDK 25: this library with the native tier ÷ without it, and ÷ stock (log scale)", log=True)
    lines.append("![the native tier on JDK 25](%s)\n" % os.path.relpath(svg, report_dir))
    lines.append("### Issue 10's targets in this run\n")
    for (codec, op), goals in JDK25_TARGETS.items():
        for other, target in goals:
            values = [run.ratio(codec, size, op, "LIB_HEAP", other) for size in run.sizes]
            shown = ", ".join("%s %s" % (size_label(size), "n/a" if v is None else fmt(v))
                              for size, v in zip(run.sizes, values))
            met = all(v is not None and v >= target for v in values)
            lines.append("- %s %s, tier ÷ %s ≥ %.2f: %s (%s)" % (
                codec, op, JDK25_NAMES[other], target, "met" if met else "**missed**", shown))
    lines.append("")
    lines += zstd_sweep_lines(benchmark_results(suite.results, "ZstdLevelBenchmark"))
    return lines


ZSTD_SWEEP_IMPLS = [
    ("LIB", "library (zstd-jni)"),
    ("LIB_FFM", "library, ffm-only (libzstd)"),
    ("BARE_JNI", "bare zstd-jni"),
    ("BARE_FFM", "bare libzstd FFM"),
]


def zstd_sweep_lines(results):
    """ZSTD level by level (and with workers): zstd-jni against libzstd through FFM, bare and in the library."""
    if not results:
        return []
    cells = {}
    for r in results:
        p = r["params"]
        op = r["benchmark"].rsplit(".", 1)[1]
        key = (int(p["level"]), int(p["workers"]), op, p["impl"])
        cells[key] = r["primaryMetric"]["score"] * int(p["pageSize"]) / 1e6
    rows = sorted({k[:3] for k in cells}, key=lambda k: (k[1], k[2], k[0]))
    lines = ["### ZSTD on JDK 25, level by level\n"]
    lines.append(
        "Which ZSTD engine the library should run on JDK 25 (`ZstdLevelBenchmark`, 1 MiB pages, in the same "
        "invocation as the table above). The library runs zstd-jni, and the tier's libzstd only when zstd-jni cannot "
        "load; *ffm-only* forces the tier. Pages to decompress were compressed at the row's level. MB/s of "
        "uncompressed pages; the two ratios put libzstd through FFM over zstd-jni (above 1.0: FFM is faster). "
        "The bare engines have no workers.\n")
    lines.append("| level | workers | operation | " + " | ".join(name for _, name in ZSTD_SWEEP_IMPLS)
                 + " | library FFM ÷ JNI | bare FFM ÷ JNI |")
    lines.append("|---:|---:|---|" + "---:|" * (len(ZSTD_SWEEP_IMPLS) + 2))
    faster = []
    for level, workers, op in rows:
        row = [str(level), str(workers), op]
        for impl, _ in ZSTD_SWEEP_IMPLS:
            v = cells.get((level, workers, op, impl))
            row.append("n/a" if v is None else "{:,.0f}".format(v))
        lib = ratio(cells.get((level, workers, op, "LIB_FFM")), cells.get((level, workers, op, "LIB")))
        bare = ratio(cells.get((level, workers, op, "BARE_FFM")), cells.get((level, workers, op, "BARE_JNI")))
        row += ["n/a" if v is None else fmt(v) for v in (lib, bare)]
        if lib is not None and lib >= 1.1:
            faster.append("level %d %s%s (%s)" % (level, op, " with %d workers" % workers if workers else "", fmt(lib)))
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    if faster:
        lines.append("In the library, libzstd through FFM was at least 1.1× zstd-jni in: " + "; ".join(faster)
                     + ". Re-run those cells with more forks before changing the engine order.\n")
    else:
        lines.append("In the library, libzstd through FFM was nowhere 1.1× zstd-jni or more: zstd-jni stays first.\n")
    return lines

# ----------------------------------------------------------------------------------------------------------- main


def render(directory, report):
    """The report's text for the suites in DIR (writing the codec charts into DIR), or None when there are none."""
    report_dir = os.path.dirname(os.path.abspath(report))
    suites = load_all(directory)
    if not suites:
        return None
    lines = header_lines(suites, directory, report_dir)
    lines += machine_lines(suites)
    lines += suite_settings_lines(suites)
    lines += noisy_note(suites)
    body = []
    if "codec" in suites:
        codec_lines, misses = codec_section(suites["codec"], directory, report_dir)
        lines += misses_section(misses)
        body += codec_lines
    if "concurrency" in suites:
        body += concurrency_section(suites["concurrency"])
    if "smallfiles" in suites:
        body += small_files_section(suites["smallfiles"])
    if "jdk25" in suites:
        body += jdk25_section(suites["jdk25"], directory, report_dir)
    lines += body
    lines += wholefile_lines(directory, report_dir)
    lines += analysis_lines(directory, report_dir)
    return "\n".join(lines).rstrip() + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    directory, report = sys.argv[1], sys.argv[2]
    text = render(directory, report)
    if text is None:
        sys.exit("no benchmark results in " + directory)
    with open(report, "w") as f:
        f.write(text)
    print("wrote %s" % report)


if __name__ == "__main__":
    main()
