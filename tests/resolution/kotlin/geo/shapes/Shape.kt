package geo.shapes

interface Shape {
    fun area(): Double

    fun describe(): String = "shape"
}
