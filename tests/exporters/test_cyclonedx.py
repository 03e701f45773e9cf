"""CycloneDX: valid 1.5 JSON (cyclonedx-python-lib's strict validator), purl types, versions, warnings."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from exporter_helpers import FIXTURES, graph_of

import codeknit
from codeknit.exporters import cyclonedx


def validate(data: bytes) -> None:
    from cyclonedx.schema import SchemaVersion
    from cyclonedx.validation.json import JsonStrictValidator

    error = JsonStrictValidator(SchemaVersion.V1_5).validate_str(data.decode())
    assert error is None, str(error)


def test_polyglot_tree_is_valid_and_generic_with_a_warning() -> None:
    out = io.BytesIO()
    warnings = {w.code: w for w in cyclonedx.export(graph_of(FIXTURES / "polyglot"), out)}
    validate(out.getvalue())
    bom = json.loads(out.getvalue())
    purls = {c["purl"] for c in bom["components"] if c["type"] == "library"}
    assert "pkg:generic/requests@2.31.0" in purls  # pinned exactly: the version is kept
    assert "pkg:generic/github.com%2Fpkg%2Ferrors@v0.9.1" in purls
    assert "pkg:generic/%40scope%2Fui-kit" in purls
    assert "mixed-languages" in warnings
    assert warnings["no-version"].count == 4  # click, PyYAML, @scope/ui-kit, typescript
    projects = {c["name"] for c in bom["components"] if c["type"] == "application"}
    assert projects == {"app", "example.com/svc", "web"}
    refs = {d["ref"]: d["dependsOn"] for d in bom["dependencies"]}
    assert "pkg:generic/lodash@4.17.21" in refs["project:web"]


def _tree(tmp_path: Path, files: dict[str, str]) -> bytes:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    out = io.BytesIO()
    cyclonedx.export(codeknit.index(tmp_path), out)
    validate(out.getvalue())
    return out.getvalue()


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"pyproject.toml": '[project]\nname="x"\ndependencies=["Flask_Login==0.6.3","attrs"]\n', "x.py": "pass\n"},
         {"pkg:pypi/flask-login@0.6.3", "pkg:pypi/attrs"}),
        ({"package.json": '{"dependencies": {"@types/node": "20.1.0", "react": "^18"}}', "a.ts": "let a = 1;\n"},
         {"pkg:npm/%40types/node@20.1.0", "pkg:npm/react"}),
        ({"go.mod": "module m\nrequire golang.org/x/text v0.14.0\n", "m.go": "package m\n"},
         {"pkg:golang/golang.org/x/text@v0.14.0"}),
        ({"composer.json": '{"require": {"php": ">=8", "monolog/monolog": "3.5.0"}}', "a.php": "<?php\n"},
         {"pkg:composer/monolog/monolog@3.5.0"}),
    ],
)
def test_single_language_trees_get_their_ecosystem(tmp_path: Path, files: dict[str, str], expected: set[str]) -> None:
    bom = json.loads(_tree(tmp_path, files))
    assert {c["purl"] for c in bom["components"] if c["type"] == "library"} == expected


def test_a_graph_without_manifests_says_so() -> None:
    out = io.BytesIO()
    warnings = cyclonedx.export(graph_of(FIXTURES.parent.parent / "golden" / "python" / "input"), out)
    validate(out.getvalue())
    assert [w.code for w in warnings] == ["no-manifests"]


def test_the_project_s_own_version_comes_from_its_manifest(tmp_path: Path) -> None:
    # issue 23: the SBOM left out the version the project's manifest states
    data = json.loads(_tree(tmp_path, {
        "pyproject.toml": '[project]\nname = "shop"\nversion = "1.4.2"\ndependencies = ["requests==2.31.0"]\n',
        "shop/app.py": "import requests\n",
        "web/package.json": '{"name": "web", "version": "0.3.0-beta.1"}',
        "web/main.py": "x = 1\n",
        "lib/setup.cfg": "[metadata]\nname = lib\nversion = attr: lib.__version__\n",
        "lib/lib.py": "y = 2\n",
    }))
    assert data["metadata"]["component"]["name"] == "shop"
    assert data["metadata"]["component"]["version"] == "1.4.2"
    projects = {c["name"]: c for c in data["components"] if c["type"] == "application"}
    assert projects["web"]["version"] == "0.3.0-beta.1"
    assert "version" not in projects["lib"], "a version computed at build time is not stated"


def test_a_dependency_on_a_project_of_the_tree_is_that_project(tmp_path: Path) -> None:
    # a workspace dependency ("@x/core": "workspace:*") names the in-tree project, not an outside library
    raw = _tree(tmp_path, {
        "packages/core/package.json": '{"name": "@x/core", "version": "1.0.0"}',
        "packages/core/src/index.ts": "export const core = 1;\n",
        "packages/app/package.json": '{"name": "@x/app", "version": "1.0.0", '
                                     '"dependencies": {"@x/core": "workspace:*", "react": "^18.2.0"}}',
        "packages/app/src/main.ts": 'import { core } from "@x/core";\nexport const app = core;\n',
    })
    data = json.loads(raw)  # (valid: ``_tree`` validates it)
    assert {c["name"] for c in data["components"] if c["type"] == "library"} == {"react"}
    needs = {d["ref"]: d["dependsOn"] for d in data["dependencies"]}
    assert needs["project:packages/app"] == ["project:packages/core", "pkg:npm/react"]


@pytest.mark.parametrize(("name", "text", "version"), [
    ("pyproject.toml", '[tool.poetry]\nname = "p"\nversion = "2.0.0"\n', "2.0.0"),
    ("pyproject.toml", '[project]\nname = "p"\ndynamic = ["version"]\n', None),
    ("Cargo.toml", '[package]\nname = "c"\nversion = "0.9.1"\n', "0.9.1"),
    ("Cargo.toml", '[package]\nname = "c"\nversion.workspace = true\n', None),
    ("pom.xml", '<project xmlns="http://maven.apache.org/POM/4.0.0"><version>3.1</version></project>', "3.1"),
    ("pom.xml", "<project><version>${revision}</version></project>", None),
    ("App.csproj", "<Project><PropertyGroup><Version>1.2.3</Version></PropertyGroup></Project>", "1.2.3"),
    ("build.sbt", 'ThisBuild / version := "0.1.0-SNAPSHOT"\nname := "s"\n', "0.1.0-SNAPSHOT"),
    ("composer.json", '{"name": "a/b", "version": "5.0.1"}', "5.0.1"),
    ("go.mod", "module example.com/m\n\ngo 1.22\n", None),
    ("build.gradle.kts", 'group = "com.acme"\nversion = "2.4.0"\n', "2.4.0"),
    ("build.gradle", "version = '1.0-SNAPSHOT'\n", "1.0-SNAPSHOT"),
    ("A.podspec", "Pod::Spec.new do |s|\n  s.version = '3.0.26'\nend\n", "3.0.26"),
    ("A.podspec", "Pod::Spec.new do |s|\n  s.version = package['version']\nend\n", None),
    ("Package.swift", 'let package = Package(name: "p")\n', None),
])
def test_declared_versions(name: str, text: str, version: str | None) -> None:
    from codeknit.languages import registry

    reader = registry.manifest_reader(name)
    assert reader is not None
    assert (reader.version(text.encode()) if reader.version is not None else None) == version
