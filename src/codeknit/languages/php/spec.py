"""PHP: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.php.manifest import COMPOSER_JSON
from codeknit.languages.spec import LanguageSpec, TestFiles

SPEC = LanguageSpec(
    name="php",
    extensions=(".php", ".phtml"),
    interpreters=("php", "php-cgi"),
    # *Test.php
    tests=TestFiles(name_pattern=r".*Test\.[^.]*"),
    manifests=(COMPOSER_JSON,),
    scip_name="PHP",
    moniker_scheme="composer",
    purl_type="composer",
    degraded=True,
)
