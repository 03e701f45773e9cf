package store

type Item struct {
	Label string
	Cost  int
}

func (i Item) Price() int {
	return i.Cost
}

// Box holds one value of any type.
type Box[T any] struct {
	Value T
}

func (b Box[T]) Get() T {
	return b.Value
}

type Saver interface {
	Save() error
}

// Kind is a defined type with methods of its own.
type Kind int

func (k Kind) String() string {
	return "kind"
}

type Celsius = float64
