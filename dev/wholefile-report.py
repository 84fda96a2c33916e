"""Renders the whole-file benchmark's section of docs/BENCHMARKS.md from the runs of dev/wholefile.

    python3 dev/wholefile-report.py DIR

DIR (docs/bench/wholefile) holds one folder per run (jdk17/, jdk25/, ...), each with WholeFileMain's wholefile.json
and wholefile.md, and FINDINGS.md, written by hand (what the runs and profiles found). section() writes
DIR/wholefile-RUN.svg for each run (per file and read, the speed ratio of each comparison, a bar at the ratio pooled
over the JVMs and a whisker over its 95 % bootstrap interval for runs whose JSON has a "summary"; older runs: the
median of the rounds and their range) and returns the section: each run's table and chart, and a link to FINDINGS.md,
which is not copied. dev/bench-report.py calls it when it renders docs/BENCHMARKS.md; run alone, this script writes
the charts and a preview of the section to build/wholefile/SECTION.md (not committed).
"""
import json
import os
import sys

COMPARISONS = [
    ("STOCK_LIB", "STOCK", "stock's reader or writer with this library's factory / stock", "#4878a8"),
    ("HADOOP_FREE", "STOCK_LIB", "Hadoop-free entry points / stock with this library's factory", "#e1812c"),
    ("HADOOP_FREE_AHEAD", "HADOOP_FREE", "Hadoop-free with read-ahead / without", "#3a923a"),
]


def ratios(cells, num, den, summary=None, what=None):
    pooled = (summary or {}).get("%s / %s" % (num, den), {}).get("cells", {}).get(what)
    if pooled:
        return pooled["estimate"], pooled["low"], pooled["high"]
    n, d = cells.get(num), cells.get(den)
    if not n or not d:
        return None
    r = sorted(dd["millis"] / nn["millis"] for nn, dd in zip(n, d))
    mid = len(r) // 2
    median = r[mid] if len(r) % 2 else (r[mid - 1] + r[mid]) / 2
    return median, r[0], r[-1]


def jdk_version(jdk):
    """The version a run's "jdk" names: older runs on JDK 25 recorded the path of the forks' bin/java."""
    release = os.path.join(os.path.dirname(os.path.dirname(jdk)), "release")
    if jdk.startswith("/") and os.path.isfile(release):
        with open(release) as f:
            for line in f:
                if line.startswith("JAVA_VERSION="):
                    return line.split("=", 1)[1].strip().strip('"')
    return jdk


def chart(path, results, title, summary=None):
    rows = list(results.items())
    row_h, bar_h, left, width = 34, 12, 330, 820
    top = 60
    height = top + row_h * len(rows) + 50
    lo, hi = 0.5, 2.0
    # the comparisons this run has (at most two: each row holds two bars)
    shown = [c for c in COMPARISONS if any(ratios(cells, c[0], c[1], summary, what) for what, cells in rows)][:2]
    values = [v for what, cells in rows for num, den, _, _ in shown
              for v in (ratios(cells, num, den, summary, what) or ())]
    if values:
        lo, hi = min(lo, min(values) - 0.05), max(hi, max(values) + 0.05)
    plot_w = width - left - 30

    def x_of(v):
        return left + (v - lo) / (hi - lo) * plot_w

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">'
           % (width, height),
           '<rect width="100%%" height="100%%" fill="white"/>',
           '<text x="%d" y="20" font-size="13" font-weight="bold">%s</text>' % (left, title)]
    for i, (_, _, label, color) in enumerate(shown):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (left + i * 330, 32, color))
        out.append('<text x="%d" y="41">%s</text>' % (left + 14 + i * 330, label))
    tick = 0.5
    v = tick * int(lo / tick)
    while v <= hi:
        if v >= lo:
            x = x_of(v)
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>'
                       % (x, top - 5, x, top + row_h * len(rows), "#000" if v == 1 else "#ddd"))
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%.1f×</text>' % (x, top + row_h * len(rows) + 15, v))
        v += tick
    for r, (what, cells) in enumerate(rows):
        y = top + r * row_h
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 6, y + row_h / 2 + 4, what))
        for i, (num, den, _, color) in enumerate(shown):
            s = ratios(cells, num, den, summary, what)
            if not s:
                continue
            median, low, high = s
            by = y + 4 + i * (bar_h + 2)
            x0, x1 = x_of(1.0), x_of(median)
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.2f (%.2f–%.2f)</title></rect>'
                       % (min(x0, x1), by, abs(x1 - x0), bar_h, color, what, median, low, high))
            out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>'
                       % (x_of(low), by + bar_h / 2, x_of(high), by + bar_h / 2))
    legend = ("bar: ratio pooled over the JVMs, line: its 95 %% bootstrap interval" if summary
              else "bar: median of the rounds, line: their range")
    out.append('<text x="%d" y="%d">speed ratio (higher is faster); %s</text>' % (left, height - 12, legend))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def section(directory, report_dir):
    """The whole-file section of the report in REPORT_DIR, as lines; writes each run's chart into DIRECTORY."""
    findings = os.path.relpath(os.path.join(directory, "FINDINGS.md"), report_dir)
    lines = ["## Whole files: scans, record reads and writes\n"]
    lines.append(
        "The table and chart of every run of `dev/wholefile`, by name (each table states its files, readers, JDK, "
        "settings and load). What the readers and files are, how a cell's ratio and a claim over files are computed, "
        "and what the runs and profiles found: [%s](%s).\n" % (os.path.basename(findings), findings))
    for run in sorted(os.listdir(directory)):
        data = os.path.join(directory, run, "wholefile.json")
        if not os.path.isfile(data):
            continue
        with open(data) as f:
            result = json.load(f)
        with open(os.path.join(directory, run, "wholefile.md")) as f:
            table = f.read().rstrip()
        svg = os.path.join(directory, "wholefile-%s.svg" % run)
        chart(svg, result["results"], "Whole files, %s (JDK %s)" % (run, jdk_version(result["jdk"])),
              result.get("summary"))
        lines.append("### %s\n" % run)
        lines.append(table + "\n")
        lines.append("![whole files, %s](%s)\n" % (run, os.path.relpath(svg, report_dir)))
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    preview = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "wholefile", "SECTION.md")
    preview = os.path.normpath(preview)
    os.makedirs(os.path.dirname(preview), exist_ok=True)
    # links as they resolve from docs/BENCHMARKS.md, which includes the section
    report_dir = os.path.dirname(os.path.dirname(os.path.abspath(directory)))
    with open(preview, "w") as f:
        f.write("\n".join(section(directory, report_dir)))
    print("wrote the charts in %s and a preview of the section, %s" % (directory, preview))


if __name__ == "__main__":
    main()
