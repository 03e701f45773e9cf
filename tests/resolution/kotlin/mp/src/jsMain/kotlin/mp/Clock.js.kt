package mp

actual fun now(): Long = 0L

actual class Clock actual constructor(zone: String) {
    actual constructor() : this("utc")

    actual fun tick(): Long = now()
    //                        ^ defined: mp/src/jsMain/kotlin/mp/Clock.js.kt::now
}

actual val platformName: String = "js"
