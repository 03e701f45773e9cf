// The binary crate of the package: it uses the library crate by the package's name.
use shop::store::Store;
use shop::util;
use shop::nothing::Missing;

fn main() {
    let s = Store::new();
    //             ^ defined: src/store/mod.rs::Store.new
    s.count();
    //^ defined: src/store/mod.rs::Store.count
    util::name();
    //    ^ defined: src/util.rs::name
    shop::other::name();
    //           ^ defined: src/other.rs::name
    shop::run();
    //    ^ defined: src/lib.rs::run
    Missing::new();
    //       ^ unresolved: shop.nothing.Missing.new
    serde_json::to_string(&1);
    //          ^ unresolved: serde_json.to_string
}
