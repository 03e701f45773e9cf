package geo.uses

// a fluent builder: each call's receiver is the previous call's result (or a created object)
class Query {
  def where(field: String): Query = this
  def limit(count: Int): Query = this
  def page(size: Int): Query = this
  def build(): String = ""
}

object Reports {
  def report(): String = new Query().where("a").limit(10).page(2).build()
  //                                 ^ defined: geo/uses/Query.scala:5
  //                                                      ^ defined: geo/uses/Query.scala:7
  //                                                              ^ defined: geo/uses/Query.scala:8

  def started(): String = {
    val query = new Query()
    val later = query.where("a").limit(1)
    later.page(3).build()
  //      ^ defined: geo/uses/Query.scala:7
  //              ^ defined: geo/uses/Query.scala:8
  }
}
