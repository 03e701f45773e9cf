package com.acme.shop.model;

import java.util.Objects;

/**
 * The base of every stored object.
 */
public abstract class Entity implements Identified {
    public static final String TABLE_PREFIX = "shop_";
    protected long id;
    private transient int version;

    protected Entity(long id) {
        this.id = id;
    }

    @Override
    public long id() {
        return id;
    }

    /** Validates the entity; subclasses add their rules. */
    public abstract boolean validate();

    public <T extends Entity> T copyInto(T other) {
        other.id = id;
        version++;
        return other;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Entity entity && Objects.equals(entity.id, id);
    }
}
