"""Java: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.java.manifest import POM_XML
from codeknit.languages.spec import LanguageSpec, TestFiles

#: ``java.lang``: usable without an import (and the primitive types)
JAVA_LANG_NAMES = frozenset(
    """
    Boolean Byte CharSequence Character Class Comparable Deprecated Double Enum Error Exception Float
    FunctionalInterface IllegalArgumentException IllegalStateException IndexOutOfBoundsException Integer Iterable
    Long Math NullPointerException Number Object Override Record Runnable RuntimeException SafeVarargs Short
    String StringBuilder SuppressWarnings System Thread Throwable UnsupportedOperationException Void
    boolean byte char double float int long short void var
    """.split()
)


#: what Java serialization calls by name on a ``Serializable`` class, in every JVM language
JVM_HOOK_NAMES = frozenset({"readResolve", "writeReplace", "readObject", "writeObject", "readObjectNoData"})


def is_jvm_stdlib(package: str) -> bool:
    """The JDK's and Scala's own packages."""
    return package.startswith(("java.", "javax.", "scala.")) or package in ("java.lang", "scala")


SPEC = LanguageSpec(
    name="java",
    runtime="jvm",
    extensions=(".java",),
    # *Test.java, *Tests.java, *IT.java (``src/test/`` through the ``test`` directory)
    tests=TestFiles(name_pattern=r".*(?:Test|Tests|IT)\.[^.]*"),
    manifests=(POM_XML,),
    scip_name="Java",
    moniker_scheme="maven",
    purl_type="maven",
    builtins=JAVA_LANG_NAMES,
    builtin_package="java.lang",
    is_stdlib=is_jvm_stdlib,
    hook_names=JVM_HOOK_NAMES,
    entry_methods=frozenset({"main"}),
)
