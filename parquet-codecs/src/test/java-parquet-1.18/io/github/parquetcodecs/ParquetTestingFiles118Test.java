package io.github.parquetcodecs;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parquet-testing files that parquet-java reads from 1.18 on ({@link ParquetTestingFilesTest#READ_FROM_PARQUET_1_18}),
 * with the checks of {@link ParquetTestingFilesTest}. Only compiled and run against parquet-java 1.18 (see the
 * parquet-1.18-tests profile in the module's pom).
 */
class ParquetTestingFiles118Test {
    static Stream<String> files() {
        return ParquetTestingFilesTest.READ_FROM_PARQUET_1_18.stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void ourFactoryReadsExactlyWhatStockReads(String name) throws IOException {
        ParquetTestingFilesTest.readsExactlyWhatStockReads(name);
    }
}
