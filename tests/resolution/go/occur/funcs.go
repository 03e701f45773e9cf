package occur

// A method of a function type that calls its receiver calls the function the value holds, not the type
// (net/http's HandlerFunc.ServeHTTP): the call has no target the project can name.
type Handler func(code int) int

func (h Handler) Serve(code int) int {
    return h(code)
    //     ^ unresolved
}

// A conversion to the type still names it.
func Wrap(f func(int) int) Handler {
    return Handler(f)
    //     ^ defined: occur/funcs.go:5
}
