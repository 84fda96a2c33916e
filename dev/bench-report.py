#!/usr/bin/env python3
"""Renders BENCHMARKS.md and its SVG charts from the JMH JSON that dev/bench stores.

usage: dev/bench-report.py DIR REPORT.md

DIR holds SUITE.json (JMH results) and SUITE-meta.json (written by BenchMain) for the suites codec, e2e and
concurrency; any subset may be present. Charts are written into DIR. Standard library only.
"""
import json
import math
import os
import sys

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


def load(directory, suite):
    path = os.path.join(directory, suite + ".json")
    meta_path = os.path.join(directory, suite + "-meta.json")
    if not os.path.exists(path) or not os.path.exists(meta_path):
        return None, None
    with open(path) as f:
        results = json.load(f)
    with open(meta_path) as f:
        meta = json.load(f)
    return results, meta


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


def mark(value, target, strictly=False):
    """A ratio with a cross when it misses its target."""
    if value is None:
        return "n/a"
    missed = value <= target if strictly else value < target
    return ("**%.2f** ✗" % value) if missed else "%.2f" % value


# ---------------------------------------------------------------------------------------------------- codec suite


def codec_index(results):
    index = {}
    for r in results:
        op = r["benchmark"].rsplit(".", 1)[1]
        p = r["params"]
        page_size = int(p["pageSize"])
        score = r["primaryMetric"]["score"]
        # spread between measurement iterations: the standard deviation, in % of the score
        raw = [x for fork in r["primaryMetric"].get("rawData", []) for x in fork]
        error = None
        if len(raw) > 1 and score:
            mean = sum(raw) / len(raw)
            error = math.sqrt(sum((x - mean) ** 2 for x in raw) / (len(raw) - 1)) / score * 100
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        index[(p["codec"], page_size, op, p["impl"])] = {
            "mbps": score * page_size / 1e6,
            "n": len(raw),
            "err": error,
            "alloc": alloc,
        }
    return index


def codec_section(results, meta, directory, report_dir, lines, misses):
    idx = codec_index(results)
    sizes = sorted({k[1] for k in idx})
    codecs = [c for c in CODECS if any(k[0] == c for k in idx)]

    def mbps(codec, size, op, impl):
        cell = idx.get((codec, size, op, impl))
        return cell["mbps"] if cell else None

    def spread(codec, size, op, a, b):
        """Standard error of the ratio a / b, in % (from the iterations' spread of both), or None."""
        ca, cb = idx.get((codec, size, op, a)), idx.get((codec, size, op, b))
        if not ca or not cb or ca["err"] is None or cb["err"] is None:
            return None
        return math.sqrt(ca["err"] ** 2 + cb["err"] ** 2) / math.sqrt(max(1, ca.get("n", 3)))

    lines.append("## Codec benchmark: one page at a time\n")
    lines.append(
        "Each operation compresses or decompresses one page of exactly the page size, taken from real Parquet page "
        "payloads (see *Pages* below). Throughput is uncompressed MB/s (10^6 bytes per second). **lib** is "
        "`HadoopFreeCodecFactory` through parquet-java's `CompressionCodecFactory` interface "
        "(`compress(BytesInput)`, `decompress(ByteBuffer, int, ByteBuffer, int)`); **bare** is the codec library "
        "called directly on the same buffers; **stock** is parquet-java 1.18.1's `CodecFactory` (heap) and "
        "`DirectCodecFactory` (direct) with Hadoop 3.4.1. Heap rows use heap buffers, direct rows direct buffers.\n"
    )
    lines.append("### Ratios (higher is better for this library)\n")
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
    chart = []
    for codec in codecs:
        for size in sizes:
            row = ["%s" % codec, size_label(size)]
            entry = {"label": "%s %s" % (codec, size_label(size))}
            for op in OPS:
                r_bh = ratio(mbps(codec, size, op, "LIB_HEAP"), mbps(codec, size, op, "BARE_HEAP"))
                r_bd = ratio(mbps(codec, size, op, "LIB_DIRECT"), mbps(codec, size, op, "BARE_DIRECT"))
                r_sh = ratio(mbps(codec, size, op, "LIB_HEAP"), mbps(codec, size, op, "STOCK_HEAP"))
                r_sd = ratio(mbps(codec, size, op, "LIB_DIRECT"), mbps(codec, size, op, "STOCK_DIRECT"))
                target = BARE_TARGET[op]
                row += [mark(r_bh, target), mark(r_bd, target), mark(r_sh, 1.0, True), mark(r_sd, 1.0, True)]
                entry[op] = (r_bh, r_bd, r_sh, r_sd)
                for name, value, tgt, strict, a, b in [
                    ("÷ bare heap", r_bh, target, False, "LIB_HEAP", "BARE_HEAP"),
                    ("÷ bare direct", r_bd, target, False, "LIB_DIRECT", "BARE_DIRECT"),
                    ("÷ stock heap", r_sh, 1.0, True, "LIB_HEAP", "STOCK_HEAP"),
                    ("÷ stock direct", r_sd, 1.0, True, "LIB_DIRECT", "STOCK_DIRECT"),
                ]:
                    if value is not None and (value <= tgt if strict else value < tgt):
                        se = spread(codec, size, op, a, b)
                        noise = ""
                        if se is not None:
                            within = value * (1 + 2 * se / 100) >= tgt
                            noise = "; ±%.0f%% standard error%s" % (se, ", within 2 standard errors of the target"
                                                                      if within else "")
                        misses.append("%s %s %s, lib %s: %.2f (target %s%.2f%s)"
                                      % (codec, size_label(size), op, name, value, ">" if strict else "≥", tgt,
                                         noise))
            lines.append("| " + " | ".join(row) + " |")
            chart.append(entry)
    lines.append("")
    lines.append("n/a: not run, because stock parquet-java cannot do it here (see *Not run* below).\n")

    vs_bare_svg = os.path.join(directory, "codec-vs-bare.svg")
    vs_stock_svg = os.path.join(directory, "codec-vs-stock.svg")
    write_chart(vs_bare_svg, chart, [0, 1], ["lib ÷ bare, heap", "lib ÷ bare, direct"],
                "This library ÷ the bare codec library (1.0 = no overhead)", targets=True)
    write_chart(vs_stock_svg, chart, [2, 3], ["lib ÷ stock CodecFactory (heap)", "lib ÷ stock DirectCodecFactory"],
                "This library ÷ stock parquet-java 1.18.1 (log scale; above 1.0 = faster)", log=True)
    lines.append("![lib vs bare](%s)\n" % os.path.relpath(vs_bare_svg, report_dir))
    lines.append("![lib vs stock](%s)\n" % os.path.relpath(vs_stock_svg, report_dir))

    lines.append("### Against stock parquet-java and its Hadoop-bypass proposal\n")
    lines.append(
        "Geometric mean over both page sizes of lib heap ÷ stock `CodecFactory` (the Hadoop path), beside the "
        "speedups that apache/parquet-java PR #3570 (unreleased) reports for its own bypass of the Hadoop path "
        "(1 MB pages, JMH 1.37, JDK 17; measured on another machine, so only the ratios compare).\n"
    )
    lines.append("| codec | operation | this library ÷ stock (heap) | this library ÷ stock (direct) | PR #3570 | ahead? |")
    lines.append("|---|---|---:|---:|---:|---|")
    for codec in codecs:
        for op in OPS:
            heap = geomean([ratio(mbps(codec, s, op, "LIB_HEAP"), mbps(codec, s, op, "STOCK_HEAP")) for s in sizes])
            direct = geomean([ratio(mbps(codec, s, op, "LIB_DIRECT"), mbps(codec, s, op, "STOCK_DIRECT"))
                              for s in sizes])
            upstream = UPSTREAM.get((codec, op))
            if heap is None:
                verdict = "stock cannot"
            elif upstream is None:
                verdict = "yes (> 1)" if heap > 1 else "**no** ✗"
            else:
                verdict = "yes" if heap > upstream else "**no** ✗"
                if heap <= upstream:
                    misses.append("%s %s: %.2fx over stock, behind PR #3570's %.2fx" % (codec, op, heap, upstream))
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                codec, op, fmt(heap), fmt(direct), fmt(upstream) if upstream else "—", verdict))
    lines.append("")

    lines.append("### Throughput, MB/s of uncompressed data (± standard deviation between iterations)\n")
    lines.append("| codec | page | operation | " + " | ".join(IMPL_LABEL[i] for i in IMPLS) + " |")
    lines.append("|---|---|---|" + "---:|" * len(IMPLS))
    for codec in codecs:
        for size in sizes:
            for op in OPS:
                cells = []
                for impl in IMPLS:
                    cell = idx.get((codec, size, op, impl))
                    if cell is None:
                        cells.append("n/a")
                    elif cell["err"] is None:
                        cells.append("%.0f" % cell["mbps"])
                    else:
                        cells.append("%.0f ±%.0f%%" % (cell["mbps"], cell["err"]))
                lines.append("| %s | %s | %s | %s |" % (codec, size_label(size), op, " | ".join(cells)))
    lines.append("")

    lines.append("### Allocation, bytes per page (`-prof gc`, `gc.alloc.rate.norm`)\n")
    lines.append(
        "Target for this library's ByteBuffer path (decompress(ByteBuffer, int, ByteBuffer, int), heap and direct): "
        "≤ %d B per page after warm-up. `compress(BytesInput)` must return a BytesInput, so it allocates at least "
        "that object.\n" % ALLOC_TARGET
    )
    lines.append("| codec | page | operation | " + " | ".join(IMPL_LABEL[i] for i in IMPLS) + " |")
    lines.append("|---|---|---|" + "---:|" * len(IMPLS))
    for codec in codecs:
        for size in sizes:
            for op in OPS:
                cells = []
                for impl in IMPLS:
                    cell = idx.get((codec, size, op, impl))
                    alloc = cell["alloc"] if cell else None
                    if alloc is None:
                        cells.append("n/a")
                    else:
                        text = "%.0f" % alloc
                        if impl.startswith("LIB") and op == "decompress" and alloc > ALLOC_TARGET:
                            text = "**%s** ✗" % text
                            misses.append("%s %s decompress %s allocates %.0f B per page (target ≤ %d)"
                                          % (codec, size_label(size), impl, alloc, ALLOC_TARGET))
                        cells.append(text)
                lines.append("| %s | %s | %s | %s |" % (codec, size_label(size), op, " | ".join(cells)))
    lines.append("")

    facts = meta.get("pageSets", {})
    if facts:
        lines.append("### Pages\n")
        lines.append(
            "A page set is one page per column shape below. The pages are the data-page payloads (levels and "
            "values) of a file that parquet-java 1.18.1 writes UNCOMPRESSED with V1 pages from the benchmark "
            "dataset (an order log; `BenchData`), with the page size set to the benchmark's page size; each "
            "column's payloads are concatenated and cut to exactly the page size (`PageSet`).\n"
        )
        for i, shape in enumerate(facts.get("shapes", [])):
            lines.append("%d. %s" % (i + 1, shape))
        lines.append("")
        ratios = facts.get("compressedOverUncompressed", {})
        if ratios:
            lines.append("Compressed size ÷ uncompressed size of the page sets (this library, default levels):\n")
            lines.append("| page | " + " | ".join(codecs) + " |")
            lines.append("|---|" + "---:|" * len(codecs))
            for size, per in ratios.items():
                lines.append("| %s | %s |" % (size_label(size), " | ".join(fmt(per.get(c), 3) for c in codecs)))
            lines.append("")

    impls = meta.get("implementations", {})
    if impls:
        lines.append("### What each codec calls\n")
        lines.append("| codec | this library | bare |")
        lines.append("|---|---|---|")
        for codec in codecs:
            lines.append("| %s | %s | %s |" % (codec, impls[codec]["library"], impls[codec]["bare"]))
        lines.append("")

    not_run = meta.get("notRun", [])
    lines.append("### Not run\n")
    if not not_run:
        lines.append("Nothing: every implementation ran every codec.\n")
    else:
        lines.append("Stock parquet-java cannot do these here; its own error is quoted.\n")
        lines.append("| codec | implementation | operation | why |")
        lines.append("|---|---|---|---|")
        for gap in not_run:
            lines.append("| %s | %s | %s | %s |" % (gap["codec"], IMPL_LABEL.get(gap["impl"], gap["impl"]),
                                                  gap["operation"], gap["reason"].replace("|", "\\|")))
        lines.append("")


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


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ------------------------------------------------------------------------------------------------------ e2e suite


def e2e_section(results, meta, lines):
    rows = meta.get("e2e", {}).get("rows")
    plain = meta.get("e2e", {}).get("plainBytes")
    sizes = {}
    for line in meta.get("e2eSizes", []):
        s = json.loads(line) if isinstance(line, str) else line
        sizes[(s["codec"], s["pages"], bool(s["dictionary"]), s["impl"])] = s
    idx = {}
    for r in results:
        p = r["params"]
        ms = r["primaryMetric"]["score"]
        err = r["primaryMetric"].get("scoreError")
        idx[(p["codec"], p["pages"], p["dictionary"] == "true", p["impl"])] = (ms, err)
    lines.append("## End to end: write and fully read a file\n")
    lines.append(
        "One operation writes %s rows of the benchmark dataset with `ParquetWriter` (default 1 MiB pages and "
        "128 MiB row groups, local file) and reads every record back (`ParquetFileReader` + record assembly, "
        "every value checked). **lib** passes `new HadoopFreeCodecFactory()` to the writer and the reader; "
        "**stock** uses parquet-java's default Hadoop `CodecFactory`. Rows/s = rows ÷ (write + read time); "
        "MB/s = %.1f MB of plain-encoded values ÷ that time.\n" % ("{:,}".format(rows) if rows else "?",
                                                                   (plain or 0) / 1e6)
    )
    lines.append("| codec | pages | dictionary | lib ms | stock ms | lib rows/s | stock rows/s | lib MB/s | "
                 "stock MB/s | lib ÷ stock | file MB |")
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    codecs = ["UNCOMPRESSED"] + CODECS
    for codec in codecs:
        for pages in ["V1", "V2"]:
            for dictionary in [True, False]:
                lib = idx.get((codec, pages, dictionary, "LIB"))
                stock = idx.get((codec, pages, dictionary, "STOCK"))
                if not lib and not stock:
                    continue

                def ms(v):
                    return "n/a" if not v else "%.0f" % v[0]

                def rps(v):
                    return "n/a" if not v or not rows else "{:,.0f}".format(rows / (v[0] / 1000))

                def mb(v):
                    return "n/a" if not v or not plain else "%.0f" % (plain / 1e6 / (v[0] / 1000))

                r = ratio(stock[0], lib[0]) if lib and stock else None
                size = sizes.get((codec, pages, dictionary, "LIB")) or sizes.get((codec, pages, dictionary, "STOCK"))
                file_mb = "%.1f" % (size["fileBytes"] / 1e6) if size else "?"
                lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    codec, pages, "on" if dictionary else "off", ms(lib), ms(stock), rps(lib), rps(stock), mb(lib),
                    mb(stock), fmt(r) if r else ("stock cannot" if lib else "n/a"), file_mb))
    lines.append("")
    all_ratios = [ratio(idx[k][0], idx[(k[0], k[1], k[2], "LIB")][0])
                  for k in idx if k[3] == "STOCK" and (k[0], k[1], k[2], "LIB") in idx and k[0] != "UNCOMPRESSED"]
    g = geomean(all_ratios)
    if g:
        lines.append("Geometric mean of lib ÷ stock over the compressed combinations: **%.2f**.\n" % g)


# ---------------------------------------------------------------------------------------------- concurrency suite


def concurrency_section(results, meta, lines):
    idx = {}
    for r in results:
        p = r["params"]
        size = int(p["pageSize"])
        idx[(p["codec"], p["impl"], r["threads"])] = r["primaryMetric"]["score"] * size / 1e6
    threads = sorted({k[2] for k in idx})
    lines.append("## Concurrency: threads sharing one factory\n")
    lines.append(
        "Each thread round-trips its own 64 KiB pages (compress, then decompress what it compressed) through one "
        "shared `HadoopFreeCodecFactory`; per chunk of 8 pages it asks the factory for its compressor and "
        "decompressor, as parquet-java does per column chunk. "
        "**bare** does the same work with a bare codec per thread and no factory: how far the machine itself "
        "scales. MB/s is uncompressed page bytes round-tripped per second, all threads together. This machine has "
        "%s cores, so 4 threads can at best match 2.\n" % meta.get("machine", {}).get("availableProcessors", "?")
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


# ----------------------------------------------------------------------------------------------------------- main


def settings_lines(meta, results):
    s = meta.get("settings", {})
    r0 = results[0] if results else {}
    load = meta.get("load", {})
    out = ["- mode: **%s**; %s; forks %s; warm-up %s x %s; measurement %s x %s%s%s" % (
        meta.get("mode"), s.get("benchmarkMode"), s.get("forks"), s.get("warmupIterations"), s.get("warmupTime"),
        s.get("measurementIterations"), s.get("measurementTime"),
        ("; " + s["profilers"]) if s.get("profilers") else "",
        ("; rows %s" % "{:,}".format(s["rows"])) if s.get("rows") else "")]
    if r0:
        out.append("- JMH %s, %s %s, JVM options `%s`" % (r0.get("jmhVersion"), r0.get("vmName"),
                                                         r0.get("jdkVersion"), " ".join(r0.get("jvmArgs", []))))
    out.append("- ran %s to %s (%s s)" % (meta.get("started"), meta.get("finished"), meta.get("seconds")))
    if load:
        out.append("- 1-minute load average during the run (sampled every %s s, %s samples; the benchmark itself "
                   "adds about 1 per busy benchmark thread): min %.2f, mean %.2f, max %.2f" % (
                       load.get("intervalSeconds"), load.get("samples"), load.get("oneMinuteLoadMin"),
                       load.get("oneMinuteLoadMean"), load.get("oneMinuteLoadMax")))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    directory, report = sys.argv[1], sys.argv[2]
    report_dir = os.path.dirname(os.path.abspath(report))
    suites = {name: load(directory, name) for name in ["codec", "e2e", "concurrency"]}
    present = {k: v for k, v in suites.items() if v[0] is not None}
    if not present:
        sys.exit("no benchmark results in " + directory)
    any_meta = next(iter(present.values()))[1]
    machine = any_meta.get("machine", {})
    modes = {v[1].get("mode") for v in present.values()}

    lines = ["# Benchmarks\n"]
    lines.append("<!-- generated by dev/bench-report.py from %s; do not edit by hand -->\n"
                 % os.path.relpath(os.path.abspath(directory), report_dir))
    if "quick" in modes:
        lines.append("> **Quick mode**: unforked JVM and tiny iterations, a check that every benchmark runs. "
                     "These numbers are indicative only; the published numbers come from `dev/bench full`.\n")
    lines.append(
        "parquet-codecs' `HadoopFreeCodecFactory` beside the bare codec libraries (the ceiling: what a caller of "
        "the library itself gets) and stock parquet-java 1.18.1 with Hadoop (the floor). Produced by "
        "`dev/bench %s`; the JMH JSON is in `%s/`. Every ratio compares implementations that ran side by side "
        "in one invocation.\n" % ("/".join(sorted(modes)), os.path.relpath(os.path.abspath(directory), report_dir)))
    lines.append("## Machine and settings\n")
    lines.append("- CPU: %s, %s cores available to the JVM; memory %s" % (
        machine.get("cpuModel"), machine.get("availableProcessors"), machine.get("memTotal")))
    lines.append("- %s; %s" % (machine.get("os"), machine.get("java")))
    for name in ["codec", "e2e", "concurrency"]:
        if name in present:
            lines.append("- **%s** suite:" % name)
            lines.extend("  " + l for l in settings_lines(present[name][1], present[name][0]))
    lines.append("")
    busy = [(n, v[1]["load"]) for n, v in present.items() if v[1].get("load")]
    noisy = [n for n, l in busy if l.get("oneMinuteLoadMean", 0) > (4.0 if n == "concurrency" else 1.5)]
    if noisy:
        lines.append("> **Noisy machine**: the load average during the %s run(s) was well above what the "
                     "benchmark itself causes (other work was running on this 2-core machine), so absolute numbers "
                     "are low and ratios carry more noise than their error bars show.\n" % ", ".join(noisy))

    misses = []
    body = []
    if "codec" in present:
        codec_section(present["codec"][0], present["codec"][1], directory, report_dir, body, misses)
    if "e2e" in present:
        e2e_section(present["e2e"][0], present["e2e"][1], body)
    if "concurrency" in present:
        concurrency_section(present["concurrency"][0], present["concurrency"][1], body)

    if "codec" in present:
        lines.append("## Targets missed\n")
        if misses:
            lines.append("Computed from this run (see *Analysis* for causes, where written):\n")
            lines.extend("- " + m for m in misses)
        else:
            lines.append("None: every ratio and allocation target is met in this run.")
        lines.append("")
    lines.extend(body)

    analysis = os.path.join(directory, "ANALYSIS.md")
    if os.path.exists(analysis):
        with open(analysis) as f:
            lines.append(f.read().rstrip() + "\n")

    with open(report, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    print("wrote %s" % report)


if __name__ == "__main__":
    main()
