"""Scala: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.java.spec import JVM_HOOK_NAMES, is_jvm_stdlib
from codeknit.languages.scala.manifest import BUILD_SBT
from codeknit.languages.spec import LanguageSpec, TestFiles

SPEC = LanguageSpec(
    name="scala",
    runtime="jvm",
    extensions=(".scala", ".sc"),
    interpreters=("scala", "scala-cli"),
    # *Spec.scala, *Test.scala, *Suite.scala
    tests=TestFiles(name_pattern=r".*(?:Spec|Test|Suite)\.[^.]*"),
    manifests=(BUILD_SBT,),
    scip_name="Scala",
    moniker_scheme="maven",
    purl_type="maven",
    is_stdlib=is_jvm_stdlib,
    hook_names=JVM_HOOK_NAMES,
    # an implicit conversion or class is applied by the compiler's implicit search, which no call spells
    hook_properties=frozenset({"implicit"}),
)
