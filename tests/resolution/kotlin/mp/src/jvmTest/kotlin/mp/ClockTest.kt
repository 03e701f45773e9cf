package mp

// a platform's tests see its main source set: the JVM's ``actual``
fun checkTick(): Boolean = now() > 0
//                         ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::now
