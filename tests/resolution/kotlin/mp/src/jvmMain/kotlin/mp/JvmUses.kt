package mp

// (another file of the JVM's source set: its ``actual`` declarations)
fun jvmElapsed(clock: Clock): Long {
    //                ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock
    val other = Clock("utc")
    //          ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock
    val plain = Clock()
    //          ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.constructor
    return now() - clock.tick() + other.zone.length + plain.tick() + platformName.length
    //     ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::now
    //                   ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.tick
    //                                  ^ value: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.zone
    //                                                               ^ value: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::platformName
}
