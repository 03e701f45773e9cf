package mp

actual fun now(): Long = System.nanoTime()
//         ^ overrides: mp/src/commonMain/kotlin/mp/Clock.kt::now

actual class Clock actual constructor(val zone: String) {
    actual constructor() : this("utc")

    actual fun tick(): Long = now() + offset()
    //         ^ overrides: mp/src/commonMain/kotlin/mp/Clock.kt::Clock.tick
    //                        ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::now
    //                                ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.offset

    private fun offset(): Long = 0

    fun doubled(): Long = twice()
    //                    ^ defined: mp/src/commonMain/kotlin/mp/Uses.kt::twice
}

actual val platformName: String = "jvm"

fun jvmStamp(): Long = Clock("utc").tick() + Clock().tick() + now()
//                     ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock
//                                   ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.tick
//                                           ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::Clock.constructor
//                                                            ^ defined: mp/src/jvmMain/kotlin/mp/Clock.jvm.kt::now
