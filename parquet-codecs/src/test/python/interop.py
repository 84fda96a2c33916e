#!/usr/bin/env python3
"""The Python side of InteropTest: reads and writes Parquet files with pyarrow (Arrow C++), DuckDB and polars (Rust).

Usage: interop.py PLAN RESULTS

PLAN is a tab-separated file written by InteropTest.java:
    requirements <path>           the pinned requirements file; every pinned version must be the one installed
    dataset      <path>           the expected rows, as InteropDataset.writeJson writes them
    setting      <name> <value>   row_group_rows, page_bytes (the writers' settings), workers (processes)
    read         <id> <impl> <path>
    write        <id> <impl> <codec> <level or -> <V1|V2> <path>

Tasks run in `workers` processes, slowest first. RESULTS gets one tab-separated line "<id> <key> <value>" per fact,
flushed after every task so that a crash loses nothing already done:
    <id> status  ok | error
    <id> error   <exception type>: <message>           (status error)
    <id> rows    <row count>                            (read)
    <id> digest:<column> <sha256>                       (read) the canonical digest of InteropDataset.digest
    <id> nulls:<column> <null count>                    (read)
    <id> type:<column> <arrow type>                     (read)
    <id> mismatch <description>                         (read) the first differences from the expected rows
    <id> seconds <elapsed>
    _    version:<package> <version>

A read task compares the values it reads with the expected rows itself (reporting the first differences), and
reports per-column digests that the Java side compares with its own: the comparison is exact, doubles and floats by
their IEEE 754 bits, strings by their UTF-8 bytes, nulls by position.
"""

import concurrent.futures
import hashlib
import importlib.metadata
import json
import multiprocessing
import os
import struct
import sys
import time

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

ARROW_TYPES = {
    "int32": pa.int32(),
    "int64": pa.int64(),
    "float": pa.float32(),
    "double": pa.float64(),
    "boolean": pa.bool_(),
    "string": pa.string(),
}

# The option each implementation documents for a Parquet codec. A codec missing here is asked for by its lower-case
# name, so that a new codec reaches every implementation and its answer is recorded.
CODEC_OPTIONS = {
    "pyarrow": {"UNCOMPRESSED": "none"},
    "duckdb": {"UNCOMPRESSED": "uncompressed"},
    # polars has one LZ4 option, "lz4", and no "lz4_raw": both LZ4 codecs ask for "lz4", and the Java side checks in the
    # footer which codec the file really has.
    "polars": {"UNCOMPRESSED": "uncompressed", "LZ4_RAW": "lz4", "LZ4": "lz4"},
}


def codec_option(impl, codec):
    return CODEC_OPTIONS[impl].get(codec, codec.lower())


# ---- the expected rows -------------------------------------------------------------------------------------------


def load_dataset(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def dataset_table(dataset):
    """The expected rows as an Arrow table, floats and doubles rebuilt from their bits."""
    arrays, fields = [], []
    for column in dataset["columns"]:
        kind, values = column["type"], column["values"]
        if kind == "double":
            array = pa.array(values, pa.int64()).view(pa.float64())
        elif kind == "float":
            array = pa.array(values, pa.int32()).view(pa.float32())
        else:
            array = pa.array(values, ARROW_TYPES[kind])
        arrays.append(array)
        fields.append(pa.field(column["name"], array.type, nullable=not column["required"]))
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields))


# ---- canonical values and digests --------------------------------------------------------------------------------


def type_matches(kind, arrow_type):
    if kind == "string":
        return (
            pa.types.is_string(arrow_type)
            or pa.types.is_large_string(arrow_type)
            or pa.types.is_string_view(arrow_type)
        )
    return arrow_type == ARROW_TYPES[kind]


def canonical_values(kind, chunked):
    """Python values to compare: ints, bools, str, and the signed integer bits of floats and doubles."""
    array = chunked.combine_chunks() if isinstance(chunked, pa.ChunkedArray) else chunked
    if kind == "double":
        return array.view(pa.int64()).to_pylist()
    if kind == "float":
        return array.view(pa.int32()).to_pylist()
    return array.to_pylist()


_INT32 = struct.Struct(">Bi")
_INT64 = struct.Struct(">Bq")


def digest(kind, values):
    """SHA-256 of the canonical encoding of InteropDataset.digest (see there)."""
    out = bytearray()
    if kind in ("int32", "float"):
        for v in values:
            out += b"\x00" if v is None else _INT32.pack(1, v)
    elif kind in ("int64", "double"):
        for v in values:
            out += b"\x00" if v is None else _INT64.pack(1, v)
    elif kind == "boolean":
        for v in values:
            out += b"\x00" if v is None else (b"\x01\x01" if v else b"\x01\x00")
    elif kind == "string":
        for v in values:
            if v is None:
                out += b"\x00"
            else:
                utf8 = v.encode("utf-8")
                out += _INT32.pack(1, len(utf8))
                out += utf8
    else:
        raise ValueError("unknown column type " + kind)
    return hashlib.sha256(out).hexdigest()


def describe(value):
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# ---- the implementations -----------------------------------------------------------------------------------------


def read_pyarrow(path):
    return pq.read_table(path)


def read_duckdb(path):
    con = duckdb.connect()
    try:
        con.execute("SET preserve_insertion_order = true")
        return con.sql("SELECT * FROM read_parquet('%s')" % path.replace("'", "''")).to_arrow_table()
    finally:
        con.close()


def read_polars(path):
    return pl.read_parquet(path).to_arrow()


def write_pyarrow(table, path, codec, level, version, settings, dictionary_columns):
    options = dict(
        compression=codec_option("pyarrow", codec),
        row_group_size=settings["row_group_rows"],
        data_page_size=settings["page_bytes"],
        data_page_version={"V1": "1.0", "V2": "2.0"}[version],
        use_dictionary=dictionary_columns,
    )
    if level is not None:
        options["compression_level"] = level
    pq.write_table(table, path, **options)


def write_duckdb(table, path, codec, level, version, settings, dictionary_columns):
    # DuckDB has no page size or per-column dictionary option: it sizes pages and chooses dictionaries itself.
    options = [
        "FORMAT parquet",
        "COMPRESSION %s" % codec_option("duckdb", codec),
        "ROW_GROUP_SIZE %d" % settings["row_group_rows"],
        "PARQUET_VERSION %s" % version,
    ]
    if level is not None:
        options.append("COMPRESSION_LEVEL %d" % level)
    con = duckdb.connect()
    try:
        con.execute("SET preserve_insertion_order = true")
        con.register("expected_rows", table)
        con.execute("COPY expected_rows TO '%s' (%s)" % (path.replace("'", "''"), ", ".join(options)))
    finally:
        con.close()


def write_polars(table, path, codec, level, version, settings, dictionary_columns):
    # polars chooses dictionaries itself, and has no option for the data page version: asked for V2, this passes the
    # keyword pyarrow uses, so that polars itself says whether it takes one.
    options = dict(
        compression=codec_option("polars", codec),
        row_group_size=settings["row_group_rows"],
        data_page_size=settings["page_bytes"],
    )
    if version != "V1":
        options["data_page_version"] = "2.0"
    if level is not None:
        options["compression_level"] = level
    pl.from_arrow(table).write_parquet(path, **options)


READERS = {"pyarrow": read_pyarrow, "duckdb": read_duckdb, "polars": read_polars}
WRITERS = {"pyarrow": write_pyarrow, "duckdb": write_duckdb, "polars": write_polars}


# ---- tasks ------------------------------------------------------------------------------------------------------

_WORKER = {}


def init_worker(dataset_path, settings):
    """Loads the expected rows once per worker process."""
    dataset = load_dataset(dataset_path)
    table = dataset_table(dataset)
    _WORKER.update(
        dataset=dataset,
        table=table,
        settings=settings,
        expected={c["name"]: canonical_values(c["type"], table.column(c["name"])) for c in dataset["columns"]},
        dictionary_columns=[c["name"] for c in dataset["columns"] if c["dictionary"]],
    )


def run_read(facts, impl, path):
    dataset, expected = _WORKER["dataset"], _WORKER["expected"]
    table = READERS[impl](path)
    facts.append(("rows", table.num_rows))
    mismatches = []
    if table.num_rows != dataset["rows"]:
        mismatches.append("%d rows, expected %d" % (table.num_rows, dataset["rows"]))
    for column in dataset["columns"]:
        name, kind = column["name"], column["type"]
        if name not in table.column_names:
            mismatches.append("no column %s (columns: %s)" % (name, table.column_names))
            continue
        chunked = table.column(name)
        facts.append(("type:" + name, chunked.type))
        if not type_matches(kind, chunked.type):
            mismatches.append("column %s has type %s, expected %s" % (name, chunked.type, kind))
            continue
        values = canonical_values(kind, chunked)
        facts.append(("digest:" + name, digest(kind, values)))
        facts.append(("nulls:" + name, chunked.null_count))
        want = expected[name]
        if values != want:
            shown = 0
            for row in range(max(len(values), len(want))):
                got = values[row] if row < len(values) else "<missing>"
                exp = want[row] if row < len(want) else "<missing>"
                if got != exp or type(got) is not type(exp):
                    mismatches.append("%s row %d: expected %s, read %s" % (name, row, describe(exp), describe(got)))
                    shown += 1
                    if shown == 3:
                        break
    for text in mismatches[:12]:
        facts.append(("mismatch", text))


def run_write(impl, codec, level, version, path):
    if os.path.exists(path):
        os.remove(path)
    WRITERS[impl](_WORKER["table"], path, codec, level, version, _WORKER["settings"], _WORKER["dictionary_columns"])
    if not os.path.exists(path):
        raise RuntimeError("%s reported success but wrote no file" % impl)


def run_task(fields):
    """Runs one plan line; returns (task id, [(key, value)]). Every failure is a result for the Java side to judge."""
    facts = []
    start = time.monotonic()
    try:
        if fields[0] == "read":
            _, _, impl, path = fields
            run_read(facts, impl, path)
        else:
            _, _, impl, codec, level, version, path = fields
            run_write(impl, codec, None if level == "-" else int(level), version, path)
        facts.append(("status", "ok"))
    except Exception as e:  # noqa: BLE001
        facts.append(("status", "error"))
        facts.append(("error", "%s: %s" % (type(e).__name__, e)))
    facts.append(("seconds", "%.3f" % (time.monotonic() - start)))
    return fields[1], facts


def cost(fields):
    """A rough cost, to start the slowest tasks first."""
    if fields[0] == "read":
        return 1
    codec, level = fields[3], fields[4]
    if codec == "BROTLI":
        return 20
    if level != "-" and int(level) >= 15:
        return 10
    return 2


class Results:
    def __init__(self, path):
        self.file = open(path, "w", encoding="utf-8")

    def put(self, task_id, key, value):
        text = str(value).replace("\t", " ").replace("\r", " ").replace("\n", " | ")
        self.file.write("%s\t%s\t%s\n" % (task_id, key, text))

    def put_all(self, task_id, facts):
        for key, value in facts:
            self.put(task_id, key, value)
        self.file.flush()


def check_requirements(path, results):
    """Every pinned package must be installed at its pinned version: the matrix is only valid for those."""
    wrong = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, _, pinned = line.partition("==")
            name = name.strip()
            try:
                installed = importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                installed = None
            results.put("_", "version:" + name, installed)
            if installed != pinned.strip():
                wrong.append("%s is %s, %s pins %s" % (name, installed, path, pinned.strip()))
    results.put("_", "version:python", sys.version.split()[0])
    results.file.flush()
    if wrong:
        raise SystemExit("interop.py: " + "; ".join(wrong) + ". Run dev/python-env to rebuild .venv.")


def main(argv):
    if len(argv) != 3:
        raise SystemExit(__doc__)
    plan_path, results_path = argv[1], argv[2]
    results = Results(results_path)
    dataset_path = None
    settings = {}
    tasks = []
    with open(plan_path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "requirements":
                check_requirements(fields[1], results)
            elif fields[0] == "dataset":
                dataset_path = fields[1]
            elif fields[0] == "setting":
                settings[fields[1]] = int(fields[2])
            elif fields[0] in ("read", "write"):
                tasks.append(fields)
            elif fields[0]:
                raise SystemExit("interop.py: unknown plan line " + line)
    tasks.sort(key=cost, reverse=True)
    workers = max(1, settings.get("workers", 1))
    if workers == 1:
        init_worker(dataset_path, settings)
        for fields in tasks:
            results.put_all(*run_task(fields))
        return
    # processes, not threads: the checks are Python code. spawn, not fork: the libraries run thread pools.
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=context, initializer=init_worker, initargs=(dataset_path, settings)
    ) as pool:
        futures = {pool.submit(run_task, fields): fields for fields in tasks}
        for future in concurrent.futures.as_completed(futures):
            try:
                task_id, facts = future.result()
            except Exception as e:  # noqa: BLE001 - a worker died (a crash in a library): say so for its task
                task_id = futures[future][1]
                facts = [("status", "error"), ("error", "worker process failed: %s: %s" % (type(e).__name__, e))]
            results.put_all(task_id, facts)


if __name__ == "__main__":
    main(sys.argv)
