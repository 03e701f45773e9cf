package main

import "example.com/shop/util"

// helper here is not the helper of the root package main: another directory, another package.
func helper() string {
	return util.Name()
	//          ^ defined: util/util.go::Name
}

func main() {
	helper()
	// ^ defined: cmd/tool/tool.go::helper
}
