package com.acme.shop;

import java.util.ArrayList;
import java.util.List;

public class Store {
    static final int DEFAULT_BONUS = 2;
    private final List<Item> items = new ArrayList<>();
    //                 ^ defined: src/main/java/com/acme/shop/Item.java::Item
    private final Inventory inventory = new Inventory();

    public void add(Item item) {
        items.add(item);
        // ^ defined: src/main/java/com/acme/shop/Store.java::Store.items
        //    ^ unresolved: java.util.List.add
        inventory.count();
        //        ^ defined: src/main/java/com/acme/shop/Store.java::Inventory.count
        item.describe();
        //   ^ defined: src/main/java/com/acme/shop/Priced.java::Priced.describe
        check(item);
        // ^ defined: src/main/java/com/acme/shop/Store.java::Store.check
    }

    private void check(Item item) {
        item.price();
        //   ^ defined: src/main/java/com/acme/shop/Item.java::Item.price
    }

    public Inventory inventory() {
        return inventory;
    }
}

class Inventory {
    int count() {
        return 0;
    }
}
