fn compute() -> i32 { only_here() }
