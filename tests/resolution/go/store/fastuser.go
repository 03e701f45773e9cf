//go:build fastpath && linux

package store

func fastName() string {
	return speed() + platform()
	//     ^ defined: store/fast.go::speed
	//               ^ defined: store/platform_linux.go::platform
}
