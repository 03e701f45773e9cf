//go:build fastpath

package store

func speed() string {
	return "fast"
}

func boost() string {
	return speed()
	//     ^ defined: store/fast.go::speed
}
