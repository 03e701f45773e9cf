package com.acme;

import com.acme.shop.*;
import com.acme.util.Names;
import com.acme.other.Box;
import com.acme.missing.Ghost;
import static com.acme.util.Names.join;
import java.util.Map;

public class Main {
    public static void main(String[] args) {
        Store store = new Store();
        //                ^ defined: src/main/java/com/acme/shop/Store.java::Store
        store.add(new Special());
        //    ^ defined: src/main/java/com/acme/shop/Store.java::Store.add
        //                ^ defined: src/main/java/com/acme/shop/Special.java::Special.Special
        Item item = new Item(3);
        // ^ defined: src/main/java/com/acme/shop/Item.java::Item
        item.describe();
        //   ^ defined: src/main/java/com/acme/shop/Priced.java::Priced.describe
        item.copy().price();
        //   ^ defined: src/main/java/com/acme/shop/Item.java::Item.copy
        //          ^ defined: src/main/java/com/acme/shop/Item.java::Item.price
        item.copy().copy().describe();
        //                 ^ defined: src/main/java/com/acme/shop/Priced.java::Priced.describe
        Names.name().length();
        //           ^ unresolved: java.lang.String.length
        var special = new Special();
        special.price();
        //      ^ defined: src/main/java/com/acme/shop/Special.java::Special.price
        Names.name();
        //    ^ defined: src/main/java/com/acme/util/Names.java::Names.name
        com.acme.other.Names.name();
        //                   ^ defined: src/main/java/com/acme/other/Names.java::Names.name
        join("a", "b");
        // ^ defined: src/main/java/com/acme/util/Names.java::Names.join
        Box<Item> box = new Box<>();
        //^ defined: src/main/java/com/acme/other/Box.java::Box
        //  ^ defined: src/main/java/com/acme/shop/Item.java::Item
        box.get();
        //  ^ defined: src/main/java/com/acme/other/Box.java::Box.get
        Ghost ghost = new Ghost();
        //                ^ unresolved: com.acme.missing.Ghost
        ghost.boo();
        //    ^ unresolved: com.acme.missing.Ghost.boo
        Map<String, Item> map = Map.of();
        //                          ^ unresolved: java.util.Map.of
        store.inventory().count();
        //    ^ defined: src/main/java/com/acme/shop/Store.java:29
        //                ^ defined: src/main/java/com/acme/shop/Store.java::Inventory.count
        helper(store);
        // ^ defined: src/main/java/com/acme/Main.java::Main.helper
        undefinedMethod();
        // ^ unresolved: undefinedMethod
    }

    static int helper(Store store) {
        Priced priced = store.inventory() == null ? null : new Item(1);
        priced.price();
        //     ^ defined: src/main/java/com/acme/shop/Priced.java::Priced.price
        return unknownThing().count();
        //                    ^ ambiguous: src/main/java/com/acme/shop/Store.java::Inventory.count, src/main/java/com/acme/other/Box.java::Box.count
    }
}
