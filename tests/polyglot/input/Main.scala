object Main { def compute(): Int = only_here() }
