// Calls and paths in macro arguments are read from the tokens; a name the arguments bind themselves (a
// closure's parameter, a pattern, a named argument) is not the name outside, and a quoting macro's tokens are
// code to generate: neither becomes a resolved edge by what the name means outside.
pub struct Gauge { pub level: i32 }
pub struct Meter;

impl Gauge {
    pub fn new() -> Gauge { Gauge { level: 1 } }
    pub fn probe(&self) -> bool { true }
    pub fn emit(&self) -> i32 {
        let _t = quote! { self.probe() };
        //                     ^ none
        1
    }
}

impl Meter {
    pub fn new() -> Meter { Meter }
    pub fn probe(&self) -> bool { false }
}

pub fn tally(gauges: Vec<Gauge>) -> i32 {
    let x = Meter::new();
    let v = vec![Gauge::new()];
    //                  ^ defined: src/macros.rs::Gauge.new
    assert!(gauges.iter().all(|x| x.probe()));
    //                              ^ ambiguous: src/macros.rs::Gauge.probe, src/macros.rs::Meter.probe
    let y = Meter::new();
    let _ok = each!(y in gauges => y.probe());
    //                               ^ ambiguous: src/macros.rs::Gauge.probe, src/macros.rs::Meter.probe
    println!("{} {}", x.probe(), v.len());
    //                  ^ defined: src/macros.rs::Meter.probe
    assert_eq!(y.probe(), false);
    //           ^ defined: src/macros.rs::Meter.probe
    let _s = format!("{a}", a = x.probe());
    //                            ^ defined: src/macros.rs::Meter.probe
    0
}

// ``matches!``'s second argument is a pattern: its ``Signal::Up(..)`` names the variant (no call), its ``|``
// separates alternatives (no closure's parameters: ``Signal`` after it is the enum), its names are its own
pub enum Signal { Up(i32), Down }

pub fn rising(s: &Signal) -> bool {
    matches!(s, Signal::Up(..) | Signal::Down)
    //                  ^ defined: src/macros.rs::Signal.Up
    //                                   ^ defined: src/macros.rs::Signal.Down
}

pub fn level(s: Signal) -> bool {
    matches!(s, Signal::Up(n) if n > Gauge::new().level)
    //                  ^ defined: src/macros.rs::Signal.Up
    //                                      ^ defined: src/macros.rs::Gauge.new
}

// a ``macro_rules!`` body is tokens, read for the macros it calls: where it is expanded, they run (itertools'
// ``count_ident!`` and ``$(ignore_ident!($X, A)),*``); ``$m!`` is a metavariable's macro, no name of this crate
macro_rules! skip_one { ($x:ident, $($t:tt)*) => { $($t)* }; }
macro_rules! count_all { () => { 0 }; ($h:ident $($t:ident)*) => { 1 + count_all!($($t)*) }; }
//                                                                     ^ defined: src/macros.rs::count_all
macro_rules! tuple_of {
    ($m:ident; $($x:ident)*) => { type Row = ($(skip_one!($x, u8)),*); const N: usize = $crate::count_all!($($x)*); $m!(); };
    //                                          ^ defined: src/macros.rs::skip_one
    //                                                                                          ^ defined: src/macros.rs::count_all
    //                                                                                                              ^ none
}
