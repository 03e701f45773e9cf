package com.acme.shop
package model

/** Something with a stable identifier. */
trait Identified {
  def id: Long
  def isNew: Boolean = id == Entity.NoId
}

/** The base of every stored object. */
abstract class Entity(val id: Long) extends Identified {
  protected var version: Int = 0
  def validate(): Boolean
  def touch(): Unit = { version += 1 }
  override def toString: String = s"${Entity.Prefix}$id"
}

/** Where entities are kept. */
trait Repository[T <: Identified] {
  def find(id: Long): Option[T]
}

object Entity {
  final val NoId = -1L
  val Prefix = "shop_"
}
