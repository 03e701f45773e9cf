package com.acme

package object shop {
  val Version = "1.0"
  def describe(entity: model.Entity): String = entity.toString
}
