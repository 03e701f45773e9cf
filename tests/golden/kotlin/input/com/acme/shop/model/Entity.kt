package com.acme.shop.model

/** Something stored with an id. */
abstract class Entity(val id: Long) {
    /** Whether it was never stored. */
    open fun isNew(): Boolean = id == NO_ID

    abstract fun validate(): Boolean

    companion object {
        const val NO_ID = 0L

        fun describe(entity: Entity): String = "entity ${entity.id}"
    }
}

interface Named {
    val name: String

    fun display(): String = name.uppercase()
}
