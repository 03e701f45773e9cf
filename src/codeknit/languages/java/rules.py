"""Java: packages, single-type, on-demand and static imports, members in scope inside methods.

The shared lookup is not enough for Java: its rules are :class:`~codeknit.resolve.scoped.ScopedRules`
(shared with C#, Scala and Kotlin), with receivers typed by declarations
(:class:`~codeknit.resolve.receivers.TypedReceivers`). What is Java's own: a file's module level
(its types, single imports, its package's types, on-demand imports, then ``java.lang``), packages
declared per file, call chains through return types, and record accessors.
"""

from __future__ import annotations

from codeknit.graph.model import SymbolKind
from codeknit.languages.records import Extraction
from codeknit.resolve.api import Conversions, Entity, External, FileIndex, ModuleIndex, Resolving, Sym
from codeknit.resolve.receivers import TypedReceivers
from codeknit.resolve.scoped import CALLABLE, Found, Package, ScopedRules, Want

#: ``java.lang`` types, visible in every file without an import (JLS §7.3)
JAVA_LANG = frozenset(
    """
    AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException
    AssertionError AutoCloseable Boolean BootstrapMethodError Byte Character CharSequence Class
    ClassCastException ClassCircularityError ClassFormatError ClassLoader ClassNotFoundException
    ClassValue CloneNotSupportedException Cloneable Comparable Deprecated Double Enum
    EnumConstantNotPresentException Error Exception ExceptionInInitializerError Float FunctionalInterface
    IllegalAccessError IllegalAccessException IllegalArgumentException IllegalCallerException
    IllegalMonitorStateException IllegalStateException IllegalThreadStateException
    IncompatibleClassChangeError IndexOutOfBoundsException InheritableThreadLocal InstantiationError
    InstantiationException Integer InternalError InterruptedException Iterable LayerInstantiationException
    LinkageError Long Math Module ModuleLayer NegativeArraySizeException NoClassDefFoundError
    NoSuchFieldError NoSuchFieldException NoSuchMethodError NoSuchMethodException NullPointerException
    Number NumberFormatException Object OutOfMemoryError Override Package Process ProcessBuilder
    ProcessHandle Readable Record ReflectiveOperationException Runnable Runtime RuntimeException
    RuntimePermission SafeVarargs SecurityException SecurityManager Short StackOverflowError
    StackTraceElement StackWalker StrictMath String StringBuffer StringBuilder
    StringIndexOutOfBoundsException SuppressWarnings System Thread ThreadDeath ThreadGroup ThreadLocal
    Throwable TypeNotPresentException UnknownError UnsatisfiedLinkError UnsupportedClassVersionError
    UnsupportedOperationException VerifyError VirtualMachineError Void
    """.split()
)

_NUMBER_BOX = frozenset({"Number", "Comparable", "Serializable", "Constable", "ConstantDesc", "Object"})
_OTHER_BOX = frozenset({"Comparable", "Serializable", "Constable", "Object"})
#: Java's conversions in a method invocation (JLS §5.3): widening primitive conversions (§5.1.2), boxing and
#: unboxing (§5.1.7-8), and the supertypes of ``java.lang``'s boxes and strings (``Number`` too, for a value
#: declared so), which are all written here: none of these types has another
JAVA_CONVERSIONS = Conversions(
    widening={
        "byte": frozenset({"short", "int", "long", "float", "double"}),
        "short": frozenset({"int", "long", "float", "double"}),
        "char": frozenset({"int", "long", "float", "double"}),
        "int": frozenset({"long", "float", "double"}),
        "long": frozenset({"float", "double"}),
        "float": frozenset({"double"}),
        "double": frozenset(),
        "boolean": frozenset(),
    },
    boxes={"byte": "Byte", "short": "Short", "char": "Character", "int": "Integer", "long": "Long",
           "float": "Float", "double": "Double", "boolean": "Boolean"},
    supertypes={
        "Byte": _NUMBER_BOX, "Short": _NUMBER_BOX, "Integer": _NUMBER_BOX, "Long": _NUMBER_BOX,
        "Float": _NUMBER_BOX, "Double": _NUMBER_BOX, "Character": _OTHER_BOX, "Boolean": _OTHER_BOX,
        "String": frozenset({"CharSequence", "Comparable", "Serializable", "Constable", "ConstantDesc", "Object"}),
        "Number": frozenset({"Serializable", "Object"}), "Object": frozenset(),
    },
    final=frozenset({"Byte", "Short", "Integer", "Long", "Float", "Double", "Character", "Boolean", "String"}),
    top="Object",
    platform=frozenset({"java.lang", "java.io", "java.lang.constant"}),
    array_supertypes=frozenset({"Cloneable", "Serializable"}),
)


class JavaRules(ScopedRules):
    language = "java"
    conversions = JAVA_CONVERSIONS

    def __init__(self, all_paths: set[str] | None = None) -> None:
        super().__init__(all_paths)
        self._package_paths: dict[str, list[str]] = {}
        self._path_package: dict[str, str] = {}

    def file_prefix(self, extraction: Extraction) -> str:
        package = extraction.symbols[0].properties.get("package", "") if extraction.symbols else ""
        return package if isinstance(package, str) else ""

    def register(self, extraction: Extraction) -> list[str]:
        """No module keys (see the module docstring); the file's package is noted for ``shared_scope``."""
        package = self.file_prefix(extraction)
        self._path_package[extraction.path] = package
        self._package_paths.setdefault(package, []).append(extraction.path)
        return []

    def shared_scope(self, path: str, modules: ModuleIndex) -> list[str]:
        """The other files declaring the same package: their top-level types are visible without import."""
        package = self._path_package.get(path)
        if package is None:
            return []
        return [p for p in self._package_paths.get(package, []) if p != path]

    def module_level(self, resolver: Resolving, file: FileIndex, name: str, want: Want) -> Found:
        """The file's types, single imports, its package's types, on-demand imports, then ``java.lang``."""
        found = self.imported_or_package(resolver, file, name, want)
        if found:
            return found
        implicit = self.package_symbols("java.lang", name, want)  # the project is (part of) the JDK itself
        if implicit:
            return list(implicit)
        if name in JAVA_LANG and want(SymbolKind.CLASS):
            return [External(f"java.lang.{name}")]
        if name in self.packages:
            return [Package(name)]
        return []

    def imported(self, resolver: Resolving, file: FileIndex, scope: int, name: str, want: Want) -> Found:
        return []  # Java imports are all at the top of the file: see ``module_level``

    def _member_of_type(
        self, resolver: Resolving, class_id: str, name: str, want: Want, skip_self: bool
    ) -> list[Entity]:
        """Members as usual; a call ``sku()`` on a record without such a method is the accessor its
        component ``sku`` implies (the component's field stands for it)."""
        found = super()._member_of_type(resolver, class_id, name, want, skip_self)
        if found or want is not CALLABLE:
            return found
        chain = resolver.mro(class_id)
        for ancestor in chain[1:] if skip_self else chain:
            if resolver.symbols[ancestor].kind is not SymbolKind.RECORD:
                continue
            components = [i for i in resolver.members.get(ancestor, {}).get(name, [])
                          if resolver.symbols[i].kind is SymbolKind.FIELD]
            if components:
                return [Sym(i) for i in components]
        return []


class TypedJavaRules(TypedReceivers, JavaRules):
    """Java: ``Store s = …; s.add()`` and ``this.inventory.count()`` continue through the declared types."""


RULES = TypedJavaRules

__all__ = ["JavaRules", "TypedJavaRules"]
