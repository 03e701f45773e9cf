package com.acme.other;

public class Box<T> {
    private T value;

    public T get() {
        return value;
    }

    public int count() {
        return 1;
    }
}
