package occur

// A type switch's variable is of the type its case names; a comma-ok assertion's value too.
type Disc struct{ R int }

func (d *Disc) Area() int { return d.R }

type Box struct{ W int }

func (b Box) Area() int { return b.W }

func Size(x interface{}) int {
    switch v := x.(type) {
    case *Disc:
        return v.Area()
        //       ^ defined: occur/switches.go:6
    case Box:
        return v.Area() + v.W
        //       ^ defined: occur/switches.go:10
        //                  ^ value: occur/switches.go:8
    }
    if d, ok := x.(*Disc); ok {
        return d.Area()
        //       ^ defined: occur/switches.go:6
    }
    return 0
}

// A range loop's variables hold the keys and elements of what is ranged over, where its type is written.
func Total(ds []*Disc, byName map[string]Box, ch chan *Disc) int {
    t := 0
    for _, d := range ds {
        t += d.Area()
        //     ^ defined: occur/switches.go:6
    }
    for _, d := range byName {
        t += d.Area()
        //     ^ defined: occur/switches.go:10
    }
    for d := range ch {
        t += d.Area()
        //     ^ defined: occur/switches.go:6
    }
    return t
}

// An index expression's value is an element of what is indexed, where its type is written.
func Pick(ds []*Disc, byName map[string]Box, i int) int {
    d := ds[i]
    b, ok := byName["a"]
    if !ok {
        return d.Area()
        //       ^ defined: occur/switches.go:6
    }
    return b.Area()
    //       ^ defined: occur/switches.go:10
}
