package util

func Name() string {
	return "util"
}

func Join(a, b string) string {
	return a + b
}
