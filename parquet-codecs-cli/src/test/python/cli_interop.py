"""Python side of PythonInteropTest: files written by pyarrow and DuckDB, their metadata as pyarrow sees it, and
whether two files hold the same data for pyarrow and for DuckDB.

    cli_interop.py write DIR          writes the files, prints {"name": rows, ...}
    cli_interop.py meta FILE...       prints pyarrow's view of each footer (or its error)
    cli_interop.py compare A B ...    pairs of files: prints, per pair, what pyarrow and DuckDB say

Output is one JSON document on stdout. Uses the pinned environment of dev/interop-requirements.txt.
"""
import json
import math
import struct
import sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

ROWS = 20_000
ROW_GROUP_ROWS = 5_000


def table():
    ids = list(range(ROWS))
    doubles = [None if i % 97 == 0 else (float("nan") if i % 331 == 0 else i * 1.25 - 7000) for i in ids]
    words = ["alpha", "beta", "gamma", "delta", "epsilon"]
    base = datetime(2024, 1, 1, tzinfo=timezone.utc)
    return pa.table(
        {
            "id": pa.array(ids, pa.int64()),
            "small": pa.array([i % 7 for i in ids], pa.int32()),
            "amount": pa.array(doubles, pa.float64()),
            "word": pa.array([None if i % 50 == 0 else words[i % 5] for i in ids], pa.string()),
            "text": pa.array([f"row {i} of {ROWS}: {words[(i * 7) % 5]}" for i in ids], pa.string()),
            "flag": pa.array([i % 3 == 0 for i in ids], pa.bool_()),
            "when": pa.array([base + timedelta(seconds=i * 37) for i in ids], pa.timestamp("us", tz="UTC")),
            "price": pa.array([Decimal(i) / 100 for i in ids], pa.decimal128(12, 2)),
            "tags": pa.array([[i % 5, i % 11] if i % 4 else [] for i in ids], pa.list_(pa.int32())),
            "point": pa.array(
                [{"x": i % 100, "label": words[i % 5]} if i % 9 else None for i in ids],
                pa.struct([("x", pa.int32()), ("label", pa.string())]),
            ),
        }
    )


def write(directory):
    t = table()
    rows = {}
    pq.write_table(
        t,
        f"{directory}/pyarrow_snappy_v1.parquet",
        compression="snappy",
        row_group_size=ROW_GROUP_ROWS,
        data_page_version="1.0",
        data_page_size=16 * 1024,
        write_page_index=True,
        write_page_checksum=True,
        bloom_filter_options={"id": {"ndv": ROWS, "fpp": 0.05}, "text": True},
    )
    rows["pyarrow_snappy_v1.parquet"] = ROWS
    pq.write_table(
        t,
        f"{directory}/pyarrow_zstd_v2.parquet",
        compression="zstd",
        row_group_size=ROW_GROUP_ROWS,
        data_page_version="2.0",
        use_dictionary=["word", "small"],
    )
    rows["pyarrow_zstd_v2.parquet"] = ROWS
    con = duckdb.connect()
    con.register("t", t)
    con.execute(
        f"COPY t TO '{directory}/duckdb_gzip.parquet' (FORMAT parquet, COMPRESSION gzip, ROW_GROUP_SIZE {ROW_GROUP_ROWS})"
    )
    rows["duckdb_gzip.parquet"] = ROWS
    con.execute(
        f"COPY (SELECT i AS id, i % 13 AS k, 'v' || (i % 101) AS s, [i, i + 1] AS pair FROM range({ROWS}) r(i)) "
        f"TO '{directory}/duckdb_zstd.parquet' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE {ROW_GROUP_ROWS})"
    )
    rows["duckdb_zstd.parquet"] = ROWS
    # no rows: pyarrow writes one row group of 0 rows
    pq.write_table(t.slice(0, 0), f"{directory}/pyarrow_empty.parquet", compression="snappy")
    rows["pyarrow_empty.parquet"] = 0
    return rows


CODECS = {"LZ4": "LZ4_RAW", "UNKNOWN": "LZ4", "LZ4_HADOOP": "LZ4"}


def meta(path):
    try:
        m = pq.ParquetFile(path).metadata
    except Exception as e:  # noqa: BLE001 - the error is the result
        return {"error": f"{type(e).__name__}: {e}"}
    columns = []
    for rg in range(m.num_row_groups):
        group = m.row_group(rg)
        for c in range(group.num_columns):
            col = group.column(c)
            columns.append(
                {
                    "row_group": rg,
                    "path": col.path_in_schema,
                    "codec": CODECS.get(col.compression, col.compression),
                    "compressed_bytes": col.total_compressed_size,
                    "uncompressed_bytes": col.total_uncompressed_size,
                }
            )
    return {
        "rows": m.num_rows,
        "row_groups": m.num_row_groups,
        "created_by": m.created_by,
        "columns": columns,
    }


def normalize(value):
    """Values compared exactly: floats by their bits (so NaN equals NaN), containers recursively."""
    if isinstance(value, float):
        return ("float", struct.pack("<d", value).hex())
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalize(v) for v in value]
    return value


def pyarrow_verdict(a, b):
    try:
        ta = pq.read_table(a)
    except Exception as e:  # noqa: BLE001
        try:
            pq.read_table(b)
            return f"differs: only the input fails: {type(e).__name__}: {e}"
        except Exception as e2:  # noqa: BLE001
            same = f"{type(e).__name__}: {e}" == f"{type(e2).__name__}: {e2}"
            return f"both fail: {type(e).__name__}: {e}" if same else f"differs: other errors: {e} / {e2}"
    tb = pq.read_table(b)
    if not ta.schema.equals(tb.schema, check_metadata=False):
        return f"differs: schema {ta.schema} vs {tb.schema}"
    # the key-value metadata must be the input's, plus the writer of the input under original.created.by
    meta_a = dict(pq.ParquetFile(a).metadata.metadata or {})
    meta_b = dict(pq.ParquetFile(b).metadata.metadata or {})
    created_by = pq.ParquetFile(a).metadata.created_by
    if created_by:
        if meta_b.pop(b"original.created.by", None) != created_by.encode():
            return "differs: original.created.by is not the input's created_by"
    if meta_a != meta_b:
        return f"differs: key-value metadata {meta_a} vs {meta_b}"
    if ta.num_rows != tb.num_rows:
        return f"differs: {ta.num_rows} vs {tb.num_rows} rows"
    if ta.equals(tb):
        return "equal"
    # Table.equals calls NaN unequal to NaN: compare the values as Python objects, floats by their bits
    try:
        la, lb = normalize(ta.to_pylist()), normalize(tb.to_pylist())
    except Exception as e:  # noqa: BLE001
        return f"differs: Table.equals is false and the values cannot be listed: {type(e).__name__}: {e}"
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"differs: row {i}: {x} vs {y}"
    return "equal"


def duckdb_verdict(a, b):
    """Both files loaded into DuckDB tables (every value decoded), then EXCEPT ALL both ways and the column types."""
    con = duckdb.connect()
    try:
        con.execute(f"CREATE TABLE ta AS SELECT * FROM read_parquet('{a}')")
    except Exception as e:  # noqa: BLE001
        try:
            con.execute(f"CREATE TABLE tb AS SELECT * FROM read_parquet('{b}')")
            return f"differs: only the input fails: {e}"
        except Exception as e2:  # noqa: BLE001
            return f"both fail: {e}" if str(e) == str(e2) else f"differs: other errors: {e} / {e2}"
    con.execute(f"CREATE TABLE tb AS SELECT * FROM read_parquet('{b}')")
    na = con.execute("SELECT count(*) FROM ta").fetchone()[0]
    nb = con.execute("SELECT count(*) FROM tb").fetchone()[0]
    if na != nb:
        return f"differs: {na} vs {nb} rows"
    for x, y in (("ta", "tb"), ("tb", "ta")):
        extra = con.execute(f"SELECT count(*) FROM (SELECT * FROM {x} EXCEPT ALL SELECT * FROM {y})").fetchone()[0]
        if extra:
            return f"differs: {extra} rows of {x} not in {y}"
    types_a = con.execute("DESCRIBE ta").fetchall()
    types_b = con.execute("DESCRIBE tb").fetchall()
    if types_a != types_b:
        changes = [f"{x[0]}: {x[1]} => {y[1]}" for x, y in zip(types_a, types_b) if x != y]
        return "values equal, types differ: " + " | ".join(changes)
    return "equal"


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "write":
        result = write(args[0])
    elif command == "meta":
        result = {path: meta(path) for path in args}
    elif command == "compare":
        result = {}
        for a, b in zip(args[0::2], args[1::2]):
            result[b] = {"pyarrow": pyarrow_verdict(a, b), "duckdb": duckdb_verdict(a, b)}
    else:
        raise SystemExit(f"unknown command {command}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
