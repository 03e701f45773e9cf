package com.acme.shop;

public class Special extends Item {
    //                       ^ defined: src/main/java/com/acme/shop/Item.java::Item
    public Special() {
        super(1);
        // ^ defined: src/main/java/com/acme/shop/Item.java::Item.Item
    }

    @Override
    public int price() {
    //         ^ overrides: src/main/java/com/acme/shop/Item.java::Item.price
        return super.price() + bonus();
        //           ^ defined: src/main/java/com/acme/shop/Item.java::Item.price
        //                     ^ defined: src/main/java/com/acme/shop/Special.java::Special.bonus
    }

    private int bonus() {
        return Store.DEFAULT_BONUS;
        //           ^ defined: src/main/java/com/acme/shop/Store.java::Store.DEFAULT_BONUS
    }
}
