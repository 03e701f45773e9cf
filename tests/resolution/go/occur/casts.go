package occur

// A type assertion names the type of the value: a member of it is that type's member.
type Circle struct {
    Radius int
}

func (c *Circle) Area() int { return 3 }

func Measure(x interface{}) int {
    a := x.(*Circle).Area()
    //               ^ defined: occur/casts.go:8
    b := x.(Circle).Radius
    //              ^ value: occur/casts.go:5
    return a + b
}
