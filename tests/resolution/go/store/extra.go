package store

// size is a method of Store written in another file of the package.
func (s *Store) size() int {
	return len(s.items) + helperCount()
	//                     ^ defined: store/helpers.go::helperCount
}

func Wrap(v Item) Box[Item] {
	//         ^ defined: store/item.go::Item
	//                     ^ defined: store/item.go::Item
	//                 ^ defined: store/item.go::Box
	return Box[Item]{Value: v}
}
