class Main { int Compute() { return only_here(); } }
