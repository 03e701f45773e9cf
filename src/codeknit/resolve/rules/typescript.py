"""TypeScript shares the JavaScript rules."""

from codeknit.resolve.rules.javascript import JavaScriptRules

RULES = JavaScriptRules
