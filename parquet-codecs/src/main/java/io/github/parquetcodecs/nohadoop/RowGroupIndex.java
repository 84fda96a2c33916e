package io.github.parquetcodecs.nohadoop;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * The index of the row group a {@code ParquetFileReader} reads next: {@code getCurrentRowGroupIndex() + 1} on
 * parquet-java 1.18 and later, its private {@code currentBlock} before (1.14 to 1.17 have no public accessor; the
 * field has that name and meaning in all of them). {@code -1} when neither can be reached.
 */
final class RowGroupIndex {
    private RowGroupIndex() {}

    private static final MethodHandle CURRENT = find();

    private static MethodHandle find() {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            MethodHandle current = lookup.findVirtual(
                    ParquetFileReader.class, "getCurrentRowGroupIndex", MethodType.methodType(int.class));
            return MethodHandles.filterReturnValue(
                    current,
                    lookup.findStatic(RowGroupIndex.class, "plusOne", MethodType.methodType(int.class, int.class)));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            // parquet-java before 1.18
        }
        try {
            Field field = ParquetFileReader.class.getDeclaredField("currentBlock");
            field.setAccessible(true);
            return lookup.unreflectGetter(field);
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            return null; // a parquet-java that renamed it, or a module that does not open it
        }
    }

    private static int plusOne(int index) {
        return index + 1;
    }

    /** The index in {@code reader.getRowGroups()} of the row group that {@code readNextRowGroup()} reads. */
    static int next(ParquetFileReader reader) {
        if (CURRENT == null) {
            return -1;
        }
        try {
            return (int) CURRENT.invoke(reader);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            return -1; // a getter throws no checked exception
        }
    }
}
