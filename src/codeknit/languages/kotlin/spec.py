"""Kotlin: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.java.manifest import POM_XML
from codeknit.languages.java.spec import JVM_HOOK_NAMES
from codeknit.languages.kotlin.manifest import GRADLE
from codeknit.languages.spec import LanguageSpec, TestFiles

#: where each name a Kotlin file uses without an import comes from (the default imports)
DEFAULT_IMPORTS: dict[str, str] = {
    name: package
    for package, names in {
        "kotlin": """Any Nothing Unit Boolean Byte Short Int Long Float Double Char String Array IntArray LongArray
            ByteArray CharArray DoubleArray FloatArray BooleanArray Number Comparable Enum Pair Triple Lazy Result
            Throwable Exception Error RuntimeException IllegalArgumentException IllegalStateException
            NullPointerException IndexOutOfBoundsException UnsupportedOperationException NoSuchElementException
            ArithmeticException ClassCastException NotImplementedError Deprecated Suppress
            lazy require requireNotNull check checkNotNull error TODO run let apply also with takeIf takeUnless
            repeat to arrayOf arrayOfNulls emptyArray intArrayOf longArrayOf byteArrayOf charArrayOf doubleArrayOf
            booleanArrayOf runCatching synchronized ReplaceWith DeprecationLevel AssertionError Comparator Annotation
            Function KotlinVersion UninitializedPropertyAccessException ConcurrentModificationException""",
        "kotlin.comparisons": "compareBy compareByDescending compareValues compareValuesBy naturalOrder reverseOrder",
        "kotlin.math": "abs max min",
        "kotlin.collections": """List MutableList Set MutableSet Map MutableMap Collection MutableCollection Iterable
            Iterator ArrayList HashMap HashSet LinkedHashMap LinkedHashSet listOf listOfNotNull mutableListOf
            arrayListOf emptyList setOf mutableSetOf emptySet mapOf mutableMapOf emptyMap hashMapOf linkedMapOf
            buildList buildMap buildSet minOf maxOf""",
        "kotlin.io": "println print readLine readln",
        "kotlin.text": "StringBuilder Regex buildString",
        "kotlin.ranges": "IntRange LongRange CharRange until downTo step coerceAtLeast coerceAtMost coerceIn",
        "kotlin.sequences": "Sequence sequenceOf generateSequence sequence",
        "kotlin.jvm": "JvmStatic JvmField JvmOverloads JvmName JvmSuppressWildcards Throws Volatile Transient",
        # on the JVM, java.lang.* is imported too
        "java.lang": """Object Class System Thread Runnable Integer Character Math Process Runtime Void Cloneable
            AutoCloseable InterruptedException NumberFormatException IllegalAccessException ClassNotFoundException
            NoSuchMethodException NoSuchFieldException SecurityException ReflectiveOperationException
            CloneNotSupportedException StackOverflowError OutOfMemoryError ThreadLocal InheritableThreadLocal""",
    }.items()
    for name in names.split()
}


def is_stdlib(package: str) -> bool:
    return package.startswith(("kotlin.", "kotlinx.", "java.", "javax.")) or package == "kotlin"


SPEC = LanguageSpec(
    name="kotlin",
    runtime="jvm",
    # (``.kts`` scripts are left out: build.gradle.kts and settings.gradle.kts are build configuration)
    extensions=(".kt",),
    aliases=("kt",),
    interpreters=("kotlin", "kotlinc"),
    # *Test.kt, *Tests.kt, *IT.kt (and src/test/ through the ``test`` directory)
    tests=TestFiles(name_pattern=r".*(?:Test|Tests|IT)\.[^.]*"),
    manifests=(GRADLE, POM_XML),
    scip_name="Kotlin",
    moniker_scheme="maven",
    purl_type="maven",
    builtins=frozenset(DEFAULT_IMPORTS),
    builtin_package="kotlin",
    is_stdlib=is_stdlib,
    hook_names=JVM_HOOK_NAMES,
)
