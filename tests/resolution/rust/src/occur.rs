//! Every use of a name: values, fields, imported names, locals and shadowing.

use crate::util::{name, self};
//                ^ import: src/util.rs:1
use crate::store::item::Item as Thing;
//                      ^ import: src/store/item.rs::Item

pub const LIMIT: i32 = 10;

pub static mut COUNT: i32 = 0;

pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    pub const ORIGIN: i32 = 0;

    pub fn new(x: i32, y: i32) -> Self {
    //         ^ declares: parameter
        Point { x, y }
        //      ^ local: 20
    }

    pub fn shift(&mut self, dx: i32) -> i32 {
    //                ^ declares: parameter
    //                      ^ declares: parameter
        self.x += dx;
        //   ^ write: src/occur.rs:13
        //        ^ local: 26
        let y = self.y + Self::ORIGIN + LIMIT;
        //      ^ local: 26
        //           ^ value: src/occur.rs:14
        //                     ^ value: src/occur.rs:18
        //                              ^ value: src/occur.rs:8
        let y = y * 2;
        //      ^ local: 32
        let f = name;
        //      ^ value: src/util.rs:1
        let g = util::name;
        //      ^ value: src/util.rs:1
        //            ^ value: src/util.rs:1
        let add = |a: i32, b| a + b + y;
        //         ^ declares: parameter
        //                        ^ local: 44
        //                            ^ local: 37
        let p = Point { x: 1, y: dx };
        //              ^ value: src/occur.rs:13
        //                       ^ local: 26
        let Point { x, y: py } = p;
        //          ^ declares: variable
        //             ^ value: src/occur.rs:14
        //                       ^ local: 48
        let r = match x { 0 => 0, n => n + py };
        //            ^ local: 51
        //                             ^ local: 55
        //                                 ^ local: 51
        println!("{} {}", self.x, r);
        //                     ^ value: src/occur.rs:13
        //                        ^ local: 55
        add(f().len() as i32, g().len() as i32) + r + Thing::new(1).price() as i32
    }
}

pub fn shadow(name: &str) -> usize {
//            ^ declares: parameter
    let n = name.len();
    //      ^ local: 66
    {
        let name = n + 1;
        let _ = name;
        //      ^ local: 71
    }
    n + name.len()
    //  ^ local: 66
}

pub fn global() -> i32 {
    let total = LIMIT + Point::ORIGIN;
    //                  ^ value: src/occur.rs:12
    //                         ^ value: src/occur.rs:18
    {
        let LIMIT = 1;
        let _ = LIMIT;
    }
    total + LIMIT
    //      ^ value: src/occur.rs:8
}
