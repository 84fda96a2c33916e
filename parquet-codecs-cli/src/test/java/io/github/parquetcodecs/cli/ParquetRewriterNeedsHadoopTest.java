package io.github.parquetcodecs.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.rewrite.ParquetRewriter;
import org.apache.parquet.hadoop.rewrite.RewriteOptions;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why {@code rewrite} transcodes pages itself ({@link Transcoder}): parquet-java's {@code ParquetRewriter} fails without
 * Hadoop even when given only {@code InputFile}, {@code OutputFile} and a {@code PlainParquetConfiguration}. If a
 * parquet-java release fixes that, this test fails, and the command could switch to it.
 */
class ParquetRewriterNeedsHadoopTest {
    @TempDir
    Path dir;

    @Test
    void parquetRewriterLoadsHadoopWithInputAndOutputFiles() {
        CliRun.assertNoHadoop();
        InputFile in = new LocalInputFile(CliRun.testing("alltypes_plain.snappy.parquet"));
        OutputFile out = new LocalOutputFile(dir.resolve("out.parquet"));
        // method handles: javac cannot choose among these overloads (some take Hadoop types) without Hadoop
        NoClassDefFoundError error = assertThrows(NoClassDefFoundError.class, () -> {
            RewriteOptions.Builder builder = (RewriteOptions.Builder) MethodHandles.publicLookup()
                    .findConstructor(
                            RewriteOptions.Builder.class,
                            MethodType.methodType(
                                    void.class, ParquetConfiguration.class, InputFile.class, OutputFile.class))
                    .invoke(new PlainParquetConfiguration(), in, out);
            RewriteOptions options =
                    builder.transform(CompressionCodecName.ZSTD).build();
            ParquetRewriter rewriter = (ParquetRewriter) MethodHandles.publicLookup()
                    .findConstructor(ParquetRewriter.class, MethodType.methodType(void.class, RewriteOptions.class))
                    .invoke(options);
            rewriter.processBlocks();
            rewriter.close();
        });
        assertTrue(error.getMessage().startsWith("org/apache/hadoop/"), error.getMessage());
    }
}
