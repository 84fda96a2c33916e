package test.avro;

import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;

/** A specific record written by hand the way avro-tools generates one (schema, get, put). */
public class Trade extends SpecificRecordBase {
    public static final Schema SCHEMA$ = new Schema.Parser()
            .parse("{\"type\":\"record\",\"name\":\"Trade\",\"namespace\":\"test.avro\",\"fields\":["
                    + "{\"name\":\"id\",\"type\":\"long\"},"
                    + "{\"name\":\"symbol\",\"type\":{\"type\":\"string\",\"avro.java.string\":\"String\"}},"
                    + "{\"name\":\"price\",\"type\":\"double\"},"
                    + "{\"name\":\"note\",\"type\":[\"null\",{\"type\":\"string\",\"avro.java.string\":\"String\"}],"
                    + "\"default\":null}]}");

    private long id;
    private String symbol;
    private double price;
    private String note;

    public Trade() {}

    public Trade(long id, String symbol, double price, String note) {
        this.id = id;
        this.symbol = symbol;
        this.price = price;
        this.note = note;
    }

    public static Schema getClassSchema() {
        return SCHEMA$;
    }

    @Override
    public Schema getSchema() {
        return SCHEMA$;
    }

    @Override
    public Object get(int field) {
        switch (field) {
            case 0:
                return id;
            case 1:
                return symbol;
            case 2:
                return price;
            case 3:
                return note;
            default:
                throw new IndexOutOfBoundsException("field " + field);
        }
    }

    @Override
    public void put(int field, Object value) {
        switch (field) {
            case 0:
                id = (Long) value;
                break;
            case 1:
                symbol = value == null ? null : value.toString();
                break;
            case 2:
                price = (Double) value;
                break;
            case 3:
                note = value == null ? null : value.toString();
                break;
            default:
                throw new IndexOutOfBoundsException("field " + field);
        }
    }
}
