/*
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

/**
 * Page codecs that call the compression libraries directly, without Hadoop's {@code CompressionCodec}:
 * snappy-java and zstd-jni (with aircompressor's pure-Java SNAPPY and ZSTD when their native libraries
 * cannot load), aircompressor for LZ4_RAW and for the LZ4 and LZO blocks inside Hadoop's block framing,
 * {@code java.util.zip} for GZIP and brotli4j, an optional dependency, for BROTLI. They serve
 * {@link org.apache.parquet.hadoop.CodecFactory} and the direct codec factory.
 *
 * <p>Internal: not a public API, and free to change in any release. Use
 * {@link org.apache.parquet.hadoop.CodecFactory} instead.
 */
package org.apache.parquet.hadoop.codec.direct;
