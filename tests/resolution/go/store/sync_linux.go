package store

// Only built on linux: platform and Flush are the linux ones.
func syncAll(s *Store) string {
	s.Flush()
	//^ defined: store/platform_linux.go::Store.Flush
	return platform() + speed()
	//     ^ defined: store/platform_linux.go::platform
	//                  ^ ambiguous: store/fast.go::speed, store/slow.go::speed
}
