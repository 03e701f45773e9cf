pub mod item;

use self::item::Item;

#[derive(Default)]
pub struct Inventory {
    items: Vec<Item>,
    //         ^ defined: src/store/item.rs::Item
}

impl Inventory {
    pub fn empty() -> Inventory {
        Inventory { items: Vec::new() }
    }

    pub fn total(&self) -> usize {
        self.items.len()
    }
}

pub struct Store {
    inv: Inventory,
}

impl Store {
    pub fn new() -> Self {
        Store { inv: Inventory::default() }
    }

    pub fn add(&mut self, item: Item) {
        self.inv.items.push(item);
        self.check();
        //   ^ defined: src/store/mod.rs::Store.check
        self.inv.total();
        //       ^ defined: src/store/mod.rs::Inventory.total
        Self::new();
        //    ^ defined: src/store/mod.rs::Store.new
    }

    fn check(&self) {}

    pub fn count(&self) -> usize {
        self.inv.total()
    }
}
