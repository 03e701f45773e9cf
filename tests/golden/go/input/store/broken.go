package store

// Broken has a syntax error in its body.
func Broken(x int) int {
	return x +
}

func afterBroken() {}
