//! Solve a recorded program without Python: ``bench/pyflow_record.py`` writes the solver's input and
//! every answer the host gave; this replays them, so that the solver alone can be timed or run under
//! ``valgrind --tool=callgrind`` (instruction counts do not move with the machine's load).
//!
//!     cargo run --release --example replay -- RECORD.json [TIMES] [DUMP]
//!
//! ``DUMP``: write every answer of the (last) run there, one line each, as ``Solution::take`` reads
//! them (implicit calls, then each call site's callees with the site's scope, span and text), so that
//! two builds of the solver can be compared answer by answer.

#[path = "../src/core.rs"]
mod core;
#[path = "../src/facts.rs"]
mod facts;
#[path = "../src/json.rs"]
mod json;
#[path = "../src/solver.rs"]
mod solver;

use std::collections::HashMap;

use json::{Doc, Json};
use solver::{FileInput, Host, InitStep, Link, Solver};

fn text(value: &Json<'_>) -> String {
    value.str().unwrap().to_string()
}

fn texts(d: &Doc<'_>, value: &Json<'_>) -> Vec<String> {
    d.arr(value).unwrap().iter().map(text).collect()
}

#[derive(Default, Clone)]
struct Replay {
    symbol: HashMap<String, Option<(String, u32, Option<String>)>>,
    mro: HashMap<String, Vec<String>>,
    external: HashMap<String, solver::ExternalProfile>,
    subclasses: HashMap<String, Vec<String>>,
    enum_member: HashMap<(String, String), bool>,
    init: HashMap<(String, String), Vec<(String, Vec<(String, String)>)>>,
}

impl Host for Replay {
    fn symbol(&mut self, id: &str) -> Option<(String, u32, Option<String>)> {
        self.symbol.get(id).cloned().flatten()
    }
    fn mro(&mut self, class_id: &str) -> Vec<String> {
        self.mro.get(class_id).cloned().unwrap_or_default()
    }
    fn external_defines(&mut self, class_id: &str, name: &str) -> bool {
        self.external.get(class_id).map(|p| solver::profile_defines(p, name)).unwrap_or(false)
    }
    fn subclasses(&mut self, class_id: &str) -> Vec<String> {
        self.subclasses.get(class_id).cloned().unwrap_or_default()
    }
    fn enum_member(&mut self, owner: &str, name: &str) -> bool {
        self.enum_member.get(&(owner.to_string(), name.to_string())).copied().unwrap_or(false)
    }
    fn literal_module(&mut self, _path: &str, _name: &str) -> Option<String> {
        None // (not recorded: a replay reads ``importlib.import_module("…")`` as an outside call)
    }
    fn init_global(&mut self, path: &str, name: &str) -> Vec<InitStep> {
        let steps = self.init.get(&(path.to_string(), name.to_string())).cloned().unwrap_or_default();
        steps
            .into_iter()
            .map(|(kind, items)| if kind == "copy" { InitStep::Copy(items[0].1.clone()) } else { InitStep::Add(items) })
            .collect()
    }
}

fn pairs(d: &Doc<'_>, value: &Json<'_>) -> Vec<(String, String)> {
    d.arr(value).unwrap().iter().map(|p| { let p = d.arr(p).unwrap(); (text(&p[0]), text(&p[1])) }).collect()
}

fn entities_text(s: &Solver<Replay>, found: &Option<Vec<solver::Entity>>) -> String {
    match found {
        None => "-".to_string(),
        Some(items) => items
            .iter()
            .map(|e| match e {
                solver::Entity::Sym(id) => format!("s:{}", s.st.text(*id)),
                solver::Entity::External(id) => format!("x:{}", s.st.text(*id)),
                solver::Entity::Unknown => "u".to_string(),
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// every answer, in the order ``Solution::take`` reads them
fn dump(s: &mut Solver<Replay>) -> String {
    let mut out = String::new();
    for index in 0..s.implicit.len() {
        let (key, objs) = &s.implicit[index];
        let key = *key;
        let objs = objs.v.to_vec();
        let capped = objs.contains(&core::CAPPED);
        let found = s.entities(&objs, capped);
        out.push_str(&format!("implicit {} {} {:?} {} -> {}\n", s.st.text(key.0), key.1, key.2, s.st.text(key.3),
                              entities_text(s, &found)));
    }
    for index in 0..s.sites.len() {
        let callees = s.site_record(&s.sites[index]);
        let capped = s.site_capped(&s.sites[index], &callees);
        let (key, text) = (s.sites[index].key, s.sites[index].text);
        let found = s.entities(&callees, capped);
        let text = text.map(|t| s.st.text(t).to_string()).unwrap_or_default();
        out.push_str(&format!("site {} {} {:?} {} -> {}\n", s.st.text(key.0), key.1, key.2, text, entities_text(s, &found)));
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let raw = std::fs::read_to_string(&args[1]).expect("a record");
    let times: usize = args.get(2).map(|t| t.parse().unwrap()).unwrap_or(1);
    let doc = json::parse(&raw).expect("a record in JSON");
    let d = &doc;
    let record = d.arr(d.root()).unwrap();
    let mut replay = Replay::default();
    for item in d.arr(&record[2]).unwrap() {
        let item = d.arr(item).unwrap();
        let found = if item[1].is_null() {
            None
        } else {
            let s = d.arr(&item[1]).unwrap();
            Some((text(&s[0]), s[1].int().unwrap() as u32, if s[2].is_null() { None } else { Some(text(&s[2])) }))
        };
        replay.symbol.insert(text(&item[0]), found);
    }
    for item in d.arr(&record[3]).unwrap() {
        let item = d.arr(item).unwrap();
        replay.mro.insert(text(&item[0]), texts(d, &item[1]));
    }
    for item in d.arr(&record[4]).unwrap() {
        let item = d.arr(item).unwrap();
        let profile = if item[1].is_null() {
            None
        } else {
            let parts = d.arr(&item[1]).unwrap();
            Some((texts(d, &parts[0]).into_iter().collect(), parts[1].truthy()))
        };
        replay.external.insert(text(&item[0]), profile);
    }
    for item in d.arr(&record[5]).unwrap() {
        let item = d.arr(item).unwrap();
        replay.enum_member.insert((text(&item[0]), text(&item[1])), item[2].truthy());
    }
    for item in d.arr(&record[6]).unwrap() {
        let item = d.arr(item).unwrap();
        let steps = d.arr(&item[2]).unwrap().iter().map(|s| { let s = d.arr(s).unwrap(); (text(&s[0]), pairs(d, &s[1])) }).collect();
        replay.init.insert((text(&item[0]), text(&item[1])), steps);
    }
    if let Some(items) = record.get(7) {
        for item in d.arr(items).unwrap() {
            let item = d.arr(item).unwrap();
            replay.subclasses.insert(text(&item[0]), texts(d, &item[1]));
        }
    }
    let extended = texts(d, &record[1]);
    for _ in 0..times {
        let mut inputs = Vec::new();
        for file in d.arr(&record[0]).unwrap() {
            let f = d.arr(file).unwrap();
            let symbols = d.arr(&f[2]).unwrap().iter().map(|s| {
                let s = d.arr(s).unwrap();
                (text(&s[0]), s[1].int().unwrap() as u32, s[2].int().unwrap())
            }).collect();
            let links = d.arr(&f[5]).unwrap().iter().map(|l| {
                let l = d.arr(l).unwrap();
                match l[0].int().unwrap() {
                    0 => Link::Copy(text(&l[1]), text(&l[2]), text(&l[3]), text(&l[4]),
                                    (l[5].int().unwrap() as u32, l[6].int().unwrap(), l[7].int().unwrap())),
                    1 => Link::Init(text(&l[1]), text(&l[2])),
                    _ => { let o = d.arr(&l[3]).unwrap(); Link::Add(text(&l[1]), text(&l[2]), (text(&o[0]), text(&o[1])),
                                    (l[4].int().unwrap() as u32, l[5].int().unwrap(), l[6].int().unwrap())) }
                }
            }).collect();
            inputs.push(FileInput { path: text(&f[0]), ids: texts(d, &f[1]), symbols, flow: f[3].str().unwrap(), import_bound: texts(d, &f[4]), links });
        }
        let rss = || {
            let status = std::fs::read_to_string("/proc/self/status").unwrap();
            let used = unsafe { libc::mallinfo2() }.uordblks / 1024;
            format!("{} in use {} kB", status.lines().filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM")).collect::<Vec<_>>().join(" "), used)
        };
        println!("before load: {}", rss());
        let started = solver::cpu_now();
        let mut s = Solver::new(replay.clone());
        s.load(inputs, extended.clone()).expect("facts");
        println!("after load: {} exprs={} groups={}", rss(), s.expr_count, s.fact_count);
        s.run();
        println!("after run: {}", rss());
        let total = solver::cpu_now() - started;
        let sites = s.sites.len();
        let callees: usize = s.sites.iter().map(|x| x.callees.len()).sum();
        println!("pts_digest={:x}", s.pts_digest());
        println!("nodes={} objects={} expr_size={} node_size={}", s.node_count(), s.objs.keys.len(),
                 std::mem::size_of::<facts::Expr>(), s.node_size());
        if let Some(out) = args.get(3) {
            std::fs::write(out, dump(&mut s)).expect("a dump");
        }
        println!("unfinished={} evaluations={} sites={} callees={} timings={:?} total_ms={}", s.unfinished.len(), s.evaluations, sites, callees,
                 s.timings.iter().map(|(n, t)| (*n, t / 1000)).collect::<Vec<_>>(), total / 1000);
    }
}
