"""TypeScript shares the JavaScript rules."""

from codeknit.languages.javascript.rules import JavaScriptRules

RULES = JavaScriptRules
