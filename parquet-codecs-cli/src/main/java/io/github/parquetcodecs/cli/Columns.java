package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/** Column paths of a file, and the error for a path that is not one of them. */
final class Columns {
    private Columns() {}

    static Set<String> paths(ParquetMetadata footer) {
        Set<String> paths = new LinkedHashSet<>();
        for (ColumnDescriptor column : footer.getFileMetaData().getSchema().getColumns()) {
            paths.add(String.join(".", column.getPath()));
        }
        return paths;
    }

    /** The leaf columns {@code path} names: itself, or every leaf of the group it names. */
    static List<String> leaves(String path, Set<String> known) {
        List<String> leaves = new ArrayList<>();
        for (String leaf : known) {
            if (leaf.equals(path) || leaf.startsWith(path + ".")) {
                leaves.add(leaf);
            }
        }
        return leaves;
    }

    static String unknown(String file, String column, Set<String> known) {
        String list = String.join(", ", known);
        if (list.length() > 300) {
            list = list.substring(0, 300) + "...";
        }
        return file + ": no column '" + column + "' (its columns: " + list + ")";
    }
}
