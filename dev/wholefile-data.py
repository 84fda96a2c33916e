"""Writes the pyarrow files of the whole-file benchmark (dev/wholefile): a taxi-like table, written with each codec
and both data page versions, one row group per 1,000,000 rows, 1 MiB pages, dictionary encoding for the columns a
writer of such data would dictionary-encode.

    python dev/wholefile-data.py DIR [ROWS]

Columns: vendor_id (int32, 2 values), pickup and dropoff (timestamp[us]), distance, fare and tip (double, 2
decimals), passengers (int32, 10 % null), zone (string, 260 values) and trip_id (string, unique, 15 characters).
The rows come from a seeded random generator: the same ROWS give the same files with the same pyarrow.
"""
import os
import random
import sys

import pyarrow as pa
import pyarrow.parquet as pq

CODECS = {"SNAPPY": "snappy", "ZSTD": "zstd", "GZIP": "gzip", "LZ4_RAW": "lz4", "NONE": "none"}


def table(rows):
    r = random.Random(42)
    base = 1704067200 * 10**6
    pickup = [base + r.randrange(365 * 24 * 3600 * 10**6) for _ in range(rows)]
    zones = [f"zone-{i:03d}-{'abcdefghij'[i % 10] * ((i % 7) + 1)}" for i in range(260)]
    ids = list(range(rows))
    r.shuffle(ids)
    return pa.table({
        "vendor_id": pa.array([r.randrange(1, 3) for _ in range(rows)], pa.int32()),
        "pickup": pa.array(pickup, pa.timestamp("us")),
        "dropoff": pa.array([p + r.randrange(60 * 10**6, 3600 * 10**6) for p in pickup], pa.timestamp("us")),
        "distance": pa.array([round(r.expovariate(1 / 3.0), 2) for _ in range(rows)]),
        "fare": pa.array([round(r.gammavariate(2.0, 8.0), 2) for _ in range(rows)]),
        "passengers": pa.array([None if r.random() < 0.1 else r.randrange(1, 7) for _ in range(rows)], pa.int32()),
        "zone": pa.array([zones[r.randrange(260)] for _ in range(rows)]),
        "trip_id": pa.array([f"T{i:014d}" for i in ids]),
        "tip": pa.array([round(r.expovariate(0.5), 2) for _ in range(rows)]),
    })


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    os.makedirs(out, exist_ok=True)
    t = table(rows)
    for version in ("1.0", "2.0"):
        for name, codec in CODECS.items():
            path = os.path.join(out, f"pyarrow-v{version[0]}-{name}.parquet")
            pq.write_table(t, path, compression=codec, row_group_size=1_000_000, data_page_size=1 << 20,
                           data_page_version=version, use_dictionary=["zone", "vendor_id", "passengers"])
            print(f"{path}: {os.path.getsize(path)} bytes (pyarrow {pa.__version__})")


if __name__ == "__main__":
    main()
