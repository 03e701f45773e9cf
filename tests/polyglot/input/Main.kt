object Main {
    fun compute(): Int = only_here()
}
