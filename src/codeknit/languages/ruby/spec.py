"""Ruby: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.ruby.manifest import GEMFILE
from codeknit.languages.spec import LanguageSpec, TestFiles

SPEC = LanguageSpec(
    name="ruby",
    extensions=(".rb", ".rake", ".gemspec"),
    aliases=("rb",),
    file_names=("Rakefile", "rakefile", "Gemfile"),
    interpreters=("ruby", "jruby", "truffleruby"),
    # *_spec.rb, *_test.rb, test_*.rb, and RSpec's ``spec/``
    tests=TestFiles(name_pattern=r"(?:.*_spec|.*_test|test_.*)\.[^.]*", directories=frozenset({"spec", "specs"})),
    manifests=(GEMFILE,),
    scip_name="Ruby",
    moniker_scheme="gem",
    purl_type="gem",
    # the hooks Ruby's runtime calls by their name: a class is subclassed, a module mixed in, a method defined,
    # a missing method or constant looked up, an object copied or converted implicitly
    hook_names=frozenset({
        "inherited", "included", "extended", "prepended", "method_added", "method_removed", "method_undefined",
        "singleton_method_added", "const_missing", "method_missing", "respond_to_missing?", "initialize_copy",
        "initialize_dup", "initialize_clone", "coerce", "to_str", "to_ary", "to_hash", "to_proc",
    }),
)
