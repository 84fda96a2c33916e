"""Prints the rows of a Parquet file of TestRows, one per line, as TestRows.line does: id, small, the raw bits of
ratio, name or null, digest, tab separated.

  read_rows.py pyarrow|duckdb FILE
"""
import struct
import sys


def bits(x):
    return struct.unpack("<q", struct.pack("<d", x))[0]


def emit(rows):
    out = sys.stdout
    for id_, small, ratio, name, digest in rows:
        out.write("%d\t%d\t%d\t%s\t%s\n" % (id_, small, bits(ratio), "null" if name is None else name, digest))


def main():
    reader, path = sys.argv[1], sys.argv[2]
    if reader == "pyarrow":
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        columns = [table.column(c).to_pylist() for c in ("id", "small", "ratio", "name", "digest")]
        emit(zip(*columns))
    elif reader == "duckdb":
        import duckdb

        con = duckdb.connect()
        emit(con.execute("SELECT id, small, ratio, name, digest FROM read_parquet(?) ORDER BY id", [path]).fetchall())
    else:
        sys.exit("unknown reader " + reader)


if __name__ == "__main__":
    main()
