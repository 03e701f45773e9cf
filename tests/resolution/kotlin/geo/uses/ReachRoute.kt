package geo.uses

// (Reach.kt: a bare ``route()`` in Courier is this one, not the file's own ``Parcel.route``)
fun Courier.route(): Int = 5
