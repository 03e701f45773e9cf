package com.acme.shop.service;

public class Broken {
    void fine() {
        OrderService service = new OrderService();
    }

    void broken( {
        return
    }

    class StillFound {
        int size() { return 0; }
    }
}
