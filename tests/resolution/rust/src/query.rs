// a builder: each method takes the value and gives it back (or ``Self``), so a chain of calls nests as
// deep as it is long; the type of a binding it initialises is what the last call returns
pub struct Query {
    parts: Vec<String>,
}

impl Query {
    pub fn new() -> Query {
        Query { parts: Vec::new() }
    }
    pub fn filter(self, field: &str) -> Query {
        self
    }
    pub fn limit(self, count: usize) -> Self {
        self
    }
    pub fn page(self, size: usize) -> Query {
        self
    }
    pub fn build(self) -> String {
        String::new()
    }
}

pub fn report() -> String {
    Query::new().filter("a").filter("b").limit(10).page(2).limit(3).build()
    //           ^ defined: src/query.rs::Query.filter
    //                                             ^ defined: src/query.rs::Query.page
    //                                                              ^ defined: src/query.rs::Query.build
}

pub fn started() -> String {
    let query = Query::new();
    let later = query.filter("a").limit(1);
    later.page(3).build()
    //    ^ defined: src/query.rs::Query.page
    //            ^ defined: src/query.rs::Query.build
}
