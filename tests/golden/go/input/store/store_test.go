package store_test

import (
	"testing"

	"example.com/shop/store"
)

func TestTotal(t *testing.T) {
	s := store.New("t", 1)
	if s.Total() != 0 {
		t.Fatal("not empty")
	}
}
