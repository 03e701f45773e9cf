// A pattern's name holds what the pattern takes: an element of a collection, what Some/Ok/Err unwraps.
pub struct Disc {
    pub r: i32,
}

impl Disc {
    pub fn area(&self) -> i32 {
        self.r
    }
}

pub fn total(discs: Vec<Disc>, opt: Option<Disc>, res: Result<Disc, Disc>, slice: &[Disc]) -> i32 {
    let mut t = 0;
    for d in &discs {
        t += d.area();
        //     ^ defined: src/patterns.rs:7
    }
    for d in slice.iter() {
        t += d.area();
        //     ^ defined: src/patterns.rs:7
    }
    if let Some(d) = opt {
        t += d.area();
        //     ^ defined: src/patterns.rs:7
    }
    match res {
        Ok(d) => t += d.area(),
        //              ^ defined: src/patterns.rs:7
        Err(e) => t += e.r,
        //               ^ value: src/patterns.rs:3
    }
    let mut rest: Vec<Disc> = discs;
    while let Some(d) = rest.pop() {
        t += d.area();
        //     ^ defined: src/patterns.rs:7
    }
    t
}
