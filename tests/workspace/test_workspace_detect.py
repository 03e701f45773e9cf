"""Language detection: extensions, special names, .h sniffing, shebangs."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.workspace import LANGUAGES, detect_language
from codeknit.workspace.detect import refusal

EXTENSIONS = {
    "python": [".py", ".pyi", ".pyw"],
    "javascript": [".js", ".mjs", ".cjs", ".jsx"],
    "typescript": [".ts", ".mts", ".cts", ".tsx"],
    "go": [".go"],
    "rust": [".rs"],
    "java": [".java"],
    "c": [".c"],
    "cpp": [".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", ".inl"],
    "csharp": [".cs"],
    "php": [".php", ".phtml"],
    "ruby": [".rb", ".rake", ".gemspec"],
    "scala": [".scala", ".sc"],
    "kotlin": [".kt"],
    "swift": [".swift"],
}


def test_languages_tuple() -> None:
    assert LANGUAGES == (
        "c",
        "cpp",
        "csharp",
        "go",
        "java",
        "javascript",
        "kotlin",
        "php",
        "python",
        "ruby",
        "rust",
        "scala",
        "swift",
        "typescript",
    )
    assert set(EXTENSIONS) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("name", "language"),
    [(f"file{ext}", lang) for lang, exts in EXTENSIONS.items() for ext in exts],
)
def test_extension(name: str, language: str) -> None:
    assert detect_language(name) == language
    assert detect_language(Path("some/dir") / name) == language
    assert detect_language(f"some/dir/{name}") == language


@pytest.mark.parametrize(
    ("name", "language"),
    [
        ("types.d.ts", "typescript"),
        ("component.test.tsx", "typescript"),
        ("MAIN.PY", "python"),
        ("Main.Java", "java"),
        ("legacy.C", "cpp"),  # GCC convention: upper-case .C is C++
        ("legacy.H", "cpp"),
        ("Rakefile", "ruby"),
        ("Gemfile", "ruby"),
        ("tasks.rake", "ruby"),
        ("app.gemspec", "ruby"),
        ("build.sc", "scala"),
        ("build.gradle.kts", None),  # Kotlin scripts are build configuration, not analysed
        ("..hidden.py", "python"),
    ],
)
def test_special_names(name: str, language: str) -> None:
    assert detect_language(name) == language


@pytest.mark.parametrize(
    "name",
    [
        "README.md",
        "data.json",
        "style.css",
        "Makefile",
        "Gemfile.lock",
        "notes.txt",
        "archive.tar.gz",
        "trailingdot.",
        ".py",  # a dot file called ".py" has no extension
        ".gitignore",
        "",
    ],
)
def test_not_source(name: str) -> None:
    assert detect_language(name) is None


def test_extension_wins_over_content() -> None:
    # Content is only consulted for .h and extension-less files.
    assert detect_language("script.txt", b"#!/usr/bin/env python3\n") is None
    assert detect_language("tool.rb", b"#!/usr/bin/env python3\n") == "ruby"


# -- .h headers ---------------------------------------------------------------


def test_header_without_head_is_c() -> None:
    assert detect_language("x.h") == "c"
    assert detect_language("x.h", b"") == "c"


@pytest.mark.parametrize(
    "head",
    [
        b"#ifndef X_H\n#define X_H\n#include <stdio.h>\nstruct point { int x, y; };\nint f(void);\n#endif\n",
        b'#ifdef __cplusplus\nextern "C" {\n#endif\nvoid g(int);\n#ifdef __cplusplus\n}\n#endif\n',
        b"typedef struct subclass_s { int class_id; } subclass;\n",  # "class" inside identifiers
        b"struct node { struct node *next; };\nenum kind { PUBLIC, PRIVATE };\n",
        b"#include <sys/types.h>\n#include <stdint.h>\n",
    ],
)
def test_c_headers(head: bytes) -> None:
    assert detect_language("include/x.h", head) == "c"


@pytest.mark.parametrize(
    "head",
    [
        b"#pragma once\nclass Widget {\n public:\n  int size() const;\n};\n",
        b"class Derived : public Base {\n};\n",
        b"namespace app {\nint f();\n}\n",
        b"namespace {\nint hidden;\n}\n",
        b"using namespace std;\n",
        b"template <typename T>\nT max(T a, T b);\n",
        b"template<class T> struct Box;\n",
        b"#include <iostream>\n",
        b"#include <vector>\nint f();\n",
        b"void f(const std::string &s);\n",
        b"struct S {\nprivate:\n  int x;\n};\n",
        b"\xef\xbb\xbfclass A {};\n",
    ],
)
def test_cpp_headers(head: bytes) -> None:
    assert detect_language("include/x.h", head) == "cpp"


def test_cpp_marker_beyond_head_is_not_seen() -> None:
    # Callers pass only the first bytes; detection works on what it is given.
    head = b"/* " + b"x" * 9000 + b" */\nclass A {};\n"
    assert detect_language("x.h", head[:8192]) == "c"
    assert detect_language("x.h", head) == "cpp"


@pytest.mark.parametrize(
    "head",
    [
        b"#import <Foundation/Foundation.h>\n\n@interface View : NSObject\n@property int x;\n@end\n",
        b"@protocol RCTBridgeModule;\n\n@protocol Delegate <NSObject>\n- (void)done;\n@end\n",
        b"#pragma once\nnamespace app { class A {}; }\n  @interface Wrapper : NSObject\n@end\n",  # Objective-C++
        b"@implementation View\n@end\n",
        b"@class RCTBundleURLProvider;\n#import <React/RCTHTTPRequestHandler.h>\n",  # forward declarations only
        b"@class A, B;\nvoid f(void);\n",
        b"@interface View (Layout)\n- (void)layout;\n@end\n",  # a category
        # an umbrella header: framework imports and exported constants, no class
        b"#import <UIKit/UIKit.h>\n\nFOUNDATION_EXPORT double CapacitorVersionNumber;\n",
        b"typedef NS_ENUM(NSInteger, Presentation) {\n  PresentationPush,\n};\n",  # Foundation's enumerations
    ],
)
def test_objective_c_headers_are_refused(head: bytes) -> None:
    # neither C nor C++ (C's spec refuses them), and the scan says why it leaves them out
    assert detect_language("ios/View.h", head) is None
    assert refusal("ios/View.h", head) == "Objective-C header (Objective-C is not supported)"


@pytest.mark.parametrize(
    "head",
    [
        b"/* see @interface in the docs */\nstruct p { int x; };\n",  # not at a line start
        b" * @protocol the wire format\n",  # a doc comment's tag, after its star
        b"const char *s = \"@interface\";\n",
        b"@interface\n",  # no name follows: not a declaration
        b"/**\n  @class Widget\n  @brief A widget.\n*/\nstruct widget;\n",  # Doxygen commands, no stars
        b"/*\n@interface Stream stream.h\n@endcode\n*/\n",
        b"/* #import <a.h> is an old extension */\nint x;\n",  # not at a line start
        b"#import \"types.tlb\"\nint x;\n",  # MSVC's type library import: no header
        b"#define NS_ENUM(t, n) enum n\n",  # the macro defined, not used as Foundation's
    ],
)
def test_at_signs_that_are_not_objective_c(head: bytes) -> None:
    assert refusal("x.h", head) is None
    assert detect_language("x.h", head) == "c"


def test_refusal_only_applies_to_its_extension() -> None:
    assert refusal("View.m", b"@interface View : NSObject\n@end\n") is None
    assert refusal("View.hpp", b"@interface View : NSObject\n@end\n") is None


# -- shebangs -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "language"),
    [
        (b"#!/usr/bin/env python3", "python"),
        (b"#!/usr/bin/env python", "python"),
        (b"#!/usr/bin/python", "python"),
        (b"#!/usr/bin/python3.11", "python"),
        (b"#!/usr/local/bin/python3.12 -u", "python"),
        (b"#! /usr/bin/env python3", "python"),
        (b"#!/usr/bin/env pypy3", "python"),
        (b"#!/usr/bin/env -S python3 -X dev", "python"),
        (b"#!/usr/bin/env -Spython3", "python"),
        (b"#!/usr/bin/env --split-string=python3 -u", "python"),
        (b"#!/usr/bin/env -i PYTHONPATH=. python3", "python"),
        (b"#!/usr/bin/env -u HOME python3", "python"),
        (b"#!/usr/bin/env -- python3", "python"),
        (b"#!/usr/bin/env python3\r", "python"),
        (b"#!/usr/bin/env node", "javascript"),
        (b"#!/usr/bin/node --harmony", "javascript"),
        (b"#!/usr/bin/env nodejs", "javascript"),
        (b"#!/usr/bin/env ts-node", "typescript"),
        (b"#!/usr/bin/env -S deno run --allow-net", "typescript"),
        (b"#!/usr/bin/env deno", "typescript"),
        (b"#!/usr/bin/env ruby", "ruby"),
        (b"#!/usr/bin/ruby2.7 -w", "ruby"),
        (b"#!/usr/bin/env php", "php"),
        (b"#!/usr/bin/php8.2", "php"),
        (b"#!/usr/bin/env scala", "scala"),
        (b"#!/usr/bin/env -S scala-cli shebang", "scala"),
        (b"#!/usr/bin/env kotlin", "kotlin"),
        (b"#!/usr/bin/swift", "swift"),
    ],
)
def test_shebang(line: bytes, language: str) -> None:
    head = line + b"\nrest of the script\n"
    assert detect_language("bin/tool", head) == language
    assert detect_language("tool", b"\xef\xbb\xbf" + head) == language


@pytest.mark.parametrize(
    "head",
    [
        b"#!/bin/sh\necho hi\n",
        b"#!/bin/bash\n",
        b"#!/usr/bin/env bash\n",
        b"#!/usr/bin/env\n",
        b"#!/usr/bin/env -S\n",
        b"#!\n",
        b"#!/usr/bin/env perl\n",
        b"#!/usr/bin/env pythonista\n",
        b"import os  # no shebang\n",
        b"# !/usr/bin/env python\n",
        b"\n#!/usr/bin/env python\n",
        b"",
        b"\x7fELF\x02\x01\x01\x00\x00",
    ],
)
def test_no_language_from_head(head: bytes) -> None:
    assert detect_language("tool", head) is None


def test_extensionless_without_head_is_unknown() -> None:
    assert detect_language("tool") is None
    assert detect_language("tool", None) is None


@settings(deadline=None)
@given(
    name=st.text(max_size=40),
    head=st.one_of(st.none(), st.binary(max_size=300)),
)
def test_never_raises(name: str, head: bytes | None) -> None:
    result = detect_language(name, head)
    assert result is None or result in LANGUAGES


@settings(deadline=None)
@given(interpreter=st.text(max_size=30), rest=st.binary(max_size=60))
def test_shebang_never_raises(interpreter: str, rest: bytes) -> None:
    head = b"#!" + interpreter.encode("utf-8", "surrogatepass") + rest
    for name in ("tool", "x.h"):
        result = detect_language(name, head)
        assert result is None or result in LANGUAGES
