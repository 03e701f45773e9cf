package com.acme.shop.service

import com.acme.shop.model.Entity
import com.acme.shop.model.Line
import com.acme.shop.model.Order
import com.acme.shop.model.Orders
import com.acme.shop.model.isPaid
import com.acme.shop.util.*

/** Keeps orders in a repository. */
class OrderService(private val repository: Repository) {
    fun place(id: Long, name: String): Order {
        val order = Order(id, name)
        order.add(Line("sku-1", 2, 500)).add(Line("sku-2", 1, 250))
        if (!order.validate()) {
            throw IllegalStateException(Entity.describe(order))
        }
        repository.save(order)
        log("placed ${order.id}")
        return order
    }

    fun paid(orders: Orders): List<Order> = orders.filter { it.isPaid() }

    fun report(): String = Money.format(repository.all().sumOf { it.total() })

    fun untyped(thing: Any) {
        (thing as Order).pay()
        thing.toString()
    }
}

interface Repository {
    fun save(order: Order)

    fun all(): List<Order>
}

object InMemory : Repository {
    private val orders = mutableListOf<Order>()

    override fun save(order: Order) {
        orders.add(order)
    }

    override fun all(): List<Order> = orders.toList()
}
