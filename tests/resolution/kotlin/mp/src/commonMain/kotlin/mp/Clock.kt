package mp

// Kotlin Multiplatform: common code declares what each platform provides (``expect``); a call in common code
// binds to the ``expect`` declaration, one in a platform's source set to that platform's ``actual`` one.
expect fun now(): Long

expect class Clock(zone: String) {
    constructor()

    fun tick(): Long
}

expect val platformName: String

fun stamp(clock: Clock): Long {
    //           ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock
    val made = Clock("utc")
    //         ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock
    val plain = Clock()
    //          ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.constructor
    return now() + clock.tick() + made.tick() + plain.tick() + platformName.length
    //     ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::now
    //                   ^ defined: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.tick
    //                                                         ^ value: mp/src/commonMain/kotlin/mp/Clock.kt::platformName
}
