package query

// a fluent builder: each method returns the builder, so a chain of calls nests as deep as it is long; it
// may start at a constructor function or at a composite literal
type Query struct {
	parts []string
}

func New() *Query                        { return &Query{} }
func (q *Query) Where(field string) *Query { return q }
func (q *Query) Limit(count int) *Query    { return q }
func (q Query) Page(size int) Query        { return q }
func (q *Query) Build() string             { return "" }

func Report() string {
	return New().Where("a").Limit(10).Where("b").Limit(3).Where("c").Limit(4).Build()
	//                                                    ^ defined: query/query.go::Query.Where
	//                                                               ^ defined: query/query.go::Query.Limit
	//                                                                        ^ defined: query/query.go::Query.Build
}

func Started() string {
	return (&Query{}).Where("a").Build() + Query{}.Page(2).Page(3).Build()
	//                ^ defined: query/query.go::Query.Where
	//                                                     ^ defined: query/query.go::Query.Page
	//                                                             ^ defined: query/query.go::Query.Build
}
