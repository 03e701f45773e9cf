"""``spec/`` is a test folder for RSpec and Jasmine, and a package name in Java."""

from codeknit.workspace import is_test_file


def test_spec_directories_are_tests_only_where_the_ecosystem_says_so() -> None:
    assert not is_test_file("java/security/spec/KeySpec.java", "java")
    assert not is_test_file("src/spec/mod.py", "python")
    assert is_test_file("spec/helpers.rb", "ruby")
    assert is_test_file("src/spec/app.ts", "typescript")
    assert is_test_file("lib/specs/util.js", "javascript")
    assert is_test_file("tests/x.py", "python")
