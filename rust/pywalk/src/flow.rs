//! `languages/python/flow.py`'s `FlowBuilder`, ported one to one: the same walk over the same tree, writing
//! the same facts, encoded as the same JSON text (`orjson.dumps(facts)`).
//!
//! How Python's objects map here:
//! - the facts are lists that later code mutates through other references (`expression[1] = version` in
//!   `build()`, `holder[position] = name`, `fact[4] = True`, `fact[3].append(…)`, `earlier[1] = 4`): every
//!   list lives in an arena (`Builder::lists`) and is referenced by index ([`V::List`]), and the text is
//!   written once the walk and the final pass are done;
//! - strings are [`V`]s that say where their text is: a constant table ([`L`]), an interned name
//!   ([`V::Name`]), a version of a name (`x@3`, [`V::Ver`]), a slice of the source, or an owned string;
//! - a name is interned ([`Sym`]); a version is `(name, count)` (its text is `name@count`, and two versions
//!   are equal exactly when their texts are);
//! - dicts whose order shows in the facts are `IndexMap`s (Python's dict semantics: assigning an existing
//!   key keeps its place, `pop`/`del` is `shift_remove`); sets only asked for membership are hash sets;
//! - `node.named_children` / `node.children` are walked with one cursor into a shared node stack
//!   (`Builder::nodes`): a caller reads its children by index from the range it pushed and truncates after,
//!   while the calls it makes push and truncate above that range.
//!
//! The walk gives up (`None`: flow.py walks the file) where it cannot match Python cheaply: a source that
//! is not UTF-8, a tree deep enough that Python could run out of stack, a list nested deeper than orjson
//! writes, and a shape where Python itself would raise.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use indexmap::{IndexMap, IndexSet};
use pyo3::prelude::*;
use tree_sitter::{Language, Node, TreeCursor};

// -- a fast hasher for small keys (names' ids, scope indices) --------------------------------------

#[derive(Default, Clone, Copy)]
struct FxHasher(u64);

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buffer = [0u8; 8];
            buffer[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buffer));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64)
    }
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i)
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64)
    }
    fn write_i64(&mut self, i: i64) {
        self.add(i as u64)
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Fx = BuildHasherDefault<FxHasher>;
type Sym = u32;
type Set = HashSet<Sym, Fx>;
/// `scope.env`: a name → the count of its current version
type Env = IndexMap<Sym, u32, Fx>;

// -- the grammar's kinds and fields -----------------------------------------------------------------

macro_rules! kinds {
    ($($id:ident = $name:literal),* $(,)?) => {
        /// The node kinds flow.py compares names with (several kind ids may share a name: an id maps to its name's).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        enum K { Other, $($id),* }
        const KIND_NAMES: &[(&str, K)] = &[$(($name, K::$id)),*];
    };
}

kinds! {
    AliasedImport = "aliased_import", ArgumentList = "argument_list", AsPattern = "as_pattern",
    AsPatternTarget = "as_pattern_target", Assignment = "assignment", Attribute = "attribute",
    AugmentedAssignment = "augmented_assignment", Await = "await", BinaryOperator = "binary_operator",
    Block = "block", BooleanOperator = "boolean_operator", BreakStatement = "break_statement", Call = "call",
    CaseClause = "case_clause", CasePattern = "case_pattern", ClassDefinition = "class_definition",
    Comment = "comment", ComparisonOperator = "comparison_operator", ConcatenatedString = "concatenated_string",
    ConditionalExpression = "conditional_expression", ContinueStatement = "continue_statement",
    DecoratedDefinition = "decorated_definition", Decorator = "decorator", DefaultParameter = "default_parameter",
    DeleteStatement = "delete_statement",
    Dictionary = "dictionary", DictionaryComprehension = "dictionary_comprehension",
    DictionarySplat = "dictionary_splat", DictionarySplatPattern = "dictionary_splat_pattern",
    DottedName = "dotted_name", ElifClause = "elif_clause", Ellipsis = "ellipsis", ElseClause = "else_clause",
    Error = "ERROR", ExceptClause = "except_clause", ExceptGroupClause = "except_group_clause",
    ExpressionList = "expression_list", ExpressionStatement = "expression_statement", False = "false",
    FinallyClause = "finally_clause", Float = "float", ForInClause = "for_in_clause", ForStatement = "for_statement",
    FormatSpecifier = "format_specifier", From = "from", FunctionDefinition = "function_definition",
    FutureImportStatement = "future_import_statement", GeneratorExpression = "generator_expression",
    GenericType = "generic_type", GlobalStatement = "global_statement", Identifier = "identifier",
    IfClause = "if_clause", IfStatement = "if_statement", ImportFromStatement = "import_from_statement",
    ImportStatement = "import_statement", Integer = "integer", Interpolation = "interpolation",
    KeywordArgument = "keyword_argument", KeywordPattern = "keyword_pattern", KeywordSeparator = "keyword_separator",
    Lambda = "lambda",
    List = "list", ListComprehension = "list_comprehension", ListPattern = "list_pattern", ListSplat = "list_splat",
    ListSplatPattern = "list_splat_pattern", MatchStatement = "match_statement", Module = "module",
    NamedExpression = "named_expression", NoneKind = "none", NonlocalStatement = "nonlocal_statement",
    NotOperator = "not_operator", Pair = "pair", ParenthesizedExpression = "parenthesized_expression",
    PassStatement = "pass_statement", PatternList = "pattern_list", PositionalSeparator = "positional_separator",
    RaiseStatement = "raise_statement", ReturnStatement = "return_statement", Set = "set",
    SetComprehension = "set_comprehension", Slice = "slice", SplatPattern = "splat_pattern", String = "string",
    StringContent = "string_content",
    Subscript = "subscript", True = "true", TryStatement = "try_statement", Tuple = "tuple",
    TuplePattern = "tuple_pattern", Type = "type", TypeAliasStatement = "type_alias_statement",
    TypeConversion = "type_conversion", TypeParameter = "type_parameter", TypedDefaultParameter = "typed_default_parameter",
    TypedParameter = "typed_parameter", UnaryOperator = "unary_operator", WhileStatement = "while_statement",
    WithClause = "with_clause", WithItem = "with_item", WithStatement = "with_statement", Yield = "yield",
}

impl K {
    /// `_CONSTANTS`
    fn is_constant(self) -> bool {
        matches!(self, K::Integer | K::Float | K::True | K::False | K::NoneKind | K::Ellipsis | K::Type | K::Comment)
    }
    /// `_LITERALS`
    fn is_literal(self) -> bool {
        matches!(self, K::String | K::Integer | K::Float | K::True | K::False | K::UnaryOperator)
    }
    /// `_COMPREHENSIONS`
    fn is_comprehension(self) -> bool {
        matches!(self, K::ListComprehension | K::SetComprehension | K::GeneratorExpression | K::DictionaryComprehension)
    }
    /// `_EXPRESSIONS`
    fn is_expression(self) -> bool {
        matches!(self, K::Identifier | K::Attribute | K::Call | K::ArgumentList | K::KeywordArgument | K::String
            | K::ConcatenatedString | K::Integer | K::Float | K::True | K::False | K::NoneKind | K::Ellipsis
            | K::Comment | K::BinaryOperator | K::BooleanOperator | K::ComparisonOperator | K::NotOperator
            | K::UnaryOperator | K::Subscript | K::Slice | K::List | K::Tuple | K::Set | K::Dictionary | K::Pair
            | K::ParenthesizedExpression | K::ExpressionList | K::ConditionalExpression | K::Await | K::Yield
            | K::ListSplat | K::DictionarySplat | K::Decorator)
    }
    /// `target_names`' kinds that hold targets
    fn is_target_group(self) -> bool {
        matches!(self, K::PatternList | K::TuplePattern | K::ListPattern | K::Tuple | K::List | K::ExpressionList
            | K::ListSplatPattern | K::ListSplat | K::ParenthesizedExpression)
    }
}

/// `_Syntax`'s field ids
#[derive(Clone, Copy)]
struct Fields {
    alias: u16,
    alternative: u16,
    argument: u16,
    arguments: u16,
    attribute: u16,
    body: u16,
    condition: u16,
    consequence: u16,
    definition: u16,
    function: u16,
    key: u16,
    left: u16,
    module_name: u16,
    name: u16,
    object: u16,
    operator: u16,
    parameters: u16,
    return_type: u16,
    right: u16,
    /// (read by flow.py's match statement, which then does not use it: required as `_Syntax` requires it)
    #[allow(dead_code)]
    subject: u16,
    subscript: u16,
    superclasses: u16,
    type_: u16,
    value: u16,
}

struct Tables {
    kinds: Vec<K>,
    /// the name of an ERROR node's kind id (0xFFFF, outside the grammar's count)
    error: K,
    fields: Fields,
}

impl Tables {
    /// `kinds[node.kind_id]`
    #[inline]
    fn kind(&self, node: Node<'_>) -> K {
        let id = node.kind_id() as usize;
        match self.kinds.get(id) {
            Some(&kind) => kind,
            None if id == 0xFFFF => self.error,
            None => K::Other,
        }
    }
}

/// (the language's address, its tables): built once a process for the Python grammar
static TABLES: Mutex<Option<(usize, Arc<Tables>)>> = Mutex::new(None);

fn tables(root: Node<'_>) -> Option<Arc<Tables>> {
    let reference = root.language();
    let language: &Language = &reference;
    // (`Language` is a transparent wrapper of the grammar's pointer)
    let key = unsafe { *(language as *const Language as *const usize) };
    let mut guard = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((known, found)) = guard.as_ref() {
        if *known == key {
            return Some(found.clone());
        }
    }
    let by_name: HashMap<&str, K> = KIND_NAMES.iter().copied().collect();
    let name_kind = |id: u16| language.node_kind_for_id(id).and_then(|n| by_name.get(n).copied()).unwrap_or(K::Other);
    let kinds = (0..language.node_kind_count()).map(|id| name_kind(id as u16)).collect();
    let error = name_kind(0xFFFF);
    let field = |name: &str| language.field_id_for_name(name).map(|id| id.get());
    let fields = Fields {
        alias: field("alias")?,
        alternative: field("alternative")?,
        argument: field("argument")?,
        arguments: field("arguments")?,
        attribute: field("attribute")?,
        body: field("body")?,
        condition: field("condition")?,
        consequence: field("consequence")?,
        definition: field("definition")?,
        function: field("function")?,
        key: field("key")?,
        left: field("left")?,
        module_name: field("module_name")?,
        name: field("name")?,
        object: field("object")?,
        operator: field("operator")?,
        parameters: field("parameters")?,
        return_type: field("return_type")?,
        right: field("right")?,
        subject: field("subject")?,
        subscript: field("subscript")?,
        superclasses: field("superclasses")?,
        type_: field("type")?,
        value: field("value")?,
    };
    let made = Arc::new(Tables { kinds, error, fields });
    *guard = Some((key, made.clone()));
    Some(made)
}

// -- values --------------------------------------------------------------------------------------------

macro_rules! lits {
    ($($id:ident = $text:literal),* $(,)?) => {
        /// The strings the facts hold that come from no source text: tags (`facts.py`), dunders, markers.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, clippy::enum_variant_names)]
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        #[repr(u8)]
        enum L { $($id),* }
        const LIT_TEXT: &[&str] = &[$($text),*];
    };
}

lits! {
    NAME = "n", ATTR = "a", CALL = "c", CONSTANT = "k", UNKNOWN = "?", LIST = "l", DICT = "d", SUBSCRIPT = "s",
    DEFINED = "f", ONE_OF = "o", BINARY = "b", UNARY = "u", SUPER = "S", TUPLE = "t", STAR = "*", DOUBLE_STAR = "**",
    ASSIGN = "=", EVAL = "e", RETURN = "r", YIELD = "y", YIELD_FROM = "yf", FOR = "for", WITH = "with",
    FUNCTION = "fn", DEF = "def", RAISE = "raise", EXCEPT = "exc", ANNOTATION = "ann", PHI = "phi", IMPORT = "imp",
    SENT = "<sent>", EMPTY = "", SLICE = ":", ONE = "1", ZERO = "0",
    ADD = "__add__", SUB = "__sub__", MUL = "__mul__", TRUEDIV = "__truediv__", FLOORDIV = "__floordiv__",
    MOD = "__mod__", POW = "__pow__", MATMUL = "__matmul__", LSHIFT = "__lshift__", RSHIFT = "__rshift__",
    AND = "__and__", OR = "__or__", XOR = "__xor__",
    LT = "__lt__", GT = "__gt__", LE = "__le__", GE = "__ge__", EQ = "__eq__", NE = "__ne__",
    CONTAINS = "__contains__", NEG = "__neg__", POS = "__pos__", INVERT = "__invert__", BOOL = "__bool__",
    DELITEM = "__delitem__", DELATTR = "__delattr__", FORMAT = "__format__", STR = "__str__", REPR = "__repr__",
}

/// `_BINARY.get(op, "")`
fn binary_dunder(op: &str) -> L {
    match op {
        "+" => L::ADD,
        "-" => L::SUB,
        "*" => L::MUL,
        "/" => L::TRUEDIV,
        "//" => L::FLOORDIV,
        "%" => L::MOD,
        "**" => L::POW,
        "@" => L::MATMUL,
        "<<" => L::LSHIFT,
        ">>" => L::RSHIFT,
        "&" => L::AND,
        "|" => L::OR,
        "^" => L::XOR,
        _ => L::EMPTY,
    }
}

/// `_COMPARE.get(op)`
fn compare_dunder(op: &str) -> Option<L> {
    Some(match op {
        "<" => L::LT,
        ">" => L::GT,
        "<=" => L::LE,
        ">=" => L::GE,
        "==" => L::EQ,
        "!=" => L::NE,
        _ => return None,
    })
}

/// `_UNARY.get(op, "")`
fn unary_dunder(op: &str) -> L {
    match op {
        "-" => L::NEG,
        "+" => L::POS,
        "~" => L::INVERT,
        _ => L::EMPTY,
    }
}

/// One item of a Python list of the facts.
#[derive(Clone, Copy, PartialEq, Debug)]
enum V {
    Null,
    Bool(bool),
    Int(i64),
    Lit(L),
    /// an interned name's text
    Name(Sym),
    /// `name@count`
    Ver(Sym, u32),
    /// the source's text between these bytes
    Src(u32, u32),
    /// `Builder::owned[i]`
    Own(u32),
    /// `Builder::lists[i]` (`Arena`)
    List(u32),
    /// `_span(node)`: `Builder::spans[i]`
    Span(u32),
    /// `[line, col]`
    Point(u32, u32),
}

/// The facts' lists, flat: `pool[start..start + len]` for each list's `(start, len)`. A list that grows
/// after another was made (`fact[3].append(…)`) moves to the end of the pool.
struct Arena {
    spans: Vec<(u32, u32)>,
    pool: Vec<V>,
}

impl Arena {
    fn with_capacity(source_bytes: usize) -> Self {
        Arena { spans: Vec::with_capacity(source_bytes / 16), pool: Vec::with_capacity(source_bytes / 4) }
    }

    fn add(&mut self, items: &[V]) -> u32 {
        self.spans.push((self.pool.len() as u32, items.len() as u32));
        self.pool.extend_from_slice(items);
        (self.spans.len() - 1) as u32
    }

    fn append(&mut self, list: usize, value: V) {
        let (start, len) = self.spans[list];
        let end = (start + len) as usize;
        if end != self.pool.len() {
            let moved = self.pool.len() as u32;
            self.pool.extend_from_within(start as usize..end);
            self.spans[list].0 = moved;
        }
        self.pool.push(value);
        self.spans[list].1 += 1;
    }
}

impl std::ops::Index<usize> for Arena {
    type Output = [V];
    #[inline]
    fn index(&self, list: usize) -> &[V] {
        let (start, len) = self.spans[list];
        &self.pool[start as usize..(start + len) as usize]
    }
}

impl std::ops::IndexMut<usize> for Arena {
    #[inline]
    fn index_mut(&mut self, list: usize) -> &mut [V] {
        let (start, len) = self.spans[list];
        &mut self.pool[start as usize..(start + len) as usize]
    }
}

/// `str.isspace()` (Python's whitespace: Unicode's White_Space and the ASCII separators 0x1c–0x1f)
fn py_isspace(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// `text.rsplit(".", 1)[-1]`
/// The subscripted names whose value is one of the types they name (`Union[A, B]`): flow.py's `_UNIONS`.
fn is_union(name: &str) -> bool {
    matches!(name, "Union" | "Optional")
}

/// The generic heads whose subscript is no class given type arguments: flow.py's `_GENERIC_FORMS`.
fn is_generic_form(name: &str) -> bool {
    matches!(
        name,
        "AbstractSet" | "Annotated" | "AsyncGenerator" | "AsyncIterable" | "AsyncIterator" | "Awaitable" | "Callable"
            | "ChainMap" | "ClassVar" | "Collection" | "Concatenate" | "Container" | "Coroutine" | "Counter"
            | "DefaultDict" | "Deque" | "Dict" | "Final" | "FrozenSet" | "Generator" | "Generic" | "Iterable"
            | "Iterator" | "List" | "Literal" | "Mapping" | "MutableMapping" | "MutableSequence" | "MutableSet"
            | "NotRequired" | "Optional" | "OrderedDict" | "ParamSpec" | "Protocol" | "Required" | "Reversible"
            | "Sequence" | "Set" | "Tuple" | "Type" | "TypeGuard" | "TypeVar" | "Union" | "Unpack" | "defaultdict"
            | "deque" | "dict" | "frozenset" | "list" | "set" | "tuple" | "type"
    )
}

fn last_dotted(text: &str) -> &str {
    match text.rfind('.') {
        Some(i) => &text[i + 1..],
        None => text,
    }
}

// -- scopes ----------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SK {
    Module,
    Function,
    Class,
}

/// `snapshot(scope)`: `(env, dirty, dead)`
#[derive(Clone)]
struct State {
    env: Env,
    dirty: Set,
    dead: bool,
}

/// `_Scope`
struct Scope {
    index: i64,
    kind: SK,
    parent: Option<usize>,
    bound: Set,
    /// a function's parameters: the name itself (count 0 in a phi's sources) holds what each came in with
    params: Set,
    globals: Set,
    nonlocals: Set,
    receiver: Option<Sym>,
    klass: i64,
    env: Env,
    counter: HashMap<Sym, u32, Fx>,
    escaped: IndexMap<Sym, Vec<u32>, Fx>,
    dirty: Set,
    dead: bool,
    loops: Vec<(Vec<State>, Vec<State>)>,
    created: Vec<(Sym, u32)>,
}

impl Scope {
    fn new(index: i64, kind: SK, parent: Option<usize>) -> Self {
        Scope {
            index,
            kind,
            parent,
            bound: Set::default(),
            params: Set::default(),
            globals: Set::default(),
            nonlocals: Set::default(),
            receiver: None,
            klass: -1,
            env: Env::default(),
            counter: HashMap::default(),
            escaped: IndexMap::default(),
            dirty: Set::default(),
            dead: false,
            loops: Vec::new(),
            created: Vec::new(),
        }
    }

    /// `versionable(scope, name)`
    fn versionable(&self, name: Sym) -> bool {
        !self.globals.contains(&name) && !self.nonlocals.contains(&name)
    }
}

/// How deep the walk's recursion may go before the file is left to Python, which may raise RecursionError
/// there (and then stores no facts): `depth` counts the frames flow.py's walk has on the stack (each method
/// that recurses counts one, as its Python twin does), and Python's own limit is 1000 frames, a few dozen of
/// them below the walk.
const DEPTH_LIMIT: u32 = 600;
/// orjson refuses lists nested this deep (Python then writes the text with json.dumps)
const JSON_DEPTH_LIMIT: u32 = 255;

/// flow.py's `build_flow` for one tree: the facts' JSON text, or None to leave the file to flow.py.
pub fn build(_py: Python<'_>, root: Node<'_>, source: &[u8], definitions: &[(usize, usize, i64)],
             fallback: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Ok(src) = std::str::from_utf8(source) else { return Ok(None) };
    if source.len() >= u32::MAX as usize {
        return Ok(None);
    }
    let Some(tables) = tables(root) else { return Ok(None) };
    let mut builder = Builder::new(root, src, tables, fallback);
    for &(start, end, index) in definitions {
        builder.by_range.entry((start, end)).or_insert(index);
    }
    builder.build(root);
    if let Some(error) = builder.error.take() {
        return Err(error);
    }
    if builder.bail.get() {
        return Ok(None);
    }
    Ok(builder.write())
}

/// `FlowBuilder`
struct Builder<'t, 'a, 'py> {
    src: &'t str,
    tables: Arc<Tables>,
    f: Fields,
    fallback: &'a Bound<'py, PyAny>,
    cursor: TreeCursor<'t>,
    /// the children being walked (see the module's documentation)
    nodes: Vec<Node<'t>>,
    has_error: bool,
    lists: Arena,
    spans: Vec<[u32; 4]>,
    owned: Vec<String>,
    names: Vec<Cow<'t, str>>,
    interned: HashMap<Cow<'t, str>, Sym, Fx>,
    /// `self.facts` (lists)
    facts: Vec<u32>,
    reads: Vec<(u32, usize, Option<u32>)>,
    writes: Vec<(u32, usize)>,
    generators: HashMap<i64, u32, Fx>,
    notes: Vec<(i64, Sym, u32, usize)>,
    phis: Vec<u32>,
    scopes: Vec<Scope>,
    constants: HashMap<(i64, Sym, u32), V, Fx>,
    by_range: HashMap<(usize, usize), i64, Fx>,
    binders: Option<Vec<usize>>,
    depth: u32,
    bail: Cell<bool>,
    error: Option<PyErr>,
}

impl<'t, 'a, 'py> Builder<'t, 'a, 'py> {
    fn new(root: Node<'t>, src: &'t str, tables: Arc<Tables>, fallback: &'a Bound<'py, PyAny>) -> Self {
        let f = tables.fields;
        Builder {
            src,
            tables,
            f,
            fallback,
            cursor: root.walk(),
            nodes: Vec::with_capacity(256),
            has_error: root.has_error(),
            lists: Arena::with_capacity(src.len()),
            spans: Vec::new(),
            owned: Vec::new(),
            names: Vec::new(),
            interned: HashMap::default(),
            facts: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
            generators: HashMap::default(),
            notes: Vec::new(),
            phis: Vec::new(),
            scopes: Vec::new(),
            constants: HashMap::default(),
            by_range: HashMap::default(),
            binders: None,
            depth: 0,
            bail: Cell::new(false),
            error: None,
        }
    }

    // -- tree access ---------------------------------------------------------------------------------

    #[inline]
    fn k(&self, node: Node<'t>) -> K {
        self.tables.kind(node)
    }

    /// `ctx.text(node)`
    #[inline]
    fn text(&self, node: Node<'t>) -> &'t str {
        match self.src.get(node.start_byte()..node.end_byte()) {
            Some(text) => text,
            None => {
                self.bail.set(true);
                ""
            }
        }
    }

    /// `run(self)` as one more of Python's frames (see [`DEPTH_LIMIT`]): the methods whose Python twin is a
    /// frame of its own count themselves here.
    #[inline]
    fn framed<R>(&mut self, run: impl FnOnce(&mut Self) -> R) -> R {
        self.depth += 1;
        let result = run(self);
        self.depth -= 1;
        result
    }

    /// Pushes the children of `node` that `keep` accepts onto `self.nodes`: their range there.
    #[inline]
    fn pushed(&mut self, node: Node<'t>, keep: impl Fn(&Tables, &TreeCursor<'t>, Node<'t>) -> bool) -> (usize, usize) {
        let start = self.nodes.len();
        self.cursor.reset(node);
        if self.cursor.goto_first_child() {
            loop {
                let child = self.cursor.node();
                if keep(&self.tables, &self.cursor, child) {
                    self.nodes.push(child);
                }
                if !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        (start, self.nodes.len())
    }

    /// Pushes `node.named_children` onto `self.nodes`: their range there.
    fn named(&mut self, node: Node<'t>) -> (usize, usize) {
        self.pushed(node, |_, _, child| child.is_named())
    }

    /// Pushes `node.children`.
    fn children(&mut self, node: Node<'t>) -> (usize, usize) {
        self.pushed(node, |_, _, _| true)
    }

    /// Pushes `node.children_by_field_id(field)`.
    fn field_children(&mut self, node: Node<'t>, field: u16) -> (usize, usize) {
        self.pushed(node, move |_, cursor, _| cursor.field_id().map(|id| id.get()) == Some(field))
    }

    /// Pushes the named children of one kind.
    fn named_of(&mut self, node: Node<'t>, kind: K) -> (usize, usize) {
        self.pushed(node, move |tables, _, child| child.is_named() && tables.kind(child) == kind)
    }

    /// `any(kinds[c.kind_id] == kind for c in node.named_children)` (or `node.children`)
    fn has_child(&mut self, node: Node<'t>, kind: K, named: bool) -> bool {
        self.cursor.reset(node);
        if self.cursor.goto_first_child() {
            loop {
                let child = self.cursor.node();
                if (!named || child.is_named()) && self.k(child) == kind {
                    return true;
                }
                if !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        false
    }

    /// `node.named_children[0] if node.named_children else None`
    #[inline]
    fn first_named(&self, node: Node<'t>) -> Option<Node<'t>> {
        node.named_child(0)
    }

    #[inline]
    fn child(&self, node: Node<'t>, field: u16) -> Option<Node<'t>> {
        node.child_by_field_id(field)
    }

    /// Enters one level of recursion; false where the walk gives up.
    #[inline]
    fn enter(&mut self) -> bool {
        if self.bail.get() {
            return false;
        }
        if self.depth >= DEPTH_LIMIT {
            self.bail.set(true);
            return false;
        }
        self.depth += 1;
        true
    }

    /// `run(self)` as one more frame where [`Self::enter`] allows it, else `refused(self)` (the walk is
    /// giving up: whatever it answers is not written).
    #[inline]
    fn entered<R>(&mut self, run: impl FnOnce(&mut Self) -> R, refused: impl FnOnce(&mut Self) -> R) -> R {
        if !self.enter() {
            return refused(self);
        }
        let result = run(self);
        self.depth -= 1;
        result
    }

    // -- values --------------------------------------------------------------------------------------

    #[inline]
    fn mk(&mut self, items: &[V]) -> V {
        V::List(self.lists.add(items))
    }

    #[inline]
    fn id(value: V) -> u32 {
        match value {
            V::List(id) => id,
            _ => unreachable!("not a list"),
        }
    }

    fn unknown(&mut self) -> V {
        self.mk(&[V::Lit(L::UNKNOWN)])
    }

    fn constant(&mut self) -> V {
        self.mk(&[V::Lit(L::CONSTANT)])
    }

    /// `expression[0]`
    #[inline]
    fn tag(&self, expression: V) -> Option<L> {
        match expression {
            V::List(id) => match self.lists[id as usize].first() {
                Some(V::Lit(tag)) => Some(*tag),
                _ => None,
            },
            _ => None,
        }
    }

    /// `_span(node)`
    fn span(&mut self, node: Node<'t>) -> V {
        let (start, end) = (node.start_position(), node.end_position());
        self.spans.push([start.row as u32 + 1, start.column as u32, end.row as u32 + 1, end.column as u32]);
        V::Span((self.spans.len() - 1) as u32)
    }

    /// A string that is a slice of the source.
    fn sv(&self, text: &'t str) -> V {
        if text.is_empty() {
            return V::Lit(L::EMPTY);
        }
        let start = text.as_ptr() as usize - self.src.as_ptr() as usize;
        debug_assert!(start + text.len() <= self.src.len());
        V::Src(start as u32, (start + text.len()) as u32)
    }

    fn own(&mut self, text: String) -> V {
        self.owned.push(text);
        V::Own((self.owned.len() - 1) as u32)
    }

    fn cow(&mut self, text: Cow<'t, str>) -> V {
        match text {
            Cow::Borrowed(slice) => self.sv(slice),
            Cow::Owned(string) => self.own(string),
        }
    }

    /// A string value's text.
    fn vtext(&self, value: V) -> Cow<'_, str> {
        match value {
            V::Lit(lit) => Cow::Borrowed(LIT_TEXT[lit as usize]),
            V::Name(sym) => Cow::Borrowed(&self.names[sym as usize]),
            V::Ver(sym, count) => Cow::Owned(format!("{}@{}", self.names[sym as usize], count)),
            V::Src(start, end) => Cow::Borrowed(&self.src[start as usize..end as usize]),
            V::Own(i) => Cow::Borrowed(&self.owned[i as usize]),
            _ => unreachable!("not a string"),
        }
    }

    /// `"@" in value`
    fn has_at(&self, value: V) -> bool {
        match value {
            V::Ver(..) => true,
            _ => self.vtext(value).contains('@'),
        }
    }

    fn intern(&mut self, text: &'t str) -> Sym {
        if let Some(&sym) = self.interned.get(text) {
            return sym;
        }
        let sym = self.names.len() as Sym;
        self.names.push(Cow::Borrowed(text));
        self.interned.insert(Cow::Borrowed(text), sym);
        sym
    }

    fn intern_owned(&mut self, text: &str) -> Sym {
        if let Some(&sym) = self.interned.get(text) {
            return sym;
        }
        let sym = self.names.len() as Sym;
        self.names.push(Cow::Owned(text.to_string()));
        self.interned.insert(Cow::Owned(text.to_string()), sym);
        sym
    }

    // -- Python's string semantics ---------------------------------------------------------------------

    /// flow.py's `_fallback(op, text)`
    fn ask(&mut self, op: &str, text: &str) -> Option<Bound<'py, PyAny>> {
        if self.error.is_some() {
            return None;
        }
        match self.fallback.call1((op, text)) {
            Ok(answer) => Some(answer),
            Err(error) => {
                self.error = Some(error);
                self.bail.set(true);
                None
            }
        }
    }

    fn ask_string(&mut self, op: &str, text: &str) -> Option<V> {
        let answer = self.ask(op, text)?;
        if answer.is_none() {
            return None;
        }
        match answer.extract::<String>() {
            Ok(string) => Some(self.own(string)),
            Err(error) => {
                self.error = Some(error);
                self.bail.set(true);
                None
            }
        }
    }

    /// `_string_key(text)`
    fn string_key(&mut self, text: Cow<'t, str>) -> V {
        let mut chars = text.chars();
        // Some(marked) where ASCII decides, None where Python's `isdigit` must
        let marked = match chars.next() {
            None => Some(false),
            Some(first) if !first.is_ascii() => None,
            Some(first) if first.is_ascii_digit() || first == '\'' => Some(true),
            Some(':') if text.len() == 1 => Some(true),
            Some('-' | '+' | '.') => match chars.next() {
                None => Some(false),
                Some(second) if second.is_ascii() => Some(second.is_ascii_digit()),
                Some(_) => None,
            },
            Some(_) => Some(false),
        };
        match marked {
            Some(false) => self.cow(text),
            Some(true) => {
                let mut out = String::with_capacity(text.len() + 1);
                out.push('\'');
                out.push_str(&text);
                self.own(out)
            }
            None => self.ask_string("string", &text).unwrap_or(V::Lit(L::EMPTY)),
        }
    }

    /// `_number_key(text)`: plain decimals here, the rest by Python
    fn number_key(&mut self, text: &'t str) -> Option<V> {
        match text {
            "True" => return Some(V::Lit(L::ONE)),
            "False" => return Some(V::Lit(L::ZERO)),
            _ => {}
        }
        let (negative, digits) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        if !digits.is_empty() && digits.len() <= 1000 && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0')) {
            if digits == "0" {
                return Some(V::Lit(L::ZERO));
            }
            if negative {
                return Some(self.own(format!("-{digits}")));
            }
            return Some(self.sv(digits));
        }
        self.ask_string("number", text)
    }

    /// `text.isidentifier()`
    fn is_identifier(&mut self, text: &str) -> bool {
        if text.is_ascii() {
            let bytes = text.as_bytes();
            return !bytes.is_empty() && (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
                && bytes[1..].iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_');
        }
        match self.ask("identifier", text) {
            Some(answer) => answer.is_truthy().unwrap_or(false),
            None => false,
        }
    }

    /// `" ".join(text.split())[:80]`
    fn squeezed(&mut self, text: &'t str) -> V {
        let ascii_word = |b: &u8| b.is_ascii() && !py_isspace(*b as char);
        if text.as_bytes().iter().all(ascii_word) {
            return self.sv(&text[..text.len().min(80)]);
        }
        let mut out = String::with_capacity(text.len().min(84));
        for word in text.split(py_isspace).filter(|w| !w.is_empty()) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        if let Some((cut, _)) = out.char_indices().nth(80) {
            out.truncate(cut);
        }
        self.own(out)
    }

    // -- the flow: versions of names ---------------------------------------------------------------------

    fn note(&mut self, sc: usize, name: Sym, holder: V, position: usize) {
        let index = self.scopes[sc].index;
        self.notes.push((index, name, Self::id(holder), position));
    }

    /// `new_version(scope, name)`: the new version's count
    fn new_version(&mut self, sc: usize, name: Sym) -> u32 {
        let scope = &mut self.scopes[sc];
        let counter = scope.counter.entry(name).or_insert(0);
        *counter += 1;
        let count = *counter;
        scope.env.insert(name, count);
        scope.dirty.insert(name);
        scope.created.push((name, count));
        count
    }

    /// `phi(scope, name, sources)`
    fn phi(&mut self, sc: usize, name: Sym, sources: Vec<u32>) -> u32 {
        let count = self.new_version(sc, name);
        // (count 0: the name itself, what a parameter came in with)
        let sources: Vec<V> = sources.into_iter()
            .map(|c| if c == 0 { V::Name(name) } else { V::Ver(name, c) })
            .collect();
        let sources = self.mk(&sources);
        let index = self.scopes[sc].index;
        let fact = self.mk(&[V::Lit(L::PHI), V::Int(index), V::Ver(name, count), sources]);
        self.note(sc, name, fact, 2);
        self.phis.push(Self::id(fact));
        count
    }

    /// `escape(scope)`
    fn escape(&mut self, sc: usize) {
        let mut current = sc;
        while self.scopes[current].kind == SK::Class {
            match self.scopes[current].parent {
                Some(parent) => current = parent,
                None => return,
            }
        }
        let names = &self.names;
        let scope = &mut self.scopes[current];
        if scope.dead || scope.dirty.is_empty() {
            return;
        }
        let mut dirty: Vec<Sym> = scope.dirty.drain().collect();
        dirty.sort_unstable_by(|a, b| names[*a as usize].as_bytes().cmp(names[*b as usize].as_bytes()));
        for name in dirty {
            if let Some(&version) = scope.env.get(&name) {
                match scope.escaped.get_mut(&name) {
                    None => {
                        scope.escaped.insert(name, vec![version]);
                    }
                    Some(found) => {
                        if !found.contains(&version) {
                            found.push(version);
                        }
                    }
                }
            }
        }
    }

    fn snapshot(&self, sc: usize) -> State {
        let scope = &self.scopes[sc];
        State { env: scope.env.clone(), dirty: scope.dirty.clone(), dead: scope.dead }
    }

    fn restore(&mut self, sc: usize, state: &State) {
        let scope = &mut self.scopes[sc];
        scope.env = state.env.clone();
        scope.dirty = state.dirty.clone();
        scope.dead = state.dead;
    }

    /// `join(scope, states)`: paths meet
    fn join(&mut self, sc: usize, states: Vec<State>) {
        let live: Vec<State> = states.into_iter().filter(|state| !state.dead).collect();
        if live.is_empty() {
            self.scopes[sc].dead = true;
            return;
        }
        let first = &live[0].env;
        let mut merged = first.clone();
        let mut dirty = live[0].dirty.clone();
        let mut differ = Set::default();
        for state in &live[1..] {
            dirty.extend(state.dirty.iter().copied());
            // (env.items() - first.items())
            let mut changed = false;
            for (name, version) in &state.env {
                if first.get(name) != Some(version) {
                    differ.insert(*name);
                    changed = true;
                }
            }
            if changed {
                for (name, version) in &state.env {
                    if !merged.contains_key(name) {
                        merged.insert(*name, *version);
                    }
                }
            }
        }
        // a parameter no version of which is current on some path holds there what it came in with: the
        // name itself (count 0)
        let params = &self.scopes[sc].params;
        if !params.is_empty() {
            for name in params.iter() {
                if merged.contains_key(name) && !differ.contains(name)
                    && live.iter().any(|state| !state.env.contains_key(name)) {
                    differ.insert(*name);
                }
            }
        }
        let order: Vec<Sym> = if differ.is_empty() {
            Vec::new()
        } else {
            merged.keys().filter(|name| differ.contains(*name)).copied().collect()
        };
        let scope = &mut self.scopes[sc];
        scope.env = merged;
        scope.dirty = dirty;
        scope.dead = false;
        for name in order {
            let mut versions: Vec<u32> = Vec::new();
            let param = self.scopes[sc].params.contains(&name);
            for state in &live {
                let version = match state.env.get(&name) {
                    Some(&version) => Some(version),
                    None if param => Some(0),
                    None => None,
                };
                if let Some(version) = version {
                    if !versions.contains(&version) {
                        versions.push(version);
                    }
                }
            }
            if versions.len() > 1 {
                // (phi() sets scope.env[name], which is `merged`)
                self.phi(sc, name, versions);
            }
        }
    }

    /// `loop_head(scope, body)`: (name, phi fact) per name the loop binds
    fn loop_head(&mut self, sc: usize, body: Node<'t>) -> Vec<(Sym, u32)> {
        let mut heads = Vec::new();
        for name in self.bound_names(body, false) {
            if !self.scopes[sc].versionable(name) {
                continue;
            }
            let mut before = self.scopes[sc].env.get(&name).copied();
            if before.is_none() && self.scopes[sc].params.contains(&name) {
                before = Some(0); // (the value the parameter came in with)
            }
            self.phi(sc, name, before.into_iter().collect());
            heads.push((name, *self.phis.last().unwrap()));
        }
        heads
    }

    fn loop_back(&mut self, heads: &[(Sym, u32)], states: &[State]) {
        for &(name, fact) in heads {
            let sources = Self::id(self.lists[fact as usize][3]) as usize;
            for state in states {
                if let Some(&version) = state.env.get(&name) {
                    let value = V::Ver(name, version);
                    if !state.dead && !self.lists[sources].contains(&value) {
                        self.lists.append(sources, value);
                    }
                }
            }
        }
    }

    // -- the walk ---------------------------------------------------------------------------------------

    /// `build(root)`
    fn build(&mut self, root: Node<'t>) {
        self.scopes.push(Scope::new(0, SK::Module, None));
        self.block(root, 0);
        if self.bail.get() {
            return;
        }
        self.escape(0);
        let mut unversioned: HashSet<(i64, Sym), Fx> = HashSet::default();
        for sc in 0..self.scopes.len() {
            for &name in &self.scopes[sc].globals {
                unversioned.insert((0, name));
            }
            let nonlocals: Vec<Sym> = self.scopes[sc].nonlocals.iter().copied().collect();
            for name in nonlocals {
                unversioned.insert((self.binding_scope(sc, name, true), name));
            }
        }
        let mut captured: HashSet<(i64, Sym), Fx> = HashSet::default();
        let reads = std::mem::take(&mut self.reads);
        for (expression, sc, version) in reads {
            let list = expression as usize;
            let V::Name(name) = self.lists[list][1] else { unreachable!("a read's name") };
            let scope = &self.scopes[sc];
            let mut binding = if scope.bound.contains(&name) && scope.versionable(name) {
                scope.index
            } else {
                self.binding_scope(sc, name, false)
            };
            self.lists[list][2] = V::Int(binding);
            if let Some(version) = version {
                if binding == scope.index && (unversioned.is_empty() || !unversioned.contains(&(binding, name))) {
                    self.lists[list][1] = V::Ver(name, version);
                    continue;
                }
            }
            if scope.kind == SK::Class && binding == scope.index {
                if let Some(parent) = scope.parent {
                    // a class body's own name not bound on this path yet: the enclosing scopes'
                    binding = self.binding_scope(parent, name, false);
                    self.lists[list][2] = V::Int(binding);
                }
            }
            if binding != self.scopes[sc].index {
                captured.insert((binding, name));
            }
        }
        let writes = std::mem::take(&mut self.writes);
        for (expression, sc) in writes {
            let V::Name(name) = self.lists[expression as usize][1] else { unreachable!("a write's name") };
            self.lists[expression as usize][2] = V::Int(self.binding_scope(sc, name, true));
        }
        if !unversioned.is_empty() {
            for &(index, name, holder, position) in &self.notes {
                if unversioned.contains(&(index, name)) {
                    self.lists[holder as usize][position] = V::Name(name);
                }
            }
        }
        for i in 0..self.phis.len() {
            let phi = self.phis[i];
            if self.has_at(self.lists[phi as usize][2]) {
                self.facts.push(phi);
            }
        }
        let capturing: HashSet<i64, Fx> = captured.iter().map(|key| key.0).collect();
        for sc in 0..self.scopes.len() {
            let scope = &self.scopes[sc];
            let index = scope.index;
            let sources: Vec<(Sym, Vec<u32>)> = if scope.kind == SK::Class {
                if scope.dead {
                    Vec::new()
                } else {
                    scope.env.iter().map(|(name, version)| (*name, vec![*version])).collect()
                }
            } else if scope.kind == SK::Module || capturing.contains(&index) {
                scope.escaped.iter()
                    .filter(|(name, _)| scope.kind == SK::Module || captured.contains(&(index, **name)))
                    .map(|(name, versions)| (*name, versions.clone()))
                    .collect()
            } else {
                continue;
            };
            for (name, versions) in sources {
                if !unversioned.contains(&(index, name)) && !versions.is_empty() {
                    let versions: Vec<V> = versions.into_iter().map(|c| V::Ver(name, c)).collect();
                    let versions = self.mk(&versions);
                    let fact = self.mk(&[V::Lit(L::PHI), V::Int(index), V::Name(name), versions]);
                    self.facts.push(Self::id(fact));
                }
            }
        }
    }

    /// `binding_scope(scope, name, write)`
    fn binding_scope(&self, sc: usize, name: Sym, write: bool) -> i64 {
        let scope = &self.scopes[sc];
        if scope.globals.contains(&name) {
            return 0;
        }
        if scope.nonlocals.contains(&name) {
            let mut current = scope.parent;
            while let Some(c) = current {
                let outer = &self.scopes[c];
                if outer.kind == SK::Module {
                    break;
                }
                if outer.kind == SK::Function && outer.bound.contains(&name) {
                    return outer.index;
                }
                current = outer.parent;
            }
            return 0;
        }
        if write || scope.bound.contains(&name) {
            return scope.index;
        }
        let mut current = scope.parent;
        while let Some(c) = current {
            let outer = &self.scopes[c];
            if outer.kind != SK::Class && outer.bound.contains(&name) {
                return outer.index;
            }
            current = outer.parent;
        }
        0
    }

    fn block(&mut self, node: Node<'t>, sc: usize) {
        if !self.enter() {
            return;
        }
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            self.statement(child, sc);
        }
        self.nodes.truncate(start);
        self.depth -= 1;
    }

    /// `evaluate(s, expression)`
    /// ``delete``: a ``del`` target, which is not read: ``del x[k]`` calls ``__delitem__`` of ``x``, ``del x.a``
    /// may run a deleter (no getter runs)
    fn delete(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let s = self.scopes[sc].index;
        match self.k(node) {
            K::ExpressionList | K::Tuple | K::List | K::PatternList | K::TuplePattern | K::ListPattern
            | K::ParenthesizedExpression => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    self.delete(child, sc);
                }
                self.nodes.truncate(start);
            }
            K::Subscript => {
                if let Some(value) = self.child(node, f.value) {
                    let obj = self.expr(value, sc);
                    self.key(node, sc);
                    let span = self.span(node);
                    let e = self.mk(&[V::Lit(L::UNARY), V::Lit(L::DELITEM), obj, span]);
                    self.evaluate(s, e);
                }
            }
            K::Attribute => {
                // (a property's deleter may run: no read of the attribute)
                let e = self.expr(node, sc);
                let span = self.span(node);
                let e = self.mk(&[V::Lit(L::UNARY), V::Lit(L::DELATTR), e, span]);
                self.evaluate(s, e);
            }
            _ => {
                let e = self.expr(node, sc);
                self.evaluate(s, e);
            }
        }
    }

    /// ``truth``: a condition (``if``, ``while``, ``not``, ``a if c else b``): Python asks what it is for its
    /// truth, ``__bool__`` or, without one, ``__len__``
    fn truth(&mut self, node: Node<'t>, sc: usize) -> V {
        let e = self.expr(node, sc);
        match self.tag(e) {
            Some(L::NAME | L::ATTR | L::CALL | L::SUBSCRIPT | L::ONE_OF) => {
                let span = self.span(node);
                self.mk(&[V::Lit(L::UNARY), V::Lit(L::BOOL), e, span])
            }
            _ => e,
        }
    }

    fn evaluate(&mut self, s: i64, expression: V) {
        match self.tag(expression) {
            Some(L::NAME | L::CONSTANT | L::UNKNOWN | L::DEFINED) => {}
            _ => {
                let fact = self.mk(&[V::Lit(L::EVAL), V::Int(s), expression]);
                self.facts.push(Self::id(fact));
            }
        }
    }

    fn fact(&mut self, items: Vec<V>) {
        let fact = self.mk(&items);
        self.facts.push(Self::id(fact));
    }

    fn statement(&mut self, node: Node<'t>, sc: usize) {
        self.entered(|b| b.statement_(node, sc), |_| ())
    }

    fn statement_(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let s = self.scopes[sc].index;
        let kind = self.k(node);
        match kind {
            K::ExpressionStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    match self.k(child) {
                        K::Assignment | K::AugmentedAssignment => self.statement(child, sc),
                        K::String if !self.has_child(child, K::Interpolation, true) => {} // a docstring
                        _ => {
                            let e = self.expr(child, sc);
                            self.evaluate(s, e);
                        }
                    }
                }
                self.nodes.truncate(start);
            }
            K::Assignment => self.assignment(node, sc),
            K::PassStatement | K::Comment | K::FutureImportStatement | K::TypeAliasStatement => {}
            K::AugmentedAssignment => {
                let left = self.child(node, f.left);
                let right = self.child(node, f.right);
                let operator = self.child(node, f.operator);
                let (Some(left), Some(right)) = (left, right) else { return };
                let dunder = match operator {
                    Some(op) => {
                        let written = self.text(op);
                        // text[:-1]
                        let cut = written.char_indices().last().map_or(0, |(i, _)| i);
                        binary_dunder(&written[..cut])
                    }
                    None => L::EMPTY,
                };
                let l = self.expr(left, sc);
                let r = self.expr(right, sc);
                let span = self.span(operator.unwrap_or(node));
                let value = self.mk(&[V::Lit(L::BINARY), V::Lit(dunder), l, r, span]);
                if let Some(target) = self.target(left, sc) {
                    self.fact(vec![V::Lit(L::ASSIGN), V::Int(s), target, value]);
                }
            }
            K::ReturnStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    let e = self.expr(child, sc);
                    self.fact(vec![V::Lit(L::RETURN), V::Int(s), e]);
                }
                self.nodes.truncate(start);
                self.escape(sc);
                let scope = &mut self.scopes[sc];
                scope.dead = scope.kind == SK::Function;
            }
            K::FunctionDefinition | K::ClassDefinition => self.definition(node, node, sc, (0, 0)),
            K::DecoratedDefinition => {
                let definition = self.child(node, f.definition);
                let decorators = self.named_of(node, K::Decorator);
                if let Some(definition) = definition {
                    self.definition(definition, node, sc, decorators);
                }
                self.nodes.truncate(decorators.0);
            }
            K::ForStatement | K::WhileStatement => self.loop_(node, sc),
            K::IfStatement => {
                if let Some(condition) = self.child(node, f.condition) {
                    let e = self.truth(condition, sc);
                    self.evaluate(s, e);
                }
                let mut before = self.snapshot(sc);
                let mut ends = Vec::new();
                if let Some(consequence) = self.child(node, f.consequence) {
                    self.block(consequence, sc);
                }
                ends.push(self.snapshot(sc));
                let mut otherwise = false;
                let (start, end) = self.field_children(node, f.alternative);
                for i in start..end {
                    let child = self.nodes[i];
                    self.restore(sc, &before);
                    let body;
                    if self.k(child) == K::ElifClause {
                        if let Some(condition) = self.child(child, f.condition) {
                            let e = self.truth(condition, sc);
                            self.evaluate(s, e);
                        }
                        before = self.snapshot(sc); // (a walrus in the condition binds for what follows)
                        body = self.child(child, f.consequence);
                    } else {
                        otherwise = true;
                        body = self.child(child, f.body);
                    }
                    if let Some(body) = body {
                        self.block(body, sc);
                    }
                    ends.push(self.snapshot(sc));
                }
                self.nodes.truncate(start);
                if !otherwise {
                    ends.push(before);
                }
                self.join(sc, ends);
            }
            K::TryStatement => self.try_statement(node, sc),
            K::MatchStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    let kind = self.k(child);
                    if kind != K::Block && kind != K::CaseClause && !kind.is_constant() {
                        let e = self.expr(child, sc);
                        self.evaluate(s, e);
                    }
                }
                let before = self.snapshot(sc);
                let mut ends = vec![before.clone()];
                for i in start..end {
                    let body = self.nodes[i];
                    if self.k(body) != K::Block {
                        continue;
                    }
                    let (cases_start, cases_end) = self.named(body);
                    for j in cases_start..cases_end {
                        let case = self.nodes[j];
                        if self.k(case) != K::CaseClause {
                            continue;
                        }
                        self.restore(sc, &before);
                        let (parts_start, parts_end) = self.named(case);
                        for p in parts_start..parts_end {
                            let part = self.nodes[p];
                            if self.k(part) == K::CasePattern {
                                // a capture binds its name to a value from the subject, which is not modelled
                                for name in self.captures(part) {
                                    if let Some(target) = self.target(name, sc) {
                                        let value = self.unknown();
                                        self.fact(vec![V::Lit(L::ASSIGN), V::Int(s), target, value]);
                                    }
                                }
                            } else if self.k(part) == K::IfClause {
                                // the guard (``case x if f(x):``): after the captures, before the body
                                let (conditions_start, conditions_end) = self.named(part);
                                for c in conditions_start..conditions_end {
                                    let condition = self.nodes[c];
                                    let e = self.expr(condition, sc);
                                    self.evaluate(s, e);
                                }
                                self.nodes.truncate(conditions_start);
                            } else if self.k(part) == K::Block {
                                self.block(part, sc);
                            }
                        }
                        self.nodes.truncate(parts_start);
                        ends.push(self.snapshot(sc));
                    }
                    self.nodes.truncate(cases_start);
                }
                self.nodes.truncate(start);
                self.join(sc, ends);
            }
            K::BreakStatement | K::ContinueStatement => {
                let alive = !self.scopes[sc].loops.is_empty() && !self.scopes[sc].dead;
                if alive {
                    let state = self.snapshot(sc);
                    let last = self.scopes[sc].loops.last_mut().unwrap();
                    if kind == K::BreakStatement {
                        last.0.push(state);
                    } else {
                        last.1.push(state);
                    }
                }
                self.scopes[sc].dead = true;
            }
            K::WithStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    match self.k(child) {
                        K::WithClause => {
                            let (items_start, items_end) = self.named(child);
                            for j in items_start..items_end {
                                let item = self.nodes[j];
                                if self.k(item) == K::WithItem {
                                    self.with_item(item, sc);
                                }
                            }
                            self.nodes.truncate(items_start);
                        }
                        K::Block => self.block(child, sc),
                        _ => {}
                    }
                }
                self.nodes.truncate(start);
            }
            K::ExceptClause => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    match self.k(child) {
                        K::AsPattern => {
                            let caught = self.first_named(child);
                            let alias = self.child(child, f.alias);
                            let bound = alias.and_then(|alias| self.first_named(alias));
                            if let Some(caught) = caught {
                                let target = match bound {
                                    Some(bound) => self.target(bound, sc),
                                    None => None,
                                };
                                let e = self.expr(caught, sc);
                                self.fact(vec![V::Lit(L::EXCEPT), V::Int(s), target.unwrap_or(V::Null), e]);
                            }
                        }
                        K::Block => self.block(child, sc),
                        _ => {
                            let e = self.expr(child, sc);
                            self.evaluate(s, e);
                        }
                    }
                }
                self.nodes.truncate(start);
            }
            K::RaiseStatement => {
                let (start, end) = self.named(node);
                if start < end {
                    let first = self.nodes[start];
                    let e = self.expr(first, sc);
                    let span = self.span(first);
                    self.fact(vec![V::Lit(L::RAISE), V::Int(s), e, span]);
                    for i in start + 1..end {
                        let child = self.nodes[i];
                        let e = self.expr(child, sc);
                        self.evaluate(s, e);
                    }
                }
                self.nodes.truncate(start);
                self.escape(sc);
                let scope = &mut self.scopes[sc];
                scope.dead = scope.kind != SK::Class;
            }
            K::ImportStatement | K::ImportFromStatement => self.import_names(node, sc),
            K::DeleteStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    self.delete(child, sc);
                }
                self.nodes.truncate(start);
            }
            K::GlobalStatement | K::NonlocalStatement => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    if self.k(child) == K::Identifier {
                        let name = self.intern(self.text(child));
                        let scope = &mut self.scopes[sc];
                        if kind == K::GlobalStatement {
                            scope.globals.insert(name);
                        } else {
                            scope.nonlocals.insert(name);
                        }
                    }
                }
                self.nodes.truncate(start);
            }
            K::Block | K::Module | K::ElseClause | K::FinallyClause | K::ElifClause | K::CaseClause | K::Error
            | K::ExceptGroupClause | K::WithClause => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    let kind = self.k(child);
                    if kind != K::CasePattern && !kind.is_constant() {
                        self.statement(child, sc);
                    }
                }
                self.nodes.truncate(start);
            }
            // (and "call", "string", "await", "yield", which flow.py asks for first)
            _ => {
                let e = self.expr(node, sc);
                self.evaluate(s, e);
            }
        }
    }

    /// `loop(node, scope)`: `for` and `while`
    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn loop_(&mut self, node: Node<'t>, sc: usize) {
        self.framed(|b| b.loop_inner(node, sc));
    }

    fn loop_inner(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let s = self.scopes[sc].index;
        let body = self.child(node, f.body);
        let right = self.child(node, f.right);
        let iterable = right.map(|right| self.expr(right, sc)); // evaluated once, before the loop
        let heads = self.loop_head(sc, node);
        let mut head = self.snapshot(sc);
        self.scopes[sc].loops.push((Vec::new(), Vec::new()));
        if self.k(node) == K::ForStatement {
            let left = self.child(node, f.left);
            if let (Some(iterable), Some(right)) = (iterable, right) {
                let target = match left {
                    Some(left) => self.target(left, sc),
                    None => None,
                };
                let span = self.span(right);
                self.fact(vec![V::Lit(L::FOR), V::Int(s), target.unwrap_or(V::Null), iterable, span]);
            }
        } else {
            if let Some(condition) = self.child(node, f.condition) {
                let e = self.truth(condition, sc);
                self.evaluate(s, e);
            }
            head = self.snapshot(sc);
        }
        if let Some(body) = body {
            self.block(body, sc);
        }
        let (breaks, continues) = self.scopes[sc].loops.pop().unwrap_or_default();
        let mut states = vec![self.snapshot(sc)];
        states.extend(continues);
        self.loop_back(&heads, &states);
        self.restore(sc, &head); // the loop ends at its head
        if let Some(alternative) = self.child(node, f.alternative) {
            self.statement(alternative, sc);
        }
        let mut ends = vec![self.snapshot(sc)];
        ends.extend(breaks);
        self.join(sc, ends);
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn try_statement(&mut self, node: Node<'t>, sc: usize) {
        self.framed(|b| b.try_statement_inner(node, sc));
    }

    fn try_statement_inner(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let before = self.snapshot(sc);
        let start = self.scopes[sc].created.len();
        let mut ends = Vec::new();
        let mut finally_clause = None;
        let mut handlers: Vec<Node<'t>> = Vec::new();
        if let Some(body) = self.child(node, f.body) {
            self.block(body, sc);
        }
        let made: Vec<(Sym, u32)> = self.scopes[sc].created[start..].to_vec();
        let mut after_body = self.snapshot(sc);
        let (first, end) = self.named(node);
        for i in first..end {
            let child = self.nodes[i];
            match self.k(child) {
                K::ExceptClause | K::ExceptGroupClause => handlers.push(child),
                K::ElseClause => {
                    self.restore(sc, &after_body);
                    self.statement(child, sc);
                    after_body = self.snapshot(sc);
                }
                K::FinallyClause => finally_clause = Some(child),
                _ => {}
            }
        }
        self.nodes.truncate(first);
        ends.push(after_body);
        if !handlers.is_empty() {
            self.restore(sc, &before);
            let mut versions: IndexMap<Sym, Vec<u32>, Fx> = IndexMap::default();
            for (name, version) in made {
                if self.scopes[sc].versionable(name) {
                    let param = self.scopes[sc].params.contains(&name);
                    versions.entry(name)
                        .or_insert_with(|| match before.env.get(&name) {
                            Some(v) => vec![*v],
                            None if param => vec![0], // (the value the parameter came in with)
                            None => Vec::new(),
                        })
                        .push(version);
                }
            }
            for (name, sources) in versions {
                self.phi(sc, name, sources);
            }
            let entry = self.snapshot(sc);
            for handler in handlers {
                self.restore(sc, &entry);
                self.statement(handler, sc);
                ends.push(self.snapshot(sc));
            }
        }
        self.join(sc, ends);
        if let Some(finally_clause) = finally_clause {
            let dead = self.scopes[sc].dead;
            self.scopes[sc].dead = false;
            self.statement(finally_clause, sc);
            let scope = &mut self.scopes[sc];
            scope.dead = dead || scope.dead;
        }
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn with_item(&mut self, item: Node<'t>, sc: usize) {
        self.framed(|b| b.with_item_inner(item, sc));
    }

    fn with_item_inner(&mut self, item: Node<'t>, sc: usize) {
        let f = self.f;
        let Some(mut value) = self.child(item, f.value) else { return };
        let mut target = None;
        if self.k(value) == K::AsPattern {
            let alias = self.child(value, f.alias);
            let inner = self.first_named(value);
            if let Some(bound) = alias.and_then(|alias| self.first_named(alias)) {
                target = self.target(bound, sc);
            }
            match inner {
                Some(inner) => value = inner,
                None => return,
            }
        }
        let e = self.expr(value, sc);
        let span = self.span(value);
        let s = self.scopes[sc].index;
        self.fact(vec![V::Lit(L::WITH), V::Int(s), target.unwrap_or(V::Null), e, span]);
    }

    fn import_names(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let s = self.scopes[sc].index;
        let module_node = self.child(node, f.module_name);
        let statement = node.start_position();
        let plain = self.k(node) == K::ImportStatement; // (not ``from … import``)
        let mut made: Vec<(usize, usize, Sym)> = Vec::new();
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            if Some(child) == module_node {
                continue;
            }
            let mut local = None;
            let mut point = statement;
            match self.k(child) {
                K::DottedName => {
                    let text = self.text(child);
                    local = Some(self.intern(if plain { text.split('.').next().unwrap_or("") } else { text }));
                    if plain {
                        point = child.start_position();
                    }
                }
                K::AliasedImport => {
                    if let Some(alias) = self.child(child, f.alias) {
                        local = Some(self.intern(self.text(alias)));
                        if plain {
                            point = self.child(child, f.name).unwrap_or(child).start_position();
                        }
                    }
                }
                _ => {}
            }
            let Some(local) = local else { continue };
            self.scopes[sc].bound.insert(local);
            let key = (point.row + 1, point.column, local);
            if made.contains(&key) || !self.scopes[sc].versionable(local) {
                continue;
            }
            made.push(key);
            let count = self.new_version(sc, local);
            let fact = self.mk(&[V::Lit(L::IMPORT), V::Int(s), V::Point(key.0 as u32, key.1 as u32),
                                    V::Name(local), V::Ver(local, count)]);
            self.note(sc, local, fact, 4);
            self.facts.push(Self::id(fact));
        }
        self.nodes.truncate(start);
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn assignment(&mut self, node: Node<'t>, sc: usize) {
        self.framed(|b| b.assignment_inner(node, sc));
    }

    fn assignment_inner(&mut self, node: Node<'t>, sc: usize) {
        let f = self.f;
        let mut targets: Vec<Node<'t>> = Vec::new();
        let mut current = Some(node);
        let annotation = self.child(node, f.type_);
        while let Some(c) = current {
            if self.k(c) != K::Assignment {
                break;
            }
            if let Some(left) = self.child(c, f.left) {
                targets.push(left);
            }
            current = self.child(c, f.right);
        }
        let s = self.scopes[sc].index;
        let value = current.map(|c| self.expr(c, sc));
        let mut constant = None;
        if let Some(c) = current {
            if self.k(c).is_literal() {
                constant = self.literal(c, None);
            }
        }
        for (position, left) in targets.iter().enumerate() {
            let Some(target) = self.target(*left, sc) else { continue };
            if let Some(constant) = constant {
                if self.tag(target) == Some(L::NAME) {
                    if let V::Ver(name, count) = self.lists[Self::id(target) as usize][1] {
                        self.constants.insert((s, name, count), constant);
                    }
                }
            }
            if let Some(value) = value {
                self.fact(vec![V::Lit(L::ASSIGN), V::Int(s), target, value]);
            }
            if annotation.is_some() && position == 0 {
                if let Some(types) = self.annotation(annotation, sc) {
                    self.fact(vec![V::Lit(L::ANNOTATION), V::Int(s), target, types]);
                }
            }
        }
    }

    /// `annotation(node, scope)`: the type expressions an annotation names
    fn annotation(&mut self, node: Option<Node<'t>>, sc: usize) -> Option<V> {
        let node = node?;
        if !self.enter() {
            return None;
        }
        let mut out: Vec<V> = Vec::new();
        let mut stack = vec![node];
        while out.len() < 4 {
            let Some(current) = stack.pop() else { break };
            match self.k(current) {
                K::Type | K::BinaryOperator => {
                    let (start, end) = self.named(current);
                    stack.extend(self.nodes[start..end].iter().rev());
                    self.nodes.truncate(start);
                }
                K::Identifier | K::Attribute => {
                    let e = self.expr(current, sc);
                    out.push(e);
                }
                K::GenericType | K::Subscript => {
                    let (start, end) = self.named(current);
                    let name = if start < end { self.text(self.nodes[start]) } else { "" };
                    if matches!(last_dotted(name), "Optional" | "Union" | "Annotated" | "Final" | "ClassVar") {
                        let mut arguments: Vec<Node<'t>> =
                            if start < end { self.nodes[start + 1..end].to_vec() } else { Vec::new() };
                        if name.ends_with("Annotated") {
                            arguments.truncate(1);
                        }
                        for argument in arguments.into_iter().rev() {
                            if self.k(argument) == K::TypeParameter {
                                let (inner_start, inner_end) = self.named(argument);
                                stack.extend(self.nodes[inner_start..inner_end].iter().rev());
                                self.nodes.truncate(inner_start);
                            } else {
                                stack.push(argument);
                            }
                        }
                    }
                    self.nodes.truncate(start);
                }
                K::String => {
                    // a forward reference: "Car", "pkg.Car", "Car | None", "Optional[Car]"
                    let (start, end) = self.named(current);
                    let content = self.string_content(start, end).into_owned();
                    self.nodes.truncate(start);
                    let content = content.replace("Optional[", "").replace(']', "");
                    for alternative in content.split('|') {
                        let alternative = alternative.trim_matches(py_isspace);
                        if alternative == "None" || alternative.is_empty() {
                            continue;
                        }
                        let parts: Vec<&str> = alternative.split('.').collect();
                        let mut all = true;
                        for part in &parts {
                            if !self.is_identifier(part) {
                                all = false;
                                break;
                            }
                        }
                        if !all {
                            continue;
                        }
                        let name = self.intern_owned(parts[0]);
                        let mut expression = self.mk(&[V::Lit(L::NAME), V::Name(name), V::Int(0)]);
                        self.reads.push((Self::id(expression), sc, None));
                        for part in &parts[1..] {
                            let part = self.own(part.to_string());
                            expression = self.mk(&[V::Lit(L::ATTR), expression, part, V::Int(0), V::Int(0)]);
                        }
                        out.push(expression);
                    }
                }
                _ => {}
            }
        }
        self.depth -= 1;
        if out.is_empty() {
            None
        } else {
            Some(self.mk(&out))
        }
    }

    /// `"".join(text(c) for c in children if kind == "string_content")` over `self.nodes[start..end]`
    fn string_content(&mut self, start: usize, end: usize) -> Cow<'t, str> {
        let mut one: Option<&'t str> = None;
        let mut many: Option<String> = None;
        for i in start..end {
            let child = self.nodes[i];
            if self.k(child) != K::StringContent {
                continue;
            }
            let text = self.text(child);
            if let Some(many) = many.as_mut() {
                many.push_str(text);
            } else if let Some(first) = one {
                let mut joined = String::with_capacity(first.len() + text.len());
                joined.push_str(first);
                joined.push_str(text);
                many = Some(joined);
            } else {
                one = Some(text);
            }
        }
        match many {
            Some(many) => Cow::Owned(many),
            None => Cow::Borrowed(one.unwrap_or("")),
        }
    }

    fn target(&mut self, node: Node<'t>, sc: usize) -> Option<V> {
        self.entered(|b| b.target_(node, sc), |_| None)
    }

    fn target_(&mut self, node: Node<'t>, sc: usize) -> Option<V> {
        let f = self.f;
        let s = self.scopes[sc].index;
        match self.k(node) {
            K::Identifier => {
                let name = self.intern(self.text(node));
                if self.scopes[sc].versionable(name) {
                    self.scopes[sc].bound.insert(name);
                    let count = self.new_version(sc, name);
                    let expression = self.mk(&[V::Lit(L::NAME), V::Ver(name, count), V::Int(s)]);
                    self.note(sc, name, expression, 1);
                    return Some(expression);
                }
                let expression = self.mk(&[V::Lit(L::NAME), V::Name(name), V::Int(s)]);
                self.writes.push((Self::id(expression), sc));
                Some(expression)
            }
            K::Attribute => {
                let object = self.child(node, f.object)?;
                let attribute = self.child(node, f.attribute)?;
                let point = attribute.start_position();
                let e = self.expr(object, sc);
                let name = self.sv(self.text(attribute));
                Some(self.mk(&[V::Lit(L::ATTR), e, name, V::Int(point.row as i64 + 1), V::Int(point.column as i64)]))
            }
            K::Subscript => {
                let value = self.child(node, f.value)?;
                let e = self.expr(value, sc);
                let key = self.key(node, sc).unwrap_or(V::Null);
                let span = self.span(node);
                Some(self.mk(&[V::Lit(L::SUBSCRIPT), e, key, span]))
            }
            K::PatternList | K::TuplePattern | K::ListPattern | K::Tuple | K::List | K::ExpressionList => {
                let (start, end) = self.named(node);
                let mut parts = Vec::with_capacity(end - start);
                for i in start..end {
                    let child = self.nodes[i];
                    let part = self.target(child, sc);
                    parts.push(part);
                }
                self.nodes.truncate(start);
                let parts: Vec<V> = parts.into_iter().map(|p| p.unwrap_or_else(|| self.unknown())).collect();
                let parts = self.mk(&parts);
                // (unpacking iterates the value: the targets' span is where its ``__iter__`` is called)
                let span = self.span(node);
                Some(self.mk(&[V::Lit(L::TUPLE), parts, span]))
            }
            K::ListSplatPattern | K::ListSplat => {
                let inner = self.first_named(node)?;
                let found = self.target(inner, sc)?;
                Some(self.mk(&[V::Lit(L::STAR), found]))
            }
            K::ParenthesizedExpression => {
                let inner = self.first_named(node)?;
                self.target(inner, sc)
            }
            _ => None,
        }
    }

    /// `key(subscript, scope)`
    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn key(&mut self, subscript: Node<'t>, sc: usize) -> Option<V> {
        self.framed(|b| b.key_inner(subscript, sc))
    }

    fn key_inner(&mut self, subscript: Node<'t>, sc: usize) -> Option<V> {
        let index = self.child(subscript, self.f.subscript)?;
        let s = self.scopes[sc].index;
        if self.k(index) == K::Slice {
            let (start, end) = self.named(index);
            for i in start..end {
                let part = self.nodes[i];
                let e = self.expr(part, sc);
                self.evaluate(s, e);
            }
            self.nodes.truncate(start);
            return Some(V::Lit(L::SLICE)); // a slice of a container holds the container's elements
        }
        let literal = self.literal(index, Some(sc));
        if literal.is_none() {
            let evaluated = self.expr(index, sc);
            if self.scopes[sc].kind == SK::Function && self.tag(evaluated) == Some(L::NAME) {
                let list = &self.lists[Self::id(evaluated) as usize];
                let (name, scope) = (list[1], list[2]);
                if scope == V::Int(s) && !self.has_at(name) {
                    // a parameter not rebound (``table[key]``)
                    return Some(self.mk(&[V::Lit(L::NAME), name, V::Int(s)]));
                }
            }
            self.evaluate(s, evaluated);
        }
        literal
    }

    /// `literal(node, scope)`: a key written as a literal
    fn literal(&mut self, node: Node<'t>, sc: Option<usize>) -> Option<V> {
        let kind = self.k(node);
        if kind == K::String && !self.has_child(node, K::Interpolation, true) {
            let (start, end) = self.named(node);
            let content = self.string_content(start, end);
            self.nodes.truncate(start);
            return Some(self.string_key(content));
        }
        let signed = kind == K::UnaryOperator && {
            let count = node.named_child_count();
            count > 0 && node.named_child(count as u32 - 1).is_some_and(|last| matches!(self.k(last), K::Integer | K::Float))
        };
        if matches!(kind, K::Integer | K::Float | K::True | K::False) || signed {
            return self.number_key(self.text(node));
        }
        if kind == K::Identifier {
            if let Some(sc) = sc {
                // a name bound to a literal on this path (``k = "a"; d[k]``)
                let name = *self.interned.get(self.text(node))?;
                let scope = &self.scopes[sc];
                let version = *scope.env.get(&name)?;
                return self.constants.get(&(scope.index, name, version)).copied();
            }
        }
        None
    }

    // -- definitions ----------------------------------------------------------------------------------

    /// `definition(node, outer, scope, decorators)`; the decorators are `self.nodes[decorators.0..decorators.1]`
    fn definition(&mut self, node: Node<'t>, outer: Node<'t>, sc: usize, decorators: (usize, usize)) {
        self.entered(|b| b.definition_(node, outer, sc, decorators), |_| ())
    }

    fn definition_(&mut self, node: Node<'t>, outer: Node<'t>, sc: usize, decorators: (usize, usize)) {
        let f = self.f;
        let name_text = self.child(node, f.name).map_or("", |n| self.text(n));
        let name = if name_text.is_empty() { None } else { Some(self.intern(name_text)) };
        let index = self.by_range.get(&(outer.start_byte(), outer.end_byte())).copied().unwrap_or(-1);
        let s = self.scopes[sc].index;
        let mut applied: Vec<V> = Vec::new();
        let mut accessor = false; // ``@x.setter``: the property's name holds the getter and the setter
        for i in decorators.0..decorators.1 {
            let decorator = self.nodes[i];
            let Some(expression) = self.first_named(decorator) else { continue };
            let written = self.text(expression);
            let access = written.ends_with(".setter") || written.ends_with(".getter") || written.ends_with(".deleter");
            if access || matches!(written, "staticmethod" | "classmethod" | "property" | "abstractmethod"
                | "abc.abstractmethod" | "functools.cached_property" | "cached_property" | "typing.overload" | "overload") {
                accessor = accessor || access;
                continue;
            }
            let e = self.expr(expression, sc);
            let span = self.span(expression);
            let pair = self.mk(&[e, span]);
            applied.push(pair);
        }
        if !applied.is_empty() {
            self.escape(sc); // applying a decorator runs code
        }
        if let Some(name) = name {
            if !self.scopes[sc].globals.contains(&name) {
                self.scopes[sc].bound.insert(name);
            }
        }
        let mut binding = match name {
            Some(name) => V::Name(name),
            None => V::Lit(L::EMPTY),
        };
        if let Some(name) = name {
            if self.scopes[sc].versionable(name) {
                let current = self.scopes[sc].env.get(&name).copied();
                binding = match current {
                    Some(current) if accessor => V::Ver(name, current),
                    _ => V::Ver(name, self.new_version(sc, name)),
                };
            }
        }
        let body = self.child(node, f.body);
        if index < 0 {
            // not a symbol (a broken definition): its code counts as the enclosing scope's
            if let Some(body) = body {
                self.block(body, sc);
            }
            return;
        }
        let applied = self.mk(&applied);
        if self.k(node) == K::ClassDefinition {
            let mut metaclass: Option<V> = None;
            if let Some(superclasses) = self.child(node, f.superclasses) {
                let (start, end) = self.named(superclasses);
                for i in start..end {
                    let argument = self.nodes[i];
                    if self.k(argument) == K::KeywordArgument {
                        let key = self.child(argument, f.name);
                        let value = self.child(argument, f.value);
                        if let (Some(key), Some(value)) = (key, value) {
                            if self.text(key) == "metaclass" {
                                // (evaluated where the def fact is)
                                metaclass = Some(self.expr(value, sc));
                                continue;
                            }
                        }
                    }
                    if matches!(self.k(argument), K::Call | K::KeywordArgument) {
                        let e = self.expr(argument, sc);
                        self.evaluate(s, e);
                    }
                }
                self.nodes.truncate(start);
            }
            self.def_fact(sc, index, applied, name, binding);
            let fields = self.init_fields(node, body, decorators);
            let fields = self.mk(&fields);
            let last = *self.facts.last().unwrap() as usize;
            self.lists.append(last, fields);
            {
                // where the class is made (its attributes' ``__set_name__`` and its bases' ``__init_subclass__`` run)
                let name_node = self.child(node, f.name).unwrap_or(node);
                let span = self.span(name_node);
                let last = *self.facts.last().unwrap() as usize;
                self.lists.append(last, span);
            }
            if let Some(metaclass) = metaclass {
                // the class's metaclass (``metaclass=M``)
                let last = *self.facts.last().unwrap() as usize;
                self.lists.append(last, metaclass);
            }
            self.scopes.push(Scope::new(index, SK::Class, Some(sc)));
            let inner = self.scopes.len() - 1;
            if let Some(body) = body {
                self.block(body, inner);
            }
            return;
        }
        self.scopes.push(Scope::new(index, SK::Function, Some(sc)));
        let inner = self.scopes.len() - 1;
        let in_class = self.scopes[sc].kind == SK::Class;
        if in_class {
            self.scopes[inner].klass = s;
        }
        let parameters = self.child(node, f.parameters);
        let params = self.parameters(parameters, sc, inner);
        if in_class {
            if let Some(&first) = params.first() {
                let first = &self.lists[first as usize];
                if first[1] == V::Int(0) {
                    if let V::Name(receiver) = first[0] {
                        self.scopes[inner].receiver = Some(receiver);
                    }
                }
            }
        }
        let return_type = self.child(node, f.return_type);
        let returns = self.annotation(return_type, sc).unwrap_or(V::Null);
        let params: Vec<V> = params.into_iter().map(V::List).collect();
        let params = self.mk(&params);
        let fact = self.mk(&[V::Lit(L::FUNCTION), V::Int(s), V::Int(index), params, V::Bool(false), returns]);
        self.facts.push(Self::id(fact));
        self.generators.insert(index, Self::id(fact));
        self.def_fact(sc, index, applied, name, binding);
        if let Some(body) = body {
            self.block(body, inner);
        }
        self.escape(inner);
    }

    /// `init_fields(node, body, decorators)`: the fields of a generated ``__init__``
    fn init_fields(&mut self, node: Node<'t>, body: Option<Node<'t>>, decorators: (usize, usize)) -> Vec<V> {
        let f = self.f;
        let Some(body) = body else { return Vec::new() };
        let mut generated = false;
        for i in decorators.0..decorators.1 {
            let decorator = self.nodes[i];
            if let Some(expression) = self.first_named(decorator) {
                let written = self.text(expression);
                let head = written.split('(').next().unwrap_or("");
                if matches!(last_dotted(head), "dataclass" | "s" | "attrs" | "define" | "frozen" | "mutable") {
                    generated = true;
                    break;
                }
            }
        }
        if !generated {
            if let Some(superclasses) = self.child(node, f.superclasses) {
                let (start, end) = self.named(superclasses);
                generated = self.nodes[start..end].iter().any(|base| last_dotted(self.text(*base)) == "NamedTuple");
                self.nodes.truncate(start);
            }
        }
        if !generated {
            return Vec::new();
        }
        let mut out = Vec::new();
        let (start, end) = self.named(body);
        for i in start..end {
            let statement = self.nodes[i];
            let assignment = if self.k(statement) == K::ExpressionStatement {
                self.first_named(statement).unwrap_or(statement)
            } else {
                statement
            };
            if self.k(assignment) != K::Assignment {
                continue;
            }
            let left = self.child(assignment, f.left);
            let annotation = self.child(assignment, f.type_);
            let right = self.child(assignment, f.right);
            let Some(left) = left else { continue };
            if self.k(left) != K::Identifier {
                continue;
            }
            let right_call = right.filter(|r| self.k(*r) == K::Call);
            if let Some(annotation) = annotation {
                let last = last_dotted(self.text(annotation));
                if last.starts_with("ClassVar") || last == "KW_ONLY" {
                    continue;
                }
            } else {
                let Some(call) = right_call else { continue };
                let function = self.child(call, f.function).unwrap_or(call);
                if !matches!(last_dotted(self.text(function)), "ib" | "attrib" | "field") {
                    continue;
                }
            }
            if let Some(call) = right_call {
                let squeezed: String = self.text(call).chars().filter(|c| *c != ' ').collect();
                if squeezed.contains("init=False") {
                    continue;
                }
            }
            out.push(self.sv(self.text(left)));
        }
        self.nodes.truncate(start);
        out
    }

    /// `def_fact(scope, index, applied, name, binding)`
    fn def_fact(&mut self, sc: usize, index: i64, applied: V, name: Option<Sym>, binding: V) {
        let s = self.scopes[sc].index;
        let fact = self.mk(&[V::Lit(L::DEF), V::Int(s), V::Int(index), applied, binding]);
        if let (Some(name), V::Ver(..)) = (name, binding) {
            self.note(sc, name, fact, 4);
        }
        self.facts.push(Self::id(fact));
    }

    /// `parameters(node, outer, inner)`: the ids of the lists `[name, kind, annotation]`
    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn parameters(&mut self, node: Option<Node<'t>>, outer: usize, inner: usize) -> Vec<u32> {
        self.framed(|b| b.parameters_inner(node, outer, inner))
    }

    fn parameters_inner(&mut self, node: Option<Node<'t>>, outer: usize, inner: usize) -> Vec<u32> {
        let f = self.f;
        let mut out: Vec<u32> = Vec::new();
        let Some(node) = node else { return out };
        let mut keyword_only = false;
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            let mut name_node = None;
            let mut param_kind = if keyword_only { 3 } else { 0 };
            let mut annotation = None;
            let mut default = None;
            match self.k(child) {
                K::Identifier => name_node = Some(child),
                K::DefaultParameter | K::TypedDefaultParameter => {
                    name_node = self.child(child, f.name);
                    annotation = self.child(child, f.type_);
                    default = self.child(child, f.value);
                }
                K::TypedParameter => {
                    let first = self.first_named(child);
                    annotation = self.child(child, f.type_);
                    match first.map(|n| self.k(n)) {
                        Some(K::ListSplatPattern) => {
                            name_node = self.splat_name(first.unwrap());
                            param_kind = 1;
                            keyword_only = true;
                        }
                        Some(K::DictionarySplatPattern) => {
                            name_node = self.splat_name(first.unwrap());
                            param_kind = 2;
                        }
                        _ => name_node = first,
                    }
                }
                K::ListSplatPattern => {
                    name_node = self.splat_name(child);
                    param_kind = 1;
                    keyword_only = true;
                }
                K::DictionarySplatPattern => {
                    name_node = self.splat_name(child);
                    param_kind = 2;
                }
                K::KeywordSeparator => {
                    keyword_only = true;
                    continue;
                }
                K::PositionalSeparator => {
                    for &earlier in &out {
                        let earlier = &mut self.lists[earlier as usize];
                        if earlier[1] == V::Int(0) {
                            earlier[1] = V::Int(4);
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let Some(name_node) = name_node else { continue };
            if self.k(name_node) != K::Identifier {
                continue;
            }
            let name = self.intern(self.text(name_node));
            self.scopes[inner].bound.insert(name);
            self.scopes[inner].params.insert(name);
            let types = match annotation {
                Some(_) => self.annotation(annotation, outer).unwrap_or(V::Null),
                None => V::Null,
            };
            let param = self.mk(&[V::Name(name), V::Int(param_kind), types]);
            out.push(Self::id(param));
            if let Some(default) = default {
                let (outer_index, inner_index) = (self.scopes[outer].index, self.scopes[inner].index);
                let target = self.mk(&[V::Lit(L::NAME), V::Name(name), V::Int(inner_index)]);
                let value = self.expr(default, outer);
                self.fact(vec![V::Lit(L::ASSIGN), V::Int(outer_index), target, value]);
            }
        }
        self.nodes.truncate(start);
        out
    }

    /// `_splat_name(node)`
    fn splat_name(&mut self, node: Node<'t>) -> Option<Node<'t>> {
        let (start, end) = self.named(node);
        let found = self.nodes[start..end].iter().copied().find(|c| self.k(*c) == K::Identifier);
        self.nodes.truncate(start);
        found
    }

    // -- expressions ------------------------------------------------------------------------------------

    fn expr(&mut self, node: Node<'t>, sc: usize) -> V {
        self.entered(|b| b.expr_(node, sc), |b| b.unknown())
    }

    fn expr_(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let s = self.scopes[sc].index;
        let kind = self.k(node);
        match kind {
            K::Identifier => {
                let name = self.intern(self.text(node));
                let expression = self.mk(&[V::Lit(L::NAME), V::Name(name), V::Int(s)]);
                let version = self.scopes[sc].env.get(&name).copied();
                self.reads.push((Self::id(expression), sc, version));
                expression
            }
            K::Attribute => {
                let object = self.child(node, f.object);
                let attribute = self.child(node, f.attribute);
                let (Some(object), Some(attribute)) = (object, attribute) else { return self.unknown() };
                let point = attribute.start_position();
                let e = self.expr(object, sc);
                let name = self.sv(self.text(attribute));
                self.mk(&[V::Lit(L::ATTR), e, name, V::Int(point.row as i64 + 1), V::Int(point.column as i64)])
            }
            K::Call => self.call(node, sc),
            K::String => {
                let (start, end) = self.named(node);
                let mut interpolated = false;
                for i in start..end {
                    let child = self.nodes[i];
                    if self.k(child) == K::Interpolation {
                        interpolated = true;
                        let (parts_start, parts_end) = self.named(child);
                        // formatting a value calls its ``__format__`` (``!r``: ``__repr__``, ``!s``: ``__str__``)
                        let mut dunder = L::FORMAT;
                        for j in parts_start..parts_end {
                            let part = self.nodes[j];
                            if self.k(part) == K::TypeConversion {
                                dunder = match self.text(part) {
                                    "!r" | "!a" => L::REPR,
                                    "!s" => L::STR,
                                    _ => L::FORMAT,
                                };
                                break;
                            }
                        }
                        for j in parts_start..parts_end {
                            let part = self.nodes[j];
                            if !matches!(self.k(part), K::FormatSpecifier | K::TypeConversion) {
                                let mut e = self.expr(part, sc);
                                if matches!(self.tag(e), Some(L::NAME | L::ATTR | L::CALL | L::SUBSCRIPT | L::ONE_OF)) {
                                    let span = self.span(child);
                                    e = self.mk(&[V::Lit(L::UNARY), V::Lit(dunder), e, span]);
                                }
                                self.evaluate(s, e);
                            }
                        }
                        self.nodes.truncate(parts_start);
                    }
                }
                let value = if node.end_byte() - node.start_byte() > 70 {
                    Some(V::Lit(L::EMPTY)) // a long string: its value is no attribute name
                } else if interpolated {
                    None
                } else {
                    let content = self.string_content(start, end);
                    Some(self.string_key(content))
                };
                self.nodes.truncate(start);
                match value {
                    Some(value) => self.mk(&[V::Lit(L::CONSTANT), value]),
                    None => self.constant(),
                }
            }
            _ if kind.is_constant() => self.constant(),
            K::ComparisonOperator => self.comparison(node, sc),
            K::BinaryOperator => {
                let left = self.child(node, f.left);
                let right = self.child(node, f.right);
                let operator = self.child(node, f.operator);
                let (Some(left), Some(right), Some(operator)) = (left, right, operator) else {
                    return self.unknown();
                };
                let dunder = binary_dunder(self.text(operator));
                let l = self.expr(left, sc);
                let r = self.expr(right, sc);
                let span = self.span(operator);
                self.mk(&[V::Lit(L::BINARY), V::Lit(dunder), l, r, span])
            }
            K::Subscript => {
                let Some(value) = self.child(node, f.value) else { return self.unknown() };
                if matches!(self.k(value), K::Identifier | K::Attribute) && is_union(last_dotted(self.text(value))) {
                    // `Union[A, B]`, `Optional[A]` as a value (a type alias): one of the classes it names, a
                    // generic class given type arguments as that class
                    let (start, end) = self.named(node);
                    let mut parts = Vec::with_capacity(end - start);
                    for i in start + 1..end {
                        let mut part = self.nodes[i];
                        if self.k(part) == K::Subscript {
                            if let Some(head) = self.child(part, f.value) {
                                if matches!(self.k(head), K::Identifier | K::Attribute)
                                    && !is_generic_form(last_dotted(self.text(head)))
                                {
                                    part = head;
                                }
                            }
                        }
                        parts.push(self.expr(part, sc));
                    }
                    self.nodes.truncate(start);
                    let parts = self.mk(&parts);
                    return self.mk(&[V::Lit(L::ONE_OF), parts]);
                }
                let e = self.expr(value, sc);
                let key = self.key(node, sc).unwrap_or(V::Null);
                let span = self.span(node);
                self.mk(&[V::Lit(L::SUBSCRIPT), e, key, span])
            }
            K::List | K::Tuple | K::Set | K::ExpressionList | K::PatternList => {
                let point = node.start_position();
                let (start, end) = self.named(node);
                let mut elements = Vec::with_capacity(end - start);
                for i in start..end {
                    let child = self.nodes[i];
                    // element(child, scope): one more of Python's frames
                    self.depth += 1;
                    let element = if self.k(child) == K::ListSplat && child.named_child_count() > 0 {
                        let inner = self.first_named(child).unwrap();
                        let e = self.expr(inner, sc);
                        self.mk(&[V::Lit(L::STAR), e])
                    } else {
                        self.expr(child, sc)
                    };
                    self.depth -= 1;
                    elements.push(element);
                }
                self.nodes.truncate(start);
                let elements = self.mk(&elements);
                self.mk(&[V::Lit(L::LIST), V::Int(point.row as i64 + 1), V::Int(point.column as i64), elements])
            }
            K::BooleanOperator => {
                let (start, end) = self.named(node);
                let mut values = Vec::with_capacity(end - start);
                for i in start..end {
                    let child = self.nodes[i];
                    values.push(self.expr(child, sc));
                }
                self.nodes.truncate(start);
                let values = self.mk(&values);
                self.mk(&[V::Lit(L::ONE_OF), values])
            }
            K::NotOperator => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    let e = self.truth(child, sc);
                    self.evaluate(s, e);
                }
                self.nodes.truncate(start);
                self.constant()
            }
            K::Dictionary => self.dictionary(node, sc),
            K::Await | K::ParenthesizedExpression | K::ListSplat | K::DictionarySplat => {
                let (start, end) = self.named(node);
                let inner = self.nodes[start..end].iter().copied().find(|c| self.k(*c) != K::Comment);
                self.nodes.truncate(start);
                match inner {
                    Some(inner) => self.expr(inner, sc),
                    None => self.unknown(),
                }
            }
            K::ConcatenatedString => {
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    self.expr(child, sc);
                }
                self.nodes.truncate(start);
                self.mk(&[V::Lit(L::CONSTANT), V::Lit(L::EMPTY)])
            }
            _ if kind.is_comprehension() => self.comprehension(node, sc),
            K::ConditionalExpression => {
                let (start, end) = self.named(node);
                let value = if end - start == 3 {
                    let parts = [self.nodes[start], self.nodes[start + 1], self.nodes[start + 2]];
                    let condition = self.truth(parts[1], sc);
                    self.evaluate(s, condition);
                    let a = self.expr(parts[0], sc);
                    let b = self.expr(parts[2], sc);
                    let values = self.mk(&[a, b]);
                    self.mk(&[V::Lit(L::ONE_OF), values])
                } else {
                    self.unknown()
                };
                self.nodes.truncate(start);
                value
            }
            K::UnaryOperator => {
                if let Some(first) = self.first_named(node) {
                    if matches!(self.k(first), K::Integer | K::Float) {
                        return self.constant(); // (a constant, as the kinds above)
                    }
                }
                let operator = self.child(node, f.operator);
                let argument = self.child(node, f.argument);
                let (Some(operator), Some(argument)) = (operator, argument) else { return self.unknown() };
                let dunder = unary_dunder(self.text(operator));
                let e = self.expr(argument, sc);
                let span = self.span(operator);
                self.mk(&[V::Lit(L::UNARY), V::Lit(dunder), e, span])
            }
            K::Lambda => self.lambda_(node, sc),
            K::NamedExpression => {
                let name = self.child(node, f.name);
                let value = self.child(node, f.value);
                let (Some(name), Some(value)) = (name, value) else { return self.unknown() };
                let evaluated = self.expr(value, sc);
                if let Some(target) = self.target(name, sc) {
                    self.fact(vec![V::Lit(L::ASSIGN), V::Int(s), target, evaluated]);
                }
                evaluated
            }
            K::Yield => {
                // mark_generator(scope)
                if let Some(&fact) = self.generators.get(&s) {
                    self.lists[fact as usize][4] = V::Bool(true);
                }
                let yielded = self.first_named(node);
                let from = self.has_child(node, K::From, false);
                if let Some(yielded) = yielded {
                    let e = self.expr(yielded, sc);
                    if from {
                        // (where the operand is iterated: its ``__iter__`` is called there)
                        let span = self.span(yielded);
                        self.fact(vec![V::Lit(L::YIELD_FROM), V::Int(s), e, span]);
                    } else {
                        self.fact(vec![V::Lit(L::YIELD), V::Int(s), e]);
                    }
                }
                self.escape(sc); // the consumer runs here
                if from || self.scopes[sc].kind != SK::Function {
                    return self.unknown();
                }
                self.mk(&[V::Lit(L::NAME), V::Lit(L::SENT), V::Int(s)])
            }
            _ => {
                // anything else: keep its calls, model nothing
                let (start, end) = self.named(node);
                for i in start..end {
                    let child = self.nodes[i];
                    if !self.k(child).is_constant() {
                        let e = self.expr(child, sc);
                        self.evaluate(s, e);
                    }
                }
                self.nodes.truncate(start);
                self.unknown()
            }
        }
    }

    /// `expr`'s dictionary display
    fn dictionary(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let s = self.scopes[sc].index;
        let point = node.start_position();
        let mut pairs: Vec<(Option<V>, V)> = Vec::new();
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            match self.k(child) {
                K::Pair => {
                    let key_node = self.child(child, f.key);
                    let value_node = self.child(child, f.value);
                    let literal = match key_node {
                        Some(key_node) => self.literal(key_node, Some(sc)),
                        None => None,
                    };
                    if literal.is_none() {
                        if let Some(key_node) = key_node {
                            let e = self.expr(key_node, sc);
                            self.evaluate(s, e);
                        }
                    }
                    if let Some(value_node) = value_node {
                        let e = self.expr(value_node, sc);
                        pairs.push((literal, e));
                    }
                }
                K::DictionarySplat if child.named_child_count() > 0 => {
                    let inner = self.first_named(child).unwrap();
                    let e = self.expr(inner, sc);
                    let splat = self.mk(&[V::Lit(L::DOUBLE_STAR), e]);
                    pairs.push((None, splat));
                }
                _ => {}
            }
        }
        self.nodes.truncate(start);
        // a repeated literal key: the later pair wins (the earlier pairs' values are evaluated, from the last)
        let mut removed: Vec<usize> = Vec::new();
        {
            let mut later: HashSet<Cow<'_, str>> = HashSet::new();
            for position in (0..pairs.len()).rev() {
                let Some(key) = pairs[position].0 else { continue };
                let key = self.vtext(key);
                if later.contains(&key) {
                    removed.push(position);
                } else {
                    later.insert(key);
                }
            }
        }
        for position in removed {
            let (_, value) = pairs.remove(position);
            self.evaluate(s, value);
        }
        let pairs: Vec<V> = pairs.into_iter()
            .map(|(key, value)| self.mk(&[key.unwrap_or(V::Null), value]))
            .collect();
        let pairs = self.mk(&pairs);
        self.mk(&[V::Lit(L::DICT), V::Int(point.row as i64 + 1), V::Int(point.column as i64), pairs])
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn comparison(&mut self, node: Node<'t>, sc: usize) -> V {
        self.framed(|b| b.comparison_inner(node, sc))
    }

    fn comparison_inner(&mut self, node: Node<'t>, sc: usize) -> V {
        let s = self.scopes[sc].index;
        let (start, end) = self.children(node);
        let mut operands = Vec::new();
        let mut operators = Vec::new();
        for i in start..end {
            let child = self.nodes[i];
            if child.is_named() {
                operands.push(child);
            } else {
                operators.push(child);
            }
        }
        self.nodes.truncate(start);
        let mut values = Vec::with_capacity(operands.len());
        for operand in operands {
            values.push(self.expr(operand, sc));
        }
        // operators[: len(values) - 1]
        let count = if values.is_empty() {
            operators.len().saturating_sub(1)
        } else {
            operators.len().min(values.len() - 1)
        };
        for (position, operator) in operators[..count].iter().enumerate() {
            if position + 1 >= values.len() {
                self.bail.set(true); // (Python raises IndexError)
                break;
            }
            let written = self.text(*operator);
            let (left, right) = (values[position], values[position + 1]);
            if written == "in" || written == "not in" {
                let span = self.span(*operator);
                let e = self.mk(&[V::Lit(L::BINARY), V::Lit(L::CONTAINS), right, left, span]);
                self.evaluate(s, e);
            } else if let Some(dunder) = compare_dunder(written) {
                let span = self.span(*operator);
                let e = self.mk(&[V::Lit(L::BINARY), V::Lit(dunder), left, right, span]);
                self.evaluate(s, e);
            }
        }
        if operators.len() + 1 < values.len() {
            for value in values {
                self.evaluate(s, value);
            }
        }
        self.constant()
    }

    /// `comprehension(node, scope)`: its own names do not outlive it
    fn comprehension(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let mut own: Vec<Sym> = Vec::new();
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            if self.k(child) == K::ForInClause {
                if let Some(left) = self.child(child, f.left) {
                    own.extend(self.bound_names(left, true));
                }
            }
        }
        self.nodes.truncate(start);
        // (what `outside = dict(scope.env)` holds for those names)
        let outside: Vec<Option<u32>> = own.iter().map(|name| self.scopes[sc].env.get(name).copied()).collect();
        self.depth += 1; // (comprehension's frame; enter() counts _comprehension's)
        let result = if self.enter() {
            let result = self.comprehension_(node, sc);
            self.depth -= 1;
            result
        } else {
            self.unknown()
        };
        self.depth -= 1;
        let env = &mut self.scopes[sc].env;
        for (name, before) in own.into_iter().zip(outside) {
            match before {
                Some(version) => {
                    env.insert(name, version);
                }
                None => {
                    env.shift_remove(&name);
                }
            }
        }
        result
    }

    fn comprehension_(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let s = self.scopes[sc].index;
        let body = self.child(node, f.body);
        let (start, end) = self.named(node);
        for i in start..end {
            let child = self.nodes[i];
            match self.k(child) {
                K::ForInClause => {
                    let left = self.child(child, f.left);
                    if let Some(right) = self.child(child, f.right) {
                        let iterable = self.expr(right, sc);
                        let target = match left {
                            Some(left) => self.target(left, sc),
                            None => None,
                        };
                        let span = self.span(right);
                        self.fact(vec![V::Lit(L::FOR), V::Int(s), target.unwrap_or(V::Null), iterable, span]);
                    }
                }
                K::IfClause => {
                    let (conditions_start, conditions_end) = self.named(child);
                    for j in conditions_start..conditions_end {
                        let condition = self.nodes[j];
                        let e = self.expr(condition, sc);
                        self.evaluate(s, e);
                    }
                    self.nodes.truncate(conditions_start);
                }
                _ => {}
            }
        }
        self.nodes.truncate(start);
        let point = node.start_position();
        let (line, column) = (V::Int(point.row as i64 + 1), V::Int(point.column as i64));
        let Some(body) = body else { return self.unknown() };
        if self.k(body) == K::Pair {
            let key = self.child(body, f.key);
            let value = self.child(body, f.value);
            if let Some(key) = key {
                let e = self.expr(key, sc);
                self.evaluate(s, e);
            }
            let pairs = match value {
                Some(value) => {
                    let e = self.expr(value, sc);
                    let pair = self.mk(&[V::Null, e]);
                    vec![pair]
                }
                None => Vec::new(),
            };
            let pairs = self.mk(&pairs);
            return self.mk(&[V::Lit(L::DICT), line, column, pairs]);
        }
        let e = self.expr(body, sc);
        let elements = self.mk(&[e]);
        self.mk(&[V::Lit(L::LIST), line, column, elements])
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn lambda_(&mut self, node: Node<'t>, sc: usize) -> V {
        self.framed(|b| b.lambda_inner(node, sc))
    }

    fn lambda_inner(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let s = self.scopes[sc].index;
        let index = self.by_range.get(&(node.start_byte(), node.end_byte())).copied().unwrap_or(-1);
        let body = self.child(node, f.body);
        if index < 0 {
            if let Some(body) = body {
                let e = self.expr(body, sc);
                self.evaluate(s, e);
            }
            return self.unknown();
        }
        self.scopes.push(Scope::new(index, SK::Function, Some(sc)));
        let inner = self.scopes.len() - 1;
        let parameters = self.child(node, f.parameters);
        let params = self.parameters(parameters, sc, inner);
        let params: Vec<V> = params.into_iter().map(V::List).collect();
        let params = self.mk(&params);
        let fact = self.mk(&[V::Lit(L::FUNCTION), V::Int(s), V::Int(index), params, V::Bool(false), V::Null]);
        self.facts.push(Self::id(fact));
        self.generators.insert(index, Self::id(fact));
        if let Some(body) = body {
            let e = self.expr(body, inner);
            self.fact(vec![V::Lit(L::RETURN), V::Int(index), e]);
        }
        self.escape(inner);
        self.mk(&[V::Lit(L::DEFINED), V::Int(index)])
    }

    fn call(&mut self, node: Node<'t>, sc: usize) -> V {
        self.entered(|b| b.call_(node, sc), |b| b.unknown())
    }

    fn call_(&mut self, node: Node<'t>, sc: usize) -> V {
        let f = self.f;
        let function = self.child(node, f.function);
        let arguments = self.child(node, f.arguments);
        let Some(function) = function else { return self.unknown() };
        let function_kind = self.k(function);
        if function_kind == K::Identifier && self.text(function) == "super" {
            return self.super_(arguments, sc);
        }
        let callee;
        let mut last;
        if function_kind == K::Attribute {
            // (what expr() makes of it, with the attribute's node kept for the span)
            let object = self.child(function, f.object);
            last = self.child(function, f.attribute);
            callee = match (object, last) {
                (Some(object), Some(attribute)) => {
                    let point = attribute.start_position();
                    let e = self.expr(object, sc);
                    let name = self.sv(self.text(attribute));
                    self.mk(&[V::Lit(L::ATTR), e, name, V::Int(point.row as i64 + 1), V::Int(point.column as i64)])
                }
                _ => self.unknown(),
            };
        } else {
            callee = self.expr(function, sc);
            last = Some(function);
        }
        let is_ref = function_kind == K::Identifier || function_kind == K::Attribute;
        if !is_ref && arguments.is_some() {
            last = arguments; // ``f()()``, ``table[k]()``: the call happens at its argument list
        }
        let span = self.span(last.unwrap_or(function));
        let mut args = Vec::new();
        let mut keywords = Vec::new();
        let mut star = V::Null;
        let mut double = V::Null;
        if let Some(arguments) = arguments {
            if self.k(arguments) == K::GeneratorExpression {
                args.push(self.expr(arguments, sc));
            } else {
                let (start, end) = self.named(arguments);
                for i in start..end {
                    let argument = self.nodes[i];
                    match self.k(argument) {
                        K::KeywordArgument => {
                            let name = self.child(argument, f.name);
                            let value = self.child(argument, f.value);
                            if let (Some(name), Some(value)) = (name, value) {
                                let name = self.sv(self.text(name));
                                let e = self.expr(value, sc);
                                let keyword = self.mk(&[name, e]);
                                keywords.push(keyword);
                            }
                        }
                        K::ListSplat if argument.named_child_count() > 0 => {
                            let inner = self.first_named(argument).unwrap();
                            star = self.expr(inner, sc);
                        }
                        K::DictionarySplat if argument.named_child_count() > 0 => {
                            let inner = self.first_named(argument).unwrap();
                            double = self.expr(inner, sc);
                        }
                        K::Comment => {}
                        _ => args.push(self.expr(argument, sc)),
                    }
                }
                self.nodes.truncate(start);
            }
        }
        let text = if is_ref { V::Null } else { self.squeezed(self.text(function)) };
        self.escape(sc); // the call runs code that may read this code's names
        let args = self.mk(&args);
        let keywords = self.mk(&keywords);
        self.mk(&[V::Lit(L::CALL), span, V::Bool(is_ref), callee, args, keywords, star, double, text])
    }

    /// (one more of Python's frames: see [`DEPTH_LIMIT`])
    fn super_(&mut self, arguments: Option<Node<'t>>, sc: usize) -> V {
        self.framed(|b| b.super_inner(arguments, sc))
    }

    fn super_inner(&mut self, arguments: Option<Node<'t>>, sc: usize) -> V {
        let mut given: Vec<Node<'t>> = Vec::new();
        if let Some(arguments) = arguments {
            let (start, end) = self.named(arguments);
            given.extend(self.nodes[start..end].iter().copied().filter(|c| self.k(*c) != K::Comment));
            self.nodes.truncate(start);
        }
        if given.len() == 2 {
            let a = self.expr(given[0], sc);
            let b = self.expr(given[1], sc);
            return self.mk(&[V::Lit(L::SUPER), a, b]);
        }
        let mut current = Some(sc);
        while let Some(c) = current {
            let scope = &self.scopes[c];
            if scope.kind == SK::Function && scope.klass < 0 {
                current = scope.parent; // super() in a nested function or lambda of a method
            } else {
                break;
            }
        }
        let Some(c) = current else { return self.unknown() };
        let (klass, receiver, index) = (self.scopes[c].klass, self.scopes[c].receiver, self.scopes[c].index);
        let Some(receiver) = receiver else { return self.unknown() };
        if klass < 0 {
            return self.unknown();
        }
        let defined = self.mk(&[V::Lit(L::DEFINED), V::Int(klass)]);
        let receiver = self.mk(&[V::Lit(L::NAME), V::Name(receiver), V::Int(index)]);
        self.mk(&[V::Lit(L::SUPER), defined, receiver])
    }

    // -- the names a piece of code binds (`_bound_names`, `_target_names`) --------------------------------

    fn target_names(&mut self, target: Node<'t>, out: &mut IndexSet<Sym, Fx>) {
        if !self.enter() {
            return;
        }
        let kind = self.k(target);
        if kind == K::Identifier {
            let name = self.intern(self.text(target));
            out.insert(name);
        } else if kind.is_target_group() {
            let (start, end) = self.named(target);
            for i in start..end {
                let child = self.nodes[i];
                self.target_names(child, out);
            }
            self.nodes.truncate(start);
        }
        self.depth -= 1;
    }

    /// `_WALRUS` and `_AS` matches' starts, sorted (`:=`, and `as\b` not after a word byte)
    fn ensure_binders(&mut self) {
        if self.binders.is_some() {
            return;
        }
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let bytes = self.src.as_bytes();
        let mut out = Vec::new();
        for i in 0..bytes.len().saturating_sub(1) {
            match (bytes[i], bytes[i + 1]) {
                (b':', b'=') => out.push(i),
                (b'a', b's') => {
                    let after = i + 2 == bytes.len() || !word(bytes[i + 2]);
                    if after && (i == 0 || !word(bytes[i - 1])) {
                        out.push(i);
                    }
                }
                _ => {}
            }
        }
        self.binders = Some(out);
    }

    /// `_captures(pattern, builder)`
    fn captures(&mut self, pattern: Node<'t>) -> Vec<Node<'t>> {
        let mut out: Vec<Node<'t>> = Vec::new();
        let mut stack = vec![pattern];
        while let Some(current) = stack.pop() {
            let kind = self.k(current);
            if kind == K::DottedName {
                continue; // (a class's or a value's name; a capture is read off its parent below)
            }
            let (start, end) = self.named(current);
            let children: Vec<Node<'t>> = self.nodes[start..end].to_vec();
            self.nodes.truncate(start);
            if let Some(&last) = children.last() {
                let last_kind = self.k(last);
                if matches!(kind, K::CasePattern | K::KeywordPattern) && last_kind == K::DottedName {
                    let (name_start, name_end) = self.named(last);
                    let name = if name_end - name_start == 1 { Some(self.nodes[name_start]) } else { None };
                    self.nodes.truncate(name_start);
                    if let Some(name) = name {
                        if self.k(name) == K::Identifier && (kind == K::KeywordPattern || children.len() == 1) {
                            out.push(name);
                        }
                    }
                } else if matches!(kind, K::SplatPattern | K::AsPattern) && last_kind == K::Identifier {
                    out.push(last);
                }
            }
            stack.extend(children.iter().rev());
        }
        out.sort_by_key(|name| name.start_byte());
        out.retain(|&name| self.text(name) != "_");
        out
    }

    /// `_bound_names(node, builder, as_target=…)`
    fn bound_names(&mut self, node: Node<'t>, as_target: bool) -> Vec<Sym> {
        let mut out: IndexSet<Sym, Fx> = IndexSet::default();
        if as_target {
            self.target_names(node, &mut out);
            return out.into_iter().collect();
        }
        let f = self.f;
        self.ensure_binders();
        let skipping = !self.has_error; // (a tree with errors may hold a ``:=`` the text does not show)
        let mut stack = vec![node];
        let mut first = true;
        while let Some(current) = stack.pop() {
            let is_node = std::mem::replace(&mut first, false);
            let kind = self.k(current);
            if matches!(kind, K::FunctionDefinition | K::ClassDefinition) {
                if let Some(name) = self.child(current, f.name) {
                    let name = self.intern(self.text(name));
                    out.insert(name);
                }
                continue;
            }
            if kind == K::Lambda || (kind.is_comprehension() && !is_node) {
                continue;
            }
            if skipping && kind.is_expression() {
                let binders = self.binders.as_ref().unwrap();
                let first = binders.partition_point(|&b| b < current.start_byte());
                if first == binders.len() || binders[first] >= current.end_byte() {
                    continue;
                }
            }
            let field = match kind {
                K::Assignment | K::AugmentedAssignment | K::ForStatement | K::ForInClause => Some(f.left),
                K::NamedExpression => Some(f.name),
                _ => None,
            };
            if let Some(field) = field {
                if let Some(target) = self.child(current, field) {
                    self.target_names(target, &mut out);
                }
            } else if kind == K::AsPattern {
                if let Some(alias) = self.child(current, f.alias) {
                    let (start, end) = self.named(alias);
                    for i in start..end {
                        let child = self.nodes[i];
                        self.target_names(child, &mut out);
                    }
                    self.nodes.truncate(start);
                }
            } else if kind == K::CasePattern {
                // (a case clause's: what it captures; a pattern holds no other binding)
                for name in self.captures(current) {
                    let name = self.intern(self.text(name));
                    out.insert(name);
                }
                continue;
            } else if matches!(kind, K::ImportStatement | K::ImportFromStatement) {
                let module = self.child(current, f.module_name);
                let (start, end) = self.named(current);
                for i in start..end {
                    let child = self.nodes[i];
                    if Some(child) == module {
                        continue;
                    }
                    match self.k(child) {
                        K::DottedName => {
                            let text = self.text(child);
                            let local = if kind == K::ImportStatement { text.split('.').next().unwrap_or("") } else { text };
                            let local = self.intern(local);
                            out.insert(local);
                        }
                        K::AliasedImport => {
                            if let Some(alias) = self.child(child, f.alias) {
                                let local = self.intern(self.text(alias));
                                out.insert(local);
                            }
                        }
                        _ => {}
                    }
                }
                self.nodes.truncate(start);
                continue;
            }
            let (start, end) = self.named(current);
            stack.extend(self.nodes[start..end].iter().rev());
            self.nodes.truncate(start);
        }
        out.into_iter().collect()
    }

    // -- the JSON text (`orjson.dumps(facts)`) ------------------------------------------------------------

    fn write(&self) -> Option<String> {
        let mut out = String::with_capacity(self.src.len() * 2 + 64);
        out.push('[');
        for (i, &fact) in self.facts.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if !self.write_list(&mut out, fact, 2) {
                return None;
            }
        }
        out.push(']');
        Some(out)
    }

    /// Writes a list `depth` lists deep (the facts' list is 1); false where orjson would refuse.
    fn write_list(&self, out: &mut String, list: u32, depth: u32) -> bool {
        if depth >= JSON_DEPTH_LIMIT {
            return false;
        }
        out.push('[');
        for (i, item) in self.lists[list as usize].iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match *item {
                V::List(inner) => {
                    if !self.write_list(out, inner, depth + 1) {
                        return false;
                    }
                }
                V::Span(_) | V::Point(..) if depth + 1 >= JSON_DEPTH_LIMIT => return false,
                other => self.write_scalar(out, other),
            }
        }
        out.push(']');
        true
    }

    fn write_scalar(&self, out: &mut String, value: V) {
        match value {
            V::Null => out.push_str("null"),
            V::Bool(true) => out.push_str("true"),
            V::Bool(false) => out.push_str("false"),
            V::Int(i) => push_int(out, i),
            V::Lit(lit) => write_str(out, LIT_TEXT[lit as usize]),
            V::Name(sym) => write_str(out, &self.names[sym as usize]),
            V::Ver(sym, count) => {
                out.push('"');
                write_escaped(out, &self.names[sym as usize]);
                out.push('@');
                push_int(out, count as i64);
                out.push('"');
            }
            V::Src(start, end) => write_str(out, &self.src[start as usize..end as usize]),
            V::Own(i) => write_str(out, &self.owned[i as usize]),
            V::Span(i) => {
                let [a, b, c, d] = self.spans[i as usize];
                out.push('[');
                push_int(out, a as i64);
                out.push(',');
                push_int(out, b as i64);
                out.push(',');
                push_int(out, c as i64);
                out.push(',');
                push_int(out, d as i64);
                out.push(']');
            }
            V::Point(a, b) => {
                out.push('[');
                push_int(out, a as i64);
                out.push(',');
                push_int(out, b as i64);
                out.push(']');
            }
            V::List(_) => unreachable!("a list is written by write_list"),
        }
    }
}

fn push_int(out: &mut String, value: i64) {
    let mut buffer = [0u8; 24];
    let mut position = buffer.len();
    let negative = value < 0;
    let mut rest = value.unsigned_abs();
    loop {
        position -= 1;
        buffer[position] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if negative {
        position -= 1;
        buffer[position] = b'-';
    }
    out.push_str(std::str::from_utf8(&buffer[position..]).unwrap());
}

fn write_str(out: &mut String, text: &str) {
    out.push('"');
    write_escaped(out, text);
    out.push('"');
}

/// orjson's (and json.dumps(ensure_ascii=False)'s) escaping: `"`, `\`, the short escapes, other control
/// characters as `\u00xx`; everything else as it is
fn write_escaped(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&text[start..i]);
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
        start = i + 1;
    }
    out.push_str(&text[start..]);
}
