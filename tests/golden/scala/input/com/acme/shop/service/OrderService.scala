package com.acme.shop.service

import com.acme.shop.model.{Order, Status => OrderStatus, _}
import com.acme.shop.describe

/** Marks an operation written to the audit log. */
class audited extends scala.annotation.StaticAnnotation

class OrderService(log: String => Unit) {
  private val orders = scala.collection.mutable.Map.empty[Long, Order]

  @deprecated("use checkout", "1.0")
  def create(id: Long): Order = {
    val order = Order(id).add("sku-1", 2)
    orders(id) = order
    order
  }

  def checkout(id: Long): Option[Order] =
    orders.get(id).filter(_.validate()).map { order =>
      order.status = OrderStatus.Paid
      log(describe(order))
      order
    }

  @audited
  def paid: Seq[Order] = for {
    (_, order) <- orders.toSeq
    if order.status == Status.Paid
  } yield order

  val listener: Runnable = new Runnable {
    override def run(): Unit = log("tick")
  }
}
