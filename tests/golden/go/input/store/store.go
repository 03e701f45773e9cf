// Package store keeps items and their prices.
package store

import (
	"errors"
	. "strings"
	_ "embed"
)

// Kind classifies an item.
type Kind int

const (
	// Food is edible.
	Food Kind = iota
	Tool
	Toy
)

var (
	ErrEmpty      = errors.New("empty")
	defaultName   = "store"
	maxItems, min int
)

// Price is an alias kept for compatibility.
type Price = float64

// Item is one thing for sale.
type Item struct {
	Name  string `json:"name"` // display name
	Price Price
	kind  Kind
}

// Base carries shared behaviour.
type Base struct {
	ID string
}

// Describe says what the base is.
func (b Base) Describe() string { return ToUpper(b.ID) }

// Store holds items.
type Store struct {
	Base
	name  string
	items []Item
}

// Closer releases resources.
type Closer interface {
	Close() error
}

// ReadCloser reads and closes.
type ReadCloser interface {
	Closer
	Read(p []byte) (n int, err error)
}

// Pair is a generic pair.
type Pair[K comparable, V any] struct {
	Key   K
	Value V
}

// New makes a store.
func New(name string, capacity int) *Store {
	return &Store{name: name, items: make([]Item, 0, capacity)}
}

// Map applies f to every value.
func Map[K comparable, V, W any](in map[K]V, f func(V) W) map[K]W {
	out := make(map[K]W, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}

func count(xs ...Item) (n int) {
	if len(xs) == 0 {
		return 0
	}
	return 1 + count(xs[1:]...)
}
