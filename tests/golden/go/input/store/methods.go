package store

import "fmt"

// Add puts an item in the store.
func (s *Store) Add(item Item) {
	s.items = append(s.items, item)
	s.log("added", item.Name)
}

// Total sums the prices.
func (s *Store) Total() (total Price) {
	for _, item := range s.items {
		total += item.Price
	}
	return total
}

// Describe overrides the base description.
func (s Store) Describe() string {
	return s.Base.Describe() + " " + s.name
}

func (s *Store) log(parts ...string) {
	fmt.Println(parts, count(s.items...))
}

// Inventory returns something that can be closed.
func (s *Store) Inventory() Closer {
	return &inventory{owner: s}
}

type inventory struct {
	owner *Store
}

// Close closes the inventory.
func (i *inventory) Close() error { return nil }

// Swap exchanges key and value.
func (p Pair[K, V]) Swap() Pair[K, V] {
	return p
}
