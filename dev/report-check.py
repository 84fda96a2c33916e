"""Opens a bench --report HTML file in headless Chromium through chromedriver (W3C WebDriver over HTTP, standard
library only) and checks that it renders: the page loads, its SVG charts have their points and bars, every chart text
has a size, no two text elements of a chart overlap, and no text covers the marker (circle or square) of a point other
than its own (bounding boxes as Chromium lays them out; a marker's box includes half its stroke; a point label belongs to
the marker whose tooltip names it). Saves a screenshot of the whole page. Exits 1 with what failed.

Usage: report-check.py REPORT.html SCREENSHOT.png
"""
import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--window-size=1100,1000",
]

# every <text> of every chart, with its box in page coordinates
BOXES = """
const charts = [];
for (const svg of document.querySelectorAll('svg')) {
  const texts = [];
  for (const t of svg.querySelectorAll('text')) {
    const r = t.getBoundingClientRect();
    texts.push({text: t.textContent, cls: t.getAttribute('class') || '',
                x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height});
  }
  const markers = [];
  for (const m of svg.querySelectorAll('.point')) {
    const r = m.getBoundingClientRect();
    const half = (parseFloat(m.getAttribute('stroke-width') || '1') || 0) / 2;
    const title = m.querySelector('title');
    markers.push({name: title ? title.textContent.split(': ratio ')[0] : '',
                  x: r.left + scrollX - half, y: r.top + scrollY - half, w: r.width + 2 * half, h: r.height + 2 * half});
  }
  charts.push({cls: (svg.querySelector('g') || svg).getAttribute('class') || '',
               points: svg.querySelectorAll('.point').length, bars: svg.querySelectorAll('.bar').length,
               texts: texts, markers: markers});
}
return {ready: document.readyState, title: document.title, charts: charts,
        height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth};
"""


def call(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read().decode())["value"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def intersect(a, b):
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def overlapping(texts):
    found = []
    for i in range(len(texts)):
        a = texts[i]
        for b in texts[i + 1:]:
            if a["w"] <= 0 or b["w"] <= 0:
                continue
            if intersect(a, b):
                found.append((a["text"], b["text"]))
    return found


def owns(text, marker):
    """A point label is its variant's name, maybe followed by notes in parentheses: "SNAPPY (files' codec)"."""
    name = marker["name"]
    return text["cls"] == "label" and name != "" and (text["text"] == name or text["text"].startswith(name + " ("))


def covering(texts, markers):
    found = []
    for t in texts:
        if t["w"] <= 0 or not t["text"].strip():
            continue
        for m in markers:
            if intersect(t, m) and not owns(t, m):
                found.append((t["text"], m["name"]))
    return found


def main():
    report, screenshot = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    port = free_port()
    driver = subprocess.Popen(["chromedriver", "--port=%d" % port], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    profile = tempfile.mkdtemp(prefix="report-check-profile-")
    base = "http://127.0.0.1:%d" % port
    failures = []
    try:
        for _ in range(100):
            try:
                call(base, "GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        session = call(base, "POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": FLAGS + ["--user-data-dir=" + profile]},
        }}})["sessionId"]
        s = "/session/" + session
        try:
            call(base, "POST", s + "/url", {"url": "file://" + report})
            page = call(base, "POST", s + "/execute/sync", {"script": BOXES, "args": []})
            if page["ready"] != "complete":
                failures.append("the page did not finish loading: " + page["ready"])
            charts = page["charts"]
            if len(charts) < 2:
                failures.append("%d charts, expected the scatter and the bars" % len(charts))
            if not any(c["points"] > 0 for c in charts):
                failures.append("no points in any chart")
            if not any(c["bars"] > 0 for c in charts):
                failures.append("no bars in any chart")
            labels = 0
            for chart in charts:
                texts = chart["texts"]
                empty = [t["text"] for t in texts if t["text"].strip() and (t["w"] <= 0 or t["h"] <= 0)]
                if empty:
                    failures.append("text without a size in chart %s: %s" % (chart["cls"], empty[:5]))
                labels += sum(1 for t in texts if t["cls"] == "label")
                for a, b in overlapping(texts):
                    failures.append("chart %s: '%s' overlaps '%s'" % (chart["cls"], a, b))
                for a, b in covering(texts, chart["markers"]):
                    failures.append("chart %s: text '%s' covers the marker of '%s'" % (chart["cls"], a, b))
            # the whole page in one image: the window as tall as the page
            call(base, "POST", s + "/window/rect", {"width": 1100, "height": min(int(page["height"]) + 40, 16000)})
            with open(screenshot, "wb") as out:
                out.write(base64.b64decode(call(base, "GET", s + "/screenshot")))
            print("report-check: %s: %d charts, %d point labels, %d texts checked pairwise and against %d markers;"
                  " screenshot %s" % (report, len(charts), labels, sum(len(c["texts"]) for c in charts),
                                      sum(len(c["markers"]) for c in charts), screenshot))
        finally:
            call(base, "DELETE", s)
    finally:
        driver.terminate()
        driver.wait(10)
    for failure in failures:
        print("report-check: FAILED: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
