package com.acme.shop.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public class Order extends Entity {
    /** Where an order is in its life. */
    public enum Status {
        OPEN,
        PAID {
            @Override
            public boolean isFinal() {
                return true;
            }
        };

        public boolean isFinal() {
            return false;
        }
    }

    /** One line of an order. */
    public record Line(String sku, int quantity) implements Comparable<Line> {
        public Line {
            if (quantity <= 0) {
                throw new IllegalArgumentException(sku);
            }
        }

        @Override
        public int compareTo(Line other) {
            return sku.compareTo(other.sku);
        }
    }

    private final List<Line> lines = new ArrayList<>();
    private Status status = Status.OPEN;

    public Order(long id) {
        super(id);
    }

    public Order() {
        this(NO_ID);
    }

    public void add(String sku, int quantity) {
        lines.add(new Line(sku, quantity));
    }

    @Override
    public boolean validate() {
        return !lines.isEmpty() && !status.isFinal();
    }

    public List<Line> sorted() {
        List<Line> copy = new ArrayList<>(lines);
        copy.sort(new Comparator<Line>() {
            @Override
            public int compare(Line a, Line b) {
                return a.compareTo(b);
            }
        });
        return copy;
    }

    public void pay() {
        status = Status.PAID;
    }
}
