//! The facts of ``languages/python/flow.py`` (tags named in ``python/facts.py``), typed: names already bound to their nodes, symbol
//! indices to symbol ids, literal keys to the node names they read and write.

use crate::core::{N, S};


/// a line or a column (32 bits: a span is in every call and many expressions, and in the site keys)
pub type Pos = i32;
pub type Span = [Pos; 4];

#[derive(Debug)]
pub enum Expr {
    /// ``["n", name, scope]``: the node of ``(ids[scope], name)``; ``module`` when ``scope`` is 0
    /// (``owner`` is ``ids[scope]``: in a context, a name of the function's own scope is its context's)
    Name { node: N, name: S, module: bool, owner: S, scope: u32 },
    /// ``["a", e, attr, line, col]``
    Attr { e: Box<Expr>, attr: S, line: Pos, col: Pos },
    Call(Box<Call>),
    /// ``["k"]``
    Const,
    /// ``["k", text]``
    Str(S),
    /// ``["?"]`` and anything not modelled
    Unknown,
    /// ``["l", line, col, elements]``
    List { line: Pos, col: Pos, elems: Box<[Expr]> },
    /// ``["d", line, col, [[key, e], ...]]``: ``key`` as ``(node name "#key", key starts with a digit)``
    Dict { line: Pos, col: Pos, pairs: Box<[(Option<(S, bool)>, Expr)]> },
    /// ``["s", e, key, span]``
    Sub { e: Box<Expr>, key: Key, span: Span },
    /// ``["f", index]``
    Func { sid: S, class: bool },
    /// ``["o", [e, ...]]``
    Or(Box<[Expr]>),
    /// ``["b", dunder, left, right, span]``; ``dunder`` 0 when empty
    Bin { dunder: S, left: Box<Expr>, right: Box<Expr>, span: Span },
    /// ``["u", dunder, e, span]``
    Un { dunder: S, e: Box<Expr>, span: Span },
    /// ``["S", cls, self]``
    Super { cls: Box<Expr>, recv: Box<Expr> },
    /// ``["*", e]`` (a splat, or a starred target)
    Star(Box<Expr>),
    /// ``["**", e]``
    DStar(Box<Expr>),
    /// ``["t", [targets], span]`` (unpacking iterates the value: its ``__iter__`` is called at ``span``)
    Tuple(Box<[Expr]>, Span),
}

#[derive(Debug, Clone, Copy)]
pub enum Key {
    /// no literal key: every element
    None,
    /// ``":"``: a slice
    Slice,
    /// a literal key: the node name ``"#key"``
    Lit(S),
    /// ``[NAME, name, scope]``: a parameter of the function ``fid``, the literal its call site passes
    /// in a per-site context
    Param(S, S),
}

#[derive(Debug)]
pub struct Call {
    pub span: Span,
    pub f: Expr,
    pub args: Box<[Expr]>,
    /// keywords and splats (boxed: 4k of Django's 32k calls have any, and a call is kept for every
    /// call site: 88 bytes, where they made 120)
    pub rest: Option<Box<CallRest>>,
    /// the text a site of the call records (``NO_TEXT``: none, a reference records the call)
    pub text: S,
}

/// ``Call::text`` of a call a reference records
pub const NO_TEXT: S = S::MAX;

#[derive(Debug)]
pub struct CallRest {
    pub kws: Box<[(S, Expr)]>,
    /// (boxed: most calls with keywords have neither)
    pub star: Option<Box<Expr>>,
    pub dstar: Option<Box<Expr>>,
}

impl Call {
    pub fn kws(&self) -> &[(S, Expr)] {
        match &self.rest {
            Some(rest) => &rest.kws,
            None => &[],
        }
    }
    pub fn star(&self) -> Option<&Expr> {
        self.rest.as_ref().and_then(|r| r.star.as_deref())
    }
    pub fn dstar(&self) -> Option<&Expr> {
        self.rest.as_ref().and_then(|r| r.dstar.as_deref())
    }
}

#[derive(Debug)]
pub enum Fact {
    Expr(Expr),
    Assign(Expr, Expr),
    /// ``["r", scope, e]``: the node ``(fid, "<return>")``, and ``fid``
    Ret(N, S, Expr),
    Yield(S, Expr),
    /// ``["yf", scope, e, span]``: ``span`` is the operand's (which is iterated)
    YieldFrom(S, Expr, Span),
    /// (targets boxed here: a fact is as large as its largest kind, and facts are many)
    For(Option<Box<Expr>>, Expr, Span),
    With(Option<Box<Expr>>, Expr, Span),
    /// ``["def", scope, index, decorators]``: the defined symbol, whether a class, the node its name binds
    /// and the scope's id and the name it binds (for the node in a context)
    Def { sid: S, class: bool, bind: N, owner: S, name: S, decorators: Box<[(Expr, Span)]>, made: Option<Span>, metaclass: Option<Box<Expr>> },
    Raise(Expr, Span),
    Exc(Option<Box<Expr>>, Expr),
    Ann,
}

/// A fact as the solver evaluates it (its file and scope are its run's: ``Solver::runs``)
pub struct Group {
    pub fact: Fact,
}
