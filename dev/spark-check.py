"""Spark local[2] writes and reads Parquet with every codec; run once per Spark installation (see dev/spark-check).

  spark-check.py MODE DIR phase...   MODE: stock, patched or hadoop-codecs (stock Spark with the jars of
                                     SPARK_CHECK_JARS in spark.jars, whose other side is the library); phases: write
                                     (write and read back its own files), cross (read the files the other side
                                     wrote); prints one JSON line per check to stdout
"""
import json
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

CODECS = ["none", "uncompressed", "snappy", "gzip", "lzo", "brotli", "lz4", "lz4_raw", "zstd"]
ROWS = 20000


def frame(spark):
    """Deterministic rows of ints, longs, doubles, strings and nulls, a function of the id alone."""
    df = spark.range(ROWS, numPartitions=2)
    return df.select(
        F.col("id"),
        (F.col("id") % 1000).cast("int").alias("small"),
        (F.col("id") * 2654435761 % 1000003).alias("big"),
        (F.col("id") / 7.0).alias("ratio"),
        F.when(F.col("id") % 5 == 0, F.lit(None)).otherwise(F.concat(F.lit("name-"), (F.col("id") % 97).cast("string"))).alias("name"),
        F.when(F.col("id") % 3 == 0, F.lit(None)).otherwise(F.col("id") * 1.5).alias("maybe"),
        F.sha2(F.col("id").cast("string"), 256).alias("digest"),
    )


def digest(df):
    row = df.select(F.count(F.lit(1)).alias("rows"), F.sum(F.xxhash64(*df.columns).cast("decimal(38,0)")).alias("hash")).collect()[0]
    return int(row["rows"]), int(row["hash"] or 0)


def first_line(e):
    """The root cause of a Spark failure when it names a missing class, else the first line with an exception."""
    import re

    missing = re.search(r"(ClassNotFoundException|NoClassDefFoundError): [\w.$/]+", str(e))
    if missing:
        return missing.group(0)
    text = str(e).strip().splitlines()
    for line in text:
        if "Exception" in line or "Error" in line:
            return line.strip()[:300]
    return (text[0] if text else repr(e))[:300]


def main():
    mode, out, phases = sys.argv[1], sys.argv[2], sys.argv[3:]
    other = {"stock": "patched", "patched": "stock", "hadoop-codecs": "library"}[mode]
    builder = SparkSession.builder.master("local[2]").appName("spark-check-" + mode)
    if os.environ.get("SPARK_CHECK_JARS"):
        builder = builder.config("spark.jars", os.environ["SPARK_CHECK_JARS"])
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    jvm = spark._jvm
    version = jvm.org.apache.parquet.Version.FULL_VERSION
    # stock CodecFactory compresses through Hadoop codecs in a HeapBytesCompressor; the patched one calls zstd-jni
    factory = jvm.org.apache.parquet.hadoop.CodecFactory(jvm.org.apache.hadoop.conf.Configuration(), 0)
    zstd = factory.getCompressor(jvm.org.apache.parquet.hadoop.metadata.CompressionCodecName.ZSTD)
    direct = not zstd.getClass().getName().endswith("HeapBytesCompressor")
    factory.release()
    print(json.dumps({"mode": mode, "parquet": version, "direct_codecs": direct}), flush=True)
    expected = digest(frame(spark))
    print(json.dumps({"mode": mode, "expected_rows": expected[0], "expected_hash": expected[1]}), flush=True)
    for codec in CODECS:
        if "write" in phases:
            path = "%s/%s/%s" % (out, mode, codec)
            result = {"mode": mode, "check": "write+read", "codec": codec}
            try:
                frame(spark).write.mode("overwrite").option("compression", codec).parquet(path)
                got = digest(spark.read.parquet(path))
                result.update(rows=got[0], hash=got[1], ok=got == expected)
            except Exception as e:  # a codec this installation cannot do: reported, judged by dev/spark-check
                result.update(ok=False, error=first_line(e))
            print(json.dumps(result), flush=True)
        if "cross" in phases:
            path = "%s/%s/%s" % (out, other, codec)
            result = {"mode": mode, "check": "reads " + other + "'s", "codec": codec}
            try:
                got = digest(spark.read.parquet(path))
                result.update(rows=got[0], hash=got[1], ok=got == expected)
            except Exception as e:
                result.update(ok=False, error=first_line(e))
            print(json.dumps(result), flush=True)
    spark.stop()


if __name__ == "__main__":
    main()
