//! Interned strings, abstract objects, node keys and small ordered sets.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

pub use smallvec::{smallvec, SmallVec};

/// a few objects, inline (most sets hold one or two)
pub type Objs = SmallVec<[O; 8]>;

/// A fast, deterministic hasher for small integer keys and short strings (the keys here are ours,
/// not an attacker's): rotate, xor, multiply, a word at a time.
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Fx {
    #[inline]
    fn word(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.word(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.word(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.word(n);
    }
    #[inline]
    fn write_i32(&mut self, n: i32) {
        self.word(n as i64 as u64);
    }
    #[inline]
    fn write_i64(&mut self, n: i64) {
        self.word(n as u64);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.word(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type FxBuild = BuildHasherDefault<Fx>;
pub type FxMap<K, V> = HashMap<K, V, FxBuild>;
pub type FxSet<K> = HashSet<K, FxBuild>;

pub type S = u32; // an interned string
pub type O = u32; // an interned abstract object
pub type N = u32; // a node (a points-to set's key)

/// Ids of values kept in a list by the caller, found by their hash: an open-addressed table of
/// (the hash's upper half, the id), 8 bytes a slot (a map of hashes to ids took 16 bytes and a control
/// byte a bucket: the five indices held 7.8 MB on Django, where a map of the values themselves repeats
/// each). The caller tells whether an id's value is the one looked for (every value here is kept once).
#[derive(Default)]
pub struct HashIndex {
    /// (the hash's upper 32 bits, the id + 1; 0: an empty slot); a power of two long, or empty
    slots: Vec<(u32, u32)>,
    len: usize,
}

impl HashIndex {
    pub fn hash<T: Hash + ?Sized>(value: &T) -> u64 {
        let mut hasher = Fx::default();
        value.hash(&mut hasher);
        hasher.finish()
    }
    /// where a hash's probe starts: its top bits (a product's best mixed)
    #[inline]
    fn home(&self, upper: u32) -> usize {
        (upper >> (32 - self.slots.len().trailing_zeros())) as usize
    }
    /// the id of the value of this hash that ``is`` accepts
    #[inline]
    pub fn find(&self, hash: u64, is: impl Fn(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let upper = (hash >> 32) as u32;
        let mask = self.slots.len() - 1;
        let mut at = self.home(upper);
        loop {
            let (h, stored) = self.slots[at];
            if stored == 0 {
                return None;
            }
            if h == upper && is(stored - 1) {
                return Some(stored - 1);
            }
            at = (at + 1) & mask;
        }
    }
    /// index a new id (its value not indexed yet)
    pub fn insert(&mut self, hash: u64, id: u32) {
        // (at most three quarters full: linear probes stay short)
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let size = (self.slots.len() * 2).max(16);
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
            for (upper, stored) in old {
                if stored != 0 {
                    self.place(upper, stored);
                }
            }
        }
        self.place((hash >> 32) as u32, id.checked_add(1).expect("fewer than 2^32 ids"));
        self.len += 1;
    }
    #[inline]
    fn place(&mut self, upper: u32, stored: u32) {
        let mask = self.slots.len() - 1;
        let mut at = self.home(upper);
        while self.slots[at].1 != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = (upper, stored);
    }
}

/// Strings by id, each kept once: their texts one after another in one buffer, found by their
/// hash (a string costs its text, an end and an index entry: the map of shared strings this replaces
/// took twice as much on Django, 7 MB for 62k strings).
#[derive(Default)]
pub struct Interner {
    texts: String,
    /// where each string ends in ``texts`` (it starts where the one before it ends)
    ends: Vec<u32>,
    index: HashIndex,
}

impl Interner {
    pub fn get(&mut self, text: &str) -> S {
        let hash = HashIndex::hash(text);
        if let Some(found) = self.index.find(hash, |id| self.text(id) == text) {
            return found;
        }
        let id = self.ends.len() as S;
        self.texts.push_str(text);
        self.ends.push(u32::try_from(self.texts.len()).expect("less than 4 GB of strings"));
        self.index.insert(hash, id);
        id
    }
    pub fn text(&self, id: S) -> &str {
        let end = self.ends[id as usize] as usize;
        let start = if id == 0 { 0 } else { self.ends[id as usize - 1] as usize };
        &self.texts[start..end]
    }
}

/// An abstract object, as the Python solver's tuples (see ``solver.py``).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ObjKey {
    F(S),
    C(S),
    /// ``("I", class)`` (site ``SUMMARY``), ``("I", class, site)`` (an interned site), or the summary's own
    /// writes' owner ``("I", class, DIRECT)``
    I(S, u32),
    B(S, O),
    M(S),
    X(S),
    /// ``("L", path, line, col)`` and the other four-part lists
    L(S, i32, i32),
    /// ``("L", path, line, col, ctx)``: a list display in a context
    Lc(S, i32, i32, u32),
    /// ``("L", "*args", fid)``
    Ls(S, S),
    /// ``("L", "*args", fid, ctx)``
    Lsc(S, u32),
    /// ``("L", "items" | "keys", container)``
    Lo(S, O),
    /// ``("L", "rest", container, position)``: a starred target's part of an unpacked container
    Lr(O, i32),
    D(S, i32, i32),
    /// ``("D", path, line, col, ctx)``
    Dc(S, i32, i32, u32),
    /// ``("D", "**kwargs", fid)``
    Ds(S, S),
    /// ``("D", "**kwargs", fid, ctx)``
    Dsc(S, u32),
    G(S),
    Sup(S, O),
    P(S, i32, i32, i32),
    K,
    Unk,
    Capped,
    Id,
    BM(S, O),
    IT(O),
    VW(O),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tag {
    F,
    C,
    I,
    B,
    M,
    X,
    L,
    D,
    G,
    S,
    P,
    K,
    Unk,
    Capped,
    Id,
    BM,
    IT,
    VW,
}

impl ObjKey {
    pub fn tag(&self) -> Tag {
        match self {
            ObjKey::F(_) => Tag::F,
            ObjKey::C(_) => Tag::C,
            ObjKey::I(..) => Tag::I,
            ObjKey::B(..) => Tag::B,
            ObjKey::M(_) => Tag::M,
            ObjKey::X(_) => Tag::X,
            ObjKey::L(..) | ObjKey::Lc(..) | ObjKey::Ls(..) | ObjKey::Lsc(..) | ObjKey::Lo(..) | ObjKey::Lr(..) => Tag::L,
            ObjKey::D(..) | ObjKey::Dc(..) | ObjKey::Ds(..) | ObjKey::Dsc(..) => Tag::D,
            ObjKey::G(_) => Tag::G,
            ObjKey::Sup(..) => Tag::S,
            ObjKey::P(..) => Tag::P,
            ObjKey::K => Tag::K,
            ObjKey::Unk => Tag::Unk,
            ObjKey::Capped => Tag::Capped,
            ObjKey::Id => Tag::Id,
            ObjKey::BM(..) => Tag::BM,
            ObjKey::IT(_) => Tag::IT,
            ObjKey::VW(_) => Tag::VW,
        }
    }
}

pub const UNK: O = 0;
pub const CAPPED: O = 1;
pub const CONST: O = 2;
pub const STR: O = 3; // ("X", "builtins.str")
pub const IDENTITY: O = 4;
/// the site of a class's summary instance ``("I", class)``
pub const SUMMARY: u32 = u32::MAX;
/// the owner of what is written through the summary instance itself (``DIRECT`` in ``solver.py``)
pub const DIRECT: u32 = u32::MAX - 1;

#[derive(Default)]
pub struct Objects {
    index: HashIndex,
    pub keys: Vec<ObjKey>,
    pub tags: Vec<Tag>,
    /// per site instance, its class's summary instance once asked (``UNK``: not yet)
    summaries: Vec<O>,
}

impl Objects {
    pub fn get(&mut self, key: ObjKey) -> O {
        let hash = HashIndex::hash(&key);
        if let Some(found) = self.index.find(hash, |id| self.keys[id as usize] == key) {
            return found;
        }
        let id = self.keys.len() as O;
        self.keys.push(key);
        self.tags.push(key.tag());
        self.index.insert(hash, id);
        id
    }
    /// the summary instance ``I(cls, SUMMARY)`` of the site instance ``obj`` of ``cls`` (made on first
    /// use, as ``get`` would)
    pub fn summary(&mut self, obj: O, cls: S) -> O {
        if let Some(&found) = self.summaries.get(obj as usize) {
            if found != UNK {
                return found;
            }
        }
        let found = self.get(ObjKey::I(cls, SUMMARY));
        if self.summaries.len() <= obj as usize {
            self.summaries.resize(self.keys.len(), UNK);
        }
        self.summaries[obj as usize] = found;
        found
    }
    #[inline]
    pub fn tag(&self, o: O) -> Tag {
        self.tags[o as usize]
    }
    #[inline]
    pub fn key(&self, o: O) -> ObjKey {
        self.keys[o as usize]
    }
}

/// What owns a node: a symbol or path (by its id), or an abstract object.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Owner {
    Sym(S),
    Obj(O),
    /// a function's own names in one of its contexts: ``(fid, name, ctx)``
    Ctx(S, u32),
}

/// A small ordered set of objects: a vector, with a hash index once it grows.
#[derive(Clone, Default, Debug)]
pub struct OSet {
    pub v: Objs,
    /// (boxed: few sets grow so large, and the implicit calls keep a set each)
    index: Option<Box<FxSet<O>>>,
}

const INDEX_AT: usize = 64;

impl OSet {
    pub fn new() -> OSet {
        OSet { v: Objs::new(), index: None }
    }
    /// a set from objects without repeats
    pub fn from_vec(v: Objs) -> OSet {
        let mut out = OSet { v, index: None };
        if out.v.len() > INDEX_AT {
            out.index = Some(Box::new(out.v.iter().copied().collect()));
        }
        out
    }
    #[inline]
    pub fn contains(&self, o: O) -> bool {
        match &self.index {
            Some(index) => index.contains(&o),
            None => self.v.contains(&o),
        }
    }
    #[inline]
    pub fn insert(&mut self, o: O) -> bool {
        if self.contains(o) {
            return false;
        }
        self.push_new(o);
        true
    }
    /// add an object not in the set
    #[inline]
    fn push_new(&mut self, o: O) {
        self.v.push(o);
        if let Some(index) = &mut self.index {
            index.insert(o);
        } else if self.v.len() > INDEX_AT {
            self.index = Some(Box::new(self.v.iter().copied().collect()));
        }
    }
    /// add objects without repeats among themselves (every set here is such)
    pub fn extend(&mut self, items: &[O]) {
        if self.v.is_empty() {
            self.v.extend_from_slice(items);
            if self.v.len() > INDEX_AT {
                self.index = Some(Box::new(self.v.iter().copied().collect()));
            }
            return;
        }
        for &o in items {
            self.insert(o);
        }
    }
    /// ``extend``, telling the set's objects by ``marks`` where a scan per item would cost more (the same
    /// objects in the same order)
    pub fn extend_marked(&mut self, items: &[O], marks: &mut Marks) {
        if self.index.is_some() || self.v.len() < 8 || items.len() < 4 {
            return self.extend(items);
        }
        marks.clear();
        for &o in self.v.iter() {
            marks.mark(o);
        }
        for &o in items {
            if !marks.has(o) {
                marks.mark(o);
                self.push_new(o);
            }
        }
    }
    pub fn is_empty(&self) -> bool {
        self.v.is_empty()
    }
}

/// A small ordered set of objects, scanned for each new one: the implicit calls keep a set each, and
/// all but a few hold one object (on Django 39k of 41k; an ``OSet`` is 48 bytes, this 24).
#[derive(Clone, Default, Debug)]
pub struct FewSet {
    pub v: SmallVec<[O; 2]>,
}

impl FewSet {
    pub fn insert(&mut self, o: O) -> bool {
        if self.v.contains(&o) {
            return false;
        }
        self.v.push(o);
        true
    }
    /// add objects without repeats among themselves (as ``OSet::extend``)
    pub fn extend(&mut self, items: &[O]) {
        if self.v.is_empty() {
            self.v.extend_from_slice(items);
            return;
        }
        for &o in items {
            self.insert(o);
        }
    }
}

/// Membership of one set of objects at a time, each test a read: an object's stamp is the generation
/// of the last set marked that holds it (``add`` asks whether each of many objects is in a node's set
/// of up to ``MAX_SET_SIZE``, which a scan made quadratic).
#[derive(Default)]
pub struct Marks {
    stamps: Vec<u32>,
    generation: u32,
}

impl Marks {
    /// forget the set marked before
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // (the stamps wrapped around: none may pass for the new generation)
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }
    #[inline]
    pub fn mark(&mut self, o: O) {
        let at = o as usize;
        if at >= self.stamps.len() {
            self.stamps.resize(at + 1 + at / 2, 0);
        }
        self.stamps[at] = self.generation;
    }
    #[inline]
    pub fn has(&self, o: O) -> bool {
        self.stamps.get(o as usize) == Some(&self.generation)
    }
}
