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
)
