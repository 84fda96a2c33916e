# Side-by-side ratios of a JMH JSON result (throughput): for each cell (every parameter but PARAM, and the benchmark
# method), the mean score at PARAM=NUMERATOR over the mean at PARAM=DENOMINATOR, with a 95 % bootstrap interval over
# the forks (a fork's mean is one sample), the scores, and -prof gc's bytes per operation when the run has them.
# Prints a Markdown table. Used by dev/framing-bench (route LIBRARY over HAND_WRITTEN) and for master's
# CodecBenchmarks (path heap over hadoop; src/upstream/ARCHIVE.md).
#
#   python3 dev/jmh-ratios.py RESULT.json PARAM NUMERATOR DENOMINATOR
import json
import random
import statistics
import sys

path, param, numerator, denominator = sys.argv[1:5]
cells = {}
for b in json.load(open(path)):
    params = dict(b.get("params", {}))
    side = params.pop(param)
    key = (b["benchmark"].split(".")[-1],) + tuple(sorted(params.items()))
    alloc = b.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
    cells.setdefault(key, {})[side] = (b["primaryMetric"]["rawData"], alloc)

random.seed(1)


def interval(top, bottom, n=4000):
    a = [statistics.mean(fork) for fork in top]
    b = [statistics.mean(fork) for fork in bottom]
    ratios = sorted(
        statistics.mean(random.choice(a) for _ in a) / statistics.mean(random.choice(b) for _ in b) for _ in range(n))
    return ratios[int(0.025 * n)], ratios[int(0.975 * n)]


names = [name for name, _ in next(iter(cells))[1:]]
header = ["benchmark"] + names + [f"{denominator} ops/s", f"{numerator} ops/s", f"{numerator} ÷ {denominator} (95 %)"]
with_alloc = any(side[1] is not None for sides in cells.values() for side in sides.values())
if with_alloc:
    header += [f"{numerator} B/op", f"{denominator} B/op"]
print("| " + " | ".join(header) + " |")
print("|" + "---|" * len(header))
for key in sorted(cells):
    sides = cells[key]
    if numerator not in sides or denominator not in sides:
        continue
    (top, top_alloc), (bottom, bottom_alloc) = sides[numerator], sides[denominator]
    mean_top = statistics.mean(x for fork in top for x in fork)
    mean_bottom = statistics.mean(x for fork in bottom for x in fork)
    low, high = interval(top, bottom)
    row = [key[0]] + [value for _, value in key[1:]]
    row += [f"{mean_bottom:,.0f}", f"{mean_top:,.0f}", f"{mean_top / mean_bottom:.2f} ({low:.2f}–{high:.2f})"]
    if with_alloc:
        row += [f"{top_alloc:,.0f}" if top_alloc is not None else "", f"{bottom_alloc:,.0f}" if bottom_alloc is not None else ""]
    print("| " + " | ".join(row) + " |")
