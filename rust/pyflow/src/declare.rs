//! A file's local declarations (``languages/engine.py``, ``_declare_locals``): one ``RawLocal`` per
//! name and region, at its first declaration in source order.
//!
//! The Python function is the specification and the fallback where the extension is not built; this
//! is the same loop on plain data (the blocks' byte ranges and parent arrays, the declarations' tokens,
//! the symbols' bytes and name spans, the file's line starts), without a Python call per declaration
//! but the ``RawLocal`` it makes (and, where a nested definition's name is assigned, the rare look at
//! the assignment's own type).

use std::collections::hash_map::Entry;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::core::{FxMap, FxSet};

type Span = [i64; 4];
type Range = (i64, i64);

const OTHER: u8 = 0;
const LET: u8 = 1;
const ASSIGNED: u8 = 2;

/// A ``Blocks``: its ranges sorted by ``(start, -end)`` and each one's enclosing block (``_up``).
struct Ranges {
    starts: Vec<i64>,
    ends: Vec<i64>,
    up: Vec<i64>,
}

impl Ranges {
    fn read(blocks: &Bound<'_, PyAny>) -> PyResult<Option<Ranges>> {
        if blocks.is_none() {
            return Ok(None);
        }
        let py = blocks.py();
        let ranges: Vec<Range> = blocks.getattr(intern!(py, "_ranges"))?.extract()?;
        let up: Vec<i64> = blocks.getattr(intern!(py, "_up"))?.extract()?;
        let (starts, ends) = ranges.into_iter().unzip();
        Ok(Some(Ranges { starts, ends, up }))
    }

    /// ``Blocks.innermost``.
    fn innermost(&self, start: i64, end: i64, within: Range) -> Option<Range> {
        let mut position = self.starts.partition_point(|&s| s <= start) as i64 - 1;
        while position >= 0 {
            let at = position as usize;
            let (block_start, block_end) = (self.starts[at], self.ends[at]);
            if block_start < within.0 {
                return None;
            }
            if block_end >= end && block_end <= within.1 {
                return Some((block_start, block_end));
            }
            position = self.up[at];
        }
        None
    }

    /// ``Blocks.following``.
    fn following(&self, position: i64, within: Range) -> Option<Range> {
        let index = self.starts.partition_point(|&s| s < position);
        if index < self.starts.len() && self.ends[index] <= within.1 {
            Some((self.starts[index], self.ends[index]))
        } else {
            None
        }
    }
}

/// ``span_at`` (``engine._span_function``) for the file's line starts (the last one past any offset).
fn span_at(starts: &[i64], start: i64, end: i64) -> Span {
    let line = starts.partition_point(|&s| s <= start); // (``bisect_right``)
    let first = starts[line - 1];
    if end < starts[line] {
        return [line as i64, start - first, line as i64, end - first];
    }
    let end_line = line + starts[line..].partition_point(|&s| s <= end);
    [line as i64, start - first, end_line as i64, end - starts[end_line - 1]]
}

/// A span (a tuple of four ints).
fn read_span(span: &Bound<'_, PyAny>) -> PyResult<Span> {
    let span = span.downcast::<PyTuple>()?;
    if span.len() != 4 {
        return Err(pyo3::exceptions::PyValueError::new_err("a span is four ints"));
    }
    Ok([span.get_item(0)?.extract()?, span.get_item(1)?.extract()?, span.get_item(2)?.extract()?,
        span.get_item(3)?.extract()?])
}

/// One declaration as ``declared`` and ``declared_at`` hold it.
struct Declaration<'py> {
    scope: i64,
    name: Bound<'py, PyString>,
    kind: Bound<'py, PyAny>,
    kind_code: u8,
    node: Bound<'py, PyAny>,
    sequential: u8,
    start: i64,
    end: i64,
    span: Span,
    span_object: Bound<'py, PyAny>,
}

/// A symbol that owns declarations: its bytes and span.
struct Owner<'py> {
    bytes: Range,
    span: Span,
    span_object: Bound<'py, PyAny>,
}

/// ``node.parent is None or node.parent.child_by_field_name("type") is None``: an assignment with no
/// type of its own.
fn untyped(node: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = node.py();
    let parent = node.getattr(intern!(py, "parent"))?;
    Ok(parent.is_none() || parent.call_method1(intern!(py, "child_by_field_name"), ("type",))?.is_none())
}

fn span_tuple<'py>(py: Python<'py>, span: &Span) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyTuple::new(py, span.iter())?.into_any())
}

/// The functions and classes defined inside a callable, by the callable: their names and bytes.
fn nested_definitions<'py>(
    symbols: &Bound<'py, PyList>,
    (nesting, callables): (Vec<Bound<'py, PyAny>>, Vec<Bound<'py, PyAny>>),
) -> PyResult<FxMap<i64, Vec<(String, Range)>>> {
    let py = symbols.py();
    let mut parents: Vec<i64> = Vec::with_capacity(symbols.len());
    let mut kind_of: Vec<Bound<'py, PyAny>> = Vec::with_capacity(symbols.len());
    for symbol in symbols.iter() {
        parents.push(symbol.getattr(intern!(py, "parent"))?.extract()?);
        kind_of.push(symbol.getattr(intern!(py, "kind"))?);
    }
    let mut nested: FxMap<i64, Vec<(String, Range)>> = FxMap::default();
    for (index, &parent) in parents.iter().enumerate() {
        if parent > 0
            && nesting.iter().any(|k| k.is(&kind_of[index]))
            && kind_of.get(parent as usize).map_or(false, |kind| callables.iter().any(|k| k.is(kind)))
        {
            let symbol = symbols.get_item(index)?;
            let name: String = symbol.getattr(intern!(py, "name"))?.extract()?;
            let start: i64 = symbol.getattr(intern!(py, "start_byte"))?.extract()?;
            let end: i64 = symbol.getattr(intern!(py, "end_byte"))?.extract()?;
            nested.entry(parent).or_default().push((name, (start, end)));
        }
    }
    Ok(nested)
}

/// ``_declare_locals`` after its recomputing of ``declared_at``: appends the ``RawLocal`` records
/// (made by ``raw_local``) to ``out`` and returns the declarations' order (by start byte, a parameter
/// before another capture of its token), which the caller puts ``declared`` and ``declared_at`` in.
/// ``kinds`` is ``(PROPERTY, PARAMETER, VARIABLE)`` (``LocalKind``), ``symbol_kinds`` the kinds of
/// definitions an assignment may rebind and of callables (``_NESTING_KINDS``, ``CALLABLE_KINDS``).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn declare_locals<'py>(
    py: Python<'py>,
    declared: &Bound<'py, PyList>,
    declared_at: &Bound<'py, PyList>,
    symbols: &Bound<'py, PyList>,
    blocks: &Bound<'py, PyAny>,
    statements: &Bound<'py, PyAny>,
    bodies: &Bound<'py, PyAny>,
    globals: &Bound<'py, PyDict>,
    line_starts: &Bound<'py, PyList>,
    redeclare: bool,
    raw_local: &Bound<'py, PyAny>,
    out: &Bound<'py, PyList>,
    kinds: (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>),
    symbol_kinds: (Vec<Bound<'py, PyAny>>, Vec<Bound<'py, PyAny>>),
) -> PyResult<Vec<usize>> {
    let (property, parameter, variable) = kinds;
    let mut declarations = Vec::with_capacity(declared.len());
    for (d, at) in declared.iter().zip(declared_at.iter()) {
        let d = d.downcast_into::<PyTuple>()?;
        let at = at.downcast_into::<PyTuple>()?;
        let kind = d.get_item(2)?;
        let kind_code = if kind.is(&property) {
            0
        } else if kind.is(&parameter) {
            1
        } else if kind.is(&variable) {
            2
        } else {
            3
        };
        let sequential = d.get_item(4)?;
        let sequential = match sequential.downcast::<PyString>()?.to_str()? {
            "let" => LET,
            "assigned" => ASSIGNED,
            _ => OTHER,
        };
        let span_object = at.get_item(2)?;
        declarations.push(Declaration {
            scope: d.get_item(0)?.extract()?,
            name: d.get_item(1)?.downcast_into::<PyString>()?,
            kind,
            kind_code,
            node: d.get_item(3)?,
            sequential,
            start: at.get_item(0)?.extract()?,
            end: at.get_item(1)?.extract()?,
            span: read_span(&span_object)?,
            span_object,
        });
    }
    // (a token two patterns capture is declared once, as a parameter if one of them says so)
    let mut order: Vec<usize> = (0..declarations.len()).collect();
    order.sort_by_key(|&i| declarations[i].start * 2 + i64::from(declarations[i].kind_code != 1));
    let names: Vec<&str> = declarations.iter().map(|d| d.name.to_str()).collect::<PyResult<_>>()?;

    // the symbols' name spans
    let mut defined: FxSet<Span> = FxSet::default();
    for symbol in symbols.iter() {
        defined.insert(read_span(&symbol.getattr(intern!(py, "name_span"))?)?);
    }
    // the functions and classes defined inside a callable by scope (where a plain variable is declared)
    let nested = if declarations.iter().any(|d| d.kind_code == 2 && d.sequential != LET) {
        nested_definitions(symbols, symbol_kinds)?
    } else {
        FxMap::default()
    };
    let mut globals_of: FxMap<i64, FxSet<String>> = FxMap::default();
    for (scope, names) in globals.iter() {
        let names = names.try_iter()?.map(|n| n?.extract()).collect::<PyResult<FxSet<String>>>()?;
        globals_of.insert(scope.extract()?, names);
    }
    let blocks = Ranges::read(blocks)?.unwrap_or(Ranges { starts: vec![], ends: vec![], up: vec![] });
    let statements = Ranges::read(statements)?;
    let bodies = Ranges::read(bodies)?;

    let mut owners: FxMap<i64, Owner<'py>> = FxMap::default();
    let mut tokens: FxSet<i64> = FxSet::default();
    let mut seen: FxSet<(i64, &str, Span)> = FxSet::default();
    // the regions of the locals made so far, by scope and name (``_visible``)
    let mut made: FxMap<(i64, &str), Vec<Span>> = FxMap::default();
    let mut block_spans: FxMap<Range, Span> = FxMap::default();
    let line_starts: Vec<i64> = line_starts.iter().map(|s| s.extract()).collect::<PyResult<_>>()?;
    for &index in &order {
        let d = &declarations[index];
        let (scope, name, start, end, span) = (d.scope, names[index], d.start, d.end, d.span);
        if globals_of.get(&scope).map_or(false, |names| names.contains(name)) || !tokens.insert(start) {
            continue;
        }
        if d.kind_code != 1 && defined.contains(&span) {
            continue; // (a parameter property is both)
        }
        let owner = match owners.entry(scope) {
            Entry::Occupied(found) => found.into_mut(),
            Entry::Vacant(vacant) => {
                let symbol = symbols.get_item(scope as usize)?;
                let span_object = symbol.getattr(intern!(py, "span"))?;
                vacant.insert(Owner {
                    bytes: (
                        symbol.getattr(intern!(py, "start_byte"))?.extract()?,
                        symbol.getattr(intern!(py, "end_byte"))?.extract()?,
                    ),
                    span: read_span(&span_object)?,
                    span_object,
                })
            }
        };
        let mut block = if d.kind_code == 0 { None } else { blocks.innermost(start, end, owner.bytes) };
        if d.kind_code == 1 {
            if let Some(found) = bodies.as_ref().and_then(|b| b.following(end, owner.bytes)) {
                block = Some(found);
            }
        }
        if d.kind_code == 2 && d.sequential != LET {
            if let Some(definitions) = nested.get(&scope) {
                let writes = definitions.iter().any(|(defined_name, (d_start, d_end))| {
                    defined_name == name
                        && *d_end <= start
                        && block.map_or(true, |b| b.0 <= *d_start && *d_end <= b.1)
                });
                if writes && untyped(&d.node)? {
                    continue; // (a write of the nested definition)
                }
            }
        }
        let mut region: Span = if d.kind_code == 0 {
            span
        } else if let Some(b) = block {
            match block_spans.get(&b) {
                Some(found) => *found,
                None => {
                    let found = span_at(&line_starts, b.0, b.1);
                    block_spans.insert(b, found);
                    found
                }
            }
        } else {
            owner.span
        };
        if d.sequential == ASSIGNED {
            if let Some(regions) = made.get(&(scope, name)) {
                let position = (span[0], span[1]);
                if regions.iter().any(|r| (r[0], r[1]) <= position && position < (r[2], r[3])) {
                    continue; // a write of the local already in effect there
                }
            }
        }
        let mut key = region;
        let mut plain = true; // (the region is the span or the owner's: the same tuple)
        if d.sequential != OTHER {
            let within = block.unwrap_or(owner.bytes);
            let statement = statements.as_ref().and_then(|s| s.innermost(start, end, within));
            let begin = match statement {
                None => span,
                Some(statement) => span_at(&line_starts, statement.1, statement.1),
            };
            region = [begin[0], begin[1], region[2], region[3]];
            plain = false;
            if !redeclare {
                key = region;
            }
        }
        if !seen.insert((scope, name, key)) {
            continue;
        }
        made.entry((scope, name)).or_default().push(region);
        let region_object = if plain && d.kind_code == 0 {
            d.span_object.clone()
        } else if plain && block.is_none() {
            owner.span_object.clone()
        } else {
            span_tuple(py, &region)?
        };
        out.append(raw_local.call1((scope, &d.name, &d.kind, &d.span_object, region_object))?)?;
    }
    Ok(order)
}
