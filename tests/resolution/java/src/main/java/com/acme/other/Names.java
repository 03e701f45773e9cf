package com.acme.other;

public final class Names {
    public static String name() {
        return "other";
    }
}
