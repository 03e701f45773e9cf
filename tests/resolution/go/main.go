package main

import (
	"fmt"
	"strings"

	"example.com/shop/missing"
	"example.com/shop/other"
	"example.com/shop/store"
	st "example.com/shop/store"
	"example.com/shop/util"
)

func main() {
	fmt.Println(helper())
	//  ^ unresolved: fmt.Println
	//          ^ defined: helpers.go::helper
	s := store.NewStore()
	//         ^ defined: store/store.go::NewStore
	s.Add(store.Item{Label: "x"})
	//^ defined: store/store.go::Store.Add
	//          ^ defined: store/item.go::Item
	s.Name()
	//^ defined: store/store.go::Store.Name
	s.Describe()
	//^ defined: store/base.go::Base.Describe
	t := st.NewStore()
	//      ^ defined: store/store.go::NewStore
	t.Save()
	//^ defined: store/store.go::Store.Save
	var it store.Item
	//           ^ defined: store/item.go::Item
	it.Price()
	// ^ defined: store/item.go::Item.Price
	p := &store.Item{}
	p.Price()
	//^ defined: store/item.go::Item.Price
	b := store.Wrap(it)
	b.Get()
	//^ defined: store/item.go::Box.Get
	util.Name()
	//   ^ defined: util/util.go::Name
	other.Name()
	//    ^ defined: other/other.go::Name
	missing.Do()
	//      ^ unresolved: example.com/shop/missing.Do
	strings.ToUpper(util.Join("a", "b"))
	//      ^ unresolved: strings.ToUpper
	//                   ^ defined: util/util.go::Join
	run(s)
	//^ defined: main.go::run
	var fs other.FileStore
	fs.Save()
	// ^ defined: other/other.go::FileStore.Save
	k := store.Kind(2)
	//         ^ defined: store/item.go::Kind
	k.String()
	//^ defined: store/item.go::Kind.String
	var k2 store.Kind
	k2.String()
	// ^ defined: store/item.go::Kind.String
}

func run(sv store.Saver) {
	//                ^ defined: store/item.go::Saver
	sv.Save()
	// ^ defined: store/item.go::Saver.Save
	helper := func() int { return 3 }
	helper()
	// ^ unresolved: helper
	for _, x := range things(nil) {
		x.Save()
		//^ ambiguous: store/item.go::Saver.Save, store/store.go::Store.Save, other/other.go::FileStore.Save
	}
	undefinedFunc()
	// ^ unresolved: undefinedFunc
}

func chains() int {
	store.NewStore().Describe()
	//               ^ defined: store/base.go::Base.Describe
	return st.Wrap(store.Item{}).Get().Price()
	//                           ^ defined: store/item.go::Box.Get
	//                                 ^ ambiguous: store/item.go::Item.Price
}
