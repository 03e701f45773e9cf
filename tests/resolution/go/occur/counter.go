package occur

import (
    "fmt"
    u "example.com/shop/util"
  //^ none
)

// Limit caps a counter.
const Limit = 10

var total int

var label = "counter"

type Counter struct {
    count int
    Name  string
}

func (c *Counter) Inc(step int) {
//    ^ declares: parameter
//                    ^ declares: parameter
    c.count += step
    //^ write: occur/counter.go::Counter.count
    //         ^ local: 21
    c.count++
    //^ write: occur/counter.go::Counter.count
    total = c.count
  //^ write: occur/counter.go:12
    //      ^ local: 21
    //        ^ value: occur/counter.go::Counter.count
    if c.count > Limit {
    //           ^ value: occur/counter.go:10
        fmt.Println(u.Name(), c.Name)
      //^ unresolved: fmt from fmt
        //  ^ unresolved: fmt.Println from fmt
        //          ^ value: util/util.go:1
        //                      ^ value: occur/counter.go::Counter.Name
    }
}

func (c *Counter) Value() int { return c.count }

func double(x int) int { return x * 2 }

func apply(f func(int) int, v int) int { return f(v) }

func Run() int {
    c := &Counter{Name: "a"}
    //            ^ value: occur/counter.go::Counter.Name
    c.Name = "b"
    //^ write: occur/counter.go::Counter.Name
    var n Counter
    n.count = 3
    //^ write: occur/counter.go::Counter.count
    get := c.Value
    //       ^ value: occur/counter.go::Counter.Value
    n2 := apply(double, get())
    //          ^ value: occur/counter.go:45
    //                  ^ local: 57
    handlers := map[string]func(int) int{"double": double}
    //                                             ^ value: occur/counter.go:45
    counters := []Counter{{count: 1}}
    //                     ^ value: occur/counter.go::Counter.count
    return n2 + len(handlers) + len(counters)
    //     ^ local: 59
}

func Shadow(label string) string {
//          ^ declares: parameter
    total := len(label)
    //           ^ local: 70
    if total := total * 2; total > Limit {
    //          ^ local: 72
    //                     ^ local: 74
        return fmt.Sprint(total)
        //                ^ local: 74
    }
    fmt := "shadowed"
  //^ declares: variable
    total++
  //^ local: 72
    return fmt + label
    //     ^ local: 80
    //           ^ local: 70
}

func Blocks() int {
    x := 1
    {
        x := x + 1
        //   ^ local: 90
        _ = x
        //  ^ local: 92
    }
    a, err := two()
    b, err := two()
    // ^ local: 97
    if err != nil {
        return b
    }
    fn := func(v int) int { return v + x + total }
    //         ^ declares: parameter
    //                             ^ local: 103
    //                                 ^ local: 90
    //                                     ^ value: occur/counter.go:12
    return fn(a)
}

func two() (int, error) { return 0, nil }
