package shadow

type Item struct{ id int }

func helper() int { return 1 }

var limit = 3

func first() int {
    var x Item
    //    ^ defined: shadow/shadow.go:3
    _ = x
    return helper() + limit
    //     ^ defined: shadow/shadow.go:5
    //                ^ value: shadow/shadow.go:7
}

func second() int {
    type Item struct{ name string }
    var y Item
    //    ^ defined: shadow/shadow.go:19
    _ = y
    helper := func() int { return 2 }
    return helper() + limit
    //                ^ value: shadow/shadow.go:7
}

func third() int {
    var z Item
    //    ^ defined: shadow/shadow.go:3
    _ = z
    return helper()
    //     ^ defined: shadow/shadow.go:5
}
