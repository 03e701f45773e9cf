// Command shop runs a tiny store.
package main

import (
	"fmt"
	"os"

	"example.com/shop/store"
	su "example.com/shop/util"
	"github.com/google/uuid"
)

// Version is the program version.
const Version = "1.0"

func main() {
	s := store.New("main", 10)
	s.Add(store.Item{Name: su.Title("apple"), Price: 3})
	id := uuid.NewString()
	fmt.Println(id, s.Total())
	if err := run(s); err != nil {
		os.Exit(1)
	}
}

func run(s *store.Store) error {
	closer := s.Inventory()
	return closer.Close()
}
