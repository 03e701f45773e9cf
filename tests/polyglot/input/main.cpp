int compute() { return only_here(); }
