class Main { int compute() { return only_here(); } }
