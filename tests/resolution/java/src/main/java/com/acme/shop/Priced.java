package com.acme.shop;

public interface Priced {
    int price();

    default String describe() {
        return "costs " + price();
        //                ^ defined: src/main/java/com/acme/shop/Priced.java::Priced.price
    }
}
