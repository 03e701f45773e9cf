package spans

type span struct {
	start, stop int64
}

// spans is a slice type with methods: an element of it (s[i]) is a span, never a spans.
type spans []span

func (s spans) stop() int64 {
	return s[len(s)-1].stop
	//                 ^ defined: spans/spans.go::span.stop
}

type gspans[T ~int64] []gspan[T]

type gspan[T ~int64] struct {
	start, stop T
}

func (s gspans[T]) stop() T {
	return s[len(s)-1].stop
	//                 ^ defined: spans/spans.go::gspan.stop
}

func first(s spans) int64 {
	return s[0].stop + s[0].start
	//          ^ defined: spans/spans.go::span.stop
	//                      ^ defined: spans/spans.go::span.start
}

type byName map[string]*span

func named(m byName) int64 {
	return m["a"].start
	//            ^ defined: spans/spans.go::span.start
}
