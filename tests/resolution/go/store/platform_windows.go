package store

func platform() string {
	return "windows"
}

func (s *Store) Flush() {}
