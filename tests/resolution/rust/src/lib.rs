pub mod macros;
pub mod other;
pub mod query;
pub mod store;
pub mod util;

use std::collections::HashMap;
use store::item::{Item, Priced};
use store::{Store, Inventory as Inv};
use crate::util::name as util_name;
use crate::store::nothing_here;

pub fn run() -> usize {
    let mut s = Store::new();
    //                 ^ defined: src/store/mod.rs::Store.new
    s.add(Item::new(3));
    //^ defined: src/store/mod.rs::Store.add
    //          ^ defined: src/store/item.rs::Item.new
    let it: Item = Item::new(1);
    //      ^ defined: src/store/item.rs::Item
    it.price();
    // ^ defined: src/store/item.rs::Item.price
    it.describe();
    // ^ defined: src/store/item.rs::Priced.describe
    let inv = Inv::empty();
    //             ^ defined: src/store/mod.rs::Inventory.empty
    inv.total();
    //  ^ defined: src/store/mod.rs::Inventory.total
    util_name();
    // ^ defined: src/util.rs::name
    util::name();
    //    ^ defined: src/util.rs::name
    other::name();
    //     ^ defined: src/other.rs::name
    crate::other::name();
    //            ^ defined: src/other.rs::name
    nothing_here();
    // ^ unresolved: crate.store.nothing_here
    let m: HashMap<String, Item> = HashMap::new();
    //     ^ unresolved: std.collections.HashMap
    //                     ^ defined: src/store/item.rs::Item
    //                                      ^ unresolved: std.collections.HashMap.new
    helper(&s);
    // ^ defined: src/lib.rs::helper
    s.count()
    //^ defined: src/store/mod.rs::Store.count
}

fn helper(s: &Store) -> usize {
    //        ^ defined: src/store/mod.rs::Store
    s.count()
    //^ defined: src/store/mod.rs::Store.count
}

fn shadow() {
    let helper = |x: u32| x + 1;
    helper(2);
    // ^ unresolved: helper
    let p: &dyn Priced = &Item::new(2);
    p.price();
    //^ defined: src/store/item.rs::Priced.price
    undefined_fn();
    // ^ unresolved: undefined_fn
}

mod inner {
    use super::helper;
    use crate::store::Store;

    pub fn go(s: &Store) -> usize {
        helper(s) + super::helper(s)
        // ^ defined: src/lib.rs::helper
        //                 ^ defined: src/lib.rs::helper
    }
}
pub mod occur;
pub mod patterns;
pub mod parse;

// a module and a function of one name (syn's ``mod parse`` and ``fn parse``): a path's first name is the module
pub fn parse<T: parse::Parse>(input: &str) -> T {
    //          ^ value: src/parse.rs:1
    //                 ^ defined: src/parse.rs::Parse
    parse::Parser::run(T::parse, input)
    // ^ value: src/parse.rs:1
    //     ^ value: src/parse.rs::Parser
    //             ^ defined: src/parse.rs::Parser.run
}

pub fn parse_twice<T: parse::Parse>(input: &str) -> (T, T) {
    (parse(input), parse::Parser::run(T::parse, input))
    // ^ defined: src/lib.rs::parse
    //             ^ value: src/parse.rs:1
    //                            ^ defined: src/parse.rs::Parser.run
}
