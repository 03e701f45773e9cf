package store

func helperCount() int {
	return 1
}
