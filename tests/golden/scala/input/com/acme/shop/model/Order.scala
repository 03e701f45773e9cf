package com.acme.shop.model

import scala.collection.mutable.ListBuffer

enum Status {
  case Open, Paid
}

case class Line(sku: String, quantity: Int)

class Order(id: Long) extends Entity(id) with Ordered[Order] {
  type Lines = ListBuffer[Line]
  private val lines: Lines = ListBuffer.empty
  var status: Status = Status.Open

  def this() = this(Entity.NoId)

  def add(sku: String, quantity: Int = 1): Order = {
    lines += Line(sku, quantity)
    touch()
    this
  }

  override def validate(): Boolean = lines.nonEmpty && status != Status.Paid

  def total: Int = lines.map(_.quantity).sum

  def compare(that: Order): Int = total - that.total

  override def touch(): Unit = super.touch()
}

object Order {
  def apply(id: Long): Order = new Order(id)
  implicit val byTotal: Ordering[Order] = Ordering.by(_.total)
}
