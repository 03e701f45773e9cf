package com.acme.shop.model

import java.time.Instant

enum class Status {
    OPEN,
    PAID,
    SHIPPED,
}

data class Line(val sku: String, val quantity: Int, val price: Long) {
    fun total(): Long = quantity * price
}

/** An order of lines. */
class Order(id: Long, override val name: String) : Entity(id), Named, Comparable<Order> {
    private val lines = mutableListOf<Line>()
    var status: Status = Status.OPEN
        private set
    val created: Instant = Instant.now()

    fun add(line: Line): Order {
        lines.add(line)
        return this
    }

    fun total(): Long = lines.sumOf { it.total() }

    override fun validate(): Boolean = lines.isNotEmpty() && !isNew()

    override fun compareTo(other: Order): Int = total().compareTo(other.total())

    fun pay() {
        status = Status.PAID
    }
}

typealias Orders = List<Order>

fun Order.isPaid(): Boolean = status == Status.PAID
