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
        "kotlin.text": "StringBuilder Regex buildString Charsets",
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


#: what ``this`` is in the lambda a function of the standard library (and of kotlinx.coroutines) is given, its
#: receiver: ``.`` the call's receiver (``x.apply { }``, ``x.run { }``), ``(`` its first argument (``with(x) { }``),
#: else a type (``buildString { }``: a ``kotlin.text.StringBuilder``). ``run { }`` without a receiver, and the
#: functions of :data:`LAMBDA_IT`, leave ``this`` as it is.
LAMBDA_RECEIVERS: dict[str, str] = {
    "apply": ".", "run": ".", "with": "(",
    "buildString": "kotlin.text.StringBuilder",
    "buildList": "kotlin.collections.MutableList", "buildSet": "kotlin.collections.MutableSet",
    "buildMap": "kotlin.collections.MutableMap",
    "sequence": "kotlin.sequences.SequenceScope", "iterator": "kotlin.sequences.SequenceScope",
    "runBlocking": "kotlinx.coroutines.CoroutineScope", "launch": "kotlinx.coroutines.CoroutineScope",
    "async": "kotlinx.coroutines.CoroutineScope", "coroutineScope": "kotlinx.coroutines.CoroutineScope",
    "supervisorScope": "kotlinx.coroutines.CoroutineScope", "withContext": "kotlinx.coroutines.CoroutineScope",
    "flow": "kotlinx.coroutines.flow.FlowCollector", "channelFlow": "kotlinx.coroutines.channels.ProducerScope",
    "callbackFlow": "kotlinx.coroutines.channels.ProducerScope", "produce": "kotlinx.coroutines.channels.ProducerScope",
}

#: the members (and the extensions a lambda's body calls bare) of the receivers :data:`LAMBDA_RECEIVERS` names, and
#: of a few common types an extension or a ``with``/``apply`` extends (``String``, ``ByteArray``, ``Int``, ``List``
#: …): a bare name inside such a lambda or extension that is none of these is not the receiver's (``buildString {
#: append(prefix()) }``: ``prefix`` is the enclosing class's), one that is is the receiver's, before the file's
#: (``fun String.b() = length`` reads ``String.length``, not a top-level ``val length``)
_ANY = "toString equals hashCode apply also let run takeIf takeUnless"
_TEXT = """length get subSequence compareTo plus chars codePoints isEmpty isNotEmpty isBlank isNotBlank isNullOrEmpty
    isNullOrBlank trim trimStart trimEnd trimIndent trimMargin substring substringBefore substringAfter
    substringBeforeLast substringAfterLast startsWith endsWith contains indexOf lastIndexOf indexOfFirst indexOfLast
    split lines replace replaceFirst lowercase uppercase toInt toIntOrNull toLong toLongOrNull toDouble
    toDoubleOrNull toBoolean toByteArray toCharArray encodeToByteArray first last firstOrNull lastOrNull lastIndex
    indices padStart padEnd repeat removePrefix removeSuffix removeSurrounding reversed drop dropLast take takeLast
    filter map forEach any all none count format matches ifEmpty ifBlank orEmpty single toRegex elementAt getOrNull
    getOrElse codePointAt capitalize decapitalize"""
_NUMBER = """plus minus times div rem mod inc dec unaryMinus unaryPlus compareTo shl shr ushr and or xor inv toByte
    toShort toInt toLong toFloat toDouble toChar toUByte toUShort toUInt toULong rangeTo rangeUntil until downTo
    coerceAtLeast coerceAtMost coerceIn countOneBits countLeadingZeroBits countTrailingZeroBits takeHighestOneBit
    takeLowestOneBit rotateLeft rotateRight absoluteValue sign"""
_LIST = """size get isEmpty isNotEmpty contains containsAll indexOf lastIndexOf iterator listIterator subList first last
    firstOrNull lastOrNull lastIndex indices forEach forEachIndexed map mapIndexed mapNotNull filter filterNot any all
    none count sumOf joinToString toList toMutableList toSet toTypedArray sorted sortedBy sortedWith reversed getOrNull
    getOrElse single singleOrNull find take drop plus minus withIndex zip flatMap associate associateBy groupBy
    asSequence fold reduce distinct maxOrNull minOrNull"""
RECEIVER_MEMBERS: dict[str, frozenset[str]] = {
    type_: frozenset(f"{_ANY} {names}".split())
    for type_, names in {
        "kotlin.text.StringBuilder": """append appendLine appendRange insert insertRange length setLength capacity
            ensureCapacity trimToSize delete deleteAt deleteCharAt deleteRange reverse replace set setRange get
            indexOf lastIndexOf substring subSequence chars codePointAt isEmpty isNotEmpty isBlank clear lines
            trim first last lastIndex indices forEach""",
        "kotlin.collections.MutableList": """add addAll remove removeAll removeAt removeIf removeFirst removeLast
            retainAll set get size clear isEmpty isNotEmpty contains containsAll indexOf lastIndexOf iterator
            listIterator subList sort sortBy sortWith shuffle first last firstOrNull lastOrNull lastIndex indices
            forEach addFirst addLast plusAssign minusAssign""",
        "kotlin.collections.MutableSet": """add addAll remove removeAll removeIf retainAll size clear isEmpty
            isNotEmpty contains containsAll iterator forEach first plusAssign minusAssign""",
        "kotlin.collections.MutableMap": """put putAll putIfAbsent remove get getOrPut getOrDefault getValue set
            size clear isEmpty isNotEmpty containsKey containsValue keys values entries compute computeIfAbsent
            computeIfPresent merge forEach plusAssign minusAssign""",
        "kotlin.String": _TEXT, "kotlin.CharSequence": _TEXT,
        "kotlin.ByteArray": """size get set iterator indices lastIndex isEmpty isNotEmpty copyOf copyOfRange copyInto
            fill contentEquals contentHashCode contentToString sliceArray plus decodeToString first last forEach map
            toList reversed all any none count asList""",
        "kotlin.Int": _NUMBER, "kotlin.Long": _NUMBER,
        "kotlin.collections.List": _LIST, "kotlin.collections.Collection": _LIST,
        "kotlin.collections.Map": """size get isEmpty isNotEmpty containsKey containsValue keys values entries
            getOrDefault getValue getOrElse forEach map mapValues mapKeys filter filterKeys filterValues toList toMap
            plus minus any all none count""",
        "kotlin.Any": "", "kotlin.Comparable": "compareTo", "java.io.Serializable": "", "java.io.Closeable": "close",
        "java.lang.AutoCloseable": "close", "kotlin.AutoCloseable": "close", "java.io.Flushable": "flush",
        "kotlin.sequences.SequenceScope": "yield yieldAll",
        "kotlinx.coroutines.CoroutineScope": """coroutineContext isActive launch async cancel ensureActive produce
            actor broadcast""",
        "kotlinx.coroutines.flow.FlowCollector": "emit emitAll",
        "kotlinx.coroutines.channels.ProducerScope": """channel send trySend close awaitClose isClosedForSend
            invokeOnClose coroutineContext isActive launch async cancel ensureActive""",
    }.items()
}

#: the scope functions that give back their receiver (``x.apply { … }`` is ``x``): what ``this`` is in a lambda
#: given to a call on their result (``Builder().apply(block).run { … }``)
RETURN_RECEIVER = frozenset({"apply", "also"})

#: the standard library's functions whose lambda gets its value as ``it`` (or a parameter) and no receiver:
#: ``this`` stays what it is around the call (the scope functions let/also/takeIf/takeUnless, ``use``, and
#: the element-wise functions of collections)
LAMBDA_IT = frozenset("""let also takeIf takeUnless use repeat forEach forEachIndexed map mapNotNull mapIndexed
    flatMap filter filterNot filterIsInstance any all none first firstOrNull last lastOrNull find findLast count
    sumOf sortedBy sortedByDescending sortedWith groupBy associate associateBy associateWith partition onEach
    maxByOrNull minByOrNull maxOf minOf takeWhile dropWhile distinctBy fold reduce zip compareBy lazy
    getOrPut getOrElse computeIfAbsent synchronized runCatching require check requireNotNull checkNotNull
    thread Comparator Runnable""".split())


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
