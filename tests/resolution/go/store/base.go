package store

// Base is embedded by Store: its methods are promoted.
type Base struct {
	id int
}

func (b *Base) Describe() string {
	return "base"
}

func (b *Base) Name() string {
	return "base"
}
