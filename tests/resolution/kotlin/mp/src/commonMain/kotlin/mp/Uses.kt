package mp

// (another file of common code: the declarations are the package's, in every source set)
fun elapsed(clock: Clock): Long {
    //             ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock
    val other = Clock("utc")
    //          ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock
    val plain = Clock()
    //          ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.constructor
    return now() - clock.tick() + other.tick() + plain.tick() + platformName.length
    //     ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::now
    //                   ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.tick
    //                                  ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.tick
    //                                                          ^ value: mp/src/commonMain/kotlin/mp/Clock.kt::platformName
}

// an extension of the ``expect`` class extends each platform's ``actual`` one
fun Clock.twice(): Long = tick() * 2
