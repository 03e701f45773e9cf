package com.acme.shop.util

/** Money as cents. */
object Money {
    fun format(cents: Long): String = "%d.%02d".format(cents / 100, cents % 100)
}

fun log(message: String) = println(message)

internal val DEFAULT_CURRENCY = "EUR"
