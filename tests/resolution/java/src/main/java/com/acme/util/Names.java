package com.acme.util;

public final class Names {
    public static String name() {
        return "util";
    }

    public static String join(String a, String b) {
        return a + b;
    }
}
