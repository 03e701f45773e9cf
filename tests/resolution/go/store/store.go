package store

import "errors"

type Inventory struct {
	count int
}

func (v *Inventory) Count() int {
	return v.count
}

type Store struct {
	Base
	inv   Inventory
	items []Item
}

func NewStore() *Store {
	return &Store{}
}

// Name overrides the promoted Base.Name.
func (s *Store) Name() string {
//              ^ overrides: store/base.go::Base.Name
	return "store"
}

func (s *Store) Add(i Item) int {
	s.items = append(s.items, i)
	total := i.Price()
	//         ^ defined: store/item.go::Item.Price
	total += s.inv.Count()
	//             ^ defined: store/store.go::Inventory.Count
	s.check()
	//^ defined: store/store.go::Store.check
	return total + s.size()
	//               ^ defined: store/extra.go::Store.size
}

func (s *Store) check() {
	if s.Describe() == "" {
		//   ^ defined: store/base.go::Base.Describe
		panic(errors.New("empty"))
		//           ^ unresolved: errors.New
	}
}

func (s *Store) Save() error {
	return nil
}
