/**
 * The codecs behind {@link io.github.parquetcodecs.HadoopFreeCodecFactory}.
 *
 * <p>Not API: the classes here are public only so that the library's other packages can use them, and may change in
 * any release without notice. Use {@code HadoopFreeCodecFactory}, {@code CompressionLevels} and {@code NativeMode}.
 */
package io.github.parquetcodecs.internal;
