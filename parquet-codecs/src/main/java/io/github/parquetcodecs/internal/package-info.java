/**
 * The codecs behind {@link io.github.parquetcodecs.HadoopFreeCodecFactory}.
 *
 * <p>Not API: the classes here are public only so that the library's other packages can use them, and may change in
 * any release without notice. Use {@code HadoopFreeCodecFactory} and {@code
 * CompressionLevels}. ARCHITECTURE.md at the repository root describes the layers.
 */
package io.github.parquetcodecs.internal;
