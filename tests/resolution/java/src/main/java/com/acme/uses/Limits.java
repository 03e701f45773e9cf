package com.acme.uses;

public class Limits {
    public static final int MAX = 10;
    public int used;

    public static int twice(int n) {
        return n * 2;
    }
}
