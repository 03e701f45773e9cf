package com.acme.shop.model;

/** Something with a stable identifier. */
public interface Identified {
    int NO_ID = -1;

    long id();

    default boolean isNew() {
        return id() == NO_ID;
    }
}
