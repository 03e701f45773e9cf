#pragma once

// Overloads a call's argument count tells apart: only those that accept as many arguments stay. A default
// argument may be left out and ``...`` or a parameter pack takes any number more. A definition away from its
// declaration (``void Meter::add(int n, int m) {}``) does not repeat the declaration's defaults: it may take
// fewer arguments than it lists. Of overloads that accept as many, the argument types would choose, which
// codeknit does not weigh.
namespace gauge {
class Meter {
public:
    int add(int n);
    int add(int n, int m);
    int add(const char* label, int n, int m, ...);
    int scale(int n, int by = 2);
    int scale(const char* unit);
    int twice(int n) { return n * 2; }
    int twice(int n, int m) { return n * m; }
    int use(Meter& made);
};
}  // namespace gauge
