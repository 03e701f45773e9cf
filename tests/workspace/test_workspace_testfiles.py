"""Per-language test-file rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.workspace import LANGUAGES, is_test_file

TEST_FILES = [
    # python
    ("pkg/test_models.py", "python"),
    ("pkg/models_test.py", "python"),
    ("conftest.py", "python"),
    ("pkg/sub/conftest.py", "python"),
    ("test_stub.pyi", "python"),
    # go
    ("server/handler_test.go", "go"),
    ("server/testdata/fixture.go", "go"),
    # javascript / typescript
    ("src/app.test.js", "javascript"),
    ("src/app.spec.jsx", "javascript"),
    ("src/__tests__/app.js", "javascript"),
    ("src/__mocks__/fs.js", "javascript"),
    ("src/app.test.ts", "typescript"),
    ("src/app.spec.tsx", "typescript"),
    ("src/__mocks__/api.ts", "typescript"),
    ("src/types.test.d.ts", "typescript"),
    # java
    ("src/main/java/a/FooTest.java", "java"),
    ("src/main/java/a/FooTests.java", "java"),
    ("src/main/java/a/FooIT.java", "java"),
    ("src/test/java/a/Helper.java", "java"),
    # csharp
    ("Lib/ParserTest.cs", "csharp"),
    ("Lib/ParserTests.cs", "csharp"),
    ("Lib.Tests/Helper.cs", "csharp"),
    # ruby
    ("lib/parser_spec.rb", "ruby"),
    ("lib/parser_test.rb", "ruby"),
    ("lib/test_parser.rb", "ruby"),
    ("spec/support/helper.rb", "ruby"),
    # php
    ("src/ParserTest.php", "php"),
    # scala
    ("src/main/scala/ParserSpec.scala", "scala"),
    ("src/main/scala/ParserTest.scala", "scala"),
    ("src/main/scala/ParserSuite.scala", "scala"),
    ("src/test/scala/Helper.scala", "scala"),
    # kotlin
    ("src/main/kotlin/a/FooTest.kt", "kotlin"),
    ("src/main/kotlin/a/FooTests.kt", "kotlin"),
    ("src/test/kotlin/a/Helper.kt", "kotlin"),
    # swift
    ("Sources/App/OrderTests.swift", "swift"),
    ("Tests/AppTests/Helper.swift", "swift"),
    # rust
    ("tests/integration.rs", "rust"),
    ("benches/speed.rs", "rust"),
    ("crates/core/tests/it.rs", "rust"),
    # c / cpp
    ("src/test_parser.c", "c"),
    ("src/parser_test.c", "c"),
    ("src/parser_test.cc", "cpp"),
    ("src/parser_test.cpp", "cpp"),
    ("src/parser_unittest.cc", "cpp"),
    # directory rule, any language
    ("tests/helpers.py", "python"),
    ("test/helpers.go", "go"),
    ("app/specs/thing.rb", "ruby"),
    ("Tests/Helper.java", "java"),
    ("a/b/__tests__/c.py", "python"),
]

NOT_TEST_FILES = [
    ("pkg/models.py", "python"),
    ("pkg/testing_utils.py", "python"),  # "test_" prefix needed, not "test"
    ("pkg/contest.py", "python"),
    ("pkg/attest.py", "python"),
    ("latest/x.py", "python"),
    ("server/handler.go", "go"),
    ("server/test_handler.go", "go"),  # not a Go convention
    ("src/app.js", "javascript"),
    ("src/testing.js", "javascript"),
    ("src/app.tests.js", "javascript"),
    ("src/main/java/a/Foo.java", "java"),
    ("src/main/java/a/Contest.java", "java"),
    ("src/main/java/a/TestFactory.java", "java"),
    ("Lib/Parser.cs", "csharp"),
    ("lib/parser.rb", "ruby"),
    ("src/Parser.php", "php"),
    ("src/main/scala/Parser.scala", "scala"),
    ("src/lib.rs", "rust"),
    ("src/benches.rs", "rust"),
    ("src/parser.c", "c"),
    ("src/parser.cc", "cpp"),
    ("contrib/protest/x.c", "c"),
    ("testing/helper.py", "python"),
    # the language-specific rules do not leak into other languages
    ("src/app.test.py", "python"),
    ("lib/parser_spec.py", "python"),
    ("src/FooTest.py", "python"),
    ("src/__mocks__/x.py", "python"),
    ("benches/speed.py", "python"),
    ("server/testdata/x.py", "python"),
]


@pytest.mark.parametrize(("relpath", "language"), TEST_FILES)
def test_is_test_file(relpath: str, language: str) -> None:
    assert is_test_file(relpath, language)


@pytest.mark.parametrize(("relpath", "language"), NOT_TEST_FILES)
def test_is_not_test_file(relpath: str, language: str) -> None:
    assert not is_test_file(relpath, language)


def test_unusual_names() -> None:
    assert is_test_file("dir with space/test_x\ny.py", "python")
    assert not is_test_file("dir with space/x\ny.py", "python")
    assert is_test_file("tests/ü.py", "python")


@settings(deadline=None)
@given(relpath=st.text(max_size=60), language=st.sampled_from(LANGUAGES))
def test_never_raises(relpath: str, language: str) -> None:
    assert isinstance(is_test_file(relpath, language), bool)
