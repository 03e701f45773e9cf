pub trait Parse: Sized {
    fn parse(input: &str) -> Self;
}

pub struct Parser;

impl Parser {
    pub fn run<T>(f: fn(&str) -> T, input: &str) -> T {
        f(input)
    }
}

use crate::store;

// a field named like the module its type is written through: the path's first name is the module
pub struct Holder {
    pub store: store::Store,
    //         ^ value: src/store/mod.rs:1
    //                ^ defined: src/store/mod.rs::Store
}

// a project trait implemented for a type outside the project: the item implements the trait's
impl Parse for String {
    fn parse(input: &str) -> Self {
    // ^ overrides: src/parse.rs::Parse.parse
        input.to_string()
    }
}
