plugins {
    kotlin("jvm") version "1.9.22"
}

dependencies {
    implementation("com.squareup.okio:okio:3.7.0")
    compileOnly("org.jetbrains:annotations:24.1.0")
    testImplementation("org.junit.jupiter:junit-jupiter:5.10.+")
}
