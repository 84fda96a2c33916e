#!/usr/bin/env python3
"""Rewrites for the master series (dev/upstream-generate-master).

  transform.py codec SRC DEST               a class of the library's internal package, for parquet-java master
  transform.py glue SRC DEST                a glue file of src/upstream/glue/, for parquet-java master
  transform.py codec-before-knobs SRC DEST  the same, as of commits 2 to 4: without the two keys of commit 5
  transform.py glue-before-knobs SRC DEST   (parquet.compression.codec.native, ...max.decompressed.page.size)
  transform.py glue-before-direct SRC DEST  CodecFactory as of commit 2, before DirectCodecFactory and the keys

Every rewrite must apply where it is meant to (checked), so that a change in the library that makes one obsolete
stops the generator.
"""
import re
import sys

PACKAGE = "org.apache.parquet.hadoop"
LICENSE = """/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *   http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing,
 * software distributed under the License is distributed on an
 * "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY
 * KIND, either express or implied.  See the License for the
 * specific language governing permissions and limitations
 * under the License.
 */
"""


def must(pattern, repl, s, name, count=0, flags=0):
    out, n = re.subn(pattern, repl, s, count=count, flags=flags)
    if n == 0:
        sys.exit(f"transform.py: '{pattern}' no longer applies to {name}: update the rewrite")
    return out


def codec(s, name):
    s = must(r"^package io\.github\.parquetcodecs\.internal;", f"package {PACKAGE};", s, name, flags=re.M)
    # no new public type: every top-level type is package-private, beside CodecFactory
    s = re.sub(r"^public ((?:final |abstract )?(?:class|interface|enum) )", r"\1", s, flags=re.M)
    s = s.replace('"parquet.codecs.', '"parquet.compression.codec.')
    s = s.replace("an optional dependency of parquet-codecs", "an optional dependency of parquet-hadoop")
    s = s.replace("stock parquet-java", "parquet-java")
    if name == "Lz4RawCodec.java":
        s = strip_lz4_java(s, name)
    if name == "Lz4Codec.java":
        s = must(r"\n\s*HadoopBlockFraming\.framed\(Lz4RawCodec\.LZ4_JAVA, [^\n]*\n", "\n", s, name)
    if name == "Codec.java":
        s = must(r"\(LZ4 and LZ4_RAW share\n\s*\* lz4-java; the native", "(the native", s, name)
    if name == "NativeMode.java":
        s = must(r"zstd-jni for ZSTD, and lz4-java for LZ4 and LZ4_RAW when the\n\s*\*\s*optional lz4-java is on the class path;",
                 "zstd-jni for ZSTD;", s, name)
    if re.search(r"io\.github|parquetcodecs|parquet-codecs|HadoopFreeCodecFactory|jpountz|LZ4_JAVA", s):
        sys.exit(f"transform.py: {name} still refers to the library or lz4-java: add a rewrite")
    return LICENSE + s


def strip_lz4_java(s, name):
    """LZ4_RAW on master: aircompressor only (no lz4-java dependency)."""
    s = must(r"import net\.jpountz\.lz4\.\w+;\n", "", s, name)
    s = must(r"\n    /\*\* lz4-java at a version[^\n]*\n    static final String COORDINATES = [^\n]*\n", "\n", s, name)
    s = must(r"    static final Engine LZ4_JAVA = new Engine\(.*?\n    \};\n\n", "", s, name, flags=re.S)
    s = must(r"Arrays\.asList\(NativeTier\.LZ4_RAW, LZ4_JAVA, AIRCOMPRESSOR\)",
             "Arrays.asList(NativeTier.LZ4_RAW, AIRCOMPRESSOR)", s, name)
    s = must(r"\n\n    /\*\* Whether lz4-java is on the class path.*\n\}\n$", "\n}\n", s, name, flags=re.S)
    s = must(r" \* <p>lz4-java's JNI build.*?\n \*\n", " * <p>aircompressor's pure-Java LZ4.\n *\n", s, name,
             flags=re.S)
    return s


def glue(s, name):
    if "codec.direct" in s:
        sys.exit(f"transform.py: {name} still names org.apache.parquet.hadoop.codec.direct: add a rewrite")
    return s


def codec_factory_before_direct(s, name):
    """CodecFactory as of the second commit, while DirectCodecFactory is still the stock one: without
    createDirectCodecFactory(ParquetConfiguration, ...), which needs the third commit's DirectCodecFactory, and with
    the stock DirectCodecFactory's validateZstdLevel(int)."""
    s = must(r"\n  /\*\*\n(?:   \*[^\n]*\n)*?   \* that will work natively with ByteBuffers backed by direct memory, without Hadoop\.\n"
             r".*?\n  public static CodecFactory createDirectCodecFactory\(\n      ParquetConfiguration config.*?\n  \}\n",
             "\n", s, name, count=1, flags=re.S)
    s = must(r"\n  private BytesCompressor compressorFor\(",
             "\n  /** The level check of {@link #getCompressor(CompressionCodecName, int)} for ZSTD. */\n"
             "  static void validateZstdLevel(int level) {\n"
             "    Codecs.of(CompressionCodecName.ZSTD).levels().validate(level);\n"
             "  }\n\n  private BytesCompressor compressorFor(", s, name, count=1)
    return s


def before_knobs(s, name):
    """Commits 2 to 4 do not read the two optional keys that commit 5 adds: the native mode is auto (native
    libraries, with the pure-Java fallback) and the largest page is the largest Java array. Commit 5 is the
    difference: the keys read, their test and their README entries."""
    if name == "CodecSettings.java":
        s = must(r"the codecs' own keys, the native mode and the largest page\.", "and the codecs' own keys.", s, name)
        s = must(r"\n        read\(conf, MAX_DECOMPRESSED_PAGE_SIZE\);\n        String mode = conf\.get\(NATIVE_MODE\);\n"
                 r"        nativeMode = mode == null \? NativeMode\.AUTO : NativeMode\.parse\(mode\);",
                 "\n        nativeMode = NativeMode.AUTO;", s, name)
        s = must(r"(    public int maxDecompressedPageSize\(\) \{\n).*?\n    \}\n",
                 r"\1        return DEFAULT_MAX_DECOMPRESSED_PAGE_SIZE;\n    }\n", s, name, count=1, flags=re.S)
    elif name == "CodecFactory.java":
        s = must(r" and\n \* \{@code compression\.brotli\.quality\}; \{@code parquet\.compression\.codec\.native\}.*?"
                 r"refuses larger pages before allocating them\.",
                 " and\n * {@code compression.brotli.quality}.", s, name, count=1, flags=re.S)
    elif name == "TestDirectCodecs.java":
        for test in ("pagesAboveTheConfiguredMaximumAreRefused", "nativeModeChoosesTheImplementation"):
            s = must(r"\n  @Test\n  public void " + test + r"\(\).*?\n  \}\n", "\n", s, name, count=1, flags=re.S)
    else:
        sys.exit(f"transform.py: {name} has nothing before commit 5")
    return s


if __name__ == "__main__":
    kind, src, dest = sys.argv[1:4]
    text = open(src, encoding="utf-8").read()
    base = src.rsplit("/", 1)[-1]
    if kind == "codec":
        text = codec(text, base)
    elif kind == "codec-before-knobs":
        text = before_knobs(codec(text, base), base)
    elif kind == "glue":
        text = glue(text, base)
    elif kind == "glue-before-knobs":
        text = before_knobs(glue(text, base), base)
    elif kind == "glue-before-direct":  # CodecFactory in the second commit
        text = before_knobs(codec_factory_before_direct(glue(text, base), base), base)
    else:
        sys.exit(f"transform.py: unknown kind {kind}")
    open(dest, "w", encoding="utf-8").write(text)
