// impl items inside an inline module are named by their type: string.Left.make, never string.make
pub mod string {
    pub struct Left { x: u32 }
    impl Left {
        pub fn make() -> Left { Left { x: 0 } }
        pub fn width(&self) -> u32 { self.x }
    }
    pub struct Right;
    impl Right {
        pub fn make() -> Right { Right }
    }
}

pub fn both() -> u32 {
    let a = string::Left::make();
    //                    ^ defined: src/inline.rs::string.Left.make
    let _b = string::Right::make();
    //                      ^ defined: src/inline.rs::string.Right.make
    a.width()
    //^ defined: src/inline.rs::string.Left.width
}
