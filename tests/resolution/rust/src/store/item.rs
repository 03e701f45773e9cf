pub struct Item {
    cost: u32,
}

impl Item {
    pub fn new(cost: u32) -> Self {
        Item { cost }
    }
}

pub trait Priced {
    fn price(&self) -> u32;

    fn describe(&self) -> String {
        format!("{}", self.price())
        //                 ^ defined: src/store/item.rs::Priced.price
    }
}

impl Priced for Item {
    //   ^ defined: src/store/item.rs::Priced
    fn price(&self) -> u32 {
    // ^ overrides: src/store/item.rs::Priced.price
        self.cost
    }
}
