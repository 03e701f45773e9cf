package embed

type Conn struct{}

func (c *Conn) Shut() error { return nil }

// Wrapper embeds *Conn (a field named Conn) and also holds a Conn by name: the field's type Conn is the
// package's type, never the embedded field.
type Wrapper struct {
	*Conn
	inner Conn
}

func (w *Wrapper) Shut() error {
	return w.Conn.Shut()
	//            ^ defined: embed/embed.go::Conn.Shut
}

func use(w *Wrapper) error {
	_ = w.Shut()
	//    ^ defined: embed/embed.go::Wrapper.Shut
	return w.inner.Shut()
	//             ^ defined: embed/embed.go::Conn.Shut
}

type Shutter interface{ Shut() error }
