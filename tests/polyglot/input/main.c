int compute(void) { return only_here(); }
