package store

func platform() string {
	return "linux"
}

func (s *Store) Flush() {}
