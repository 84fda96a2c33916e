package io.github.parquetcodecs.nohadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The precondition of every test class here: no Hadoop class can be loaded, and no Hadoop jar is on the class path. */
final class NoHadoop {
    static final List<String> HADOOP_CLASSES = List.of(
            "org.apache.hadoop.conf.Configuration",
            "org.apache.hadoop.fs.Path",
            "org.apache.hadoop.mapreduce.lib.input.FileInputFormat",
            "org.apache.hadoop.io.compress.CompressionCodec");

    private NoHadoop() {}

    static void assertAbsent() {
        for (String name : HADOOP_CLASSES) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name + " must not be loadable");
            assertThrows(
                    ClassNotFoundException.class,
                    () -> Class.forName(name, false, NoHadoop.class.getClassLoader()),
                    name + " must not be loadable");
        }
        List<String> hadoopJars = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> Paths.get(entry).getFileName().toString())
                .filter(name -> name.startsWith("hadoop-"))
                .collect(Collectors.toList());
        assertEquals(List.of(), hadoopJars, "Hadoop jars on the class path");
    }
}
