package com.acme.shop.service;

import com.acme.shop.model.*;
import java.util.function.Function;
import java.util.logging.Logger;

import static com.acme.shop.model.Entity.TABLE_PREFIX;

/** Marks a method whose calls are written to the audit log. */
@interface Audited {
    String value() default "";
}

public class OrderService {
    private static final Logger LOG = Logger.getLogger("orders");
    private final Function<Long, Order> factory = Order::new;

    @Audited("checkout")
    public Order checkout(long id) {
        Order order = factory.apply(id);
        order.add("sku-1", 2);
        if (order.validate()) {
            order.pay();
        }
        LOG.info(TABLE_PREFIX + describe(order));
        return order;
    }

    String describe(Entity entity) {
        return entity.isNew() ? "new" : Long.toString(entity.id());
    }

    String describe(Order.Line line) {
        return line.sku();
    }
}
