package test.avro;

import java.util.List;
import java.util.Objects;
import org.apache.avro.reflect.Nullable;

/** A plain Java class, written and read through Avro reflection. */
public class Order {
    long id;
    String customer;
    double amount;
    List<String> items;

    @Nullable
    String coupon;

    public Order() {}

    public Order(long id, String customer, double amount, List<String> items, String coupon) {
        this.id = id;
        this.customer = customer;
        this.amount = amount;
        this.items = items;
        this.coupon = coupon;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Order)) {
            return false;
        }
        Order other = (Order) o;
        return id == other.id
                && Double.compare(amount, other.amount) == 0
                && customer.equals(other.customer)
                && items.equals(other.items)
                && Objects.equals(coupon, other.coupon);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return "Order{" + id + ", " + customer + ", " + amount + ", " + items + ", " + coupon + "}";
    }
}
