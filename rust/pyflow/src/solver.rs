//! The fixpoint, ported from ``resolve/pyflow/solver.py`` function by function: the same abstract
//! objects, the same order of evaluation, caps and widening, so that both give the same answers.
//! Comments name the Python function each part ports; its docstrings say why.

use std::sync::Arc as Rc;

use crate::core::*;
use crate::facts::*;
use crate::json::{self, Doc, Json};

pub const MAX_SET_SIZE: usize = 48;
pub const MAX_GROWTHS: u32 = 16;
pub const MAX_EVALUATIONS_PER_FACT: u64 = 3;
pub const BASE_EVALUATIONS: u64 = 20000;
pub const MAX_CONTEXTS: usize = 8;
pub const MAX_SITE_INSTANCES: usize = 4;
pub const SMALL_FUNCTION_FACTS: usize = 16;
const PER_OBJECT: u8 = 1;
const PER_SITE: u8 = 2;
/// a site interned without a context
const NO_CTX: u32 = u32::MAX;

/// What a context is for: a receiver instance, or a call site (``("@", site)``)
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum CtxKey {
    Obj(O),
    Site(u32),
}

// symbol codes (``compiled.py`` writes them): the category, then flags
pub const CAT_MASK: u32 = 7;
pub const CAT_TYPE: u32 = 2;
pub const K_SETTER: u32 = 8;
pub const K_PROPERTY: u32 = 16;
pub const K_ENUM: u32 = 32;
pub const P_LAMBDA: u32 = 128;
pub const P_STATIC: u32 = 256;
pub const P_CLASSMETHOD: u32 = 512;
pub const P_DELETER: u32 = 1024;

/// What the solver asks of the resolver (``compiled.py``'s host answers).
pub trait Host {
    /// name, code, parent id
    fn symbol(&mut self, id: &str) -> Option<(String, u32, Option<String>)>;
    fn mro(&mut self, class_id: &str) -> Vec<String>;
    /// may a base outside the project, of the class or an ancestor, define the member ``name``?
    fn external_defines(&mut self, class_id: &str, name: &str) -> bool;
    /// the project's classes that extend ``class_id``, directly or not, in id order
    fn subclasses(&mut self, class_id: &str) -> Vec<String>;
    fn enum_member(&mut self, owner: &str, name: &str) -> bool;
    fn init_global(&mut self, path: &str, name: &str) -> Vec<InitStep>;
    /// ``importlib.import_module(name)`` in the file at ``path``: the module it runs (``literal_module``)
    fn literal_module(&mut self, path: &str, name: &str) -> Option<String>;
}

/// What outside bases of a class define, for every name (the host's ``external_profile``): None when one
/// may define anything; else the names they define and whether every dunder is one.
pub type ExternalProfile = Option<(std::collections::HashSet<String>, bool)>;

/// ``external_defines`` of a class, from its profile.
pub fn profile_defines(profile: &ExternalProfile, name: &str) -> bool {
    match profile {
        None => true,
        Some((names, dunders)) => (*dunders && name.starts_with("__") && name.ends_with("__")) || names.contains(name),
    }
}

pub enum InitStep {
    /// a star import of this module exports the name: copy its node, and initialise it there
    Copy(String),
    /// objects to add, in one step
    Add(Vec<(String, String)>),
}

/// An instruction of ``_link_imports``, worked out by the host.
pub enum Link {
    /// copy (module, name) into (scope id, local) of the import at (scope, line, column)
    Copy(String, String, String, String, (u32, i64, i64)),
    Init(String, String),
    Add(String, String, (String, String), (u32, i64, i64)),
}

#[derive(Clone)]
pub struct SymInfo {
    pub name: S,
    pub code: u32,
    pub parent: Option<S>,
}

pub struct FileInput<'a> {
    pub path: String,
    pub ids: Vec<String>,
    /// per symbol index: name, code, parent index (-1 for none)
    pub symbols: Vec<(String, u32, i64)>,
    /// the facts' JSON text (borrowed: the extension reads the extraction's own string)
    pub flow: &'a str,
    /// names that module-level imports bind
    pub import_bound: Vec<String>,
    pub links: Vec<Link>,
}

struct FileData {
    path: S,
}

/// A node's points-to set and marks: 20 bytes, and there are hundreds of thousands (a third of a
/// million on Django); what reads it is in ``Solver::deps``.
struct NodeData {
    /// the node's objects while it holds at most ``INLINE_OBJECTS`` (most hold none or one: on Django
    /// 95k and 156k nodes of 306k); past that, ``objs[0]`` is where its set starts in ``Solver::sets``
    objs: [O; INLINE_OBJECTS],
    /// its block of the groups that read it, in ``Solver::deps`` (``NO_DEP``: none)
    deps: u32,
    /// the newest of the copy edges that leave this node, in ``Solver::copies`` (``NO_DEP``: none)
    copies: u32,
    /// how many objects it holds (empty until something flows in: nothing takes objects out)
    len: u8,
    /// how many copy edges leave it, counted up to ``COPY_SCAN`` (then they are in ``Solver::copy_set``)
    copy_count: u8,
    /// times the set grew (at most ``MAX_GROWTHS + 1``: then it is widened, and grows no more)
    growths: u8,
    /// its marks, a bit each (``FROZEN`` …: five bools took 4 bytes more a node, 1.3 MB on Django)
    marks: u8,
}

/// the set holds CAPPED: frozen
const FROZEN: u8 = 1;
/// facts wait for this receiver node (``Solver::waiting``)
const HAS_WAITING: u8 = 2;
/// a module's name whose builtins and star imports were read in (``init_global``)
const INITIALISED: u8 = 4;
/// an annotated name (or return value)
const ANNOTATED: u8 = 8;
/// its annotation seeded it (``any_typed``)
const TYPED: u8 = 16;

impl NodeData {
    #[inline]
    fn is(&self, mark: u8) -> bool {
        self.marks & mark != 0
    }
    #[inline]
    fn set(&mut self, mark: u8, on: bool) {
        if on {
            self.marks |= mark;
        } else {
            self.marks &= !mark;
        }
    }
}

impl Default for NodeData {
    fn default() -> NodeData {
        NodeData { objs: [0; INLINE_OBJECTS], deps: NO_DEP, copies: NO_DEP, len: 0, copy_count: 0, growths: 0, marks: 0 }
    }
}

/// the objects a node holds in itself; a larger set is a block of ``Solver::sets``
const INLINE_OBJECTS: usize = 2;

/// Blocks of ``BASE << class`` numbers in one vector, for the sets (``Sets``) and the readers
/// (``Readers``) of nodes: a block that is left is kept for the next of its size. (A vector each took a
/// 24-byte header and the allocator's own 8 to 16 bytes.)
struct Blocks<const BASE: usize, const CLASSES: usize> {
    data: Vec<u32>,
    /// per class, the first free block (``NO_DEP``: none); a free block's first number is the next free one
    free: [u32; CLASSES],
}

impl<const BASE: usize, const CLASSES: usize> Default for Blocks<BASE, CLASSES> {
    fn default() -> Self {
        Blocks { data: Vec::new(), free: [NO_DEP; CLASSES] }
    }
}

impl<const BASE: usize, const CLASSES: usize> Blocks<BASE, CLASSES> {
    fn alloc(&mut self, class: usize) -> u32 {
        let found = self.free[class];
        if found != NO_DEP {
            self.free[class] = self.data[found as usize];
            return found;
        }
        let at = self.data.len();
        assert!(at + (BASE << class) < NO_DEP as usize, "fewer than 2^32 numbers in blocks");
        self.data.resize(at + (BASE << class), 0);
        at as u32
    }
    fn release(&mut self, at: u32, class: usize) {
        self.data[at as usize] = self.free[class];
        self.free[class] = at;
    }
}

/// The sets of the nodes that hold more than ``INLINE_OBJECTS`` objects: each in a block of a power of
/// two objects (at least four) that fits it. A set that outgrows its block moves to a larger one (1.6 MB
/// less for Django's 41k sets than a vector each). Blocks of 4 to 256 objects: a node holds fewer than
/// 256, its ``len`` is a byte.
type Sets = Blocks<4, 7>;

impl Sets {
    /// the class of the smallest block that holds ``len`` objects
    #[inline]
    fn class(len: usize) -> usize {
        len.max(4).next_power_of_two().trailing_zeros() as usize - 2
    }
}

/// a node's objects
#[inline]
fn objects<'a>(node: &'a NodeData, sets: &'a Sets) -> &'a [O] {
    let len = node.len as usize;
    if len <= INLINE_OBJECTS {
        &node.objs[..len]
    } else {
        let at = node.objs[0] as usize;
        &sets.data[at..at + len]
    }
}

/// add objects to a node's set (none already in it), moving the set to ``sets`` as it outgrows the
/// node, and to a larger block as it outgrows its own (once for them all)
#[inline]
fn push_objects(node: &mut NodeData, sets: &mut Sets, new: &[O]) {
    let len = node.len as usize;
    let total = len + new.len();
    if total <= INLINE_OBJECTS {
        node.objs[len..total].copy_from_slice(new);
    } else if len <= INLINE_OBJECTS {
        let at = sets.alloc(Sets::class(total));
        let start = at as usize;
        sets.data[start..start + len].copy_from_slice(&node.objs[..len]);
        sets.data[start + len..start + total].copy_from_slice(new);
        node.objs[0] = at;
    } else {
        let (old, class, wanted) = (node.objs[0], Sets::class(len), Sets::class(total));
        let mut at = old;
        if wanted != class {
            at = sets.alloc(wanted);
            sets.data.copy_within(old as usize..old as usize + len, at as usize);
            sets.release(old, class);
        }
        let start = at as usize;
        sets.data[start + len..start + total].copy_from_slice(new);
        node.objs[0] = at;
    }
    node.len = u8::try_from(total).expect("fewer than 256 objects in a set");
}

/// ``node_key``'s marks of an owner's kind, in the two top bits of its id (a symbol: none)
const OWNER_OBJ: u32 = 1 << 30;
const OWNER_CTX: u32 = 2 << 30;

/// A node's key in ``Solver::node_map``: the owner's id with its kind in the two top bits, and the
/// name. A context's own names are keyed by the context alone: each context is one function's
/// (``Solver::contexts``), and every ``Owner::Ctx`` is made with the function of its context. (Strings,
/// objects and contexts are numbered far below 2^30.)
#[inline]
fn node_key(owner: Owner, name: S) -> NodeKey {
    let (id, mark) = match owner {
        Owner::Sym(s) => (s, 0),
        Owner::Obj(o) => (o, OWNER_OBJ),
        Owner::Ctx(_, c) => (c, OWNER_CTX),
    };
    assert!(id < OWNER_OBJ, "more than 2^30 strings, objects or contexts");
    NodeKey(u64::from(id | mark) | u64::from(name) << 32)
}

/// ``node_key``'s two words as one (8 bytes a node in ``NodeIndex::keys``, where the function of a
/// context beside it took 12)
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct NodeKey(u64);

/// Nodes by key: an open-addressed table of node ids, each key kept once per node (a map of keys to
/// ids took 16 bytes and a control byte a bucket: 8.9 MB for Django's 330k nodes, where the keys and
/// this table of 4 bytes a slot take 4.7 MB).
#[derive(Default)]
struct NodeIndex {
    /// per node, its key
    keys: Vec<NodeKey>,
    /// a node's id + 1 (0: an empty slot); a power of two long, or empty
    slots: Vec<u32>,
}

impl NodeIndex {
    #[inline]
    fn hash(key: &NodeKey) -> u64 {
        HashIndex::hash(key)
    }
    /// where a key's probe starts: its hash's top bits (a product's best mixed)
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }
    /// the slot that holds the key's node, or the empty one where it would go
    #[inline]
    fn probe(&self, key: &NodeKey) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = self.home(Self::hash(key));
        loop {
            let stored = self.slots[at];
            if stored == 0 || self.keys[stored as usize - 1] == *key {
                return at;
            }
            at = (at + 1) & mask;
        }
    }
    #[inline]
    fn find(&self, key: &NodeKey) -> Option<N> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.probe(key)] {
            0 => None,
            stored => Some(stored - 1),
        }
    }
    /// the key's node, or ``id`` as the key's new node
    #[inline]
    fn get_or_insert(&mut self, key: NodeKey, id: N) -> N {
        // (at most three quarters full: linear probes stay short)
        if (self.keys.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let at = self.probe(&key);
        match self.slots[at] {
            0 => {
                debug_assert_eq!(id as usize, self.keys.len());
                self.slots[at] = id + 1;
                self.keys.push(key);
                id
            }
            stored => stored - 1,
        }
    }
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        self.slots = vec![0; size];
        let mask = size - 1;
        for (id, key) in self.keys.iter().enumerate() {
            let mut at = self.home(Self::hash(key));
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = id as u32 + 1;
        }
    }
}

/// The groups that read each node (``NodeData::deps``): a block of one vector per node, a power of two
/// entries long, its first the count of readers (the block's class in its top bits) and then the
/// readers. A group evaluated again reads its nodes again, and only a repeat of the newest reader is
/// caught as it is read: a full block is made without repeats, and moves to a block twice its size
/// when more than seven eighths of it stay (the block it leaves is kept for the next of its size).
/// (Linked lists of (group, next) took 8 bytes a reader and held half again as many readers as there
/// were until a pass over all of them dropped the repeats: 8.4 MB on Django, now 6 MB.)
struct Readers {
    /// blocks of ``2 << class`` entries
    blocks: Blocks<2, READER_CLASSES>,
    /// scratch for making a block without repeats: a reader's stamp is the generation of the last block
    /// that held it
    stamps: Vec<u32>,
    generation: u32,
}

/// blocks of 2 to 2^27 entries (a count takes the low 27 bits of a block's first entry)
const READER_CLASSES: usize = 27;
const COUNT_BITS: u32 = 27;
const COUNT_MASK: u32 = (1 << COUNT_BITS) - 1;

impl Default for Readers {
    fn default() -> Readers {
        Readers { blocks: Blocks::default(), stamps: Vec::new(), generation: 0 }
    }
}

impl Readers {
    /// the readers of a node's block (``NO_DEP``: none)
    #[inline]
    fn of(&self, head: u32) -> &[u32] {
        if head == NO_DEP {
            return &[];
        }
        let at = head as usize;
        let count = (self.blocks.data[at] & COUNT_MASK) as usize;
        &self.blocks.data[at + 1..at + 1 + count]
    }
    /// ``reader`` reads the node whose block is ``*head`` (a repeat of the newest reader is dropped)
    #[inline]
    fn add(&mut self, head: &mut u32, reader: u32) {
        if *head == NO_DEP {
            let at = self.blocks.alloc(0) as usize;
            self.blocks.data[at] = 1;
            self.blocks.data[at + 1] = reader;
            *head = at as u32;
            return;
        }
        let mut at = *head as usize;
        let mut header = self.blocks.data[at];
        let count = (header & COUNT_MASK) as usize;
        if self.blocks.data[at + count] == reader {
            return;
        }
        if count + 1 == 2 << (header >> COUNT_BITS) {
            at = self.make_room(at);
            *head = at as u32;
            header = self.blocks.data[at];
        }
        let count = (header & COUNT_MASK) as usize;
        self.blocks.data[at + 1 + count] = reader;
        self.blocks.data[at] = header + 1;
    }
    /// a full block made without repeats, moved to a block twice its size unless an eighth of it is free
    /// then (so that a block is made without repeats again only once that eighth is full)
    #[inline(never)]
    fn make_room(&mut self, at: usize) -> usize {
        let header = self.blocks.data[at];
        let (count, class) = ((header & COUNT_MASK) as usize, (header >> COUNT_BITS) as usize);
        if count == 1 {
            // (one reader: nothing to drop)
            return self.move_up(at, 1, class);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // (the stamps wrapped around: none may pass for the new generation)
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        let mut kept = 0;
        for i in 0..count {
            let reader = self.blocks.data[at + 1 + i];
            let r = reader as usize;
            if r >= self.stamps.len() {
                self.stamps.resize(r + 1 + r / 2, 0);
            }
            if self.stamps[r] != self.generation {
                self.stamps[r] = self.generation;
                self.blocks.data[at + 1 + kept] = reader;
                kept += 1;
            }
        }
        if (kept + 1) * 8 <= 7 * (2 << class) {
            self.blocks.data[at] = kept as u32 | (class as u32) << COUNT_BITS;
            return at;
        }
        self.move_up(at, kept, class)
    }
    /// a block's readers moved to a block twice its size (the block left is kept for the next of its size)
    fn move_up(&mut self, at: usize, count: usize, class: usize) -> usize {
        let moved = self.blocks.alloc(class + 1) as usize;
        self.blocks.data.copy_within(at + 1..at + 1 + count, moved + 1);
        self.blocks.data[moved] = count as u32 | (class as u32 + 1) << COUNT_BITS;
        self.blocks.release(at as u32, class);
        moved
    }
}

/// Does ``add`` tell a set's objects by marking them (``Marks``), for this many values, rather than
/// scan the set for each? (Marking costs a pass over the set: a few values scan it for less.)
#[inline]
fn worth_marking(set: usize, values: usize) -> bool {
    set >= 8 && values >= 4
}

/// a node with fewer copy edges than this tells a new edge from the ones it has by reading its list;
/// the edges of the others are in ``Solver::copy_set`` (most nodes have one or two: a set of every
/// edge was 2.4 MB on Django)
const COPY_SCAN: u8 = 16;

/// the end of a node's list in ``Solver::copies``; no block in ``Solver::deps`` (or a free list's end)
const NO_DEP: u32 = u32::MAX;

/// A points-to set as the Python solver passes it: a node's live set (read when used), an owned set,
/// or a plain-name argument's objects with the node they come from (``_Flow``).
#[derive(Clone)]
enum Val {
    Empty,
    Node(N),
    Own(Objs),
    Flow(N, Objs),
}

struct Layout {
    slots: Vec<S>,
    rest: Option<S>,
    extra: Option<S>,
    named: Vec<S>,
    generator: bool,
}

pub type SiteKey = (S, u32, Span);
pub type ImplicitKey = (S, u32, Span, S);

pub struct Site {
    pub key: SiteKey,
    pub callees: Box<[O]>,
    pub group: i64,
    pub text: Option<S>,
    /// per context, in the order first recorded: the context, the group that recorded it
    /// (``ctx_site_groups``) and its record (``ctx_sites``)
    pub ctx_records: Vec<(u32, i64, Box<[O]>)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Binding {
    Plain,
    Setter,
    Getter,
    Static,
    ClassMethod,
}

/// ``_site_call``'s string literals
pub struct SiteLiterals {
    count: usize,
    positional: Vec<(usize, S)>,
    keywords: Vec<(S, S)>,
}

pub struct Names {
    pub empty: S,
    pub ret: S,
    pub star: S,
    pub question: S,
    pub keys: S,
    pub func: S,
    pub call: S,
    pub init: S,
    pub new: S,
    pub iter: S,
    pub next: S,
    pub enter: S,
    pub exit: S,
    pub getitem: S,
    pub setitem: S,
    pub decorator: S,
    pub raise: S,
    pub items: S,
    pub add: S,
    pub mul: S,
    pub eq: S,
    pub class: S,
    pub post_init: S,
    pub lt: S,
    pub get_: S,
    pub getattr: S,
    pub metaclass: S,
    /// ``("BM", how, function)``: a function wrapped to bind in its own way (``_GETTER_OF`` …)
    pub getter_of: S,
    pub setter_of: S,
    pub static_of: S,
    pub classmethod_of: S,
    pub getattribute: S,
    pub set_name: S,
    pub aiter: S,
    pub bool_: S,
    pub missing: S,
    pub format: S,
    pub delattr: S,
    pub delete: S,
    pub str_: S,
    pub repr: S,
    pub len: S,
    pub anext: S,
    pub aenter: S,
    pub aexit: S,
    pub set_: S,
    pub gt: S,
    pub attrs_post_init: S,
    pub ne: S,
    pub args: S,
    pub kwargs: S,
    pub call_text: S,
    pub init_subclass: S,
    pub class_getitem: S,
    /// ``SET_ON_CLASS``: the node of the classes an attribute is set on after their body
    pub set_on_class: S,
    pub send: S,
    /// ``SENT``: the node of what a generator's ``send()`` calls pass
    pub sent: S,
    /// ``RAISED``: the owner of the node of every exception object a ``raise`` throws
    pub raised: S,
}

pub struct Solver<H: Host> {
    pub host: H,
    pub st: Interner,
    pub objs: Objects,
    pub names: Names,
    /// nodes by owner and name (``node_key``: 12 bytes, where ``(Owner, S)`` takes 16)
    node_map: NodeIndex,
    /// the copy edges leaving each node, as linked lists (a target, the next entry), newest first
    copies: Vec<(N, u32)>,
    waiting: FxMap<N, Vec<u32>>,
    nodes: Vec<NodeData>,
    /// the sets of the nodes that hold more than ``INLINE_OBJECTS`` objects
    sets: Sets,
    /// the groups that read each node, a block each (``Readers``)
    deps: Readers,
    files: Vec<FileData>,
    file_by_path: FxMap<S, u32>,
    syms: FxMap<S, SymInfo>,
    groups: Vec<Group>,
    /// the groups of a file's scope follow one another: per run of them, its first group, the file and
    /// the scope (8 bytes a group less where each kept its own: 0.5 MB on Django)
    runs: Vec<(u32, u32, u32)>,
    /// the run of the group evaluated last
    last_run: usize,
    /// per group, the receiver node it waits for while empty (``NO_DEP``: none; an ``Option`` took
    /// twice the room)
    guards: Vec<N>,
    queued: Vec<bool>,
    queued_list: Vec<u32>,
    started: bool,
    current: i64,
    path: S,
    scope: u32,
    params: FxMap<S, Rc<Vec<(S, i64)>>>,
    params_order: Vec<S>,
    returns_ann: Vec<(S, S, u32, Box<[Expr]>)>,
    generators: FxSet<S>,
    class_names: FxMap<S, FxSet<S>>,
    /// ``init_fields``: the fields of a class whose ``__init__`` is generated
    init_fields: FxMap<S, Vec<S>>,
    generated_memo: FxMap<S, Rc<Vec<S>>>,
    /// the annotation nodes of names a class body binds: the class and the plain name (``_instances_hold``)
    class_annotated: FxMap<N, (S, S)>,
    module_bound: FxMap<S, FxSet<S>>,
    /// the classes that name a metaclass (``metaclass=M``), and per class the first of its MRO that does
    metaclassed: FxSet<S>,
    metaclass_owners: FxMap<S, Option<S>>,
    pub sites: Vec<Site>,
    /// ``sites`` by key
    site_index: HashIndex,
    pub capped_sites: FxSet<SiteKey>,
    pub implicit: Vec<(ImplicitKey, FewSet)>,
    /// ``implicit`` by key
    implicit_index: HashIndex,
    pub unfinished: FxSet<i64>,
    capped_reads: u64,
    annotations: Vec<(N, S, u32, Box<[Expr]>)>,
    escaped: FxSet<S>,
    /// functions some call in the project passed arguments to
    called: FxSet<S>,
    /// ``merged_called``: functions some call reached in the merged analysis (not in a context of theirs)
    merged_called: FxSet<S>,
    /// ``reads_hooked``: does a project class define ``__getattribute__``
    reads_hooked: bool,
    /// ``set_name_hooked``: does a project class define ``__set_name__``
    set_name_hooked: bool,
    /// ``_sorted_names``: a class's names in order (what ``__set_name__`` is called for, in this order)
    sorted_names: FxMap<S, Rc<Vec<S>>>,
    /// the lists ``collections.deque()`` made (their methods are named as the deque's)
    deques: FxSet<O>,
    /// ``literal_module`` per (file, literal)
    literal_modules: FxMap<(S, S), Option<S>>,
    any_typed: bool,
    values_read: bool,
    pub evaluations: u64,
    depth: u32,
    layouts: FxMap<S, Rc<Layout>>,
    /// (``NO_DEP``: no class of the MRO binds the name; an ``Option`` took 16 bytes a bucket, not 12)
    lookup_memo: FxMap<(S, S), N>,
    /// the member's node and where its objects are in ``member_objs``, each ``NO_DEP`` for none (most
    /// members have no objects: 16 bytes a bucket, where options of a node and boxed objects took 32)
    members_memo: FxMap<(S, S), (N, u32)>,
    member_objs: Vec<Box<[O]>>,
    binding_memo: FxMap<S, Binding>,
    external_memo: FxMap<(S, S), bool>,
    external_memo_names: FxMap<S, (S, &'static str)>,
    x_attributes: FxMap<(S, S), O>,
    reflected_memo: FxMap<S, Option<S>>,
    mro_memo: FxMap<S, Rc<Vec<S>>>,
    subclass_memo: FxMap<S, Rc<Vec<S>>>,
    enum_memo: FxMap<(S, S), bool>,
    hash_names: FxMap<S, S>,
    position_names: Vec<S>,
    /// the copy edges of the nodes that have at least ``COPY_SCAN``
    copy_set: FxSet<(N, N)>,
    /// scratch for ``add`` (a node's set) and ``collapse`` (what it keeps)
    marks: Marks,
    out_marks: Marks,
    extended: FxSet<S>,
    pub fact_count: usize,
    pub expr_count: usize,
    pending_links: Vec<Vec<Link>>,
    index_micros: u64,
    /// per container: its literal keys' slots, in order (``_slot``), and the containers it is copied into
    /// (an ordered set each, its few keys inline: a vector and a hash set took two allocations a container)
    slots: FxMap<O, OSet>,
    forwards: FxMap<O, Vec<O>>,
    /// the number of elements of list displays without splats
    lengths: FxMap<O, i64>,
    /// ``phi`` facts: (scope id, version, the versions it joins)
    phis: Vec<(S, S, Vec<S>, bool)>,
    /// ``imp`` facts: (path, scope, line, column, local) → the version the import binds
    import_versions: FxMap<(S, u32, i64, i64, S), S>,
    /// microseconds per phase, for reports: parsing and indexing, linking imports, solving, seeding
    pub timings: Vec<(&'static str, u64)>,
    // -- contexts (``solver.py``: ``_context``)
    ctx: Option<u32>,
    contexts: Vec<(S, CtxKey)>,
    ctx_of: FxMap<S, Vec<(CtxKey, u32)>>,
    scope_groups: FxMap<S, Vec<u32>>,
    scope_phis: FxMap<S, Vec<(S, S)>>,
    defaults: FxMap<S, Vec<S>>,
    context_kind: FxMap<S, u8>,
    cur_site: Option<u32>,
    /// ``_site_call``'s string literals: (argument count, positional (position, text), keywords)
    site_literals: Option<Rc<SiteLiterals>>,
    /// ``param_literals``: (function, parameter, context) -> the literal its call site passes
    param_literals: FxMap<(S, S, u32), S>,
    site_keys: Vec<(S, Span, u32)>,
    /// ``site_keys`` by key
    site_ids: HashIndex,
    /// groups evaluated in a context: (the merged group, the context); their indices follow the merged ones
    ctx_groups: Vec<(u32, u32)>,
    base_groups: usize,
}

/// the external names ``_call_external`` tells apart
const KNOWN_EXTERNALS: [&str; 55] = [
    "collections.deque", "importlib.import_module",
    "map", "filter", "iter", "sorted", "min", "max", "list", "tuple", "set", "frozenset", "reversed", "next",
    "enumerate", "zip", "functools.reduce", "reduce", "sum", "any", "all", "dict", "functools.partial", "partial",
    "staticmethod", "classmethod", "property", "functools.wraps", "wraps", "getattr", "setattr", "hasattr", "type",
    "len", "isinstance", "issubclass", "callable", "id", "hash", "print", "repr", "str", "int", "float", "bool",
    "bytes", "abs", "round", "ord", "chr", "format", "typing.cast", "typing_extensions.cast", "typing.TypeVar",
    "typing_extensions.TypeVar",
];

/// ``CONSTANT_MEMBERS`` (``solver.py``): the attributes other than dunders that a constant's value has, sorted
const CONSTANT_MEMBERS: [&str; 61] = [
    "as_integer_ratio", "bit_count", "bit_length", "capitalize", "casefold", "center", "conjugate", "count",
    "decode", "denominator", "encode", "endswith", "expandtabs", "find", "format", "format_map", "from_bytes",
    "fromhex", "hex", "imag", "index", "is_integer", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit",
    "isidentifier", "islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower",
    "lstrip", "maketrans", "numerator", "partition", "real", "removeprefix", "removesuffix", "replace", "rfind",
    "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase",
    "title", "to_bytes", "translate", "upper", "zfill",
];

const ARGUMENTS_UNREAD: [&str; 7] = ["isinstance", "issubclass", "callable", "id", "ord", "chr", "hasattr"];

fn reflected(dunder: &str) -> Option<&'static str> {
    Some(match dunder {
        "__add__" => "__radd__",
        "__sub__" => "__rsub__",
        "__mul__" => "__rmul__",
        "__truediv__" => "__rtruediv__",
        "__floordiv__" => "__rfloordiv__",
        "__mod__" => "__rmod__",
        "__pow__" => "__rpow__",
        "__matmul__" => "__rmatmul__",
        "__and__" => "__rand__",
        "__or__" => "__ror__",
        "__xor__" => "__rxor__",
        "__lshift__" => "__rlshift__",
        "__rshift__" => "__rrshift__",
        // comparisons: the right operand's mirrored method answers when the left's does not
        "__lt__" => "__gt__",
        "__gt__" => "__lt__",
        "__le__" => "__ge__",
        "__ge__" => "__le__",
        "__eq__" => "__eq__",
        "__ne__" => "__ne__",
        _ => return None,
    })
}

/// This thread's CPU time in microseconds (the machine is shared: wall time says little).
pub fn cpu_now() -> u64 {
    let mut spec = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut spec);
    }
    spec.tv_sec as u64 * 1_000_000 + spec.tv_nsec as u64 / 1000
}

fn is_container(tag: Tag) -> bool {
    matches!(tag, Tag::L | Tag::D)
}

fn outside(tag: Tag) -> bool {
    matches!(tag, Tag::X | Tag::Unk | Tag::Capped)
}

fn python_isdigit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())
}

impl<H: Host> Solver<H> {
    pub fn new(host: H) -> Solver<H> {
        let mut st = Interner::default();
        let mut objs = Objects::default();
        let names = Names {
            empty: st.get(""),
            ret: st.get("<return>"),
            star: st.get("*"),
            question: st.get("?"),
            keys: st.get("keys"),
            func: st.get("func"),
            call: st.get("__call__"),
            init: st.get("__init__"),
            new: st.get("__new__"),
            iter: st.get("__iter__"),
            next: st.get("__next__"),
            enter: st.get("__enter__"),
            exit: st.get("__exit__"),
            getitem: st.get("__getitem__"),
            setitem: st.get("__setitem__"),
            decorator: st.get("@decorator"),
            raise: st.get("raise"),
            items: st.get("items"),
            add: st.get("__add__"),
            mul: st.get("__mul__"),
            eq: st.get("__eq__"),
            class: st.get("__class__"),
            post_init: st.get("__post_init__"),
            lt: st.get("__lt__"),
            get_: st.get("__get__"),
            getattr: st.get("__getattr__"),
            metaclass: st.get("<metaclass>"),
            getter_of: st.get("<getter>"),
            setter_of: st.get("<setter>"),
            static_of: st.get("<staticmethod>"),
            classmethod_of: st.get("<classmethod>"),
            getattribute: st.get("__getattribute__"),
            set_name: st.get("__set_name__"),
            aiter: st.get("__aiter__"),
            bool_: st.get("__bool__"),
            missing: st.get("__missing__"),
            format: st.get("__format__"),
            delattr: st.get("__delattr__"),
            delete: st.get("__delete__"),
            str_: st.get("__str__"),
            repr: st.get("__repr__"),
            len: st.get("__len__"),
            anext: st.get("__anext__"),
            aenter: st.get("__aenter__"),
            aexit: st.get("__aexit__"),
            set_: st.get("__set__"),
            gt: st.get("__gt__"),
            attrs_post_init: st.get("__attrs_post_init__"),
            ne: st.get("__ne__"),
            args: st.get("*args"),
            kwargs: st.get("**kwargs"),
            call_text: st.get("<call>"),
            init_subclass: st.get("__init_subclass__"),
            class_getitem: st.get("__class_getitem__"),
            set_on_class: st.get("<set on a class>"),
            send: st.get("send"),
            sent: st.get("<sent>"),
            raised: st.get("<raised>"),
        };
        assert_eq!(objs.get(ObjKey::Unk), UNK);
        assert_eq!(objs.get(ObjKey::Capped), CAPPED);
        assert_eq!(objs.get(ObjKey::K), CONST);
        let builtins_str = st.get("builtins.str");
        assert_eq!(objs.get(ObjKey::X(builtins_str)), STR);
        assert_eq!(objs.get(ObjKey::Id), IDENTITY);
        Solver {
            host,
            st,
            objs,
            names,
            node_map: NodeIndex::default(),
            copies: Vec::new(),
            waiting: FxMap::default(),
            nodes: Vec::new(),
            sets: Sets::default(),
            deps: Readers::default(),
            files: Vec::new(),
            file_by_path: FxMap::default(),
            syms: FxMap::default(),
            groups: Vec::new(),
            runs: Vec::new(),
            last_run: 0,
            guards: Vec::new(),
            queued: Vec::new(),
            queued_list: Vec::new(),
            started: false,
            current: -1,
            path: 0,
            scope: 0,
            params: FxMap::default(),
            params_order: Vec::new(),
            returns_ann: Vec::new(),
            generators: FxSet::default(),
            class_names: FxMap::default(),
            init_fields: FxMap::default(),
            generated_memo: FxMap::default(),
            class_annotated: FxMap::default(),
            module_bound: FxMap::default(),
            metaclassed: FxSet::default(),
            metaclass_owners: FxMap::default(),
            sites: Vec::new(),
            site_index: HashIndex::default(),
            capped_sites: FxSet::default(),
            implicit: Vec::new(),
            implicit_index: HashIndex::default(),
            unfinished: FxSet::default(),
            capped_reads: 0,
            annotations: Vec::new(),
            escaped: FxSet::default(),
            called: FxSet::default(),
            merged_called: FxSet::default(),
            reads_hooked: false,
            set_name_hooked: false,
            sorted_names: FxMap::default(),
            deques: FxSet::default(),
            literal_modules: FxMap::default(),
            any_typed: false,
            values_read: false,
            evaluations: 0,
            depth: 0,
            layouts: FxMap::default(),
            lookup_memo: FxMap::default(),
            members_memo: FxMap::default(),
            member_objs: Vec::new(),
            binding_memo: FxMap::default(),
            external_memo: FxMap::default(),
            external_memo_names: FxMap::default(),
            x_attributes: FxMap::default(),
            reflected_memo: FxMap::default(),
            mro_memo: FxMap::default(),
            subclass_memo: FxMap::default(),
            enum_memo: FxMap::default(),
            hash_names: FxMap::default(),
            position_names: Vec::new(),
            copy_set: FxSet::default(),
            marks: Marks::default(),
            out_marks: Marks::default(),
            extended: FxSet::default(),
            fact_count: 0,
            expr_count: 0,
            pending_links: Vec::new(),
            index_micros: 0,
            slots: FxMap::default(),
            forwards: FxMap::default(),
            lengths: FxMap::default(),
            phis: Vec::new(),
            import_versions: FxMap::default(),
            timings: Vec::new(),
            ctx: None,
            contexts: Vec::new(),
            ctx_of: FxMap::default(),
            scope_groups: FxMap::default(),
            scope_phis: FxMap::default(),
            defaults: FxMap::default(),
            context_kind: FxMap::default(),
            cur_site: None,
            site_literals: None,
            param_literals: FxMap::default(),
            site_keys: Vec::new(),
            site_ids: HashIndex::default(),
            ctx_groups: Vec::new(),
            base_groups: 0,
        }
    }

    // -- nodes and names ---------------------------------------------------------------------

    pub fn node(&mut self, owner: Owner, name: S) -> N {
        let id = self.nodes.len() as N;
        let found = self.node_map.get_or_insert(node_key(owner, name), id);
        if found == id {
            self.nodes.push(NodeData::default());
        }
        found
    }

    #[allow(dead_code)] // (the replay example reports them)
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// a digest of every node's points-to set, in node order (the replay compares builds with it)
    #[allow(dead_code)]
    pub fn pts_digest(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x100_0000_01b3);
        };
        for (i, node) in self.nodes.iter().enumerate() {
            if node.len != 0 {
                mix(i as u64 + (1 << 40));
                for &o in objects(node, &self.sets) {
                    mix(o as u64);
                }
            }
        }
        h
    }

    /// the objects of a node
    #[inline]
    fn pts(&self, n: N) -> &[O] {
        objects(&self.nodes[n as usize], &self.sets)
    }

    #[allow(dead_code)]
    pub fn node_size(&self) -> usize {
        std::mem::size_of::<NodeData>()
    }

    pub fn find_node(&self, owner: Owner, name: S) -> Option<N> {
        self.node_map.find(&node_key(owner, name))
    }

    fn onode(&mut self, owner: O, name: S) -> N {
        self.node(Owner::Obj(owner), name)
    }

    fn snode(&mut self, owner: S, name: S) -> N {
        self.node(Owner::Sym(owner), name)
    }

    /// ``f"#{key}"``
    /// ``_key_slot``: the slot a literal key names, a list's negative index counted from its literal
    /// length; None where that position is unknown
    fn key_slot(&mut self, obj: O, h: S) -> Option<S> {
        let text = self.st.text(h);
        let back = match text.strip_prefix("#-") {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits.to_string(),
            _ => return Some(h),
        };
        if self.objs.tag(obj) != Tag::L {
            return Some(h);
        }
        let back: i64 = back.parse().ok()?;
        match self.lengths.get(&obj).copied() {
            Some(length) if back <= length => Some(self.position_name(length - back)),
            _ => None,
        }
    }

    fn hash_name(&mut self, raw: S) -> S {
        if let Some(&found) = self.hash_names.get(&raw) {
            return found;
        }
        let text = format!("#{}", self.st.text(raw));
        let id = self.st.get(&text);
        self.hash_names.insert(raw, id);
        id
    }

    /// ``f"#{position}"``
    fn position_name(&mut self, position: i64) -> S {
        if position >= 0 && (position as usize) < self.position_names.len() {
            return self.position_names[position as usize];
        }
        if position >= 0 {
            while self.position_names.len() <= position as usize {
                let text = format!("#{}", self.position_names.len());
                let id = self.st.get(&text);
                self.position_names.push(id);
            }
            return self.position_names[position as usize];
        }
        let text = format!("#{}", position);
        self.st.get(&text)
    }

    fn sym(&mut self, sid: S) -> Option<SymInfo> {
        if let Some(found) = self.syms.get(&sid) {
            return Some(found.clone());
        }
        let text = self.st.text(sid).to_string();
        let (name, code, parent) = self.host.symbol(&text)?;
        let info = SymInfo { name: self.st.get(&name), code, parent: parent.map(|p| self.st.get(&p)) };
        self.syms.insert(sid, info.clone());
        Some(info)
    }

    fn sym_code(&mut self, sid: S) -> u32 {
        self.sym(sid).map(|s| s.code).unwrap_or(0)
    }

    fn is_class(&mut self, sid: S) -> bool {
        self.sym_code(sid) & CAT_MASK == CAT_TYPE
    }

    fn vals(&self, v: &Val) -> Objs {
        match v {
            Val::Empty => Objs::new(),
            Val::Node(n) => Objs::from_slice(self.pts(*n)),
            Val::Own(items) | Val::Flow(_, items) => items.clone(),
        }
    }

    fn val_len(&self, v: &Val) -> usize {
        match v {
            Val::Empty => 0,
            Val::Node(n) => self.nodes[*n as usize].len as usize,
            Val::Own(items) | Val::Flow(_, items) => items.len(),
        }
    }

    fn val_into(&mut self, v: &Val, out: &mut OSet) {
        match v {
            Val::Empty => {}
            Val::Node(n) => out.extend_marked(objects(&self.nodes[*n as usize], &self.sets), &mut self.marks),
            Val::Own(items) | Val::Flow(_, items) => out.extend_marked(items, &mut self.marks),
        }
    }

    // -- set-up ------------------------------------------------------------------------------

    #[inline(never)]
    #[allow(dead_code)] // (the replay example loads this way)
    pub fn load(&mut self, files: Vec<FileInput<'_>>, extended: Vec<String>) -> Result<(), String> {
        for input in files {
            self.load_file(input)?;
        }
        self.finish_load(extended);
        Ok(())
    }

    /// Index one file's facts (``_index_file``); its import links wait for ``finish_load``.
    pub fn load_file(&mut self, input: FileInput<'_>) -> Result<(), String> {
        let started = cpu_now();
        {
            let index = self.files.len() as u32;
            let path = self.st.get(&input.path);
            let ids: Vec<S> = input.ids.iter().map(|i| self.st.get(i)).collect();
            for (position, (name, code, parent)) in input.symbols.iter().enumerate() {
                let info = SymInfo {
                    name: self.st.get(name),
                    code: *code,
                    parent: if *parent >= 0 { Some(ids[*parent as usize]) } else { None },
                };
                self.syms.insert(ids[position], info);
            }
            self.files.push(FileData { path });
            self.file_by_path.insert(path, index);
            let bound: FxSet<S> = input.import_bound.iter().map(|n| self.st.get(n)).collect();
            self.module_bound.entry(path).or_default();
            self.index_file(index, path, &ids, input.flow).map_err(|e| format!("{}: {}", input.path, e))?;
            self.module_bound.get_mut(&path).unwrap().extend(bound);
            self.pending_links.push(input.links);
        }
        self.index_micros += cpu_now() - started;
        Ok(())
    }

    /// Link imports file by file once every file is indexed, then the phis.
    #[inline(never)]
    pub fn finish_load(&mut self, extended: Vec<String>) {
        self.timings.push(("index", self.index_micros));
        let started = cpu_now();
        self.extended = extended.iter().map(|e| self.st.get(e)).collect();
        let all_links = std::mem::take(&mut self.pending_links);
        // ``_link_imports``, file by file, once every file is indexed; a local name into the version
        // its import binds
        for (file, links) in all_links.into_iter().enumerate() {
            let path = self.files[file].path;
            for link in links {
                match link {
                    Link::Copy(src_owner, src_name, dst_owner, dst_name, place) => {
                        let (so, sn) = (self.st.get(&src_owner), self.st.get(&src_name));
                        let (d_o, dn) = (self.st.get(&dst_owner), self.st.get(&dst_name));
                        let dn = self.import_version(path, place, dn);
                        let source = self.snode(so, sn);
                        let target = self.snode(d_o, dn);
                        self.copy(source, target);
                    }
                    Link::Init(path, name) => {
                        let (p, n) = (self.st.get(&path), self.st.get(&name));
                        self.init_global(p, n);
                    }
                    Link::Add(owner, name, (tag, value), place) => {
                        let (o, n) = (self.st.get(&owner), self.st.get(&name));
                        let n = self.import_version(path, place, n);
                        let key = self.snode(o, n);
                        let obj = self.encoded_obj(&tag, &value);
                        self.add(key, &[obj]);
                    }
                }
            }
        }
        // (every import is linked: the versions they bind are asked no more)
        self.import_versions = FxMap::default();
        // where paths join, and what a name holds for code elsewhere (``phi`` facts)
        let phis = std::mem::take(&mut self.phis);
        for (owner, target_name, sources, in_function) in phis.iter() {
            let target = self.snode(*owner, *target_name);
            for &source_name in sources.iter() {
                let source = self.snode(*owner, source_name);
                self.copy(source, target);
                if *in_function {
                    self.scope_phis.entry(*owner).or_default().push((source_name, *target_name));
                }
            }
        }
        for i in 0..self.annotations.len() {
            let key = self.annotations[i].0;
            self.nodes[key as usize].set(ANNOTATED, true);
        }
        for i in 0..self.returns_ann.len() {
            let fid = self.returns_ann[i].0;
            let key = self.snode(fid, self.names.ret);
            self.nodes[key as usize].set(ANNOTATED, true);
        }
        // (every group is made: the solve adds contexts, not groups, and the room doubling left is
        // never used; 5.8 MB of Django's 11.2)
        self.groups.shrink_to_fit();
        self.runs.shrink_to_fit();
        self.timings.push(("link", cpu_now() - started));
    }

    fn import_version(&self, path: S, place: (u32, i64, i64), local: S) -> S {
        match self.import_versions.get(&(path, place.0, place.1, place.2, local)) {
            Some(&version) => version,
            None => local,
        }
    }

    pub fn encoded_obj(&mut self, tag: &str, value: &str) -> O {
        let v = self.st.get(value);
        let key = match tag {
            "M" => ObjKey::M(v),
            "C" => ObjKey::C(v),
            "F" => ObjKey::F(v),
            "X" => ObjKey::X(v),
            "I" => ObjKey::I(v, SUMMARY),
            _ => ObjKey::Unk,
        };
        self.objs.get(key)
    }

    fn receiver_kind(&mut self, fid: S) -> u8 {
        // ``_receiver_kind``: 1 "self", 2 "cls", 0 none
        let symbol = match self.sym(fid) {
            Some(s) => s,
            None => return 0,
        };
        let parent = match symbol.parent {
            Some(p) => p,
            None => return 0,
        };
        if self.sym_code(parent) & CAT_MASK != CAT_TYPE {
            return 0;
        }
        if symbol.code & P_LAMBDA != 0 || symbol.code & P_STATIC != 0 {
            return 0;
        }
        let name = symbol.name;
        if symbol.code & P_CLASSMETHOD != 0
            || name == self.names.new
            || name == self.names.init_subclass
            || name == self.names.class_getitem
        {
            return if name != self.names.new { 2 } else { 0 };
        }
        1
    }

    fn index_file(&mut self, file: u32, path: S, ids: &[S], text: &str) -> Result<(), String> {
        // ``_index_file``
        let mut by_scope: Vec<(u32, Vec<Fact>)> = Vec::new();
        let mut scope_slot: FxMap<u32, usize> = FxMap::default();
        let mut classes: FxMap<u32, Option<S>> = FxMap::default();
        // scopes that cannot be analysed per context (``_index_file``), and the functions, in order
        let mut fixed: FxSet<u32> = FxSet::default();
        let mut functions: Vec<u32> = Vec::new();
        let doc = json::parse(text)?;
        let d = &doc;
        for fact in d.arr(d.root())? {
            let fact = d.arr(fact)?;
            let op = fact[0].str()?;
            let scope = fact[1].int()? as u32;
            if op == "phi" {
                let target = self.st.get(fact[2].str()?);
                let mut sources = Vec::new();
                for source in d.arr(&fact[3])? {
                    sources.push(self.st.get(source.str()?));
                }
                self.phis.push((ids[scope as usize], target, sources, scope != 0));
                continue;
            }
            if op == "imp" {
                fixed.insert(scope);
                let place = d.arr(&fact[2])?;
                let (line, col) = (place[0].int()?, place[1].int()?);
                let local = self.st.get(fact[3].str()?);
                let version = self.st.get(fact[4].str()?);
                self.import_versions.insert((path, scope, line, col, local), version);
                continue;
            }
            let slot = match scope_slot.get(&scope) {
                Some(&s) => s,
                None => {
                    by_scope.push((scope, Vec::new()));
                    scope_slot.insert(scope, by_scope.len() - 1);
                    by_scope.len() - 1
                }
            };
            if op == "fn" {
                let index = fact[2].int()? as u32;
                let fid = ids[index as usize];
                functions.push(index);
                fixed.insert(scope);
                let mut params = Vec::new();
                let mut annotated = Vec::new();
                for (position, param) in d.arr(&fact[3])?.iter().enumerate() {
                    let param = d.arr(param)?;
                    let name = self.st.get(param[0].str()?);
                    let kind = param[1].int()?;
                    params.push((name, kind));
                    if param[2].truthy() {
                        annotated.push((position, name, &param[2]));
                    }
                }
                if fact[5].truthy() || !annotated.is_empty() {
                    fixed.insert(index);
                }
                if !self.params.contains_key(&fid) {
                    self.params_order.push(fid);
                }
                self.params.insert(fid, Rc::new(params));
                if fact[4].truthy() {
                    self.generators.insert(fid);
                }
                if fact[5].truthy() {
                    let types = self.exprs(d, d.arr(&fact[5])?, file, ids)?;
                    self.returns_ann.retain(|r| r.0 != fid);
                    self.returns_ann.push((fid, path, scope, types));
                }
                for (position, name, types) in annotated {
                    if !(position == 0 && self.receiver_kind(fid) != 0) {
                        let key = self.snode(fid, name);
                        let types = self.exprs(d, d.arr(types)?, file, ids)?;
                        self.annotations.push((key, path, scope, types));
                    }
                }
                continue;
            }
            if op == "def" || op == "ann" {
                fixed.insert(scope);
            } else if op == "=" {
                let target = d.arr(&fact[2])?;
                if target[0].str()? == "n" && target[2].int()? as u32 != scope {
                    // a default value, say (``_index_file``)
                    let owner = ids[target[2].int()? as usize];
                    let name = self.st.get(target[1].str()?);
                    let written = self.defaults.entry(owner).or_default();
                    if !written.contains(&name) {
                        written.push(name);
                    }
                }
            }
            let mut name: Option<S> = None;
            if op == "def" {
                let sid = ids[fact[2].int()? as usize];
                name = self.sym(sid).map(|s| s.name);
                if let Some(fields) = fact.get(5) {
                    let mut names = Vec::new();
                    for field in d.arr(fields)? {
                        names.push(self.st.get(field.str()?));
                    }
                    if !names.is_empty() {
                        self.init_fields.insert(sid, names);
                    }
                }
                if fact.len() > 7 {
                    self.metaclassed.insert(sid);
                }
            } else if matches!(op, "=" | "for" | "with" | "exc" | "ann") && !fact[2].is_null() {
                let target = d.arr(&fact[2])?;
                if target[0].str()? == "n" && target[2].int()? as u32 == scope {
                    let written = target[1].str()?;
                    let plain = match written.find('@') {
                        Some(at) => &written[..at],
                        None => written,
                    };
                    name = Some(self.st.get(plain));
                }
            }
            if let Some(name) = name {
                if scope == 0 {
                    self.module_bound.entry(path).or_default().insert(name);
                } else {
                    let names = match classes.get(&scope) {
                        Some(found) => *found,
                        None => {
                            let sid = ids[scope as usize];
                            let is_class = self.is_class(sid);
                            let found = if is_class { Some(sid) } else { None };
                            classes.insert(scope, found);
                            found
                        }
                    };
                    if let Some(class_id) = names {
                        self.class_names.entry(class_id).or_default().insert(name);
                    }
                }
            }
            if op == "ann" {
                let target = d.arr(&fact[2])?;
                if target[0].str()? == "n" {
                    let owner = ids[target[2].int()? as usize];
                    let written = target[1].str()?;
                    let n = self.st.get(written);
                    let key = self.snode(owner, n);
                    let types = self.exprs(d, d.arr(&fact[3])?, file, ids)?;
                    self.annotations.push((key, path, scope, types));
                    if self.is_class(owner) {
                        let plain = self.st.get(written.split('@').next().unwrap_or(written));
                        self.class_annotated.insert(key, (owner, plain));
                    }
                }
            }
            if op == "e" {
                let e = d.arr(&fact[2])?;
                let inert = matches!(e[0].str()?, "n" | "k" | "?" | "f");
                if inert {
                    continue;
                }
            }
            let typed = self.fact_of(d, op, fact, file, ids)?;
            by_scope[slot].1.push(typed);
        }
        for (scope, _) in by_scope.iter() {
            if *scope == 0 {
                continue;
            }
            // the class check of scopes that bound no name is not needed: nothing to add
        }
        by_scope.sort_by_key(|(scope, _)| *scope);
        for (scope, facts) in by_scope {
            let mut guard = None;
            if scope != 0 {
                let fid = ids[scope as usize];
                let first = self.params.get(&fid).and_then(|p| p.first().copied());
                if let Some((name, kind)) = first {
                    if (kind == 0 || kind == 4) && self.receiver_kind(fid) != 0 {
                        guard = Some(self.snode(fid, name));
                    }
                }
            }
            let owner = if scope != 0 { Some(ids[scope as usize]) } else { None };
            if !facts.is_empty() {
                self.runs.push((self.groups.len() as u32, file, scope));
            }
            for fact in facts {
                if let Some(owner) = owner {
                    self.scope_groups.entry(owner).or_default().push(self.groups.len() as u32);
                }
                self.groups.push(Group { fact });
                self.guards.push(guard.unwrap_or(NO_DEP));
            }
        }
        for index in functions {
            let fid = ids[index as usize];
            if fixed.contains(&index) || self.generators.contains(&fid) {
                continue;
            }
            if self.receiver_kind(fid) == 1 {
                let first = self.params.get(&fid).and_then(|p| p.first().copied());
                if let Some((_, kind)) = first {
                    if kind == 0 || kind == 4 {
                        self.context_kind.insert(fid, PER_OBJECT);
                    }
                }
            } else if self.scope_groups.get(&fid).map(|g| g.len()).unwrap_or(0) <= SMALL_FUNCTION_FACTS {
                self.context_kind.insert(fid, PER_SITE);
            }
        }
        Ok(())
    }

    /// (exactly as long as the list: collecting a ``Result`` does not know its length, and grew each
    /// list to at least four; a third of a million expressions on Django)
    fn exprs<'j>(&mut self, d: &Doc<'j>, items: &[Json<'j>], file: u32, ids: &[S]) -> Result<Box<[Expr]>, String> {
        let mut out = Vec::with_capacity(items.len());
        for e in items {
            out.push(self.expr_of(d, e, file, ids)?);
        }
        Ok(out.into_boxed_slice())
    }

    fn span_of<'j>(d: &Doc<'j>, value: &Json<'j>) -> Result<Span, String> {
        let items = d.arr(value)?;
        if items.len() != 4 {
            return Err("a span of other than four numbers".into());
        }
        Ok([Self::pos(&items[0])?, Self::pos(&items[1])?, Self::pos(&items[2])?, Self::pos(&items[3])?])
    }

    /// a line or a column
    fn pos(value: &Json<'_>) -> Result<Pos, String> {
        Pos::try_from(value.int()?).map_err(|_| "a position past 32 bits".to_string())
    }

    fn fact_of<'j>(&mut self, d: &Doc<'j>, op: &str, f: &[Json<'j>], file: u32, ids: &[S]) -> Result<Fact, String> {
        let scope = f[1].int()? as usize;
        Ok(match op {
            "e" => Fact::Expr(self.expr_of(d, &f[2], file, ids)?),
            "=" => Fact::Assign(self.expr_of(d, &f[2], file, ids)?, self.expr_of(d, &f[3], file, ids)?),
            "r" => {
                let node = self.snode(ids[scope], self.names.ret);
                Fact::Ret(node, ids[scope], self.expr_of(d, &f[2], file, ids)?)
            }
            "y" => Fact::Yield(ids[scope], self.expr_of(d, &f[2], file, ids)?),
            "yf" => Fact::YieldFrom(ids[scope], self.expr_of(d, &f[2], file, ids)?, Self::span_of(d, &f[3])?),
            "for" | "with" => {
                let target = if f[2].is_null() { None } else { Some(Box::new(self.expr_of(d, &f[2], file, ids)?)) };
                let value = self.expr_of(d, &f[3], file, ids)?;
                let span = Self::span_of(d, &f[4])?;
                if op == "for" {
                    Fact::For(target, value, span)
                } else {
                    Fact::With(target, value, span)
                }
            }
            "def" => {
                let sid = ids[f[2].int()? as usize];
                let class = self.is_class(sid);
                let name = match f.get(4) {
                    Some(binding) => self.st.get(binding.str()?),
                    None => self.sym(sid).map(|s| s.name).unwrap_or(self.names.empty),
                };
                let bind = self.snode(ids[scope], name);
                let items = d.arr(&f[3])?;
                let mut decorators = Vec::with_capacity(items.len());
                for item in items {
                    let item = d.arr(item)?;
                    decorators.push((self.expr_of(d, &item[0], file, ids)?, Self::span_of(d, &item[1])?));
                }
                let made = match f.get(6) {
                    Some(span) => Some(Self::span_of(d, span)?),
                    None => None,
                };
                let metaclass = match f.get(7) {
                    Some(e) => Some(Box::new(self.expr_of(d, e, file, ids)?)),
                    None => None,
                };
                Fact::Def { sid, class, bind, owner: ids[scope], name, decorators: decorators.into_boxed_slice(), made, metaclass }
            }
            "raise" => Fact::Raise(self.expr_of(d, &f[2], file, ids)?, Self::span_of(d, &f[3])?),
            "exc" => {
                let target = if f[2].is_null() { None } else { Some(Box::new(self.expr_of(d, &f[2], file, ids)?)) };
                Fact::Exc(target, self.expr_of(d, &f[3], file, ids)?)
            }
            "ann" => Fact::Ann,
            other => return Err(format!("an unknown fact {:?}", other)),
        })
    }

    fn expr_of<'j>(&mut self, d: &Doc<'j>, value: &Json<'j>, file: u32, ids: &[S]) -> Result<Expr, String> {
        self.expr_count += 1;
        let e = d.arr(value)?;
        let op = e[0].str()?;
        Ok(match op {
            "n" => {
                let scope = e[2].int()? as usize;
                let name = self.st.get(e[1].str()?);
                let node = self.snode(ids[scope], name);
                Expr::Name { node, name, module: scope == 0, owner: ids[scope], scope: scope as u32 }
            }
            "a" => Expr::Attr {
                e: Box::new(self.expr_of(d, &e[1], file, ids)?),
                attr: self.st.get(e[2].str()?),
                line: Self::pos(&e[3])?,
                col: Self::pos(&e[4])?,
            },
            "c" => {
                let items = d.arr(&e[5])?;
                let mut kws = Vec::with_capacity(items.len());
                for pair in items {
                    let pair = d.arr(pair)?;
                    kws.push((self.st.get(pair[0].str()?), self.expr_of(d, &pair[1], file, ids)?));
                }
                let kws = kws.into_boxed_slice();
                let span = Self::span_of(d, &e[1])?;
                let f = self.expr_of(d, &e[3], file, ids)?;
                let args = self.exprs(d, d.arr(&e[4])?, file, ids)?;
                let star = if e[6].is_null() { None } else { Some(Box::new(self.expr_of(d, &e[6], file, ids)?)) };
                let dstar = if e[7].is_null() { None } else { Some(Box::new(self.expr_of(d, &e[7], file, ids)?)) };
                // (the text is interned even where a reference records the call: strings keep their ids)
                let written = if e[8].is_null() { None } else { Some(self.st.get(e[8].str()?)) };
                let text = if e[2].truthy() { NO_TEXT } else { written.unwrap_or(self.names.call_text) };
                let rest = if kws.is_empty() && star.is_none() && dstar.is_none() {
                    None
                } else {
                    Some(Box::new(CallRest { kws, star, dstar }))
                };
                Expr::Call(Box::new(Call { span, f, args, rest, text }))
            }
            "k" => {
                if e.len() > 1 {
                    Expr::Str(self.st.get(e[1].str()?))
                } else {
                    Expr::Const
                }
            }
            "l" => Expr::List { line: Self::pos(&e[1])?, col: Self::pos(&e[2])?, elems: self.exprs(d, d.arr(&e[3])?, file, ids)? },
            "d" => {
                let items = d.arr(&e[3])?;
                let mut pairs = Vec::with_capacity(items.len());
                for pair in items {
                    let pair = d.arr(pair)?;
                    let key = if pair[0].is_null() {
                        None
                    } else {
                        let raw = pair[0].str()?;
                        let digit = raw.chars().next().map(python_isdigit).unwrap_or(false);
                        let raw = self.st.get(raw);
                        Some((self.hash_name(raw), digit))
                    };
                    pairs.push((key, self.expr_of(d, &pair[1], file, ids)?));
                }
                Expr::Dict { line: Self::pos(&e[1])?, col: Self::pos(&e[2])?, pairs: pairs.into_boxed_slice() }
            }
            "s" => {
                let key = if e[2].is_null() {
                    Key::None
                } else if let Json::Arr(..) = &e[2] {
                    let param = d.arr(&e[2])?;
                    Key::Param(ids[param[2].int()? as usize], self.st.get(param[1].str()?))
                } else if e[2].str()? == ":" {
                    Key::Slice
                } else {
                    let raw = self.st.get(e[2].str()?);
                    Key::Lit(self.hash_name(raw))
                };
                // (a target's key ":" is written as "#:": ``_assign`` does not tell slices apart)
                Expr::Sub { e: Box::new(self.expr_of(d, &e[1], file, ids)?), key, span: Self::span_of(d, &e[3])? }
            }
            "f" => {
                let sid = ids[e[1].int()? as usize];
                let class = self.is_class(sid);
                Expr::Func { sid, class }
            }
            "o" => Expr::Or(self.exprs(d, d.arr(&e[1])?, file, ids)?),
            "b" => Expr::Bin {
                dunder: self.st.get(e[1].str()?),
                left: Box::new(self.expr_of(d, &e[2], file, ids)?),
                right: Box::new(self.expr_of(d, &e[3], file, ids)?),
                span: Self::span_of(d, &e[4])?,
            },
            "u" => Expr::Un {
                dunder: self.st.get(e[1].str()?),
                e: Box::new(self.expr_of(d, &e[2], file, ids)?),
                span: Self::span_of(d, &e[3])?,
            },
            "S" => Expr::Super {
                cls: Box::new(self.expr_of(d, &e[1], file, ids)?),
                recv: Box::new(self.expr_of(d, &e[2], file, ids)?),
            },
            "*" => Expr::Star(Box::new(self.expr_of(d, &e[1], file, ids)?)),
            "**" => Expr::DStar(Box::new(self.expr_of(d, &e[1], file, ids)?)),
            "t" => Expr::Tuple(self.exprs(d, d.arr(&e[1])?, file, ids)?, Self::span_of(d, &e[2])?),
            "?" => Expr::Unknown,
            other => return Err(format!("an unknown expression {:?}", other)),
        })
    }

    pub fn init_global(&mut self, path: S, name: S) {
        // ``_init_global``
        let key = self.snode(path, name);
        if self.nodes[key as usize].is(INITIALISED) {
            return;
        }
        self.nodes[key as usize].set(INITIALISED, true);
        let is_flow = self.file_by_path.contains_key(&path);
        if is_flow && self.module_bound.get(&path).map(|b| b.contains(&name)).unwrap_or(false) {
            return;
        }
        let (path_text, name_text) = (self.st.text(path).to_string(), self.st.text(name).to_string());
        let steps = self.host.init_global(&path_text, &name_text);
        for step in steps {
            match step {
                InitStep::Copy(target) => {
                    let target = self.st.get(&target);
                    let source = self.snode(target, name);
                    self.copy(source, key);
                    self.init_global(target, name);
                }
                InitStep::Add(objects) => {
                    let objects: Vec<O> = objects.iter().map(|(t, v)| self.encoded_obj(t, v)).collect();
                    let mut set = OSet::new();
                    set.extend(&objects);
                    self.add(key, &set.v);
                }
            }
        }
        let _ = is_flow;
    }

    // -- nodes ---------------------------------------------------------------------------------

    /// ``_get``: the objects of a node; the fact being evaluated depends on it.
    fn get(&mut self, n: N) -> Val {
        let current = self.current;
        let node = &mut self.nodes[n as usize];
        if current >= 0 {
            self.deps.add(&mut node.deps, current as u32);
            if node.len == 0 {
                return Val::Empty;
            }
            if node.is(FROZEN) {
                self.capped_reads += 1;
            }
        } else if node.len == 0 {
            return Val::Empty;
        }
        let node = &self.nodes[n as usize];
        if self.any_typed && node.is(TYPED) {
            let found = objects(node, &self.sets);
            if found.contains(&UNK) {
                return Val::Own(found.iter().copied().filter(|&o| o != UNK).collect());
            }
        }
        Val::Node(n)
    }

    fn get_into(&mut self, n: N, out: &mut OSet) {
        let v = self.get(n);
        self.val_into(&v, out);
    }

    fn get_vec(&mut self, n: N) -> Objs {
        let v = self.get(n);
        self.vals(&v)
    }

    /// ``_add``
    pub fn add(&mut self, key: N, objs: &[O]) {
        if objs.is_empty() {
            return;
        }
        // the node whose set ``self.marks`` holds (``NO_DEP``: none)
        let mut marked_node = NO_DEP;
        {
            let data = &self.nodes[key as usize];
            if data.is(FROZEN) {
                return;
            }
            let current = objects(data, &self.sets);
            if !worth_marking(current.len(), objs.len()) {
                if objs.iter().all(|o| current.contains(o)) {
                    return;
                }
            } else {
                self.marks.clear();
                for &o in current {
                    self.marks.mark(o);
                }
                marked_node = key;
                if objs.iter().all(|&o| self.marks.has(o)) {
                    return;
                }
            }
        }
        // (the objects inline: most that flow on are a few, and a heap vector each was a third of the
        // allocations of the fixpoint)
        let mut pending: Vec<(N, Objs)> = Vec::new();
        let mut first = true;
        loop {
            let (node, owned): (N, Option<Objs>) = if first {
                first = false;
                (key, None)
            } else {
                match pending.pop() {
                    Some((n, v)) => (n, Some(v)),
                    None => break,
                }
            };
            let values: &[O] = match &owned {
                Some(v) => v,
                None => objs,
            };
            if self.nodes[node as usize].is(FROZEN) {
                continue; // frozen: whoever reads it knows it is incomplete
            }
            // a large set's objects marked, to tell each value in it without a scan
            let marked = worth_marking(self.pts(node).len(), values.len());
            if marked && marked_node != node {
                marked_node = node;
                self.marks.clear();
                let (nodes, sets, marks) = (&self.nodes, &self.sets, &mut self.marks);
                for &o in objects(&nodes[node as usize], sets) {
                    marks.mark(o);
                }
            }
            let collapsed: Option<Vec<O>> = if values.iter().any(|&o| self.is_site_instance(o)) {
                Some(self.collapse(node, values, marked))
            } else {
                None
            };
            let values: &[O] = match &collapsed {
                Some(v) => v,
                None => values,
            };
            // the objects new to the node
            let mut grown: Objs = Objs::new();
            let mut capped = false;
            let current = self.pts(node);
            let marks = &self.marks;
            let holds = |obj: O| if marked { marks.has(obj) } else { current.contains(&obj) };
            if current.len() + values.len() <= MAX_SET_SIZE {
                for &obj in values.iter() {
                    if !holds(obj) {
                        grown.push(obj);
                        capped |= obj == CAPPED;
                    }
                }
            } else {
                for &obj in values.iter() {
                    if holds(obj) || grown.contains(&obj) {
                        continue;
                    }
                    if current.len() + grown.len() >= MAX_SET_SIZE {
                        grown.push(CAPPED);
                        capped = true;
                        break;
                    }
                    grown.push(obj);
                    capped |= obj == CAPPED;
                }
            }
            if grown.is_empty() {
                continue;
            }
            let data = &mut self.nodes[node as usize];
            data.growths = data.growths.saturating_add(1);
            if u32::from(data.growths) > MAX_GROWTHS && !capped {
                // a node that keeps growing a little at a time is widened (``_add``'s docstring)
                grown.push(CAPPED);
                capped = true;
            }
            push_objects(data, &mut self.sets, &grown);
            if marked_node == node {
                marked_node = NO_DEP; // (the marks miss what it just took)
            }
            data.set(FROZEN, capped);
            // (the order readers are queued in does not matter: each batch is sorted)
            for &reader in self.deps.of(data.deps) {
                if !self.queued[reader as usize] {
                    self.queued[reader as usize] = true;
                    self.queued_list.push(reader);
                }
            }
            if data.is(HAS_WAITING) {
                data.set(HAS_WAITING, false);
                let waiting = self.waiting.remove(&node).unwrap_or_default();
                for reader in waiting {
                    if !self.queued[reader as usize] {
                        self.queued[reader as usize] = true;
                        self.queued_list.push(reader);
                    }
                }
            }
            let data = &self.nodes[node as usize];
            if data.copies != NO_DEP {
                let mut targets: SmallVec<[N; 8]> = SmallVec::new();
                let mut entry = data.copies;
                while entry != NO_DEP {
                    let (target, next) = self.copies[entry as usize];
                    targets.push(target);
                    entry = next;
                }
                for &other in targets.iter().rev() {
                    // (in the order the edges were made)
                    pending.push((other, grown.clone()));
                }
            }
        }
    }

    /// ``_collapse``: past ``MAX_SITE_INSTANCES`` instances of a class, its summary joins instead
    /// (``marked``: ``self.marks`` holds the node's set)
    fn collapse(&mut self, node: N, values: &[O], marked: bool) -> Vec<O> {
        let mut out: Vec<O> = Vec::with_capacity(values.len());
        // what ``out`` holds, marked where scanning it for each value would cost more
        let out_marked = values.len() >= 8;
        if out_marked {
            self.out_marks.clear();
        }
        // per class, its instances in the node's set and in ``out`` (counted at the first site
        // instance that asks, then kept as ``out`` grows: a count per value was a scan of both)
        let mut counts: Option<SmallVec<[(S, usize); 8]>> = None;
        fn count_in(counts: &mut SmallVec<[(S, usize); 8]>, objs: &Objects, o: O) {
            if let ObjKey::I(c, _) = objs.key(o) {
                match counts.iter_mut().find(|entry| entry.0 == c) {
                    Some(entry) => entry.1 += 1,
                    None => counts.push((c, 1)),
                }
            }
        }
        for &obj in values {
            let in_out = |out: &Vec<O>, marks: &Marks, o: O| if out_marked { marks.has(o) } else { out.contains(&o) };
            let cls = match self.objs.key(obj) {
                ObjKey::I(cls, site) if site != SUMMARY => cls,
                _ => {
                    // (a summary an earlier site instance became may be here already)
                    if !in_out(&out, &self.out_marks, obj) {
                        out.push(obj);
                        if out_marked {
                            self.out_marks.mark(obj);
                        }
                        if let Some(counts) = &mut counts {
                            count_in(counts, &self.objs, obj);
                        }
                    }
                    continue;
                }
            };
            let summary = self.objs.summary(obj, cls);
            let current: &[O] = objects(&self.nodes[node as usize], &self.sets);
            let holds = |o: O| if marked { self.marks.has(o) } else { current.contains(&o) };
            let chosen = if holds(obj) {
                obj
            } else if holds(summary) || in_out(&out, &self.out_marks, summary) {
                continue;
            } else {
                let objs = &self.objs;
                let counts = counts.get_or_insert_with(|| {
                    let mut counts = SmallVec::new();
                    for &o in current.iter().chain(out.iter()) {
                        if objs.tag(o) == Tag::I {
                            count_in(&mut counts, objs, o);
                        }
                    }
                    counts
                });
                let count = counts.iter().find(|entry| entry.0 == cls).map_or(0, |entry| entry.1);
                if count >= MAX_SITE_INSTANCES { summary } else { obj }
            };
            out.push(chosen);
            if out_marked {
                self.out_marks.mark(chosen);
            }
            if let Some(counts) = &mut counts {
                count_in(counts, &self.objs, chosen);
            }
        }
        out
    }

    /// ``_copy``
    fn copy(&mut self, source: N, target: N) {
        let count = self.nodes[source as usize].copy_count;
        if count < COPY_SCAN {
            let mut entry = self.nodes[source as usize].copies;
            while entry != NO_DEP {
                let (other, next) = self.copies[entry as usize];
                if other == target {
                    return;
                }
                entry = next;
            }
        } else if !self.copy_set.insert((source, target)) {
            return;
        }
        let newest = self.nodes[source as usize].copies;
        self.nodes[source as usize].copies = self.copies.len() as u32;
        self.copies.push((target, newest));
        if count < COPY_SCAN {
            self.nodes[source as usize].copy_count = count + 1;
            if count + 1 == COPY_SCAN {
                let mut entry = self.nodes[source as usize].copies;
                while entry != NO_DEP {
                    let (other, next) = self.copies[entry as usize];
                    self.copy_set.insert((source, other));
                    entry = next;
                }
            }
        }
        let found = self.pts(source);
        if !found.is_empty() {
            let found = found.to_vec();
            self.add(target, &found);
        }
    }

    /// ``_slot``
    fn slot(&mut self, obj: O, name: S) -> N {
        if self.slots.entry(obj).or_default().insert(name) {
            let targets = self.forwards.get(&obj).cloned().unwrap_or_default();
            for target in targets {
                let source = self.onode(obj, name);
                let slot = self.slot(target, name);
                self.copy(source, slot);
            }
        }
        self.onode(obj, name)
    }

    /// ``_forward``
    fn forward(&mut self, source: O, target: O) {
        let targets = self.forwards.entry(source).or_default();
        if targets.contains(&target) {
            return;
        }
        targets.push(target);
        for name in [self.names.star, self.names.question, self.names.keys] {
            let from = self.onode(source, name);
            let to = self.onode(target, name);
            self.copy(from, to);
        }
        let names = self.slots.get(&source).map(|e| e.v.to_vec()).unwrap_or_default();
        for name in names {
            let from = self.onode(source, name);
            let to = self.slot(target, name);
            self.copy(from, to);
        }
    }

    fn add_val(&mut self, key: N, v: &Val) {
        let items = self.vals(v);
        self.add(key, &items);
    }

    // -- the fixpoint ---------------------------------------------------------------------------

    #[inline(never)]
    pub fn run(&mut self) {
        // ``_run`` after set-up: solve, then seed what nothing flowed into
        self.queued = vec![false; self.groups.len()];
        let hook = self.names.getattribute;
        self.reads_hooked = self.class_names.values().any(|names| names.contains(&hook));
        let set_name = self.names.set_name;
        self.set_name_hooked = self.class_names.values().any(|names| names.contains(&set_name));
        self.fact_count = self.groups.len();
        self.base_groups = self.groups.len();
        let started = cpu_now();
        self.solve();
        self.timings.push(("solve", cpu_now() - started));
        let started = cpu_now();
        self.seed_fallbacks();
        self.timings.push(("seed", cpu_now() - started));
        self.release_solving_state();
    }

    fn release_solving_state(&mut self) {
        self.groups = Vec::new();
        self.guards = Vec::new();
        self.queued = Vec::new();
        self.queued_list = Vec::new();
        self.annotations = Vec::new();
        self.returns_ann = Vec::new();
        self.layouts = FxMap::default();
        self.copy_set = FxSet::default();
        self.copies = Vec::new();
        self.waiting = FxMap::default();
        self.deps = Readers::default();
        for node in self.nodes.iter_mut() {
            node.deps = NO_DEP;
            node.copies = NO_DEP;
            node.copy_count = 0;
            node.set(HAS_WAITING, false);
        }
    }

    fn solve(&mut self) {
        // ``_solve``
        if !self.started {
            self.started = true;
            for i in 0..self.groups.len() {
                self.queued[i] = true;
                self.queued_list.push(i as u32);
            }
        }
        let groups = std::mem::take(&mut self.groups);
        while !self.queued_list.is_empty() {
            let mut batch = std::mem::take(&mut self.queued_list);
            batch.sort_unstable();
            for &index in batch.iter() {
                self.queued[index as usize] = false;
            }
            let mut out_of_budget = false;
            for &index in batch.iter() {
                // (contexts add groups, and the budget grows with them)
                let budget = BASE_EVALUATIONS
                    + MAX_EVALUATIONS_PER_FACT * (self.base_groups + self.ctx_groups.len()) as u64;
                if self.evaluations >= budget {
                    out_of_budget = true;
                    break;
                }
                self.evaluations += 1;
                self.evaluate_group(&groups, index);
            }
            if out_of_budget {
                for &index in batch.iter() {
                    self.unfinished.insert(index as i64);
                }
                for &index in self.queued_list.iter() {
                    self.unfinished.insert(index as i64);
                    self.queued[index as usize] = false;
                }
                self.queued_list.clear();
                self.current = -1;
                self.ctx = None;
                self.groups = groups;
                return;
            }
        }
        self.current = -1;
        self.ctx = None;
        self.groups = groups;
    }

    fn evaluate_group(&mut self, groups: &[Group], index: u32) {
        let base = if (index as usize) < self.base_groups {
            self.ctx = None;
            index
        } else {
            let (base, ctx) = self.ctx_groups[index as usize - self.base_groups];
            self.ctx = Some(ctx);
            base
        };
        let group = &groups[base as usize];
        self.cur_site = None;
        self.site_literals = None;
        self.current = index as i64;
        let guard = self.guards[index as usize];
        if guard != NO_DEP {
            let empty = self.nodes[guard as usize].len == 0;
            if empty {
                self.nodes[guard as usize].set(HAS_WAITING, true);
                self.waiting.entry(guard).or_default().push(index);
                return;
            }
        }
        // (batches are evaluated in order: the run of the group before is most often this one's)
        let runs = &self.runs;
        let mut run = self.last_run;
        if !(runs[run].0 <= base && runs.get(run + 1).map_or(true, |next| next.0 > base)) {
            run = runs.partition_point(|r| r.0 <= base) - 1;
            self.last_run = run;
        }
        let (_, file, scope) = runs[run];
        self.path = self.files[file as usize].path;
        self.scope = scope;
        self.fact(&group.fact);
    }

    fn seed_fallbacks(&mut self) {
        // ``_seed_fallbacks``
        // (level, fid, receiver order): no text of its own, as it is alive while the fixpoint runs
        let mut methods: Vec<(u8, S, u8)> = Vec::new();
        for i in 0..self.params_order.len() {
            let fid = self.params_order[i];
            let receiver = self.receiver_kind(fid);
            let first = self.params.get(&fid).and_then(|p| p.first().copied());
            if receiver != 0 {
                if let Some((_name, kind)) = first {
                    if kind == 0 || kind == 4 {
                        let parent = self.sym(fid).and_then(|s| s.parent).unwrap();
                        let level = if self.extended.contains(&parent) { 1 } else { 0 };
                        // sorted as the Python tuples (level, fid, "cls" | "self")
                        let receiver_order = if receiver == 2 { 0 } else { 1 };
                        methods.push((level, fid, receiver_order));
                    }
                }
            }
        }
        let st = &self.st;
        methods.sort_by(|a, b| (a.0, st.text(a.1), a.2).cmp(&(b.0, st.text(b.1), b.2)));
        let mut depth: Option<u8> = None;
        let count = methods.len();
        for position in 0..=count {
            let level = if position < count { methods[position].0 } else { 2 };
            if Some(level) != depth {
                self.solve();
                depth = Some(level);
            }
            if position == count {
                break;
            }
            let fid = methods[position].1;
            let receiver_is_self = methods[position].2 == 1;
            let first_name = self.params.get(&fid).unwrap()[0].0;
            let key = self.snode(fid, first_name);
            let empty = self.nodes[key as usize].len == 0;
            let reached = self.ctx_of.get(&fid).map(|c| !c.is_empty()).unwrap_or(false);
            if empty && !reached {
                let objs = self.receivers(fid, receiver_is_self);
                self.add(key, &objs);
            }
        }
        self.seed_uncalled();
        self.solve();
        // annotations: parameters and variables first, then return values
        let annotations = std::mem::take(&mut self.annotations);
        let returns_ann = std::mem::take(&mut self.returns_ann);
        let mut pending: Vec<(N, S, u32, &[Expr])> = Vec::new();
        for (key, path, scope, types) in annotations.iter() {
            pending.push((*key, *path, *scope, types));
        }
        for (fid, path, scope, types) in returns_ann.iter() {
            let key = self.snode(*fid, self.names.ret);
            pending.push((key, *path, *scope, types));
        }
        let mut done: FxSet<N> = FxSet::default();
        for _ in 0..2 {
            let mut seeded = false;
            for &(key, path, scope, types) in pending.iter() {
                if done.contains(&key) {
                    continue;
                }
                // (project values keep the name, unless code we cannot see may give it others too)
                if self.holds_project(key) && !self.pts(key).contains(&UNK) {
                    continue;
                }
                if self.instances_hold(key) {
                    done.insert(key);
                    continue;
                }
                let objs = self.annotation_objects(path, scope, types);
                if !objs.is_empty() {
                    done.insert(key);
                    self.nodes[key as usize].set(TYPED, true);
                    self.any_typed = true;
                    self.add(key, &objs);
                    seeded = true;
                }
            }
            self.solve();
            if !seeded {
                break;
            }
        }
        self.annotations = annotations;
        self.returns_ann = returns_ann;
    }

    /// ``_seed_uncalled``: the parameters of a function no call in the project reaches (nor escaped)
    /// hold unknown, but a method's receiver and those an annotation naming classes speaks for
    fn seed_uncalled(&mut self) {
        let mut seeds: Vec<N> = Vec::new();
        let mut seeded: FxSet<N> = FxSet::default();
        for i in 0..self.params_order.len() {
            let fid = self.params_order[i];
            if self.called.contains(&fid) || self.escaped.contains(&fid) {
                continue;
            }
            let params = self.params.get(&fid).cloned().unwrap_or_default();
            if params.is_empty() {
                continue;
            }
            let first_kind = params[0].1;
            let skip = if (first_kind == 0 || first_kind == 4) && (self.receiver_kind(fid) != 0 || self.is_new(fid)) {
                1
            } else {
                0
            };
            for param in params.iter().skip(skip) {
                let key = self.snode(fid, param.0);
                if seeded.insert(key) {
                    seeds.push(key);
                }
            }
        }
        let annotations = std::mem::take(&mut self.annotations);
        for (key, path, scope, types) in annotations.iter() {
            if seeded.contains(key) && !self.annotation_objects(*path, *scope, types).is_empty() {
                seeded.remove(key);
            }
        }
        self.annotations = annotations;
        for key in seeds {
            if seeded.contains(&key) {
                self.add(key, &[UNK]);
            }
        }
    }

    /// ``_is_new``: a class's ``__new__``
    fn is_new(&mut self, fid: S) -> bool {
        let symbol = match self.sym(fid) {
            Some(s) => s,
            None => return false,
        };
        let name = symbol.name;
        match symbol.parent {
            Some(parent) => name == self.names.new && self.sym_code(parent) & CAT_MASK == CAT_TYPE,
            None => false,
        }
    }

    /// ``_receivers``: a method's ``self`` or ``cls`` where no call shows it: its class, or any project
    /// subclass that inherits the method
    fn receivers(&mut self, fid: S, receiver_is_self: bool) -> Vec<O> {
        let info = self.sym(fid).unwrap();
        let parent = info.parent.unwrap();
        let make = |c: S| if receiver_is_self { ObjKey::I(c, SUMMARY) } else { ObjKey::C(c) };
        let mut out = vec![self.objs.get(make(parent))];
        let own = self.class_lookup(parent, info.name);
        for &sub in self.subclasses(parent).iter() {
            if self.class_lookup(sub, info.name) == own {
                let obj = self.objs.get(make(sub));
                if !out.contains(&obj) {
                    out.push(obj);
                }
            }
        }
        out
    }

    fn annotation_objects(&mut self, path: S, scope: u32, types: &[Expr]) -> Objs {
        self.path = path;
        self.scope = scope;
        self.current = -1;
        let none = self.st.get("builtins.None");
        let any = self.st.get("typing.Any");
        let mut out = OSet::new();
        for expression in types {
            let found = self.expr(expression);
            for obj in self.vals(&found) {
                match self.objs.key(obj) {
                    ObjKey::C(cls) => self.admitted(cls, &mut out),
                    ObjKey::X(name) if name != none && name != any => {
                        out.insert(obj);
                    }
                    _ => {}
                }
            }
        }
        out.v
    }

    /// ``_admitted``: what an annotation naming the class admits, an instance of it or of any project subclass
    fn admitted(&mut self, cls: S, out: &mut OSet) {
        out.insert(self.objs.get(ObjKey::I(cls, SUMMARY)));
        let text = self.st.text(cls).to_string();
        for sub in self.host.subclasses(&text) {
            let sub = self.st.get(&sub);
            out.insert(self.objs.get(ObjKey::I(sub, SUMMARY)));
        }
    }

    /// ``_no_constant_has``: is the name no attribute of a constant's value (a dunder may be one)?
    fn no_constant_has(&self, name: S) -> bool {
        !self.is_dunder(name) && CONSTANT_MEMBERS.binary_search(&self.st.text(name)).is_err()
    }

    // -- facts ----------------------------------------------------------------------------------

    fn fact(&mut self, fact: &Fact) {
        match fact {
            Fact::Expr(value) => {
                if let Expr::Call(call) = value {
                    self.call(call, Sink::Discard);
                } else {
                    self.expr(value);
                }
            }
            Fact::Assign(target, value) => {
                if let (Expr::Name { node, name, owner, scope, .. }, Expr::Call(call)) = (target, value) {
                    let node = self.name_node(*node, *owner, *name, *scope);
                    let got = self.call(call, Sink::Node(node));
                    self.add(node, &got.v);
                } else {
                    let values = self.expr(value);
                    self.assign(target, &values);
                }
            }
            Fact::Ret(node, fid, value) => {
                let node = match self.ctx {
                    Some(c) => self.node(Owner::Ctx(*fid, c), self.names.ret),
                    None => *node,
                };
                if let Expr::Call(call) = value {
                    let got = self.call(call, Sink::Node(node));
                    self.add(node, &got.v);
                } else {
                    let got = self.expr(value);
                    self.add_val(node, &got);
                }
            }
            Fact::Def { sid, class, bind, owner, name, decorators, made, metaclass } => {
                let bind = self.name_node(*bind, *owner, *name, self.scope);
                if let Some(metaclass) = metaclass {
                    let got = self.expr(metaclass);
                    let classes: Vec<O> = self.vals(&got).into_iter().filter(|&o| self.objs.tag(o) == Tag::C).collect();
                    if !classes.is_empty() {
                        let node = self.snode(*sid, self.names.metaclass);
                        self.add(node, &classes);
                    }
                }
                if let Some(span) = made {
                    self.class_made(*sid, span);
                }
                self.define(*sid, *class, bind, decorators)
            }
            Fact::For(target, value, span) => {
                let iterable = self.expr(value);
                let values = self.iterate(&iterable, Some(*span));
                if let Some(target) = target {
                    self.assign(target, &Val::Own(values.v));
                }
            }
            Fact::With(target, value, span) => {
                let entered = self.expr(value);
                let values = self.enter(&entered, *span);
                if let Some(target) = target {
                    self.assign(target, &Val::Own(values.v));
                }
            }
            Fact::Yield(fid, value) => {
                let generator = self.objs.get(ObjKey::G(*fid));
                let key = self.onode(generator, self.names.star);
                let got = self.expr(value);
                self.add_val(key, &got);
            }
            Fact::YieldFrom(fid, value, span) => {
                let generator = self.objs.get(ObjKey::G(*fid));
                let key = self.onode(generator, self.names.star);
                let got = self.expr(value);
                let values = self.iterate(&got, Some(*span));
                self.add(key, &values.v);
            }
            Fact::Raise(value, span) => {
                let got = self.expr(value);
                for obj in self.vals(&got) {
                    let raised = match self.objs.key(obj) {
                        ObjKey::C(cls) => {
                            self.implicit_add(Some(span), &[obj], self.names.raise);
                            self.call_object(obj, &[], &[], None, None, Some(*span), None, Sink::None);
                            Some(cls)
                        }
                        ObjKey::I(cls, _) => Some(cls),
                        ObjKey::Capped => {
                            self.implicit_add(Some(span), &[CAPPED], self.names.raise);
                            None
                        }
                        _ => None,
                    };
                    if let Some(cls) = raised {
                        // ``RAISED``: the class's summary instance, in the node of each of its ancestors
                        let summary = self.objs.get(ObjKey::I(cls, SUMMARY));
                        let chain = self.mro(cls);
                        for &base in chain.iter().skip(1) {
                            let node = self.snode(self.names.raised, base);
                            self.add(node, &[summary]);
                        }
                    }
                }
            }
            Fact::Exc(target, value) => {
                let mut caught = OSet::new();
                let got = self.expr(value);
                for obj in self.vals(&got) {
                    let items = if is_container(self.objs.tag(obj)) { self.elements(obj).v } else { smallvec![obj] };
                    for item in items {
                        match self.objs.key(item) {
                            ObjKey::C(cls) => {
                                let instance = self.objs.get(ObjKey::I(cls, SUMMARY));
                                caught.insert(instance);
                                if target.is_some() {
                                    // and what the project raises of its subclasses (``RAISED``)
                                    let node = self.snode(self.names.raised, cls);
                                    let raised = self.get(node);
                                    for o in self.vals(&raised) {
                                        caught.insert(o);
                                    }
                                }
                            }
                            ObjKey::X(_) | ObjKey::Unk | ObjKey::Capped => {
                                caught.insert(UNK);
                            }
                            _ => {}
                        }
                    }
                }
                if let Some(target) = target {
                    self.assign(target, &Val::Own(caught.v));
                }
            }
            Fact::Ann => {}
        }
    }

    /// ``_class_made``: making a class calls the ``__init_subclass__`` of the first base in its MRO that defines
    /// one, with ``cls`` the new class
    fn class_made(&mut self, class_id: S, span: &Span) {
        if self.set_name_hooked {
            // ``__set_name__(owner, name)`` on each instance the body binds whose class defines one
            let names = match self.sorted_names.get(&class_id) {
                Some(found) => found.clone(),
                None => {
                    let mut names: Vec<S> = match self.class_names.get(&class_id) {
                        Some(found) => found.iter().copied().collect(),
                        None => Vec::new(),
                    };
                    names.sort_by(|a, b| self.st.text(*a).cmp(self.st.text(*b)));
                    let names = Rc::new(names);
                    self.sorted_names.insert(class_id, names.clone());
                    names
                }
            };
            let owner = self.objs.get(ObjKey::C(class_id));
            for &name in names.iter() {
                let node = self.snode(class_id, name);
                for obj in self.get_vec(node) {
                    if let ObjKey::I(cls, _) = self.objs.key(obj) {
                        if self.class_lookup(cls, self.names.set_name).is_some() {
                            let args = [Val::Own(smallvec![owner]), Val::Own(smallvec![STR])];
                            self.dunder(obj, self.names.set_name, &args, Some(span));
                        }
                    }
                }
            }
        }
        let chain = self.mro(class_id);
        for &ancestor in chain.iter().skip(1) {
            if self.class_names.get(&ancestor).map(|n| n.contains(&self.names.init_subclass)).unwrap_or(false) {
                let node = self.snode(ancestor, self.names.init_subclass);
                for value in self.get_vec(node) {
                    if let ObjKey::F(fid) = self.objs.key(value) {
                        self.implicit_add(Some(span), &[value], self.names.init_subclass);
                        let cls = self.objs.get(ObjKey::C(class_id));
                        self.call_function(fid, &[], &[], None, None, Some(smallvec![cls]), Sink::Discard);
                    }
                }
                return;
            }
        }
    }

    fn define(&mut self, sid: S, class: bool, bind: N, decorators: &[(Expr, Span)]) {
        // ``_define``
        let mut value: Objs = smallvec![self.objs.get(if class { ObjKey::C(sid) } else { ObjKey::F(sid) })];
        for (decorator, span) in decorators.iter().rev() {
            let functions = self.expr(decorator);
            let mut result = OSet::new();
            let mut preserved = false;
            for obj in self.vals(&functions) {
                let tag = self.objs.tag(obj);
                if matches!(tag, Tag::X | Tag::Unk | Tag::Capped | Tag::Id) {
                    preserved = preserved || matches!(tag, Tag::X | Tag::Id | Tag::Unk);
                    if tag == Tag::Capped {
                        result.insert(CAPPED);
                    }
                    if tag != Tag::Id {
                        self.partial(Some(span), self.names.decorator);
                    }
                    continue;
                }
                self.implicit_add(Some(span), &[obj], self.names.decorator);
                let got = self.call_object(obj, &[Val::Own(value.clone())], &[], None, None, Some(*span), None, Sink::None);
                result.extend(&got.v);
            }
            if preserved {
                result.extend(&value);
            }
            value = result.v;
        }
        if !decorators.is_empty() && !class {
            let code = self.sym_code(sid);
            if code & (P_CLASSMETHOD | P_STATIC) != 0 {
                // ``@classmethod`` (``@staticmethod``) over other decorators: what they made binds as it says
                let how = if code & P_CLASSMETHOD != 0 { self.names.classmethod_of } else { self.names.static_of };
                let mut wrapped = OSet::new();
                for &obj in value.iter() {
                    let item = match self.objs.key(obj) {
                        ObjKey::F(fid) if fid != sid => self.objs.get(ObjKey::BM(how, obj)),
                        _ => obj,
                    };
                    wrapped.insert(item);
                }
                value = wrapped.v;
            }
        }
        self.add(bind, &value);
    }

    fn assign(&mut self, target: &Expr, values: &Val) {
        // ``_assign``
        match target {
            Expr::Name { node, name, owner, scope, .. } => {
                let node = self.name_node(*node, *owner, *name, *scope);
                self.add_val(node, values)
            }
            Expr::Attr { e, attr, line, col } => {
                let receivers = self.expr(e);
                for obj in self.vals(&receivers) {
                    self.store_attribute(obj, *attr, values, *line, *col);
                }
            }
            Expr::Sub { e, key, span } => {
                let key = &self.subscript_key(*key);
                let receivers = self.expr(e);
                for obj in self.vals(&receivers) {
                    let tag = self.objs.tag(obj);
                    if is_container(tag) {
                        let all = self.onode(obj, self.names.star);
                        self.add_val(all, values);
                        let slot = match key {
                            Key::None | Key::Param(..) => self.onode(obj, self.names.question),
                            Key::Slice => {
                                let raw = self.st.get(":");
                                let name = self.hash_name(raw);
                                self.slot(obj, name)
                            }
                            Key::Lit(h) => match self.key_slot(obj, *h) {
                                Some(name) => self.slot(obj, name),
                                None => self.onode(obj, self.names.question),
                            },
                        };
                        self.add_val(slot, values);
                    } else if tag == Tag::I {
                        self.dunder(obj, self.names.setitem, &[Val::Own(smallvec![CONST]), values.clone()], Some(span));
                    }
                    if tag != Tag::I {
                        self.partial(Some(span), self.names.setitem);
                    }
                }
            }
            Expr::Tuple(parts, span) => {
                let star = parts.iter().position(|p| matches!(p, Expr::Star(_)));
                let count = parts.len() as i64;
                for (position, part) in parts.iter().enumerate() {
                    if let Expr::Star(inner) = part {
                        // the rest: a new list of what lies between the parts around it
                        let after = count - position as i64 - 1;
                        let mut rest = OSet::new();
                        for obj in self.vals(values) {
                            if !is_container(self.objs.tag(obj)) {
                                rest.insert(obj);
                                continue;
                            }
                            let made = self.objs.get(ObjKey::Lr(obj, position as i32));
                            let made_all = self.onode(made, self.names.star);
                            match self.lengths.get(&obj).copied() {
                                None => {
                                    let from = self.onode(obj, self.names.star);
                                    let any = self.onode(made, self.names.question);
                                    self.copy(from, made_all);
                                    self.copy(from, any);
                                }
                                Some(length) => {
                                    let mut index = position as i64;
                                    while index < length - after {
                                        let name = self.position_name(index);
                                        let from = self.onode(obj, name);
                                        let shifted = self.position_name(index - position as i64);
                                        let slot = self.slot(made, shifted);
                                        self.copy(from, slot);
                                        self.copy(from, made_all);
                                        index += 1;
                                    }
                                }
                            }
                            rest.insert(made);
                        }
                        self.assign(inner, &Val::Own(rest.v));
                        continue;
                    }
                    let mut item = OSet::new();
                    for obj in self.vals(values) {
                        let tag = self.objs.tag(obj);
                        if is_container(tag) {
                            if star.map(|s| position > s).unwrap_or(false) {
                                // counted from the end
                                match self.lengths.get(&obj).copied() {
                                    None => {
                                        let n = self.onode(obj, self.names.star);
                                        self.get_into(n, &mut item);
                                        continue;
                                    }
                                    Some(length) => {
                                        let name = self.position_name(length - (count - position as i64));
                                        let n = self.onode(obj, name);
                                        self.get_into(n, &mut item);
                                    }
                                }
                            } else {
                                let name = self.position_name(position as i64);
                                let n = self.onode(obj, name);
                                self.get_into(n, &mut item);
                            }
                            let n = self.onode(obj, self.names.question);
                            self.get_into(n, &mut item);
                        } else if matches!(tag, Tag::X | Tag::Unk | Tag::Capped | Tag::I | Tag::G) {
                            let got = self.iterate(&Val::Own(smallvec![obj]), Some(*span));
                            item.extend(&got.v);
                        }
                    }
                    self.assign(part, &Val::Own(item.v));
                }
            }
            Expr::Star(inner) => self.assign(inner, values),
            _ => {}
        }
    }

    fn store_attribute(&mut self, obj: O, name: S, values: &Val, line: Pos, col: Pos) {
        // ``_store_attribute``
        match self.objs.key(obj) {
            ObjKey::M(path) => {
                let key = self.snode(path, name);
                self.add_val(key, values);
            }
            ObjKey::C(cls) => {
                let key = self.snode(cls, name);
                self.add_val(key, values);
                let classes = self.snode(self.names.set_on_class, name);
                self.add(classes, &[obj]);
            }
            ObjKey::F(_) if !self.is_dunder(name) => {
                // a function attribute (``f.cache = {}``)
                let key = self.onode(obj, name);
                self.add_val(key, values);
            }
            ObjKey::I(cls, _) => {
                let mut ran = false;
                if let Some(found) = self.class_lookup(cls, name) {
                    for value in self.get_vec(found) {
                        if let ObjKey::F(fid) = self.objs.key(value) {
                            if self.sym_code(fid) & K_SETTER != 0 {
                                let width = self.st.text(name).len() as Pos;
                                let span = [line, col, line, col + width];
                                self.implicit_add(Some(&span), &[value], name);
                                self.call_function(fid, &[values.clone()], &[], None, None, Some(smallvec![obj]), Sink::None);
                                ran = true;
                            }
                        } else if let ObjKey::BM(how, function) = self.objs.key(value) {
                            // property(fget, fset)
                            if let (true, ObjKey::F(fid)) = (how == self.names.setter_of, self.objs.key(function)) {
                                let width = self.st.text(name).len() as Pos;
                                let span = [line, col, line, col + width];
                                self.implicit_add(Some(&span), &[function], name);
                                self.call_function(fid, &[values.clone()], &[], None, None, Some(smallvec![obj]), Sink::None);
                                ran = true;
                            }
                        } else if let ObjKey::I(descriptor, _) = self.objs.key(value) {
                            if self.class_lookup(descriptor, self.names.set_).is_some() {
                                // a data descriptor: assigning the attribute calls its ``__set__``
                                let width = self.st.text(name).len() as Pos;
                                let span = [line, col, line, col + width];
                                let receiver = Val::Own(smallvec![obj]);
                                self.dunder(value, self.names.set_, &[receiver, values.clone()], Some(&span));
                            }
                        }
                    }
                }
                // a setter of this name runs for some receivers (node ``(<setter>, name)``): on one without it, the
                // assignment runs none, so where the site's setter call is recorded, it is not certain
                let setters = self.snode(self.names.setter_of, name);
                if ran {
                    self.add(setters, &[CONST]);
                } else if !self.get_vec(setters).is_empty() {
                    let width = self.st.text(name).len() as Pos;
                    self.partial(Some(&[line, col, line, col + width]), name);
                }
                self.set_field(obj, cls, name, values);
            }
            _ => {}
        }
    }

    /// ``_set_field``: what an instance's attribute is set to (no setter runs)
    fn set_field(&mut self, obj: O, cls: S, name: S, values: &Val) {
        let key = self.onode(obj, name);
        if let ObjKey::I(_, SUMMARY) = self.objs.key(obj) {
            // the summary itself: every instance may be it
            self.add_val(key, values);
            let direct = self.objs.get(ObjKey::I(cls, DIRECT));
            let key = self.onode(direct, name);
            self.add_val(key, values);
        } else {
            // a site's instance: its class's summary holds what every instance holds
            let summary = self.objs.get(ObjKey::I(cls, SUMMARY));
            let to = self.onode(summary, name);
            self.copy(key, to);
            self.add_val(key, values);
        }
    }

    /// ``_generated_init``: a call of a class whose ``__init__`` its decorator or base generates; each
    /// argument sets its field, by position (the bases' fields first) or by keyword
    /// argument sets its field, by position (the bases' fields first) or by keyword; a field no argument
    /// sets gets its default, the value its class body gives it (not bound)
    fn generated_init(&mut self, cls: S, instance: O, args: &[Val], keywords: &[(S, Val)]) {
        let fields = self.generated_fields(cls);
        let mut given: Vec<S> = Vec::new();
        for (name, values) in fields.iter().zip(args.iter()) {
            self.set_field(instance, cls, *name, values);
            given.push(*name);
        }
        for (name, values) in keywords.iter() {
            if fields.contains(name) {
                self.set_field(instance, cls, *name, values);
                given.push(*name);
            }
        }
        for &name in fields.iter() {
            if !given.contains(&name) {
                let values = match self.class_lookup(cls, name) {
                    Some(found) => self.get(found),
                    None => Val::Empty,
                };
                self.set_field(instance, cls, name, &values);
            }
        }
    }

    /// ``_generated_fields``: the fields of the ``__init__`` a class's decorator or base generates, in
    /// order; none where a project class of its MRO defines ``__init__`` or ``__new__``
    fn generated_fields(&mut self, cls: S) -> Rc<Vec<S>> {
        if let Some(found) = self.generated_memo.get(&cls) {
            return found.clone();
        }
        let mut fields: Vec<S> = Vec::new();
        if self.class_lookup(cls, self.names.new).is_none() && self.class_lookup(cls, self.names.init).is_none() {
            let chain = self.mro(cls);
            for klass in chain.iter().rev() {
                if let Some(names) = self.init_fields.get(klass) {
                    for &name in names.iter() {
                        if !fields.contains(&name) {
                            fields.push(name);
                        }
                    }
                }
            }
        }
        let found = Rc::new(fields);
        self.generated_memo.insert(cls, found.clone());
        found
    }

    /// ``_instances_hold``: a name a class body only annotates whose class's or subclass's instances
    /// were given project values
    fn instances_hold(&mut self, key: N) -> bool {
        let (owner, name) = match self.class_annotated.get(&key) {
            Some(&found) => found,
            None => return false,
        };
        let mut classes = vec![owner];
        classes.extend(self.subclasses(owner).iter().copied());
        for klass in classes {
            let summary = self.objs.get(ObjKey::I(klass, SUMMARY));
            let node = self.onode(summary, name);
            if self.holds_project(node) {
                return true;
            }
        }
        false
    }

    /// does the node hold an object of the project (``_PROJECT_TAGS``), not only outside values?
    fn holds_project(&self, node: N) -> bool {
        self.pts(node).iter().any(|&o| {
            matches!(
                self.objs.tag(o),
                Tag::F | Tag::C | Tag::I | Tag::B | Tag::M | Tag::L | Tag::D | Tag::G | Tag::P | Tag::S
            )
        })
    }

    // -- expressions --------------------------------------------------------------------------

    fn expr(&mut self, e: &Expr) -> Val {
        match e {
            Expr::Name { node, name, module, owner, scope } => {
                if *module && !self.nodes[*node as usize].is(INITIALISED) {
                    self.init_global(self.path, *name);
                }
                let node = self.name_node(*node, *owner, *name, *scope);
                self.get(node)
            }
            Expr::Call(call) => Val::Own(self.call(call, Sink::None).v),
            Expr::Attr { e: inner, attr, line, .. } => {
                let mut out = OSet::new();
                let receivers = self.expr(inner);
                let receiver_list = self.vals(&receivers);
                for &obj in receiver_list.iter() {
                    if let ObjKey::I(cls, site) = self.objs.key(obj) {
                        if self.reads_hooked {
                            self.read_hook(obj, e);
                        }
                        if *attr == self.names.class {
                            // (``self.__class__()`` makes one of the receiver's class)
                            out.insert(self.objs.get(ObjKey::C(cls)));
                            continue;
                        }
                        let own = self.onode(obj, *attr);
                        self.get_into(own, &mut out);
                        if site != SUMMARY {
                            let direct = self.objs.get(ObjKey::I(cls, DIRECT));
                            let node = self.onode(direct, *attr);
                            self.get_into(node, &mut out);
                            if !self.init_fields.is_empty() && self.generated_fields(cls).contains(attr) {
                                continue; // (a field its generated __init__ set: the instance's own)
                            }
                        }
                        let member = self.class_member_memo(cls, *attr);
                        match member {
                            (found, Some(fixed)) => {
                                out.extend(&fixed);
                                if found.is_none() {
                                    self.set_on_class(cls, *attr, Some(obj), Some(e), &mut out);
                                    if fixed.is_empty() {
                                        self.getattr_fallback(obj, *attr, Some(e), &mut out);
                                    }
                                }
                            }
                            (found, None) => {
                                let values = match found {
                                    Some(n) => self.get_vec(n),
                                    None => Objs::new(),
                                };
                                self.bind(&values, Some(obj), cls, Some(e), &mut out);
                            }
                        }
                    } else {
                        let got = self.load_attribute(obj, *attr, Some(e));
                        self.val_into(&got, &mut out);
                    }
                }
                if self.val_len(&receivers) > 1 && *line != 0 {
                    self.property_partial(&receivers, e);
                }
                Val::Own(out.v)
            }
            Expr::Const => Val::Own(smallvec![CONST]),
            Expr::Str(_) => Val::Own(smallvec![STR]),
            Expr::Func { sid, class } => {
                Val::Own(smallvec![self.objs.get(if *class { ObjKey::C(*sid) } else { ObjKey::F(*sid) })])
            }
            Expr::List { line, col, elems } => {
                let container = match self.ctx {
                    None => self.objs.get(ObjKey::L(self.path, *line, *col)),
                    Some(c) => self.objs.get(ObjKey::Lc(self.path, *line, *col, c)),
                };
                if !elems.iter().any(|e| matches!(e, Expr::Star(_))) {
                    self.lengths.insert(container, elems.len() as i64);
                }
                let all = self.onode(container, self.names.star);
                for (position, element) in elems.iter().enumerate() {
                    if let Expr::Star(inner) = element {
                        let got = self.expr(inner);
                        let values = self.iterate(&got, None);
                        self.add(all, &values.v);
                        let any = self.onode(container, self.names.question);
                        self.add(any, &values.v);
                    } else {
                        let values = self.expr(element);
                        self.add_val(all, &values);
                        let name = self.position_name(position as i64);
                        let slot = self.slot(container, name);
                        self.add_val(slot, &values);
                    }
                }
                Val::Own(smallvec![container])
            }
            Expr::Dict { line, col, pairs } => {
                let container = match self.ctx {
                    None => self.objs.get(ObjKey::D(self.path, *line, *col)),
                    Some(c) => self.objs.get(ObjKey::Dc(self.path, *line, *col, c)),
                };
                let all = self.onode(container, self.names.star);
                let any = self.onode(container, self.names.question);
                for (key, element) in pairs.iter() {
                    if let Expr::DStar(inner) = element {
                        let sources = self.expr(inner);
                        for source in self.vals(&sources) {
                            if is_container(self.objs.tag(source)) {
                                self.forward(source, container);
                            } else {
                                self.add(any, &[UNK]);
                            }
                        }
                        continue;
                    }
                    let values = self.expr(element);
                    self.add_val(all, &values);
                    let slot = match key {
                        Some((h, _)) => self.slot(container, *h),
                        None => any,
                    };
                    self.add_val(slot, &values);
                    let keys = self.onode(container, self.names.keys);
                    let kind = match key {
                        Some((_, digit)) if !digit => STR,
                        _ => CONST,
                    };
                    self.add(keys, &[kind]);
                }
                Val::Own(smallvec![container])
            }
            Expr::Sub { e: inner, key, span } => {
                let key = &self.subscript_key(*key);
                let mut out = OSet::new();
                let mut marked = false;
                let got = self.expr(inner);
                for obj in self.vals(&got) {
                    let tag = self.objs.tag(obj);
                    if is_container(tag) {
                        match key {
                            Key::Slice if tag == Tag::L => {
                                // ``_expr``: a new list of the elements, none at a known position, one per
                                // slice written (keyed by where it ends: a negative line is no other list's)
                                let made = self.objs.get(ObjKey::L(self.path, -span[2], span[3]));
                                let from = self.onode(obj, self.names.star);
                                let (all, any) = (self.onode(made, self.names.star), self.onode(made, self.names.question));
                                self.copy(from, all);
                                self.copy(from, any);
                                out.insert(made);
                            }
                            Key::Slice => {
                                out.insert(obj);
                            }
                            Key::None | Key::Param(..) => {
                                let n = self.onode(obj, self.names.star);
                                self.get_into(n, &mut out);
                            }
                            Key::Lit(h) => match self.key_slot(obj, *h) {
                                Some(name) => {
                                    let n = self.onode(obj, name);
                                    self.get_into(n, &mut out);
                                    let n = self.onode(obj, self.names.question);
                                    self.get_into(n, &mut out);
                                }
                                None => {
                                    let n = self.onode(obj, self.names.star);
                                    self.get_into(n, &mut out);
                                }
                            },
                        }
                    } else if tag == Tag::I {
                        let got = self.dunder(obj, self.names.getitem, &[Val::Own(smallvec![CONST])], Some(span));
                        out.extend(&got.v);
                        if let ObjKey::I(cls, _) = self.objs.key(obj) {
                            if self.class_lookup(cls, self.names.getitem).is_none()
                                && self.class_lookup(cls, self.names.missing).is_some()
                            {
                                // a dict subclass: ``dict.__getitem__`` calls ``__missing__`` for a key it lacks
                                let got = self.dunder(obj, self.names.missing, &[Val::Own(smallvec![CONST])], Some(span));
                                out.extend(&got.v);
                            }
                        }
                    } else if matches!(tag, Tag::X | Tag::Unk | Tag::Capped | Tag::C) {
                        out.insert(UNK);
                    }
                    if tag != Tag::I && !marked {
                        marked = true;
                        self.partial(Some(span), self.names.getitem);
                    }
                }
                Val::Own(out.v)
            }
            Expr::Or(parts) => {
                let mut out = OSet::new();
                for part in parts {
                    let got = self.expr(part);
                    self.val_into(&got, &mut out);
                }
                Val::Own(out.v)
            }
            Expr::Bin { dunder, left, right, span } => Val::Own(self.binary(*dunder, left, right, span).v),
            Expr::Un { dunder, e: inner, .. } if *dunder == self.names.delattr && matches!(**inner, Expr::Attr { .. }) => {
                // ``del x.a``: no read of ``a``
                self.delete_attribute(inner);
                Val::Own(smallvec![CONST])
            }
            Expr::Un { dunder, e: inner, span } => {
                let mut out = OSet::new();
                let got = self.expr(inner);
                for obj in self.vals(&got) {
                    let tag = self.objs.tag(obj);
                    if tag == Tag::I && *dunder == self.names.bool_ {
                        // a truth test: ``__bool__``, else ``__len__``, else true
                        let cls = match self.objs.key(obj) {
                            ObjKey::I(c, _) => c,
                            _ => unreachable!(),
                        };
                        let name = if self.class_lookup(cls, self.names.bool_).is_some() {
                            self.names.bool_
                        } else {
                            self.names.len
                        };
                        if self.class_lookup(cls, name).is_some() {
                            self.dunder(obj, name, &[], Some(span));
                        }
                        out.insert(CONST);
                    } else if tag == Tag::I
                        && (*dunder == self.names.format || *dunder == self.names.str_ || *dunder == self.names.repr)
                    {
                        // a formatted value (an f-string)
                        self.text(obj, *dunder, Some(span));
                        out.insert(STR);
                    } else if tag == Tag::I && *dunder != self.names.empty {
                        let got = self.dunder(obj, *dunder, &[], Some(span));
                        out.extend(&got.v);
                    } else {
                        if *dunder != self.names.empty {
                            self.partial(Some(span), *dunder);
                        }
                        out.insert(if tag != Tag::Unk { CONST } else { UNK });
                    }
                }
                Val::Own(out.v)
            }
            Expr::Super { cls, recv } => {
                let mut out = OSet::new();
                let got = self.expr(cls);
                let classes: Vec<S> = self
                    .vals(&got)
                    .into_iter()
                    .filter_map(|o| match self.objs.key(o) {
                        ObjKey::C(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                let receivers = self.expr(recv);
                for receiver in self.vals(&receivers) {
                    for &klass in classes.iter() {
                        let obj = self.objs.get(ObjKey::Sup(klass, receiver));
                        out.insert(obj);
                    }
                }
                Val::Own(out.v)
            }
            _ => Val::Own(smallvec![UNK]),
        }
    }

    fn binary(&mut self, dunder: S, left_e: &Expr, right_e: &Expr, span: &Span) -> OSet {
        // ``_binary``
        let left = self.expr(left_e);
        let right = self.expr(right_e);
        let mut out = OSet::new();
        let mut handled = false;
        let has_dunder = dunder != self.names.empty;
        let mut marked = !has_dunder;
        // list + list, list * n, n * list: a new list, its elements at positions the analysis does not count
        let (add, mul) = (dunder == self.names.add, dunder == self.names.mul);
        let mut lists: Vec<O> = Vec::new();
        if add || mul {
            lists.extend(self.vals(&left).iter().copied().filter(|&o| self.objs.tag(o) == Tag::L));
        }
        if !lists.is_empty() || mul {
            lists.extend(self.vals(&right).iter().copied().filter(|&o| self.objs.tag(o) == Tag::L));
        }
        let joined = !lists.is_empty();
        if joined {
            // one per operator written (a negative line and column are no other list's)
            let made = self.objs.get(ObjKey::L(self.path, -span[0], -span[1] - 1));
            let (all, any) = (self.onode(made, self.names.star), self.onode(made, self.names.question));
            for &obj in lists.iter() {
                let from = self.onode(obj, self.names.star);
                self.copy(from, all);
                self.copy(from, any);
            }
            out.insert(made);
        }
        for obj in self.vals(&left) {
            let key = self.objs.key(obj);
            let tag = self.objs.tag(obj);
            if let (ObjKey::I(cls, _), true) = (key, has_dunder) {
                let name = self.compared_by(cls, dunder);
                let found = self.dunder(obj, name, &[right.clone()], Some(span));
                if !found.is_empty() || self.class_lookup(cls, name).is_some() {
                    handled = true;
                }
                out.extend(&found.v);
            } else if is_container(tag) && !(joined && tag == Tag::L) {
                out.insert(obj);
                for o in self.vals(&right) {
                    let t = self.objs.tag(o);
                    if is_container(t) && !(joined && t == Tag::L) {
                        out.insert(o);
                    }
                }
            }
            if tag != Tag::I && !marked {
                marked = true;
                self.partial(Some(span), dunder);
            }
        }
        let reflected = match self.reflected_memo.get(&dunder) {
            Some(&r) => r,
            None => {
                let r = reflected(self.st.text(dunder)).map(|r| r.to_string());
                let r = r.map(|r| self.st.get(&r));
                self.reflected_memo.insert(dunder, r);
                r
            }
        };
        if let Some(reflected) = reflected {
            if !handled {
                for obj in self.vals(&right) {
                    if let ObjKey::I(cls, _) = self.objs.key(obj) {
                        let name = self.compared_by(cls, reflected);
                        let got = self.dunder(obj, name, &[left.clone()], Some(span));
                        out.extend(&got.v);
                        handled = handled || self.class_lookup(cls, name).is_some();
                    } else {
                        self.partial(Some(span), reflected);
                    }
                }
                if self.vals(&left).iter().any(|&o| outside(self.objs.tag(o))) {
                    self.partial(Some(span), reflected);
                }
            }
        }
        if out.is_empty() && !handled {
            let unknown = self.vals(&left).iter().any(|&o| outside(self.objs.tag(o)))
                || self.vals(&right).iter().any(|&o| outside(self.objs.tag(o)));
            out.insert(if unknown { UNK } else { CONST });
        }
        out
    }

    fn order(&mut self, elements: &OSet, dunder: S, span: Option<&Span>) {
        // ``_order``: ``sorted``, ``min``, ``list.sort`` compare with ``<`` (``max`` with ``>``), each
        // instance's method or, without one, the mirrored method
        let mirrored = if dunder == self.names.lt { self.names.gt } else { self.names.lt };
        let all = Val::Own(elements.v.clone());
        for &obj in elements.v.iter() {
            if let ObjKey::I(cls, _) = self.objs.key(obj) {
                let mut name = dunder;
                if self.class_lookup(cls, dunder).is_none() && self.class_lookup(cls, mirrored).is_some() {
                    name = mirrored;
                }
                self.dunder(obj, name, &[all.clone()], span);
            }
        }
    }

    /// ``_delete_attribute``: ``del x.a``: the deleter of a property ``a`` of an instance's class runs (or a
    /// descriptor's ``__delete__``)
    fn delete_attribute(&mut self, e: &Expr) {
        let Expr::Attr { e: owner, attr, line, col } = e else { return };
        let name = *attr;
        let width = self.st.text(name).len() as Pos;
        let span = [*line, *col, *line, *col + width];
        let receivers = self.expr(owner);
        for obj in self.vals(&receivers) {
            let cls = match self.objs.key(obj) {
                ObjKey::I(c, _) => c,
                _ => continue,
            };
            let found = match self.class_lookup(cls, name) {
                Some(f) => f,
                None => continue,
            };
            for value in self.get_vec(found) {
                match self.objs.key(value) {
                    ObjKey::F(fid) => {
                        if self.sym_code(fid) & P_DELETER != 0 {
                            self.implicit_add(Some(&span), &[value], name);
                            self.call_function(fid, &[], &[], None, None, Some(smallvec![obj]), Sink::Discard);
                        }
                    }
                    ObjKey::I(descriptor, _) => {
                        if self.class_lookup(descriptor, self.names.delete).is_some() {
                            let receiver = Val::Own(smallvec![obj]);
                            self.dunder(value, self.names.delete, &[receiver], Some(&span));
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// ``_text``: the instance's ``__format__``, ``__str__`` or ``__repr__``, or the first of what ``object``'s
    /// falls back to (``format()`` to ``str()``, ``str()`` to ``repr()``) that its class defines
    fn text(&mut self, obj: O, dunder: S, span: Option<&Span>) {
        let cls = match self.objs.key(obj) {
            ObjKey::I(c, _) => c,
            _ => return,
        };
        let chain: Vec<S> = if dunder == self.names.format {
            vec![self.names.format, self.names.str_, self.names.repr]
        } else if dunder == self.names.str_ {
            vec![self.names.str_, self.names.repr]
        } else {
            vec![self.names.repr]
        };
        for name in chain {
            if self.class_lookup(cls, name).is_some() {
                self.dunder(obj, name, &[], span);
                return;
            }
        }
        self.partial(span, dunder);
    }

    fn compared_by(&mut self, cls: S, dunder: S) -> S {
        // ``_compared_by``: ``!=`` without a ``__ne__`` in the project calls ``__eq__`` (``object.__ne__``)
        if dunder == self.names.ne
            && self.class_lookup(cls, self.names.ne).is_none()
            && self.class_lookup(cls, self.names.eq).is_some()
        {
            return self.names.eq;
        }
        dunder
    }

    fn dunder(&mut self, obj: O, name: S, args: &[Val], span: Option<&Span>) -> OSet {
        // ``_dunder``
        let cls = match self.objs.key(obj) {
            ObjKey::I(c, _) => c,
            _ => return OSet::new(),
        };
        let found = match self.class_lookup(cls, name) {
            Some(f) => f,
            None => {
                self.partial(span, name);
                return OSet::new();
            }
        };
        let mut out = OSet::new();
        for value in self.get_vec(found) {
            if let ObjKey::F(fid) = self.objs.key(value) {
                self.implicit_add(span, &[value], name);
                let got = self.call_function(fid, args, &[], None, None, Some(smallvec![obj]), Sink::None);
                out.extend(&got.v);
            } else if value == CAPPED {
                self.implicit_add(span, &[CAPPED], name);
            }
        }
        out
    }

    fn iterate(&mut self, objs: &Val, span: Option<Span>) -> OSet {
        // ``_iterate``
        let mut out = OSet::new();
        let mut span = span;
        let mut marked = span.is_none();
        for obj in self.vals(objs) {
            let tag = self.objs.tag(obj);
            if tag != Tag::I && !marked {
                marked = true;
                self.partial(span.as_ref(), self.names.iter);
                self.partial(span.as_ref(), self.names.next);
            }
            match tag {
                Tag::L | Tag::D => {
                    let got = self.elements(obj);
                    out.extend(&got.v);
                }
                Tag::G => {
                    let n = self.onode(obj, self.names.star);
                    self.get_into(n, &mut out);
                }
                Tag::I => {
                    if span.is_none() {
                        span = Some([0, 0, 0, 0]);
                    }
                    let s = span.unwrap();
                    let cls = match self.objs.key(obj) {
                        ObjKey::I(c, _) => c,
                        _ => unreachable!(),
                    };
                    let (mut first, mut then) = (self.names.iter, self.names.next);
                    if self.class_lookup(cls, self.names.iter).is_none() && self.class_lookup(cls, self.names.aiter).is_some() {
                        // (only the asynchronous protocol: ``async for``)
                        (first, then) = (self.names.aiter, self.names.anext);
                    }
                    let iterators = self.dunder(obj, first, &[], Some(&s));
                    for iterator in iterators.v {
                        let itag = self.objs.tag(iterator);
                        if itag == Tag::I {
                            let got = self.dunder(iterator, then, &[], Some(&s));
                            out.extend(&got.v);
                        } else if is_container(itag) || itag == Tag::G {
                            let got = self.iterate(&Val::Own(smallvec![iterator]), None);
                            out.extend(&got.v);
                        } else {
                            self.partial(Some(&s), then);
                            out.insert(UNK);
                        }
                    }
                    if self.class_lookup(cls, first).is_none() {
                        out.insert(UNK);
                    }
                }
                Tag::IT | Tag::VW => {
                    let got = self.elements(obj);
                    out.extend(&got.v);
                }
                Tag::X | Tag::Unk | Tag::Capped => {
                    out.insert(UNK);
                }
                Tag::K => {
                    out.insert(CONST);
                }
                _ => {}
            }
        }
        out
    }

    fn elements(&mut self, obj: O) -> OSet {
        // ``_elements``
        match self.objs.key(obj) {
            ObjKey::D(..) | ObjKey::Dc(..) | ObjKey::Ds(..) | ObjKey::Dsc(..) => {
                let n = self.onode(obj, self.names.keys);
                let got = self.get_vec(n);
                if got.is_empty() {
                    OSet::from_vec(smallvec![CONST])
                } else {
                    OSet::from_vec(got)
                }
            }
            ObjKey::L(..) | ObjKey::Lc(..) | ObjKey::Ls(..) | ObjKey::Lsc(..) | ObjKey::Lo(..) | ObjKey::Lr(..) => {
                let n = self.onode(obj, self.names.star);
                OSet::from_vec(self.get_vec(n))
            }
            ObjKey::VW(container) => {
                let n = self.onode(container, self.names.star);
                OSet::from_vec(self.get_vec(n))
            }
            ObjKey::IT(container) => {
                let pair = self.objs.get(ObjKey::Lo(self.names.items, container));
                let keys = self.onode(container, self.names.keys);
                let all = self.onode(container, self.names.star);
                let first = self.position_name(0);
                let second = self.position_name(1);
                let p0 = self.onode(pair, first);
                let p1 = self.onode(pair, second);
                let pall = self.onode(pair, self.names.star);
                self.copy(keys, p0);
                self.copy(all, p1);
                self.copy(keys, pall);
                self.copy(all, pall);
                OSet::from_vec(smallvec![pair])
            }
            _ => OSet::new(),
        }
    }

    fn enter(&mut self, objs: &Val, span: Span) -> OSet {
        // ``_enter``
        let mut out = OSet::new();
        for obj in self.vals(objs) {
            match self.objs.key(obj) {
                ObjKey::I(cls, _) => {
                    let (mut enter, mut leave) = (self.names.enter, self.names.exit);
                    if self.class_lookup(cls, self.names.enter).is_none() && self.class_lookup(cls, self.names.aenter).is_some() {
                        // (only the asynchronous protocol: ``async with``)
                        (enter, leave) = (self.names.aenter, self.names.aexit);
                    }
                    let got = self.dunder(obj, enter, &[], Some(&span));
                    out.extend(&got.v);
                    let c = Val::Own(smallvec![CONST]);
                    self.dunder(obj, leave, &[c.clone(), c.clone(), c], Some(&span));
                    if self.class_lookup(cls, enter).is_none() {
                        out.insert(UNK);
                    }
                }
                key => {
                    self.partial(Some(&span), self.names.enter);
                    self.partial(Some(&span), self.names.exit);
                    if let ObjKey::G(_) = key {
                        let n = self.onode(obj, self.names.star);
                        self.get_into(n, &mut out);
                    } else {
                        out.insert(UNK);
                    }
                }
            }
        }
        out
    }

    // -- attributes -----------------------------------------------------------------------------

    fn mro(&mut self, class_id: S) -> Rc<Vec<S>> {
        if let Some(found) = self.mro_memo.get(&class_id) {
            return found.clone();
        }
        let text = self.st.text(class_id).to_string();
        let chain: Vec<S> = self.host.mro(&text).iter().map(|c| self.st.get(c)).collect();
        let chain = Rc::new(chain);
        self.mro_memo.insert(class_id, chain.clone());
        chain
    }

    /// the project's classes that extend ``class_id``, in id order (asked of the host once per class)
    fn subclasses(&mut self, class_id: S) -> Rc<Vec<S>> {
        if let Some(found) = self.subclass_memo.get(&class_id) {
            return found.clone();
        }
        let text = self.st.text(class_id).to_string();
        let found: Vec<S> = self.host.subclasses(&text).iter().map(|c| self.st.get(c)).collect();
        let found = Rc::new(found);
        self.subclass_memo.insert(class_id, found.clone());
        found
    }

    fn class_lookup(&mut self, class_id: S, name: S) -> Option<N> {
        // ``_class_lookup``
        if let Some(&found) = self.lookup_memo.get(&(class_id, name)) {
            return if found == NO_DEP { None } else { Some(found) };
        }
        let mut found = None;
        let chain = self.mro(class_id);
        for &ancestor in chain.iter() {
            if self.class_names.get(&ancestor).map(|n| n.contains(&name)).unwrap_or(false) {
                found = Some(self.snode(ancestor, name));
                break;
            }
        }
        self.lookup_memo.insert((class_id, name), found.unwrap_or(NO_DEP));
        found
    }

    fn external_defines(&mut self, class_id: S, name: S) -> bool {
        if let Some(&found) = self.external_memo.get(&(class_id, name)) {
            return found;
        }
        let (class_text, name_text) = (self.st.text(class_id).to_string(), self.st.text(name).to_string());
        let found = self.host.external_defines(&class_text, &name_text);
        self.external_memo.insert((class_id, name), found);
        found
    }

    fn load_attribute(&mut self, obj: O, name: S, e: Option<&Expr>) -> Val {
        // ``_load_attribute``
        match self.objs.key(obj) {
            ObjKey::M(path) => {
                let key = self.snode(path, name);
                if !self.nodes[key as usize].is(INITIALISED) {
                    self.init_global(path, name);
                }
                let got = self.get(key);
                if self.val_len(&got) == 0 && e.is_some() && self.file_by_path.contains_key(&path) && !self.is_dunder(name) {
                    let getattr = self.names.getattr;
                    let hooked = match self.module_bound.get(&path) {
                        Some(bound) => bound.contains(&getattr) && !bound.contains(&name),
                        None => false,
                    };
                    if hooked {
                        return Val::Own(self.module_getattr(path, e.unwrap()).v);
                    }
                }
                got
            }
            ObjKey::I(cls, site) => {
                if self.reads_hooked {
                    if let Some(e) = e {
                        self.read_hook(obj, e);
                    }
                }
                if name == self.names.class {
                    return Val::Own(smallvec![self.objs.get(ObjKey::C(cls))]);
                }
                let mut out = OSet::new();
                let own = self.onode(obj, name);
                self.get_into(own, &mut out);
                if site != SUMMARY {
                    let direct = self.objs.get(ObjKey::I(cls, DIRECT));
                    let node = self.onode(direct, name);
                    self.get_into(node, &mut out);
                    if !self.init_fields.is_empty() && self.generated_fields(cls).contains(&name) {
                        return Val::Own(out.v); // (a field its generated __init__ set: the instance's own)
                    }
                }
                let got = self.class_attribute(cls, name, Some(obj), e);
                out.extend(&got.v);
                Val::Own(out.v)
            }
            ObjKey::C(cls) => {
                let out = self.class_attribute(cls, name, None, e);
                if out.v.is_empty() && !self.metaclassed.is_empty() && !self.is_dunder(name) {
                    return Val::Own(self.metaclass_attribute(obj, cls, name).v);
                }
                Val::Own(out.v)
            }
            ObjKey::Sup(klass, receiver) => {
                let (rtag, rcls) = match self.objs.key(receiver) {
                    ObjKey::I(c, _) => (Tag::I, c),
                    ObjKey::C(c) => (Tag::C, c),
                    _ => return Val::Own(smallvec![UNK]),
                };
                let chain = self.mro(rcls);
                if rtag == Tag::C && !chain.contains(&klass) {
                    // in a metaclass's method, whose receiver is a class
                    return Val::Own(self.metaclass_super(klass, receiver, name).v);
                }
                let after: Vec<S> = match chain.iter().position(|&c| c == klass) {
                    Some(i) => chain[i + 1..].to_vec(),
                    None => Vec::new(),
                };
                for &ancestor in after.iter() {
                    if self.class_names.get(&ancestor).map(|n| n.contains(&name)).unwrap_or(false) {
                        let n = self.snode(ancestor, name);
                        let values = self.get_vec(n);
                        let mut out = OSet::new();
                        let instance = if rtag == Tag::I { Some(receiver) } else { None };
                        self.bind(&values, instance, rcls, e, &mut out);
                        return Val::Own(out.v);
                    }
                }
                if self.external_defines(rcls, name) || after.is_empty() {
                    Val::Own(smallvec![UNK])
                } else {
                    Val::Empty
                }
            }
            ObjKey::L(..) | ObjKey::Lc(..) | ObjKey::Ls(..) | ObjKey::Lsc(..) | ObjKey::Lo(..) | ObjKey::Lr(..) | ObjKey::D(..) | ObjKey::Dc(..) | ObjKey::Ds(..) | ObjKey::Dsc(..) => {
                Val::Own(smallvec![self.objs.get(ObjKey::BM(name, obj))])
            }
            ObjKey::X(_) if obj == STR && self.no_constant_has(name) => {
                Val::Empty // (a string has no such attribute: ``_load_attribute``)
            }
            ObjKey::X(outer) => {
                let obj = match self.x_attributes.get(&(outer, name)) {
                    Some(&o) => o,
                    None => {
                        let text = format!("{}.{}", self.st.text(outer), self.st.text(name));
                        let joined = self.st.get(&text);
                        let o = self.objs.get(ObjKey::X(joined));
                        self.x_attributes.insert((outer, name), o);
                        o
                    }
                };
                Val::Own(smallvec![obj])
            }
            ObjKey::G(_) if name == self.names.send => Val::Own(smallvec![self.objs.get(ObjKey::BM(name, obj))]),
            ObjKey::F(_) if name == self.names.call => Val::Own(smallvec![obj]),
            ObjKey::F(_) if !self.is_dunder(name) => {
                // what the program set on the function (nothing: no such attribute)
                let key = self.onode(obj, name);
                self.get(key)
            }
            ObjKey::K if self.no_constant_has(name) => {
                Val::Empty // (no constant has it: ``_load_attribute``)
            }
            _ => Val::Own(smallvec![UNK]),
        }
    }

    fn class_member_memo(&mut self, class_id: S, name: S) -> (Option<N>, Option<Objs>) {
        if let Some(&(node, objs)) = self.members_memo.get(&(class_id, name)) {
            let node = if node == NO_DEP { None } else { Some(node) };
            let objs = if objs == NO_DEP { None } else { Some(Objs::from_slice(&self.member_objs[objs as usize])) };
            return (node, objs);
        }
        let member = self.class_member(class_id, name);
        let objs = match &member.1 {
            Some(objs) => {
                self.member_objs.push(Box::from(objs.as_slice()));
                self.member_objs.len() as u32 - 1
            }
            None => NO_DEP,
        };
        self.members_memo.insert((class_id, name), (member.0.unwrap_or(NO_DEP), objs));
        member
    }

    fn class_attribute(&mut self, class_id: S, name: S, instance: Option<O>, e: Option<&Expr>) -> OSet {
        // ``_class_attribute``
        let (found, fixed) = self.class_member_memo(class_id, name);
        if let Some(fixed) = fixed {
            let empty = fixed.is_empty();
            let mut out = OSet::from_vec(fixed);
            if found.is_none() {
                self.set_on_class(class_id, name, instance, e, &mut out);
                if let Some(i) = instance {
                    if empty && self.objs.tag(i) == Tag::I {
                        self.getattr_fallback(i, name, e, &mut out);
                    }
                }
            }
            return out;
        }
        let values = match found {
            Some(n) => self.get_vec(n),
            None => Objs::new(),
        };
        let mut out = OSet::new();
        self.bind(&values, instance, class_id, e, &mut out);
        out
    }

    /// ``_read_hook``: a read of an instance's attribute calls its class's ``__getattribute__`` (what it gives is
    /// left to the usual lookup)
    fn read_hook(&mut self, obj: O, e: &Expr) {
        let cls = match self.objs.key(obj) {
            ObjKey::I(c, _) => c,
            _ => return,
        };
        let found = match self.class_lookup(cls, self.names.getattribute) {
            Some(f) => f,
            None => return,
        };
        let span = match e {
            Expr::Attr { attr, line, col, .. } if *line != 0 => {
                let width = self.st.text(*attr).len() as Pos;
                [*line, *col, *line, *col + width]
            }
            _ => [0, 0, 0, 0],
        };
        for value in self.get_vec(found) {
            if let ObjKey::F(fid) = self.objs.key(value) {
                self.implicit_add(Some(&span), &[value], self.names.getattribute);
                self.call_function(fid, &[Val::Own(smallvec![STR])], &[], None, None, Some(smallvec![obj]), Sink::Discard);
            }
        }
    }

    /// ``_getattr_fallback``: into ``out``, what the class's ``__getattr__`` gives for a name that neither the
    /// instance nor its class has (nor was set on the class later); not for dunders
    fn getattr_fallback(&mut self, obj: O, name: S, e: Option<&Expr>, out: &mut OSet) {
        if self.is_dunder(name) {
            return;
        }
        let cls = match self.objs.key(obj) {
            ObjKey::I(c, _) => c,
            _ => return,
        };
        if self.class_lookup(cls, self.names.getattr).is_none() {
            return;
        }
        let own = self.onode(obj, name);
        if !self.get_vec(own).is_empty() {
            return;
        }
        if let ObjKey::I(_, site) = self.objs.key(obj) {
            if site != SUMMARY {
                let direct = self.objs.get(ObjKey::I(cls, DIRECT));
                let node = self.onode(direct, name);
                if !self.get_vec(node).is_empty() {
                    return;
                }
            }
        }
        let chain = self.mro(cls);
        let node = self.snode(self.names.set_on_class, name);
        for klass in self.get_vec(node) {
            if let ObjKey::C(c) = self.objs.key(klass) {
                if chain.contains(&c) {
                    return;
                }
            }
        }
        let span = match e {
            Some(Expr::Attr { attr, line, col, .. }) if *line != 0 => {
                let width = self.st.text(*attr).len() as Pos;
                [*line, *col, *line, *col + width]
            }
            _ => [0, 0, 0, 0],
        };
        let got = self.dunder(obj, self.names.getattr, &[Val::Own(smallvec![STR])], Some(&span));
        out.extend(&got.v);
    }

    /// ``_module_getattr``: what a module's ``__getattr__`` (PEP 562) gives for a name it does not bind, which
    /// nothing imports into it nor sets on it: a call of it with the name, recorded where the attribute is read
    fn module_getattr(&mut self, path: S, e: &Expr) -> OSet {
        let span = match e {
            Expr::Attr { attr, line, col, .. } if *line != 0 => {
                let width = self.st.text(*attr).len() as Pos;
                [*line, *col, *line, *col + width]
            }
            _ => [0, 0, 0, 0],
        };
        let getattr = self.names.getattr;
        let node = self.snode(path, getattr);
        let mut out = OSet::new();
        for value in self.get_vec(node) {
            if let ObjKey::F(fid) = self.objs.key(value) {
                self.implicit_add(Some(&span), &[value], getattr);
                let got = self.call_function(fid, &[Val::Own(smallvec![STR])], &[], None, None, None, Sink::None);
                out.extend(&got.v);
            } else if value == CAPPED {
                self.implicit_add(Some(&span), &[CAPPED], getattr);
                out.insert(CAPPED);
            } else {
                out.insert(UNK);
            }
        }
        out
    }

    /// ``_set_on_class``: into ``out``, what ``name`` was set to on the class or an ancestor outside
    /// their bodies (``A.run = f`` after ``class A``), bound as a method of the class would be
    fn set_on_class(&mut self, class_id: S, name: S, instance: Option<O>, e: Option<&Expr>, out: &mut OSet) {
        let node = self.snode(self.names.set_on_class, name);
        let classes = self.get_vec(node);
        if classes.is_empty() {
            return;
        }
        let chain = self.mro(class_id);
        for klass in classes {
            if let ObjKey::C(c) = self.objs.key(klass) {
                if chain.contains(&c) {
                    let n = self.snode(c, name);
                    let values = self.get_vec(n);
                    self.bind(&values, instance, class_id, e, out);
                }
            }
        }
    }

    /// ``_subscript_key``: a parameter's name is the literal its call site passes in a per-site
    /// context, else unknown
    fn subscript_key(&mut self, key: Key) -> Key {
        match key {
            Key::Param(fid, name) => match self.ctx {
                Some(ctx) => match self.param_literals.get(&(fid, name, ctx)) {
                    Some(&raw) => Key::Lit(self.hash_name(raw)),
                    None => Key::None,
                },
                None => Key::None,
            },
            other => other,
        }
    }

    /// the string literals a call passes (``_site_call``), or None where it passes none
    fn literals_of(&self, call: &Call) -> Option<Rc<SiteLiterals>> {
        let mut positional = Vec::new();
        for (position, argument) in call.args.iter().enumerate() {
            if let Expr::Str(text) = argument {
                if !self.st.text(*text).is_empty() {
                    positional.push((position, *text));
                }
            }
        }
        let mut keywords = Vec::new();
        for (keyword, argument) in call.kws().iter() {
            if let Expr::Str(text) = argument {
                if !self.st.text(*text).is_empty() {
                    keywords.push((*keyword, *text));
                }
            }
        }
        if positional.is_empty() && keywords.is_empty() {
            return None;
        }
        Some(Rc::new(SiteLiterals { count: call.args.len(), positional, keywords }))
    }

    /// ``_literal_arguments``: note the literals the call site of a per-site context passes, by
    /// parameter (when the arguments are the call's own)
    fn literal_arguments(&mut self, fid: S, ctx: u32, literals: &SiteLiterals, count: usize, bound: bool) {
        if count != literals.count {
            return;
        }
        let params = match self.params.get(&fid) {
            Some(p) => p.clone(),
            None => return,
        };
        let offset = if bound { 1 } else { 0 };
        for &(position, text) in literals.positional.iter() {
            if let Some(&(param, kind)) = params.get(position + offset) {
                if kind == 0 || kind == 4 {
                    self.param_literals.insert((fid, param, ctx), text);
                }
            }
        }
        for &(keyword, text) in literals.keywords.iter() {
            if params.iter().any(|&(p, kind)| p == keyword && (kind == 0 || kind == 3)) {
                self.param_literals.insert((fid, keyword, ctx), text);
            }
        }
    }

    fn is_dunder(&self, name: S) -> bool {
        let text = self.st.text(name);
        text.len() > 4 && text.starts_with("__") && text.ends_with("__")
    }

    fn class_member(&mut self, class_id: S, name: S) -> (Option<N>, Option<Objs>) {
        // ``_class_member``
        let found = match self.class_lookup(class_id, name) {
            Some(f) => f,
            None => {
                let fixed: Objs = if self.external_defines(class_id, name) { smallvec![UNK] } else { Objs::new() };
                return (None, Some(fixed));
            }
        };
        // the owner: the ancestor whose body binds the name
        let owner = self
            .mro(class_id)
            .iter()
            .copied()
            .find(|a| self.class_names.get(a).map(|n| n.contains(&name)).unwrap_or(false))
            .unwrap();
        if self.sym_code(owner) & K_ENUM != 0 {
            let key = (owner, name);
            let is_member = match self.enum_memo.get(&key) {
                Some(&b) => b,
                None => {
                    let (o, n) = (self.st.text(owner).to_string(), self.st.text(name).to_string());
                    let b = self.host.enum_member(&o, &n);
                    self.enum_memo.insert(key, b);
                    b
                }
            };
            if is_member {
                return (Some(found), Some(smallvec![self.objs.get(ObjKey::I(owner, SUMMARY))]));
            }
        }
        (Some(found), None)
    }

    fn binding_of(&mut self, fid: S) -> Binding {
        if let Some(&found) = self.binding_memo.get(&fid) {
            return found;
        }
        let code = self.sym_code(fid);
        let how = if code & K_SETTER != 0 || code & P_DELETER != 0 {
            // (a deleter neither: reading the attribute does not give it)
            Binding::Setter
        } else if code & K_PROPERTY != 0 {
            Binding::Getter
        } else if code & P_STATIC != 0 {
            Binding::Static
        } else if code & P_CLASSMETHOD != 0 {
            Binding::ClassMethod
        } else {
            Binding::Plain
        };
        self.binding_memo.insert(fid, how);
        how
    }

    fn bind(&mut self, values: &[O], instance: Option<O>, class_id: S, e: Option<&Expr>, out: &mut OSet) {
        // ``_bind``
        for &value in values {
            let fid = match self.objs.key(value) {
                ObjKey::F(fid) => fid,
                ObjKey::BM(how, function) if self.objs.tag(function) == Tag::F => {
                    // a function wrapped to bind in its own way
                    self.bind_wrapped(how, function, instance, class_id, e, out);
                    continue;
                }
                ObjKey::I(cls, _) if self.class_lookup(cls, self.names.get_).is_some() => {
                    // a descriptor: reading it off the class or an instance calls its ``__get__``
                    let span = match e {
                        Some(Expr::Attr { attr, line, col, .. }) if *line != 0 => {
                            let width = self.st.text(*attr).len() as Pos;
                            [*line, *col, *line, *col + width]
                        }
                        _ => [0, 0, 0, 0],
                    };
                    let owner = Val::Own(smallvec![self.objs.get(ObjKey::C(class_id))]);
                    let receiver = Val::Own(smallvec![instance.unwrap_or(CONST)]);
                    let got = self.dunder(value, self.names.get_, &[receiver, owner], Some(&span));
                    out.extend(&got.v);
                    continue;
                }
                _ => {
                    out.insert(value);
                    continue;
                }
            };
            match self.binding_of(fid) {
                Binding::Plain => {
                    let obj = match instance {
                        Some(i) => self.objs.get(ObjKey::B(fid, i)),
                        None => value,
                    };
                    out.insert(obj);
                }
                Binding::Setter => {}
                Binding::Getter => {
                    let instance = match instance {
                        Some(i) => i,
                        None => {
                            out.insert(UNK);
                            continue;
                        }
                    };
                    if let Some(Expr::Attr { attr, line, col, .. }) = e {
                        if *line != 0 {
                            let width = self.st.text(*attr).len() as Pos;
                            let span = [*line, *col, *line, *col + width];
                            self.implicit_add(Some(&span), &[value], *attr);
                        }
                    }
                    let got = self.call_function(fid, &[], &[], None, None, Some(smallvec![instance]), Sink::None);
                    out.extend(&got.v);
                }
                Binding::Static => {
                    out.insert(value);
                }
                Binding::ClassMethod => {
                    let cls = self.objs.get(ObjKey::C(class_id));
                    let obj = self.objs.get(ObjKey::B(fid, cls));
                    out.insert(obj);
                }
            }
        }
    }

    /// ``_bind_wrapped``: reading ``("BM", how, function)`` off a class or instance: a getter is called (with the
    /// instance), a classmethod bound to the class, a staticmethod as it is; a setter is not what a read gives
    fn bind_wrapped(&mut self, how: S, function: O, instance: Option<O>, class_id: S, e: Option<&Expr>, out: &mut OSet) {
        let fid = match self.objs.key(function) {
            ObjKey::F(fid) => fid,
            _ => return,
        };
        if how == self.names.classmethod_of {
            let cls = self.objs.get(ObjKey::C(class_id));
            let obj = self.objs.get(ObjKey::B(fid, cls));
            out.insert(obj);
        } else if how == self.names.static_of {
            out.insert(function);
        } else if how == self.names.getter_of {
            let instance = match instance {
                Some(i) => i,
                None => {
                    out.insert(UNK);
                    return;
                }
            };
            if let Some(Expr::Attr { attr, line, col, .. }) = e {
                if *line != 0 {
                    let width = self.st.text(*attr).len() as Pos;
                    let span = [*line, *col, *line, *col + width];
                    self.implicit_add(Some(&span), &[function], *attr);
                }
            }
            let got = self.call_function(fid, &[], &[], None, None, Some(smallvec![instance]), Sink::None);
            out.extend(&got.v);
        }
    }

    // -- calls ----------------------------------------------------------------------------------

    fn call(&mut self, call: &Call, sink: Sink) -> OSet {
        // ``_call``
        let reads = self.capped_reads;
        let callees = self.expr(&call.f);
        let callee_capped = self.capped_reads != reads;
        let mut args: Vec<Val> = Vec::with_capacity(call.args.len());
        for a in call.args.iter() {
            let v = self.argument(a);
            args.push(v);
        }
        let mut keywords: Vec<(S, Val)> = Vec::with_capacity(call.kws().len());
        for (k, v) in call.kws().iter() {
            let v = self.argument(v);
            keywords.push((*k, v));
        }
        let star = call.star().map(|s| self.expr(s));
        let double = call.dstar().map(|s| self.expr(s));
        let span = call.span;
        let key: SiteKey = (self.path, self.scope, span);
        let callee_list = self.vals(&callees);
        let hash = HashIndex::hash(&key);
        let sites = &self.sites;
        let site = match self.site_index.find(hash, |s| sites[s as usize].key == key) {
            Some(s) => s as usize,
            None => {
                let text = if call.text == NO_TEXT { None } else { Some(call.text) };
                self.sites.push(Site {
                    key,
                    callees: Box::default(),
                    group: self.current,
                    text,
                    ctx_records: Vec::new(),
                });
                self.site_index.insert(hash, (self.sites.len() - 1) as u32);
                self.sites.len() - 1
            }
        };
        if callee_capped {
            self.capped_sites.insert(key);
        }
        let record = if callee_list.len() <= MAX_SET_SIZE {
            callee_list.to_vec()
        } else {
            let mut record: Vec<O> = callee_list[..MAX_SET_SIZE].to_vec();
            if !record.contains(&CAPPED) {
                record.push(CAPPED);
            }
            record
        };
        match self.ctx {
            None => self.sites[site].callees = record.into_boxed_slice(),
            Some(ctx) => {
                let current = self.current;
                let entry = &mut self.sites[site];
                match entry.ctx_records.iter_mut().find(|(c, _, _)| *c == ctx) {
                    Some((_, _, found)) => *found = record.into_boxed_slice(),
                    None => {
                        // (one at a time: most sites are recorded in a context or two, and doubling
                        // kept room for four, 0.7 MB on Django)
                        entry.ctx_records.reserve_exact(1);
                        entry.ctx_records.push((ctx, current, record.into_boxed_slice()));
                    }
                }
            }
        }
        let outer = self.cur_site;
        self.cur_site = Some(self.site_id(self.path, span, NO_CTX));
        let outer_literals = self.site_literals.take();
        self.site_literals = self.literals_of(call);
        let mut out = OSet::new();
        let mut receivers: Vec<(S, Objs)> = Vec::new();
        self.values_read = false;
        for &callee in callee_list.iter() {
            if let ObjKey::B(fid, receiver) = self.objs.key(callee) {
                match receivers.iter_mut().find(|(f, _)| *f == fid) {
                    Some((_, found)) => {
                        if !found.contains(&receiver) {
                            found.push(receiver)
                        }
                    }
                    None => receivers.push((fid, smallvec![receiver])),
                }
                continue;
            }
            let got = self.call_object(callee, &args, &keywords, star.as_ref(), double.as_ref(), Some(span), Some(call), sink);
            out.extend(&got.v);
        }
        for (fid, objs) in receivers {
            let got = self.call_function(fid, &args, &keywords, star.as_ref(), double.as_ref(), Some(objs), sink);
            out.extend(&got.v);
        }
        self.cur_site = outer;
        self.site_literals = outer_literals;
        if self.values_read {
            for values in args.iter() {
                if let Val::Flow(n, _) = values {
                    self.get(*n);
                }
            }
            for (_k, values) in keywords.iter() {
                if let Val::Flow(n, _) = values {
                    self.get(*n);
                }
            }
        }
        out
    }

    fn argument(&mut self, e: &Expr) -> Val {
        // ``_argument``
        match e {
            Expr::Name { node, name, module, owner, scope } => {
                let node = self.name_node(*node, *owner, *name, *scope);
                if self.nodes[node as usize].is(ANNOTATED) {
                    return self.get(node);
                }
                if *module && !self.nodes[node as usize].is(INITIALISED) {
                    self.init_global(self.path, *name);
                }
                let objs = Objs::from_slice(self.pts(node));
                Val::Flow(node, objs)
            }
            _ => self.expr(e),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn call_object(
        &mut self,
        callee: O,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        span: Option<Span>,
        e: Option<&Call>,
        sink: Sink,
    ) -> OSet {
        if self.depth > 16 {
            return OSet::from_vec(smallvec![UNK]);
        }
        self.depth += 1;
        let out = self.call_object_uncounted(callee, args, keywords, star, double, span, e, sink);
        self.depth -= 1;
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn call_object_uncounted(
        &mut self,
        callee: O,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        span: Option<Span>,
        e: Option<&Call>,
        sink: Sink,
    ) -> OSet {
        match self.objs.key(callee) {
            ObjKey::F(fid) => self.call_function(fid, args, keywords, star, double, None, sink),
            ObjKey::B(fid, receiver) => self.call_function(fid, args, keywords, star, double, Some(smallvec![receiver]), sink),
            ObjKey::C(cls) => {
                if !self.metaclassed.is_empty() {
                    let calls = self.metaclass_calls(cls, false);
                    if !calls.is_empty() {
                        // the metaclass's ``__call__`` runs, with ``cls`` the class: what it returns is the call's
                        let mut out = OSet::new();
                        for value in calls {
                            if let ObjKey::F(fid) = self.objs.key(value) {
                                let got = self.call_function(fid, args, keywords, star, double, Some(smallvec![callee]), sink);
                                out.extend(&got.v);
                            }
                        }
                        return out;
                    }
                }
                self.instantiate(callee, cls, args, keywords, star, double, span)
            }
            ObjKey::I(cls, _) => {
                let mut out = OSet::new();
                let bound = self.class_attribute(cls, self.names.call, Some(callee), None);
                for b in bound.v {
                    if matches!(self.objs.tag(b), Tag::B | Tag::F) {
                        let got = self.call_object(b, args, keywords, star, double, span, None, sink);
                        out.extend(&got.v);
                    } else {
                        out.insert(UNK);
                    }
                }
                out
            }
            ObjKey::X(name) => self.call_external(name, args, keywords, star, double, span, e),
            ObjKey::P(_, _, _, count) => {
                let mut prefix: Vec<Val> = Vec::new();
                for i in 0..count {
                    let name = self.position_name(i64::from(i));
                    let n = self.onode(callee, name);
                    prefix.push(self.get(n));
                }
                let mut out = OSet::new();
                let f = self.onode(callee, self.names.func);
                for function in self.get_vec(f) {
                    let mut all = prefix.clone();
                    all.extend(args.iter().cloned());
                    let got = self.call_object(function, &all, keywords, star, double, span, None, sink);
                    out.extend(&got.v);
                }
                out
            }
            ObjKey::Id => {
                self.values_read = true;
                match args.first() {
                    Some(first) => OSet::from_vec(self.vals(first)),
                    None => OSet::new(),
                }
            }
            ObjKey::BM(_, class_obj) if self.objs.tag(class_obj) == Tag::C => {
                // ``type.__call__`` of a class (``super().__call__()`` in its metaclass)
                let cls = match self.objs.key(class_obj) {
                    ObjKey::C(c) => c,
                    _ => unreachable!(),
                };
                self.instantiate(class_obj, cls, args, keywords, star, double, span)
            }
            ObjKey::BM(how, function) if self.objs.tag(function) == Tag::F => {
                // a wrapped function: a staticmethod object calls it, the others are no callables
                match self.objs.key(function) {
                    ObjKey::F(fid) if how == self.names.static_of => {
                        self.call_function(fid, args, keywords, star, double, None, sink)
                    }
                    _ => OSet::from_vec(smallvec![UNK]),
                }
            }
            ObjKey::BM(..) => self.container_method(callee, args, keywords, e),
            ObjKey::Unk | ObjKey::Capped => {
                self.values_read = true;
                self.escape(args, keywords);
                OSet::from_vec(smallvec![UNK])
            }
            _ => OSet::new(),
        }
    }

    /// ``_metaclass_calls``: the functions a call of the class runs first, the ``__call__`` of its metaclass (named
    /// by the first class of its MRO that names one), through the metaclass's MRO; none where it defines none.
    /// ``solved``: read the nodes as solved (no dependency recorded)
    fn metaclass_calls(&mut self, cls: S, solved: bool) -> Vec<O> {
        let mut out: Vec<O> = Vec::new();
        let owner = match self.metaclass_owner(cls) {
            Some(o) => o,
            None => return out,
        };
        let metas = self.read_node(owner, self.names.metaclass, solved);
        for meta in metas {
            let meta_cls = match self.objs.key(meta) {
                ObjKey::C(c) => c,
                _ => continue,
            };
            if let Some(found) = self.class_lookup(meta_cls, self.names.call) {
                let values = if solved { self.pts(found).to_vec() } else { self.get_vec(found).to_vec() };
                for value in values {
                    if self.objs.tag(value) == Tag::F && !out.contains(&value) {
                        out.push(value);
                    }
                }
            }
        }
        out
    }

    fn read_node(&mut self, owner: S, name: S, solved: bool) -> Vec<O> {
        if solved {
            match self.find_node(Owner::Sym(owner), name) {
                Some(n) => self.pts(n).to_vec(),
                None => Vec::new(),
            }
        } else {
            let n = self.snode(owner, name);
            self.get_vec(n).to_vec()
        }
    }

    /// ``_metaclass_owner``: the first class of the class's MRO that names a metaclass
    fn metaclass_owner(&mut self, cls: S) -> Option<S> {
        if let Some(found) = self.metaclass_owners.get(&cls) {
            return *found;
        }
        let chain = self.mro(cls);
        let found = chain.iter().copied().find(|c| self.metaclassed.contains(c));
        self.metaclass_owners.insert(cls, found);
        found
    }

    /// ``_metaclass_attribute``: a class object's attribute that no class of its MRO has: its metaclass's, a
    /// function bound to the class
    fn metaclass_attribute(&mut self, obj: O, cls: S, name: S) -> OSet {
        let mut out = OSet::new();
        let owner = match self.metaclass_owner(cls) {
            Some(o) => o,
            None => return out,
        };
        let metas = self.read_node(owner, self.names.metaclass, false);
        for meta in metas {
            let meta_cls = match self.objs.key(meta) {
                ObjKey::C(c) => c,
                _ => continue,
            };
            if let Some(found) = self.class_lookup(meta_cls, name) {
                for value in self.get_vec(found) {
                    let item = match self.objs.key(value) {
                        ObjKey::F(fid) => self.objs.get(ObjKey::B(fid, obj)),
                        _ => value,
                    };
                    out.insert(item);
                }
            }
        }
        out
    }

    /// ``_metaclass_super``: ``super().name`` in a method of the metaclass ``klass`` run on a class: the next of
    /// the metaclass's MRO that binds it, bound to the class, or else ``type``'s own (``__call__`` makes an instance)
    fn metaclass_super(&mut self, klass: S, receiver: O, name: S) -> OSet {
        let chain = self.mro(klass);
        for &ancestor in chain.iter().skip(1) {
            if self.class_names.get(&ancestor).map(|n| n.contains(&name)).unwrap_or(false) {
                let n = self.snode(ancestor, name);
                let mut out = OSet::new();
                for value in self.get_vec(n) {
                    let item = match self.objs.key(value) {
                        ObjKey::F(fid) => self.objs.get(ObjKey::B(fid, receiver)),
                        _ => value,
                    };
                    out.insert(item);
                }
                return out;
            }
        }
        if name == self.names.call {
            OSet::from_vec(smallvec![self.objs.get(ObjKey::BM(name, receiver))])
        } else {
            OSet::from_vec(smallvec![UNK])
        }
    }

    /// ``_instantiate``: ``type.__call__`` of a class, its ``__new__`` and ``__init__`` (or the generated one)
    #[allow(clippy::too_many_arguments)]
    fn instantiate(
        &mut self,
        callee: O,
        cls: S,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        span: Option<Span>,
    ) -> OSet {
        {
            {
                // ``_call_object_uncounted``'s class: what a project ``__new__`` returns, another class's
                // instance as it is, anything else as this site's instance (then ``__init__`` runs)
                let instance = self.instance(cls);
                let mut made = OSet::new();
                match self.class_lookup(cls, self.names.new) {
                    None => {
                        made.insert(instance);
                    }
                    Some(found) => {
                        for value in self.get_vec(found) {
                            let fid = match self.objs.key(value) {
                                ObjKey::F(fid) => fid,
                                _ => {
                                    made.insert(instance);
                                    continue;
                                }
                            };
                            self.implicit_add(span.as_ref(), &[value], self.names.new);
                            let mut with_class = vec![Val::Own(smallvec![callee])];
                            with_class.extend(args.iter().cloned());
                            let returned = self.call_function(fid, &with_class, keywords, star, double, None, Sink::None);
                            for obj in returned.v {
                                let foreign = match self.objs.key(obj) {
                                    ObjKey::I(other, _) => !self.mro(other).contains(&cls),
                                    _ => false,
                                };
                                made.insert(if foreign { obj } else { instance });
                            }
                        }
                    }
                }
                if made.contains(instance) {
                    if let Some(found) = self.class_lookup(cls, self.names.init) {
                        for value in self.get_vec(found) {
                            if let ObjKey::F(fid) = self.objs.key(value) {
                                self.call_function(fid, args, keywords, star, double, Some(smallvec![instance]), Sink::Discard);
                            }
                        }
                    }
                    if !self.init_fields.is_empty() && !self.generated_fields(cls).is_empty() {
                        self.generated_init(cls, instance, args, keywords);
                        // the generated ``__init__`` ends with the class's ``__post_init__`` (dataclasses;
                        // attrs's ``__attrs_post_init__``)
                        for hook in [self.names.post_init, self.names.attrs_post_init] {
                            if let Some(found) = self.class_lookup(cls, hook) {
                                for value in self.get_vec(found) {
                                    if let ObjKey::F(fid) = self.objs.key(value) {
                                        self.implicit_add(span.as_ref(), &[value], hook);
                                        self.call_function(fid, &[], &[], None, None, Some(smallvec![instance]), Sink::Discard);
                                    }
                                }
                            }
                        }
                    }
                }
                made
            }
        }
    }

    fn escape(&mut self, args: &[Val], keywords: &[(S, Val)]) {
        // ``_escape``
        let mut all: Vec<&Val> = args.iter().collect();
        all.extend(keywords.iter().map(|(_, v)| v));
        for values in all {
            for obj in self.vals(values) {
                if let ObjKey::B(fid, receiver) = self.objs.key(obj) {
                    if self.context_kind.get(&fid) == Some(&PER_OBJECT) {
                        // code we cannot see calls it on this receiver: the merged analysis runs for it
                        let first = self.params.get(&fid).unwrap()[0].0;
                        let key = self.snode(fid, first);
                        self.add(key, &[receiver]);
                    }
                }
                let (fid, skip) = match self.objs.key(obj) {
                    ObjKey::F(fid) => (fid, 0),
                    ObjKey::B(fid, _) => (fid, 1),
                    _ => continue,
                };
                if self.escaped.contains(&fid) {
                    continue;
                }
                self.escaped.insert(fid);
                let params = self.params.get(&fid).cloned().unwrap_or_default();
                for param in params.iter().skip(skip) {
                    let key = self.snode(fid, param.0);
                    self.add(key, &[UNK]);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn call_external(
        &mut self,
        name: S,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        span: Option<Span>,
        e: Option<&Call>,
    ) -> OSet {
        // ``_call_external``
        let _ = (star, double);
        let (short_s, short) = match self.external_memo_names.get(&name) {
            Some(&found) => found,
            None => {
                let full = self.st.text(name);
                let short = full.strip_prefix("builtins.").unwrap_or(full);
                // every name this function tells apart, as a static text ("" for any other)
                let known: &'static str = KNOWN_EXTERNALS.iter().copied().find(|k| *k == short).unwrap_or("");
                let short = short.to_string();
                let short_s = self.st.get(&short);
                self.external_memo_names.insert(name, (short_s, known));
                (short_s, known)
            }
        };
        let span_v = span.unwrap_or([0, 0, 0, 0]);
        if !ARGUMENTS_UNREAD.contains(&short) {
            self.values_read = true;
        }
        // ``dict(keywords)``: the last of a repeated keyword wins
        let kw_get = |keywords: &[(S, Val)], k: S| -> Option<Val> {
            keywords.iter().rev().find(|(name, _)| *name == k).map(|(_, v)| v.clone())
        };
        if short == "importlib.import_module" && args.len() == 1 && keywords.is_empty() {
            if let Some(call) = e {
                if let (1, Some(Expr::Str(raw))) = (call.args.len(), call.args.first()) {
                    let raw = *raw;
                    let target = match self.literal_modules.get(&(self.path, raw)) {
                        Some(found) => *found,
                        None => {
                            let text = self.st.text(raw).to_string();
                            let found = if text.is_empty() {
                                None
                            } else {
                                let path = self.st.text(self.path).to_string();
                                self.host.literal_module(&path, &text).map(|t| self.st.get(&t))
                            };
                            self.literal_modules.insert((self.path, raw), found);
                            found
                        }
                    };
                    if let Some(target) = target {
                        // a literal module name: that module
                        return OSet::from_vec(smallvec![self.objs.get(ObjKey::M(target))]);
                    }
                }
            }
        }
        if (short == "map" || short == "filter") && !args.is_empty() {
            let mut sequences: Vec<Val> = Vec::new();
            for a in args[1..].iter() {
                sequences.push(Val::Own(self.iterate(a, None).v));
            }
            let mut results = OSet::new();
            self.implicit_callees(span.as_ref(), &args[0], short_s);
            for function in self.vals(&args[0]) {
                let got = self.call_object(function, &sequences, &[], None, None, span, None, Sink::None);
                results.extend(&got.v);
            }
            let container = self.objs.get(ObjKey::L(self.path, span_v[0], span_v[1]));
            let all = self.onode(container, self.names.star);
            let any = self.onode(container, self.names.question); // at positions the analysis does not know
            if short == "map" {
                self.add(all, &results.v);
                self.add(any, &results.v);
            } else {
                let first = match sequences.first() {
                    Some(s) => self.vals(s),
                    None => Objs::new(),
                };
                self.add(all, &first);
                self.add(any, &first);
            }
            return OSet::from_vec(smallvec![container]);
        }
        if short == "iter" && args.len() == 1 && self.vals(&args[0]).iter().any(|&o| self.objs.tag(o) == Tag::I) {
            let mut out = OSet::new();
            for obj in self.vals(&args[0]) {
                if self.objs.tag(obj) == Tag::I {
                    let got = self.dunder(obj, self.names.iter, &[], span.as_ref());
                    out.extend(&got.v);
                } else {
                    out.insert(obj);
                }
            }
            return out;
        }
        let is_reduce = short == "functools.reduce" || short == "reduce";
        if matches!(
            short,
            "sorted" | "min" | "max" | "list" | "tuple" | "set" | "frozenset" | "reversed" | "iter" | "next"
                | "enumerate" | "zip" | "functools.reduce" | "reduce" | "sum" | "any" | "all" | "dict"
                | "collections.deque"
        ) {
            // (where the builtin iterates its one iterable, an instance's __iter__ is called at the call)
            let iterates = matches!(
                short,
                "sorted" | "list" | "tuple" | "set" | "frozenset" | "sum" | "any" | "all" | "enumerate" | "zip"
                    | "collections.deque"
            ) || (matches!(short, "min" | "max") && args.len() == 1);
            let mut elements =
                if !args.is_empty() { self.iterate(&args[0], if iterates { span } else { None }) } else { OSet::new() };
            let key_name = self.st.get("key");
            let function_values: Val = match kw_get(keywords, key_name) {
                Some(v) if self.val_len(&v) > 0 => v,
                _ => {
                    if !is_reduce || args.is_empty() {
                        Val::Empty
                    } else {
                        args[0].clone()
                    }
                }
            };
            if is_reduce && args.len() > 1 {
                elements = self.iterate(&args[1], None);
            }
            self.implicit_callees(span.as_ref(), &function_values, short_s);
            for function in self.vals(&function_values) {
                let el = Val::Own(elements.v.clone());
                let call_args = if short.contains("reduce") { vec![el.clone(), el] } else { vec![el] };
                self.call_object(function, &call_args, &[], None, None, span, None, Sink::None);
            }
            if matches!(short, "sorted" | "min" | "max") && kw_get(keywords, key_name).is_none() && !args.is_empty() {
                let compared = if args.len() == 1 {
                    elements.clone()
                } else {
                    let mut all = OSet::new();
                    for a in args {
                        self.val_into(a, &mut all);
                    }
                    all
                };
                let dunder = if short == "max" { self.names.gt } else { self.names.lt };
                self.order(&compared, dunder, span.as_ref());
            }
            if matches!(short, "min" | "max" | "next") {
                if short == "next" && !args.is_empty() {
                    let mut out = OSet::new();
                    for obj in self.vals(&args[0]) {
                        if self.objs.tag(obj) == Tag::I {
                            let got = self.dunder(obj, self.names.next, &[], span.as_ref());
                            out.extend(&got.v);
                        } else {
                            let got = self.iterate(&Val::Own(smallvec![obj]), span);
                            out.extend(&got.v);
                        }
                    }
                    if args.len() > 1 {
                        self.val_into(&args[1], &mut out);
                    }
                    return out;
                }
                if args.len() == 1 {
                    return elements;
                }
                let mut out = OSet::new();
                for a in args {
                    self.val_into(a, &mut out);
                }
                return out;
            }
            if matches!(short, "sum" | "any" | "all") || is_reduce {
                return OSet::from_vec(smallvec![CONST]);
            }
            let container = if short == "dict" {
                self.objs.get(ObjKey::D(self.path, span_v[0], span_v[1]))
            } else {
                self.objs.get(ObjKey::L(self.path, span_v[0], span_v[1]))
            };
            if short == "collections.deque" {
                // (a list, but its methods are the deque's)
                self.deques.insert(container);
            }
            let all = self.onode(container, self.names.star);
            if short == "dict" {
                if let Some(first) = args.first() {
                    for source in self.vals(first) {
                        if is_container(self.objs.tag(source)) {
                            self.forward(source, container);
                        }
                    }
                }
                for (keyword, values) in keywords.iter() {
                    self.add_val(all, values);
                    let h = self.hash_name(*keyword);
                    let slot = self.slot(container, h);
                    self.add_val(slot, values);
                    let keys = self.onode(container, self.names.keys);
                    self.add(keys, &[STR]);
                }
                return OSet::from_vec(smallvec![container]);
            }
            if short == "enumerate" || short == "zip" {
                let pair = self.objs.get(ObjKey::L(self.path, span_v[0], -span_v[1] - 1));
                let mut everything = OSet::new();
                for (position, arg) in args.iter().enumerate() {
                    let values = self.iterate(arg, None);
                    everything.extend(&values.v);
                    let index = if short == "enumerate" { position + 1 } else { position };
                    let name = self.position_name(index as i64);
                    let slot = self.onode(pair, name);
                    self.add(slot, &values.v);
                }
                if short == "enumerate" {
                    let name = self.position_name(0);
                    let slot = self.onode(pair, name);
                    self.add(slot, &[CONST]);
                }
                let pall = self.onode(pair, self.names.star);
                self.add(pall, &everything.v);
                self.add(all, &[pair]);
                let any = self.onode(container, self.names.question);
                self.add(any, &[pair]);
                return OSet::from_vec(smallvec![container]);
            }
            self.add(all, &elements.v);
            let any = self.onode(container, self.names.question); // at positions the analysis does not know
            self.add(any, &elements.v);
            return OSet::from_vec(smallvec![container]);
        }
        if (short == "functools.partial" || short == "partial") && !args.is_empty() {
            let partial = self.objs.get(ObjKey::P(self.path, span_v[0], span_v[1], args.len() as i32 - 1));
            let f = self.onode(partial, self.names.func);
            self.add_val(f, &args[0]);
            for (position, values) in args[1..].iter().enumerate() {
                let name = self.position_name(position as i64);
                let slot = self.onode(partial, name);
                self.add_val(slot, values);
            }
            return OSet::from_vec(smallvec![partial]);
        }
        if short == "property" && (!args.is_empty() || !keywords.is_empty()) {
            // a getter called where the attribute is read off an instance, a setter where it is assigned
            let (fget, fset) = (self.st.get("fget"), self.st.get("fset"));
            let keyword = |wanted: S| -> Option<usize> { keywords.iter().rposition(|(k, _)| *k == wanted) };
            let getters: Objs = match args.first() {
                Some(first) => self.vals(first),
                None => match keyword(fget) {
                    Some(i) => self.vals(&keywords[i].1),
                    None => Objs::new(),
                },
            };
            let setters: Objs = if args.len() > 1 {
                self.vals(&args[1])
            } else {
                match keyword(fset) {
                    Some(i) => self.vals(&keywords[i].1),
                    None => Objs::new(),
                }
            };
            let mut out = OSet::new();
            for obj in getters {
                let item = if self.objs.tag(obj) == Tag::F { self.objs.get(ObjKey::BM(self.names.getter_of, obj)) } else { obj };
                out.insert(item);
            }
            for obj in setters {
                if self.objs.tag(obj) == Tag::F {
                    let item = self.objs.get(ObjKey::BM(self.names.setter_of, obj));
                    out.insert(item);
                }
            }
            return out;
        }
        if matches!(short, "staticmethod" | "classmethod") && !args.is_empty() {
            // as a class attribute, the function binds as the builtin says
            let how = if short == "staticmethod" { self.names.static_of } else { self.names.classmethod_of };
            let mut out = OSet::new();
            for obj in self.vals(&args[0]) {
                let item = if self.objs.tag(obj) == Tag::F { self.objs.get(ObjKey::BM(how, obj)) } else { obj };
                out.insert(item);
            }
            return out;
        }
        if short == "functools.wraps" || short == "wraps" {
            return OSet::from_vec(smallvec![IDENTITY]);
        }
        if matches!(short, "typing.TypeVar" | "typing_extensions.TypeVar") && !args.is_empty() {
            // ``T = TypeVar("T", bound=Base)``: the class an annotation naming T reads; ``TypeVar("T", A, B)``: its
            // constraints; an outside call's answer where one is no class (``_call_external``)
            let bound_name = self.st.get("bound");
            let mut given = OSet::new();
            match kw_get(keywords, bound_name) {
                Some(bound) => self.val_into(&bound, &mut given),
                None => {
                    for values in args[1..].iter() {
                        self.val_into(values, &mut given);
                    }
                }
            }
            let classes = given.v.iter().all(|&obj| matches!(self.objs.key(obj), ObjKey::C(_) | ObjKey::X(_)));
            if !given.is_empty() && classes {
                return given;
            }
        }
        if matches!(short, "typing.cast" | "typing_extensions.cast") && args.len() == 2 && keywords.is_empty() {
            // what the cast says, as an annotation admits it (``_call_external``); else an outside call's answer
            let mut cast = OSet::new();
            for obj in self.vals(&args[0]) {
                if let ObjKey::C(cls) = self.objs.key(obj) {
                    self.admitted(cls, &mut cast);
                }
            }
            if !cast.is_empty() {
                return cast;
            }
        }
        if matches!(short, "getattr" | "setattr" | "hasattr") && args.len() >= 2 && e.is_some() {
            let e = e.unwrap();
            if let Some(Expr::Str(attribute)) = e.args.get(1) {
                let attribute = *attribute;
                if short == "getattr" {
                    let mut out = OSet::new();
                    for obj in self.vals(&args[0]) {
                        let got = self.load_attribute(obj, attribute, None);
                        self.val_into(&got, &mut out);
                    }
                    if args.len() > 2 {
                        self.val_into(&args[2], &mut out);
                    }
                    return out;
                }
                if short == "setattr" && args.len() > 2 {
                    for obj in self.vals(&args[0]) {
                        self.store_attribute(obj, attribute, &args[2], 0, 0);
                    }
                }
                return OSet::from_vec(smallvec![CONST]);
            }
            return OSet::from_vec(smallvec![UNK]);
        }
        if short == "type" && args.len() == 1 {
            let mut out = OSet::new();
            for o in self.vals(&args[0]) {
                let obj = match self.objs.key(o) {
                    ObjKey::I(c, _) => self.objs.get(ObjKey::C(c)),
                    _ => UNK,
                };
                out.insert(obj);
            }
            return out;
        }
        if matches!(
            short,
            "len" | "isinstance" | "issubclass" | "callable" | "hasattr" | "id" | "hash" | "print" | "repr" | "str"
                | "int" | "float" | "bool" | "bytes" | "abs" | "round" | "ord" | "chr" | "format"
        ) {
            if matches!(short, "str" | "repr" | "format" | "print") {
                // the value's text: print asks each argument's str()
                let dunder = match short {
                    "repr" => self.names.repr,
                    "format" => self.names.format,
                    _ => self.names.str_,
                };
                let given: &[Val] = if short == "print" { args } else { &args[..args.len().min(1)] };
                for values in given {
                    for obj in self.vals(values) {
                        if self.objs.tag(obj) == Tag::I {
                            self.text(obj, dunder, span.as_ref());
                        } else if short != "print" {
                            // (print's other arguments are other calls of str())
                            self.partial(span.as_ref(), dunder);
                        }
                    }
                }
            }
            let dunder = match short {
                "len" => Some("__len__"),
                "bool" => Some("__bool__"),
                "hash" => Some("__hash__"),
                "abs" => Some("__abs__"),
                "int" => Some("__int__"),
                "float" => Some("__float__"),
                _ => None,
            };
            if let Some(dunder) = dunder {
                let dunder = self.st.get(dunder);
                if let Some(first) = args.first() {
                    for obj in self.vals(first) {
                        if self.objs.tag(obj) == Tag::I {
                            self.dunder(obj, dunder, &[], span.as_ref());
                        } else {
                            self.partial(span.as_ref(), dunder);
                        }
                    }
                }
            }
            return OSet::from_vec(smallvec![if matches!(short, "str" | "repr" | "format") { STR } else { CONST }]);
        }
        self.escape(args, keywords);
        OSet::from_vec(smallvec![UNK])
    }

    fn container_method(&mut self, callee: O, args: &[Val], keywords: &[(S, Val)], e: Option<&Call>) -> OSet {
        // ``_container_method``
        self.values_read = true;
        let (name, container) = match self.objs.key(callee) {
            ObjKey::BM(n, c) => (n, c),
            _ => unreachable!(),
        };
        if let ObjKey::G(fid) = self.objs.key(container) {
            // ``send(v)``: the value of the yield that resumes, and what it yields next
            if let Some(first) = args.first() {
                let sent = self.snode(fid, self.names.sent);
                self.add_val(sent, first);
            }
            let all = self.onode(container, self.names.star);
            return OSet::from_vec(self.get_vec(all));
        }
        let key: Option<S> = match e.and_then(|c| c.args.first()) {
            Some(Expr::Str(raw)) => Some(*raw),
            _ => None,
        };
        let name_text: &'static str = ["append", "add", "insert", "appendleft", "extend", "update", "get", "pop",
            "setdefault", "__getitem__", "values", "items", "copy", "keys", "sort", "extendleft", "popleft"]
            .iter()
            .copied()
            .find(|k| *k == self.st.text(name))
            .unwrap_or("");
        let all = self.onode(container, self.names.star);
        let any = self.onode(container, self.names.question);
        let is_dict = self.objs.tag(container) == Tag::D;
        match name_text {
            "append" | "add" | "insert" | "appendleft" => {
                if let Some(last) = args.last() {
                    self.add_val(all, last);
                    self.add_val(any, last);
                }
                OSet::from_vec(smallvec![CONST])
            }
            "extend" | "update" | "extendleft" => {
                for values in args {
                    if self.objs.tag(container) == Tag::L || name_text != "update" {
                        let items = self.iterate(values, None);
                        self.add(all, &items.v);
                        self.add(any, &items.v);
                        continue;
                    }
                    for source in self.vals(values) {
                        // a dict updated from another: key by key
                        if is_container(self.objs.tag(source)) {
                            self.forward(source, container);
                        } else {
                            self.add(all, &[UNK]);
                            self.add(any, &[UNK]);
                        }
                    }
                }
                for (keyword, values) in keywords {
                    self.add_val(all, values);
                    let h = self.hash_name(*keyword);
                    let slot = self.slot(container, h);
                    self.add_val(slot, values);
                }
                OSet::from_vec(smallvec![CONST])
            }
            "get" | "pop" | "setdefault" | "__getitem__" | "popleft" => {
                let mut out = OSet::new();
                match key {
                    Some(raw) if is_dict => {
                        let h = self.hash_name(raw);
                        let slot = self.onode(container, h);
                        self.get_into(slot, &mut out);
                        self.get_into(any, &mut out);
                    }
                    _ => self.get_into(all, &mut out),
                }
                if name_text == "setdefault" && args.len() > 1 {
                    self.add_val(all, &args[1]);
                    let slot = match key {
                        Some(raw) => {
                            let h = self.hash_name(raw);
                            self.slot(container, h)
                        }
                        None => any,
                    };
                    self.add_val(slot, &args[1]);
                }
                if args.len() > 1 {
                    self.val_into(&args[1], &mut out);
                }
                out
            }
            "values" => OSet::from_vec(smallvec![self.objs.get(ObjKey::VW(container))]),
            "items" => OSet::from_vec(smallvec![self.objs.get(ObjKey::IT(container))]),
            "copy" => match e {
                // a new container at the call, with what the old one holds, key by key
                Some(call) => {
                    let (s0, s1) = (call.span[0], call.span[1]);
                    let copied = if is_dict {
                        self.objs.get(ObjKey::D(self.path, s0, s1))
                    } else {
                        self.objs.get(ObjKey::L(self.path, s0, s1))
                    };
                    self.forward(container, copied);
                    OSet::from_vec(smallvec![copied])
                }
                None => OSet::from_vec(smallvec![container]),
            },
            "keys" => OSet::from_vec(smallvec![self.objs.get(ObjKey::Lo(self.names.keys, container))]),
            "sort" => {
                let key_name = self.st.get("key");
                if let Some(call) = e {
                    if self.objs.tag(container) == Tag::L && !keywords.iter().any(|(k, _)| *k == key_name) {
                        let elements = OSet::from_vec(self.get_vec(all));
                        self.order(&elements, self.names.lt, Some(&call.span));
                    }
                }
                OSet::from_vec(smallvec![UNK])
            }
            _ => OSet::from_vec(smallvec![UNK]),
        }
    }

    fn dict_values(&mut self, values: &Val) -> OSet {
        let mut out = OSet::new();
        for obj in self.vals(values) {
            if is_container(self.objs.tag(obj)) {
                let n = self.onode(obj, self.names.star);
                self.get_into(n, &mut out);
            } else {
                out.insert(UNK);
            }
        }
        out
    }

    fn layout(&mut self, fid: S) -> Option<Rc<Layout>> {
        if let Some(found) = self.layouts.get(&fid) {
            return Some(found.clone());
        }
        let params = self.params.get(&fid)?.clone();
        let layout = Rc::new(Layout {
            slots: params.iter().filter(|p| p.1 == 0 || p.1 == 4).map(|p| p.0).collect(),
            rest: params.iter().find(|p| p.1 == 1).map(|p| p.0),
            extra: params.iter().find(|p| p.1 == 2).map(|p| p.0),
            named: params.iter().filter(|p| p.1 == 0 || p.1 == 3).map(|p| p.0).collect(),
            generator: self.generators.contains(&fid),
        });
        self.layouts.insert(fid, layout.clone());
        Some(layout)
    }

    #[allow(clippy::too_many_arguments)]
    fn call_function(
        &mut self,
        fid: S,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        receivers: Option<Objs>,
        sink: Sink,
    ) -> OSet {
        // ``_call_function``: per receiver instance, per call site, or merged
        let kind = match self.context_kind.get(&fid) {
            Some(&k) => k,
            None => return self.call_in(fid, None, args, keywords, star, double, receivers, sink),
        };
        if kind == PER_SITE {
            let ctx = match self.cur_site {
                Some(site) => self.context(fid, CtxKey::Site(site)),
                None => None,
            };
            if let (Some(ctx), Some(literals)) = (ctx, self.site_literals.clone()) {
                if star.is_none() {
                    self.literal_arguments(fid, ctx, &literals, args.len(), receivers.is_some());
                }
            }
            return self.call_in(fid, ctx, args, keywords, star, double, receivers, sink);
        }
        let (receivers, args): (Objs, &[Val]) = match receivers {
            Some(r) => (r, args),
            None => {
                // a method called through its class: ``Base.__init__(self, fn)``
                let first = match args.first() {
                    Some(f) => self.vals(f),
                    None => return self.call_in(fid, None, args, keywords, star, double, receivers, sink),
                };
                if !first.iter().any(|&o| self.is_site_instance(o)) {
                    return self.call_in(fid, None, args, keywords, star, double, receivers, sink);
                }
                if let Val::Flow(..) = args[0] {
                    self.values_read = true;
                }
                (first, &args[1..])
            }
        };
        let mut out = OSet::new();
        let mut merged: Objs = Objs::new();
        for &obj in receivers.iter() {
            if self.is_site_instance(obj) {
                if let Some(ctx) = self.context(fid, CtxKey::Obj(obj)) {
                    let got = self.call_in(fid, Some(ctx), args, keywords, star, double, Some(smallvec![obj]), sink);
                    out.extend(&got.v);
                    continue;
                }
            }
            if !merged.contains(&obj) {
                merged.push(obj);
            }
        }
        if !merged.is_empty() {
            let got = self.call_in(fid, None, args, keywords, star, double, Some(merged), sink);
            out.extend(&got.v);
        }
        out
    }

    #[inline]
    fn is_site_instance(&self, obj: O) -> bool {
        self.objs.tag(obj) == Tag::I && matches!(self.objs.key(obj), ObjKey::I(_, site) if site != SUMMARY)
    }

    /// ``_ctx_key``: ``(fid, name)``, or ``(fid, name, ctx)`` in a context
    fn fnode(&mut self, fid: S, name: S, ctx: Option<u32>) -> N {
        match ctx {
            None => self.snode(fid, name),
            Some(c) => self.node(Owner::Ctx(fid, c), name),
        }
    }

    fn args_container(&mut self, fid: S, ctx: Option<u32>) -> O {
        match ctx {
            None => self.objs.get(ObjKey::Ls(self.names.args, fid)),
            Some(c) => self.objs.get(ObjKey::Lsc(fid, c)),
        }
    }

    fn kwargs_container(&mut self, fid: S, ctx: Option<u32>) -> O {
        match ctx {
            None => self.objs.get(ObjKey::Ds(self.names.kwargs, fid)),
            Some(c) => self.objs.get(ObjKey::Dsc(fid, c)),
        }
    }

    /// ``_name``: the node of a name, its context's where it is the evaluated function's own
    #[inline]
    fn name_node(&mut self, node: N, owner: S, name: S, scope: u32) -> N {
        match self.ctx {
            Some(c) if scope == self.scope => self.node(Owner::Ctx(owner, c), name),
            _ => node,
        }
    }

    /// ``_context``: the context of ``fid`` for ``key``, made on first use (its facts cloned and queued,
    /// its phi copies linked), or None once the function has ``MAX_CONTEXTS``
    fn context(&mut self, fid: S, key: CtxKey) -> Option<u32> {
        let known = self.ctx_of.entry(fid).or_default();
        if let Some(&(_, ctx)) = known.iter().find(|(k, _)| *k == key) {
            return Some(ctx);
        }
        if known.len() >= MAX_CONTEXTS {
            return None;
        }
        let ctx = self.contexts.len() as u32;
        known.push((key, ctx));
        self.contexts.push((fid, key));
        let members = self.scope_groups.get(&fid).cloned().unwrap_or_default();
        let guard_name = self.params.get(&fid).and_then(|p| p.first().map(|x| x.0));
        for base in members {
            let index = (self.base_groups + self.ctx_groups.len()) as u32;
            self.ctx_groups.push((base, ctx));
            let guard = match (self.guards[base as usize], guard_name) {
                (NO_DEP, _) | (_, None) => NO_DEP,
                (_, Some(name)) => self.node(Owner::Ctx(fid, ctx), name),
            };
            self.guards.push(guard);
            self.queued.push(true);
            self.queued_list.push(index);
        }
        let phis = self.scope_phis.get(&fid).cloned().unwrap_or_default();
        for (source, target) in phis {
            let source = self.node(Owner::Ctx(fid, ctx), source);
            let target = self.node(Owner::Ctx(fid, ctx), target);
            self.copy(source, target);
        }
        let defaults = self.defaults.get(&fid).cloned().unwrap_or_default();
        for name in defaults {
            let source = self.snode(fid, name);
            let target = self.node(Owner::Ctx(fid, ctx), name);
            self.copy(source, target);
        }
        Some(ctx)
    }

    /// ``_instance``: the instance a call of a class makes
    fn instance(&mut self, cls: S) -> O {
        let site = match self.cur_site {
            None => return self.objs.get(ObjKey::I(cls, SUMMARY)),
            Some(site) => site,
        };
        let site = match self.ctx {
            None => site,
            Some(c) => {
                let (path, span, _) = self.site_keys[site as usize];
                self.site_id(path, span, c)
            }
        };
        self.objs.get(ObjKey::I(cls, site))
    }

    fn site_id(&mut self, path: S, span: Span, ctx: u32) -> u32 {
        let hash = HashIndex::hash(&(path, span, ctx));
        let keys = &self.site_keys;
        if let Some(found) = self.site_ids.find(hash, |id| keys[id as usize] == (path, span, ctx)) {
            return found;
        }
        let id = self.site_keys.len() as u32;
        self.site_keys.push((path, span, ctx));
        self.site_ids.insert(hash, id);
        id
    }

    #[allow(clippy::too_many_arguments)]
    fn call_in(
        &mut self,
        fid: S,
        ctx: Option<u32>,
        args: &[Val],
        keywords: &[(S, Val)],
        star: Option<&Val>,
        double: Option<&Val>,
        receivers: Option<Objs>,
        sink: Sink,
    ) -> OSet {
        // ``_call_in``
        let layout = match self.layout(fid) {
            Some(l) => l,
            None => return OSet::from_vec(smallvec![UNK]),
        };
        self.called.insert(fid);
        if ctx.is_none() {
            self.merged_called.insert(fid);
        }
        let slots = &layout.slots;
        let receiver_val = receivers.map(Val::Own);
        let offset = if receiver_val.is_some() { 1 } else { 0 };
        let positional_count = args.len() + offset;
        let count = slots.len();
        for position in 0..positional_count {
            let values = if position < offset { receiver_val.as_ref().unwrap() } else { &args[position - offset] };
            if position < count {
                let key = self.fnode(fid, slots[position], ctx);
                self.flow_into(key, values);
            } else if let Some(rest) = layout.rest {
                let container = self.args_container(fid, ctx);
                let key = self.fnode(fid, rest, ctx);
                self.add(key, &[container]);
                let all = self.onode(container, self.names.star);
                self.flow_into(all, values);
                let name = self.position_name((position - count) as i64);
                let slot = self.onode(container, name);
                self.flow_into(slot, values);
            }
        }
        if let Some(star) = star {
            let elements = Val::Own(self.iterate(star, None).v);
            if positional_count < count {
                let rest_slots: Vec<S> = slots[positional_count..].to_vec();
                for obj in self.vals(star) {
                    match self.lengths.get(&obj).copied() {
                        None => {
                            // any element may bind any parameter the star reaches
                            let one = Val::Own(smallvec![obj]);
                            let values = Val::Own(self.iterate(&one, None).v);
                            for &param in rest_slots.iter() {
                                let key = self.fnode(fid, param, ctx);
                                self.flow_into(key, &values);
                            }
                        }
                        Some(length) => {
                            // a display: element by position
                            for (position, &param) in rest_slots.iter().enumerate() {
                                let mut values = OSet::new();
                                if (position as i64) < length {
                                    let name = self.position_name(position as i64);
                                    let n = self.onode(obj, name);
                                    self.get_into(n, &mut values);
                                }
                                let any = self.onode(obj, self.names.question);
                                self.get_into(any, &mut values);
                                let key = self.fnode(fid, param, ctx);
                                self.flow_into(key, &Val::Own(values.v));
                            }
                        }
                    }
                }
            }
            if let Some(rest) = layout.rest {
                let container = self.args_container(fid, ctx);
                let key = self.fnode(fid, rest, ctx);
                self.add(key, &[container]);
                let all = self.onode(container, self.names.star);
                self.flow_into(all, &elements);
                let any = self.onode(container, self.names.question);
                self.flow_into(any, &elements);
            }
        }
        let extra = layout.extra;
        if !keywords.is_empty() {
            for (keyword, values) in keywords {
                if layout.named.contains(keyword) {
                    let key = self.fnode(fid, *keyword, ctx);
                    self.flow_into(key, values);
                } else if let Some(extra) = extra {
                    let container = self.kwargs_container(fid, ctx);
                    let key = self.fnode(fid, extra, ctx);
                    self.flow_into(key, &Val::Own(smallvec![container]));
                    let all = self.onode(container, self.names.star);
                    self.flow_into(all, values);
                    let h = self.hash_name(*keyword);
                    let slot = self.onode(container, h);
                    self.flow_into(slot, values);
                }
            }
        }
        if let Some(double) = double {
            let values = Val::Own(self.dict_values(double).v);
            let filled_count = positional_count.min(count);
            let filled: Vec<S> = slots[..filled_count].to_vec();
            for source in self.vals(double) {
                if is_container(self.objs.tag(source)) {
                    for &param in layout.named.iter() {
                        if filled.contains(&param) {
                            continue;
                        }
                        let key = self.fnode(fid, param, ctx);
                        let h = self.hash_name(param);
                        let slot = self.onode(source, h);
                        let got = self.get(slot);
                        self.flow_into(key, &got);
                        let any = self.onode(source, self.names.question);
                        let got = self.get(any);
                        self.flow_into(key, &got);
                    }
                }
            }
            if let Some(extra) = extra {
                let container = self.kwargs_container(fid, ctx);
                let key = self.fnode(fid, extra, ctx);
                self.flow_into(key, &Val::Own(smallvec![container]));
                let all = self.onode(container, self.names.star);
                self.flow_into(all, &values);
                let any = self.onode(container, self.names.question);
                self.flow_into(any, &values);
            }
        }
        if layout.generator {
            return OSet::from_vec(smallvec![self.objs.get(ObjKey::G(fid))]);
        }
        let key = self.fnode(fid, self.names.ret, ctx);
        match sink {
            Sink::None => {
                let got = self.get(key);
                OSet::from_vec(self.vals(&got))
            }
            Sink::Discard => OSet::new(),
            Sink::Node(target) => {
                if self.nodes[key as usize].is(ANNOTATED) {
                    let got = self.get(key);
                    return OSet::from_vec(self.vals(&got));
                }
                self.copy(key, target);
                OSet::new()
            }
        }
    }

    fn flow_into(&mut self, key: N, values: &Val) {
        // ``_flow_into``
        match values {
            Val::Flow(source, _) => self.copy(*source, key),
            other => self.add_val(key, other),
        }
    }

    fn property_partial(&mut self, receivers: &Val, e: &Expr) {
        // ``_property_partial``
        let (attr, line, col) = match e {
            Expr::Attr { attr, line, col, .. } => (*attr, *line, *col),
            _ => return,
        };
        let width = self.st.text(attr).len() as Pos;
        let span = [line, col, line, col + width];
        let key: ImplicitKey = (self.path, self.scope, span, attr);
        if self.implicit_at(&key).1.is_none() {
            return;
        }
        for obj in self.vals(receivers) {
            let found = match self.objs.key(obj) {
                ObjKey::I(cls, _) => self.class_lookup(cls, attr),
                _ => None,
            };
            let is_property = match found {
                Some(n) => {
                    let values = self.pts(n).to_vec();
                    values.iter().any(|&v| match self.objs.key(v) {
                        ObjKey::F(fid) => self.sym_code(fid) & K_PROPERTY != 0,
                        ObjKey::BM(how, _) => how == self.names.getter_of,
                        _ => false,
                    })
                }
                None => false,
            };
            if !is_property {
                self.partial(Some(&span), attr);
                return;
            }
        }
    }

    /// the hash of an implicit call's key, and where it is in ``implicit``
    fn implicit_at(&self, key: &ImplicitKey) -> (u64, Option<u32>) {
        let hash = HashIndex::hash(key);
        let implicit = &self.implicit;
        (hash, self.implicit_index.find(hash, |i| implicit[i as usize].0 == *key))
    }

    fn partial(&mut self, span: Option<&Span>, text: S) {
        // ``_partial``
        if let Some(span) = span {
            if span[0] != 0 {
                let key: ImplicitKey = (self.path, self.scope, *span, text);
                match self.implicit_at(&key) {
                    (_, Some(i)) => {
                        self.implicit[i as usize].1.insert(UNK);
                    }
                    (hash, None) => {
                        self.implicit_index.insert(hash, self.implicit.len() as u32);
                        self.implicit.push((key, FewSet { v: smallvec![UNK] }));
                    }
                }
            }
        }
    }

    fn implicit_callees(&mut self, span: Option<&Span>, functions: &Val, text: S) {
        // ``_implicit_callees``
        for function in self.vals(functions) {
            match self.objs.tag(function) {
                Tag::F | Tag::B | Tag::C | Tag::I | Tag::P => self.implicit_add(span, &[function], text),
                Tag::X | Tag::Unk => self.partial(span, text),
                Tag::Capped => self.implicit_add(span, &[CAPPED], text),
                _ => {}
            }
        }
    }

    fn implicit_add(&mut self, span: Option<&Span>, objs: &[O], text: S) {
        // ``_implicit``
        let span = match span {
            Some(s) if s[0] != 0 => *s,
            _ => return,
        };
        let key: ImplicitKey = (self.path, self.scope, span, text);
        let index = match self.implicit_at(&key) {
            (_, Some(i)) => i as usize,
            (hash, None) => {
                self.implicit_index.insert(hash, self.implicit.len() as u32);
                self.implicit.push((key, FewSet::default()));
                self.implicit.len() - 1
            }
        };
        self.implicit[index].1.extend(objs);
    }

    // -- answers ---------------------------------------------------------------------------------

    /// ``entities``: ``("s", id)``, ``("x", name)`` and ``("u",)`` codes; None when nothing useful is known.
    pub fn entities(&mut self, objs: &[O], capped: bool) -> Option<Vec<Entity>> {
        let mut out: Vec<Entity> = Vec::new();
        let push = |out: &mut Vec<Entity>, e: Entity| {
            if !out.contains(&e) {
                out.push(e);
            }
        };
        let mut known = false;
        let mut unknown = capped;
        for &obj in objs {
            match self.objs.key(obj) {
                ObjKey::C(id) if !self.metaclassed.is_empty() && !self.metaclass_calls(id, true).is_empty() => {
                    // its metaclass's ``__call__`` is what the call runs
                    for value in self.metaclass_calls(id, true) {
                        if let ObjKey::F(fid) = self.objs.key(value) {
                            push(&mut out, Entity::Sym(fid));
                        }
                    }
                    known = true;
                }
                ObjKey::F(id) | ObjKey::B(id, _) | ObjKey::C(id) => {
                    push(&mut out, Entity::Sym(id));
                    known = true;
                }
                ObjKey::I(cls, _) => {
                    let found = match self.class_lookup(cls, self.names.call) {
                        Some(f) => f,
                        None => {
                            unknown = true;
                            continue;
                        }
                    };
                    let values = self.pts(found).to_vec();
                    for value in values {
                        if let ObjKey::F(fid) = self.objs.key(value) {
                            push(&mut out, Entity::Sym(fid));
                            known = true;
                        }
                    }
                }
                ObjKey::P(..) => {
                    // (growing: a partial of a partial calls the function inside)
                    let mut partials: Vec<O> = vec![obj];
                    let mut next = 0;
                    while next < partials.len() {
                        let partial = partials[next];
                        next += 1;
                        let values = match self.find_node(Owner::Obj(partial), self.names.func) {
                            Some(n) => self.pts(n).to_vec(),
                            None => Vec::new(),
                        };
                        for function in values {
                            match self.objs.key(function) {
                                ObjKey::F(id) | ObjKey::B(id, _) | ObjKey::C(id) => {
                                    push(&mut out, Entity::Sym(id));
                                    known = true;
                                }
                                ObjKey::P(..) => {
                                    if !partials.contains(&function) {
                                        partials.push(function);
                                    }
                                }
                                _ => unknown = true,
                            }
                        }
                    }
                }
                ObjKey::X(name) => {
                    let text = self.st.text(name);
                    let short = text.strip_prefix("builtins.").unwrap_or(text).to_string();
                    let id = self.st.get(&short);
                    push(&mut out, Entity::External(id));
                }
                ObjKey::BM(_, class_obj) if self.objs.tag(class_obj) == Tag::C => {
                    // ``type.__call__`` of a class: the class's construction
                    if let ObjKey::C(id) = self.objs.key(class_obj) {
                        push(&mut out, Entity::Sym(id));
                        known = true;
                    }
                }
                ObjKey::BM(how, function) if self.objs.tag(function) == Tag::F => {
                    // a wrapped function: a staticmethod object calls it
                    match self.objs.key(function) {
                        ObjKey::F(id) if how == self.names.static_of => {
                            push(&mut out, Entity::Sym(id));
                            known = true;
                        }
                        _ => unknown = true,
                    }
                }
                ObjKey::BM(name, container) => {
                    let kind = if self.objs.tag(container) == Tag::D { "builtins.dict" } else { "builtins.list" };
                    let kind = if self.deques.contains(&container) { "collections.deque" } else { kind };
                    let text = format!("{}.{}", kind, self.st.text(name));
                    let id = self.st.get(&text);
                    push(&mut out, Entity::External(id));
                }
                ObjKey::Unk | ObjKey::Capped => unknown = true,
                _ => {}
            }
        }
        if !known {
            if !out.is_empty() && !unknown && out.iter().all(|e| matches!(e, Entity::External(_))) {
                return Some(vec![out[0]]);
            }
            return None;
        }
        if unknown {
            out.push(Entity::Unknown);
        }
        Some(out)
    }

    /// ``_site_record``: the merged record, then each context's, the first MAX_SET_SIZE and then CAPPED
    pub fn site_record(&self, site: &Site) -> Vec<O> {
        if site.ctx_records.is_empty() {
            return site.callees.to_vec();
        }
        let mut out = OSet::new();
        // the merged analysis of a function no call reached there (each went to a context of its own) runs with
        // its parameters empty: what it records is none of its calls'
        let fid = self.contexts[site.ctx_records[0].0 as usize].0;
        if self.merged_called.contains(&fid) || self.escaped.contains(&fid) {
            out.extend(&site.callees);
        }
        for (_, _, record) in site.ctx_records.iter() {
            for &o in record.iter() {
                out.insert(o);
            }
        }
        let mut v = out.v.to_vec();
        if v.len() > MAX_SET_SIZE && !v.contains(&CAPPED) {
            v.truncate(MAX_SET_SIZE);
            v.push(CAPPED);
        }
        v
    }

    pub fn site_capped(&self, site: &Site, record: &[O]) -> bool {
        record.contains(&CAPPED)
            || self.capped_sites.contains(&site.key)
            || self.unfinished.contains(&site.group)
            || site.ctx_records.iter().any(|(_, g, _)| self.unfinished.contains(g))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entity {
    Sym(S),
    External(S),
    Unknown,
}

#[derive(Clone, Copy, PartialEq)]
pub enum Sink {
    None,
    Discard,
    Node(N),
}
