"""Manifests: project sub-roots and declared dependencies, with exact pins kept as versions."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeknit.workspace.manifests import parse_manifest, scan_manifests


def deps(name: str, text: str) -> dict[str, tuple[str | None, str]]:
    _, declared = parse_manifest(name, text.encode())
    return {d.name: (d.version, d.scope) for d in declared}


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("pyproject.toml",
         '[project]\nname="x"\ndependencies=["a==1.2", "b>=2", "c[extra]==3.0 ; python_version<\'4\'", "d===4"]\n'
         '[project.optional-dependencies]\ne=["f==1"]\n[dependency-groups]\ndev=["pytest>=8"]\n',
         {"a": ("1.2", "runtime"), "b": (None, "runtime"), "c": ("3.0", "runtime"), "d": ("4", "runtime"),
          "f": ("1", "optional"), "pytest": (None, "dev")}),
        ("pyproject.toml", '[tool.poetry]\nname="p"\n[tool.poetry.dependencies]\npython="^3.11"\nx="1.0"\ny="^2"\n',
         {"x": ("1.0", "runtime"), "y": (None, "runtime")}),
        ("requirements-dev.txt", "# tools\nruff==0.5.0\n-r base.txt\nmypy  # types\n",
         {"ruff": ("0.5.0", "dev"), "mypy": (None, "dev")}),
        ("setup.cfg", "[metadata]\nname = s\n[options]\ninstall_requires =\n    six==1.16.0\n    attrs\n",
         {"six": ("1.16.0", "runtime"), "attrs": (None, "runtime")}),
        ("package.json", '{"dependencies": {"a": "1.0.0", "b": "^1.0.0", "c": "=2.0.0"}, '
         '"devDependencies": {"d": "~1"}, "peerDependencies": {"e": "3.1.4"}}',
         {"a": ("1.0.0", "runtime"), "b": (None, "runtime"), "c": ("2.0.0", "runtime"), "d": (None, "dev"),
          "e": ("3.1.4", "optional")}),
        ("go.mod", "module m\n\ngo 1.21\n\nrequire x.org/a v1.2.3\nrequire (\n\tx.org/b v0.1.0 // indirect\n)\n",
         {"x.org/a": ("v1.2.3", "runtime"), "x.org/b": ("v0.1.0", "runtime")}),
        ("Cargo.toml", '[package]\nname="c"\n[dependencies]\nserde="1.0"\nregex={version="=1.10.2"}\n'
         '[dev-dependencies]\nproptest="1"\n',
         {"serde": (None, "runtime"), "regex": ("1.10.2", "runtime"), "proptest": (None, "dev")}),
        ("composer.json", '{"require": {"php": ">=8.1", "ext-json": "*", "a/b": "1.0.0", "c/d": "^2"}, '
         '"require-dev": {"e/f": "3.0.0"}}',
         {"a/b": ("1.0.0", "runtime"), "c/d": (None, "runtime"), "e/f": ("3.0.0", "dev")}),
        ("pom.xml", '<project xmlns="http://maven.apache.org/POM/4.0.0"><groupId>g</groupId><artifactId>a</artifactId>'
         "<dependencies><dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version>"
         "<scope>test</scope></dependency><dependency><groupId>x</groupId><artifactId>y</artifactId>"
         "<version>${v}</version></dependency></dependencies></project>",
         {"junit:junit": ("4.13.2", "dev"), "x:y": (None, "runtime")}),
        ("app.csproj", '<Project><ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" />'
         '<PackageReference Include="Range" Version="[1.0,2.0)" /></ItemGroup></Project>',
         {"Newtonsoft.Json": ("13.0.3", "runtime"), "Range": (None, "runtime")}),
        ("Gemfile", "source 'https://example.org'\ngem 'rails', '7.1.0'\ngem 'puma', '~> 6'\n"
         "group :development, :test do\n  gem 'rspec'\nend\n",
         {"rails": ("7.1.0", "runtime"), "puma": (None, "runtime"), "rspec": (None, "dev")}),
        ("build.sbt", 'name := "s"\nlibraryDependencies += "org.typelevel" %% "cats-core" % "2.10.0"\n'
         'libraryDependencies += "org.scalatest" %% "scalatest" % "3.2.17" % Test\n',
         {"org.typelevel:cats-core": ("2.10.0", "runtime"), "org.scalatest:scalatest": ("3.2.17", "dev")}),
    ],
)
def test_parse_manifest(name: str, text: str, expected: dict[str, tuple[str | None, str]]) -> None:
    assert deps(name, text) == expected


def test_scan_finds_sub_roots_names_and_skips_excluded(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "pyproject.toml").write_text('[project]\nname = "api"\ndependencies = ["x==1"]\n')
    (tmp_path / "web" / "node_modules" / "dep").mkdir(parents=True)
    (tmp_path / "web" / "package.json").write_text('{"name": "@acme/web", "dependencies": {"y": "^1"}}')
    (tmp_path / "web" / "node_modules" / "dep" / "package.json").write_text('{"name": "dep"}')
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "package.json").write_text("{not json")
    (tmp_path / "requirements.txt").write_text("z\n")
    found = scan_manifests(tmp_path, root_name="mono")
    assert [(p.path, p.name, p.manifests) for p in found.projects] == [
        ("", "mono", ("requirements.txt",)), ("api", "api", ("api/pyproject.toml",)),
        ("web", "@acme/web", ("web/package.json",))]
    assert {(d.project, d.name, d.version) for d in found.dependencies} == {
        ("", "z", None), ("api", "x", "1"), ("web", "y", None)}


def test_the_source_scan_lists_manifests_so_the_tree_is_walked_once(tmp_path: Path) -> None:
    from codeknit.workspace import scan

    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "pyproject.toml").write_text('[project]\nname = "api"\ndependencies = ["x==1"]\n')
    (tmp_path / "api" / "main.py").write_text("import x\n")
    (tmp_path / "web" / "node_modules" / "dep").mkdir(parents=True)
    (tmp_path / "web" / "package.json").write_text('{"name": "@acme/web", "dependencies": {"y": "^1"}}')
    (tmp_path / "web" / "node_modules" / "dep" / "package.json").write_text('{"name": "dep"}')
    (tmp_path / "Gemfile").write_text("gem 'rails', '7.1.0'\n")
    (tmp_path / "snapshot").mkdir()
    (tmp_path / "snapshot" / "package.json").write_text('{"name": "stale-copy"}')
    (tmp_path / ".gitignore").write_text("snapshot/\n")
    result = scan(tmp_path)
    # a Gemfile is both Ruby source and a manifest; ignored and default-excluded folders are not read
    assert result.manifests == ["Gemfile", "api/pyproject.toml", "web/package.json"]
    assert "Gemfile" in [f.path for f in result.files]
    from_scan = scan_manifests(tmp_path, root_name="mono", found=result.manifests)
    assert [(p.path, p.name, p.manifests) for p in from_scan.projects] == [
        ("", "mono", ("Gemfile",)), ("api", "api", ("api/pyproject.toml",)),
        ("web", "@acme/web", ("web/package.json",))]
    assert {(d.project, d.name, d.version) for d in from_scan.dependencies} == {
        ("", "rails", "7.1.0"), ("api", "x", "1"), ("web", "y", None)}
    # without the list, the walk finds the same (it reads no .gitignore, so the ignored copy too)
    walked = scan_manifests(tmp_path, root_name="mono")
    assert [p.path for p in walked.projects] == ["", "api", "snapshot", "web"]
