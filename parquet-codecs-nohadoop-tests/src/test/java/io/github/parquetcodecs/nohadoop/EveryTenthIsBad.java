package io.github.parquetcodecs.nohadoop;

import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.io.api.RecordMaterializer.RecordMaterializationException;
import org.apache.parquet.schema.MessageType;

/**
 * Example groups, except that every tenth record fails to materialise. Kept out of the test classes: listing its
 * methods, as a test runner does for the classes it is given, loads Hadoop's {@code Configuration} through the
 * signatures it inherits from {@code GroupReadSupport}.
 */
final class EveryTenthIsBad extends GroupReadSupport {
    @Override
    public RecordMaterializer<Group> prepareForRead(
            ParquetConfiguration conf,
            Map<String, String> keyValueMetaData,
            MessageType fileSchema,
            ReadContext readContext) {
        // What GroupReadSupport returns; calling super.prepareForRead would not compile without Hadoop, as javac
        // must rule out the overload that takes a Hadoop Configuration.
        RecordMaterializer<Group> groups = new GroupRecordConverter(readContext.getRequestedSchema());
        return new RecordMaterializer<Group>() {
            @Override
            public Group getCurrentRecord() {
                Group group = groups.getCurrentRecord();
                if (group.getLong("id", 0) % 10 == 0) {
                    throw new RecordMaterializationException("bad record " + group.getLong("id", 0));
                }
                return group;
            }

            @Override
            public GroupConverter getRootConverter() {
                return groups.getRootConverter();
            }
        };
    }
}
