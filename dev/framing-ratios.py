# The ratios of dev/framing-bench: for each FramingBenchmark cell, the library route (the codec library's own framing)
# over the hand-written one, ratio of mean pages/s with a 95 % bootstrap interval over the forks, and bytes per page.
import json, random, statistics, sys
data = json.load(open(sys.argv[1]))
cells = {}
for b in data:
    p = b["params"]; op = b["benchmark"].split(".")[-1]
    raw = b["primaryMetric"]["rawData"]  # per fork, per iteration
    alloc = b["secondaryMetrics"].get("gc.alloc.rate.norm", {}).get("score")
    cells[(p["codec"], p["pageSize"], op, p["route"])] = (raw, alloc)
random.seed(1)
def boot(a, b, n=4000):
    fa = [statistics.mean(f) for f in a]; fb = [statistics.mean(f) for f in b]
    rs = []
    for _ in range(n):
        ra = [random.choice(fa) for _ in fa]; rb = [random.choice(fb) for _ in fb]
        rs.append(statistics.mean(ra) / statistics.mean(rb))
    rs.sort(); return rs[int(0.025*n)], rs[int(0.975*n)]
print("| codec | page | op | hand-written pages/s | library's own pages/s | library ÷ hand-written (95 %) | library B/page | hand B/page |")
print("|---|---|---|---|---|---|---|---|")
for (codec, size, op, route) in sorted(cells):
    if route != "LIBRARY": continue
    lib, la = cells[(codec, size, op, "LIBRARY")]; hand, ha = cells[(codec, size, op, "HAND_WRITTEN")]
    ml = statistics.mean(x for f in lib for x in f); mh = statistics.mean(x for f in hand for x in f)
    lo, hi = boot(lib, hand)
    print(f"| {codec} | {int(size)//1024} KiB | {op} | {mh:,.0f} | {ml:,.0f} | {ml/mh:.2f} ({lo:.2f}–{hi:.2f}) | {la:,.0f} | {ha:,.0f} |")
