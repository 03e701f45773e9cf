package store

func helperCount() int {
	return 1
}

// Built everywhere: each platform's definition may be the one.
func describePlatform(s *Store) string {
	s.Flush()
	//^ ambiguous: store/platform_linux.go::Store.Flush, store/platform_windows.go::Store.Flush
	return platform()
	//     ^ ambiguous: store/platform_linux.go::platform, store/platform_windows.go::platform
}
