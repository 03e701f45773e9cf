"""C#: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.csharp.manifest import CSPROJ
from codeknit.languages.spec import LanguageSpec, TestFiles

BUILTINS = frozenset(
    """
    bool byte char decimal double dynamic float int long nint nuint object sbyte short string uint ulong ushort
    void var Console Exception Math Object String Int32 Int64 Boolean Double DateTime Guid Task Action Func
    ArgumentException ArgumentNullException InvalidOperationException NotImplementedException List Dictionary
    IEnumerable IDisposable
    """.split()
)


def is_stdlib(package: str) -> bool:
    return package == "System" or package.startswith("System.")


SPEC = LanguageSpec(
    name="csharp",
    extensions=(".cs",),
    aliases=("cs", "c#"),
    # *Test.cs, *Tests.cs; test projects are conventionally directories named ``Something.Tests``
    tests=TestFiles(name_pattern=r".*(?:Test|Tests)\.[^.]*",
                    directory_suffixes=(".Tests", ".Test", ".UnitTests", ".IntegrationTests")),
    manifests=(CSPROJ,),
    scip_name="CSharp",
    moniker_scheme="nuget",
    purl_type="nuget",
    builtins=BUILTINS,
    builtin_package="System",
    is_stdlib=is_stdlib,
    entry_methods=frozenset({"Main"}),
)
