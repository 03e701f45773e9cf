package com.acme.shop;

public class Item implements Priced {
    //                       ^ defined: src/main/java/com/acme/shop/Priced.java::Priced
    protected int cost;

    public Item(int cost) {
        this.cost = cost;
    }

    @Override
    public int price() {
    //         ^ overrides: src/main/java/com/acme/shop/Priced.java::Priced.price
        return cost;
    }

    public Item copy() {
        return new Item(cost);
        //         ^ defined: src/main/java/com/acme/shop/Item.java::Item.Item
    }
}
