//! The Python data-flow facts (`languages/python/flow.py`), written by a compiled walk of the tree that
//! py-tree-sitter parsed in the calling process.
//!
//! py-tree-sitter exports none of tree-sitter's C functions, so this module links its own copy of the
//! runtime (the `tree-sitter` crate) and reads the `TSNode` a py-tree-sitter `Node` object holds right
//! after its object header (`{PyObject_HEAD; TSNode node; …}`). That is only sound while both runtimes lay
//! trees out alike: `codeknit/languages/python/flow.py` uses this module only where py-tree-sitter's minor
//! version is the crate's and [`walk_digest`] agrees with a walk in Python on a sample tree.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use tree_sitter::ffi::TSNode;
use tree_sitter::Node;

mod flow;

/// Raised when a function's arguments change: `codeknit.native.extension` refuses an older build.
/// (3: `kind_nodes`, by groups of kinds.)
const VERSION: u32 = 3;

/// The tree-sitter node a py-tree-sitter `Node` object holds. The caller keeps the object (and with it
/// its tree) alive for as long as the returned node is used.
///
/// # Safety
/// `object` must be a py-tree-sitter `Node` whose layout starts `{PyObject_HEAD; TSNode node; …}`.
unsafe fn node_of<'a>(object: &Bound<'_, PyAny>) -> Node<'a> {
    let base = object.as_ptr() as *const u8;
    let raw = std::ptr::read_unaligned(base.add(std::mem::size_of::<pyo3::ffi::PyObject>()) as *const TSNode);
    Node::from_raw(raw)
}

fn checked_node<'a>(object: &Bound<'_, PyAny>) -> PyResult<Node<'a>> {
    let kind = object.get_type();
    let module: String = kind.getattr("__module__")?.extract()?;
    let name: String = kind.getattr("__qualname__")?.extract()?;
    if name != "Node" || !module.starts_with("tree_sitter") {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!("not a tree_sitter.Node: {module}.{name}")));
    }
    let node = unsafe { node_of(object) };
    // (the fields read through the layout must be the object's own)
    let start: usize = object.getattr("start_byte")?.extract()?;
    let end: usize = object.getattr("end_byte")?.extract()?;
    let kind_id: u16 = object.getattr("kind_id")?.extract()?;
    if node.start_byte() != start || node.end_byte() != end || node.kind_id() != kind_id {
        return Err(pyo3::exceptions::PyValueError::new_err("the tree's layout is not this runtime's"));
    }
    Ok(node)
}

/// `(nodes, named nodes, checksum)` of a depth-first walk of every node under `node`: the checksum mixes
/// each node's kind id, start and end byte and child count, in walk order. flow.py compares it with the same
/// walk in Python before it trusts this module with a tree.
#[pyfunction]
fn walk_digest(node: &Bound<'_, PyAny>) -> PyResult<(u64, u64, u64)> {
    let root = checked_node(node)?;
    let (mut count, mut named, mut sum) = (0u64, 0u64, 0u64);
    each_node(root, |current| {
        count += 1;
        if current.is_named() {
            named += 1;
        }
        let mixed = (current.kind_id() as u64)
            ^ ((current.start_byte() as u64) << 16)
            ^ ((current.end_byte() as u64) << 36)
            ^ ((current.child_count() as u64) << 56);
        sum = sum.wrapping_mul(1_000_003).wrapping_add(mixed);
    });
    Ok((count, named, sum))
}

/// Every node under `root` (itself included), depth first in pre-order, by a tree cursor.
fn each_node<'a>(root: Node<'a>, mut visit: impl FnMut(&Node<'a>)) {
    let mut cursor = root.walk();
    loop {
        visit(&cursor.node());
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// The facts of one file as flow.py's `build_flow` encodes them (the JSON text), or None where the walk
/// leaves the file to flow.py (see `flow::build`). `root`: the file's root `Node`; `source`: its bytes;
/// `definitions`: `(start byte, end byte, symbol index)` of the symbols a `["f", index]` may name, first
/// one of a range first; `fallback(op, text)`: flow.py's answers where Python's string semantics decide.
#[pyfunction]
fn flow_facts(py: Python<'_>, root: &Bound<'_, PyAny>, source: &Bound<'_, PyBytes>,
              definitions: Vec<(usize, usize, i64)>, fallback: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let node = checked_node(root)?;
    flow::build(py, node, source.as_bytes(), &definitions, fallback)
}

/// For each group of kind ids, every named node under `root` (itself included) of one of those kinds, as
/// `(start byte, end byte, kind id)` triples in pre-order, each number a native-endian `u32` (an `array('I')`
/// reads them); a kind in several groups is in each. What a query of patterns `(kind) @capture` alone captures,
/// without a query's state machine or a Python object per node (`languages/engine.py`: the plain value reads,
/// the blocks a language's `[(kind) …] @scope` patterns capture).
#[pyfunction]
fn kind_nodes<'py>(py: Python<'py>, root: &Bound<'py, PyAny>, groups: Vec<Vec<u16>>)
                   -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let node = checked_node(root)?;
    // kind id → a bit per group (at most 8 groups)
    if groups.len() > 8 {
        return Err(pyo3::exceptions::PyValueError::new_err("at most 8 groups of kinds"));
    }
    let mut wanted = vec![0u8; 1 << 16];
    for (index, kinds) in groups.iter().enumerate() {
        for &kind in kinds {
            wanted[kind as usize] |= 1 << index;
        }
    }
    let count = groups.len();
    let found: Vec<Vec<u8>> = py.allow_threads(move || {
        let mut out: Vec<Vec<u8>> = vec![Vec::new(); count];
        each_node(node, |current| {
            let kind = current.kind_id();
            let bits = wanted[kind as usize];
            if bits != 0 && current.is_named() {
                for (index, group) in out.iter_mut().enumerate() {
                    if bits & (1 << index) != 0 {
                        for number in [current.start_byte() as u32, current.end_byte() as u32, kind as u32] {
                            group.extend_from_slice(&number.to_ne_bytes());
                        }
                    }
                }
            }
        });
        out
    });
    Ok(found.iter().map(|bytes| PyBytes::new(py, bytes)).collect())
}

#[pymodule]
fn _pywalk(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VERSION", VERSION)?;
    // the py-tree-sitter minor version whose trees this runtime reads (the crate's own)
    m.add("TREE_SITTER_MINOR", "0.26")?;
    m.add_function(wrap_pyfunction!(walk_digest, m)?)?;
    m.add_function(wrap_pyfunction!(flow_facts, m)?)?;
    m.add_function(wrap_pyfunction!(kind_nodes, m)?)?;
    Ok(())
}
