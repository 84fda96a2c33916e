"""Summarises dev/upstream-check --e2e: JMH JSON files named SIDE-ROUND-KIND.json (SIDE parent or commit) in one
directory. For each benchmark: the mean time per operation on each side over every measured iteration of every
JVM, the ratio parent/commit (above 1: the commit is faster), and a 95 % percentile bootstrap interval of that
ratio, resampling each side's JVMs (a JVM's mean is one sample: iterations within a JVM are not independent)."""

import glob
import json
import os
import random
import statistics
import sys


def main(directory):
    forks = {}  # (benchmark, side) -> [mean of each JVM]
    units = {}
    for path in sorted(glob.glob(os.path.join(directory, "*-*-*.json"))):
        side = os.path.basename(path).split("-")[0]
        with open(path) as f:
            for result in json.load(f):
                name = result["benchmark"].rsplit(".", 1)[-1]
                metric = result["primaryMetric"]
                units[name] = metric["scoreUnit"]
                for fork in metric["rawData"]:
                    forks.setdefault((name, side), []).append(statistics.mean(fork))
    names = sorted({name for name, _ in forks})
    if not names:
        sys.exit("no JMH results in " + directory)
    rng = random.Random(1)
    print(f"{'benchmark':<48} {'parent':>16} {'commit':>16} {'ratio':>6}  95 % interval  JVMs")
    for name in names:
        parent, commit = forks.get((name, "parent"), []), forks.get((name, "commit"), [])
        if not parent or not commit:
            print(f"{name:<48} missing on one side")
            continue
        ratio = statistics.mean(parent) / statistics.mean(commit)
        boot = sorted(
            statistics.mean(rng.choices(parent, k=len(parent))) / statistics.mean(rng.choices(commit, k=len(commit)))
            for _ in range(10000))
        low, high = boot[249], boot[9749]

        def side(values):
            spread = statistics.stdev(values) if len(values) > 1 else 0.0
            return f"{statistics.mean(values):.3f}±{spread:.3f}"

        print(f"{name:<48} {side(parent):>16} {side(commit):>16} {ratio:6.2f}  {low:.2f}–{high:.2f}"
              f"     {len(parent)}/{len(commit)}  ({units[name]}, mean±sd over JVMs)")


if __name__ == "__main__":
    main(sys.argv[1])
