//! A file's bulk value uses, read from the value query's captures (``languages/engine.py``,
//! ``Adapter._values``).
//!
//! Most identifiers of a file are value uses (issue 19), so the per-capture work of that loop was the
//! largest part of what issue 19 added to extraction. This module does the same work on the captures'
//! byte ranges and node kinds, which Python reads in bulk: the order, the widest capture per end byte,
//! the skipped tokens, each name's text and span, its scope, and one use per token. What it cannot
//! decide alone it hands back in order: a capture that needs the adapter (``value_reference``), with its
//! scope. The uses come back in segments, one between two such captures, so that Python merges them
//! with what the adapter records in exactly the order the Python loop would.

use crate::core::{FxMap, FxSet};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySet, PyString, PyTuple};

/// Where a use belongs: the innermost symbol around its bytes (``ScopeIndex.enclosing``), or the
/// adapter's own function of them (``Adapter.value_scope``).
enum Scopes<'py> {
    Index { starts: Vec<i64>, order: Vec<i64>, start_of: Vec<i64>, end_of: Vec<i64>, up: Vec<i64> },
    Callable(Bound<'py, PyAny>),
}

impl<'py> Scopes<'py> {
    fn of(&self, start: i64, end: i64) -> PyResult<i64> {
        match self {
            Scopes::Index { starts, order, start_of, end_of, up } => {
                let position = starts.partition_point(|&s| s <= start);
                if position == 0 {
                    return Ok(0);
                }
                let mut candidate = order[position - 1];
                while candidate != -1 {
                    let at = candidate as usize;
                    if start_of[at] <= start && end <= end_of[at] {
                        return Ok(candidate);
                    }
                    candidate = up[at];
                }
                Ok(0)
            }
            Scopes::Callable(function) => function.call1((start, end))?.extract(),
        }
    }
}

/// ``offset in special`` (``Adapter.special_values``): a set of start bytes, or sorted byte ranges as
/// ``ByteRanges`` holds them (an offset inside the last range that starts at or before it).
enum Special {
    Offsets(FxSet<i64>),
    Ranges(Vec<(i64, i64)>),
}

impl Special {
    fn contains(&self, offset: i64) -> bool {
        match self {
            Special::Offsets(set) => set.contains(&offset),
            Special::Ranges(ranges) => {
                let position = ranges.partition_point(|r| r.0 <= offset);
                position > 0 && offset < ranges[position - 1].1
            }
        }
    }
}

/// ``_PLAIN_CHAIN.fullmatch`` for ASCII text: names (a letter or ``_``, then letters, digits or ``_``)
/// joined by single dots, at least two of them.
fn plain_chain_ascii(text: &[u8]) -> bool {
    let mut names = 0;
    for name in text.split(|&b| b == b'.') {
        match name.first() {
            Some(&first) if first == b'_' || first.is_ascii_alphabetic() => {}
            _ => return false,
        }
        if !name.iter().all(|&b| b == b'_' || b.is_ascii_alphanumeric()) {
            return false;
        }
        names += 1;
    }
    names >= 2
}

/// Where a chain of more than ``limit`` names (``a.b.c`` has three) is cut to keep its last ``limit``: the
/// byte after the dot before them; 0 for a shorter chain (``capped_chain`` in ``languages/records.py``).
fn chain_cut(text: &[u8], limit: usize) -> usize {
    if limit == 0 || text.len() <= 2 * limit {
        return 0;  // (fewer than ``limit`` dots: each name is at least one byte)
    }
    let mut dots = 0;
    for (at, &byte) in text.iter().enumerate().rev() {
        if byte == b'.' {
            dots += 1;
            if dots == limit {
                return at + 1;  // (there is a name before this dot: more than ``limit`` in all)
            }
        }
    }
    0
}

/// A use's token: line, column, end line, end column (``Span``).
type Span = (i64, i64, i64, i64);

/// One use per token, as ``Context.add_value`` keeps it: the longer text wins, a write over a read of
/// the same length, else the first.
struct Segment {
    index: FxMap<Span, usize>,
    /// span, text, its length in characters, scope, a write, the chain's head known
    uses: Vec<(Span, Py<PyString>, usize, i64, bool, bool)>,
}

impl Segment {
    fn new() -> Self {
        Segment { index: FxMap::default(), uses: Vec::new() }
    }

    fn add(&mut self, span: Span, text: Py<PyString>, length: usize, scope: i64, write: bool, known: bool) {
        match self.index.get(&span) {
            Some(&at) => {
                let other = &mut self.uses[at];
                if length > other.2 || (length == other.2 && write) {
                    *other = (span, text, length, scope, write, known);
                }
            }
            None => {
                self.index.insert(span, self.uses.len());
                self.uses.push((span, text, length, scope, write, known));
            }
        }
    }

    fn into_dict<'py>(self, py: Python<'py>, read: &Bound<'py, PyAny>, write: &Bound<'py, PyAny>)
                      -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (span, text, _length, scope, is_write, known) in self.uses {
            let role = if is_write { write } else { read };
            let known = pyo3::types::PyBool::new(py, known).to_owned().into_any();
            let value = PyTuple::new(py, [text.into_bound(py).into_any(), scope.into_pyobject(py)?.into_any(),
                                          role.clone(), known])?;
            dict.set_item(span, value)?;
        }
        Ok(dict)
    }
}

/// The value uses of one file's value captures (``Adapter._values``, whose Python loop this is):
/// ``ranges`` are the captures' byte ranges, the first ``reads`` of them reads, the rest writes;
/// ``kinds`` their node kind ids. Returns ``[(uses, index, scope), …]``: the uses to merge (a dict
/// ``span → (text, scope, role, True)``), then the capture at ``index`` to give the adapter with its
/// scope; the last item's index is -1. ``walked``: reads found by the compiled walk (``codeknit._pywalk``'s
/// ``kind_nodes``: native ``u32`` triples of start byte, end byte and kind id), which come before ``ranges``
/// (their indexes first; ``reads`` counts them).
#[pyfunction]
#[pyo3(signature = (ranges, reads, kinds, plain, chains, special, skip, source, text_at, line_starts, scope, roles,
                    plain_chain, chain_limit, walked=None))]
#[allow(clippy::too_many_arguments)]
pub fn value_uses<'py>(
    py: Python<'py>,
    ranges: Vec<(i64, i64)>,
    reads: usize,
    kinds: Vec<i64>,
    plain: Vec<i64>,
    chains: Vec<i64>,
    special: &Bound<'py, PyAny>,
    skip: &Bound<'py, PySet>,
    source: &[u8],
    text_at: &Bound<'py, PyAny>,
    line_starts: Vec<i64>,
    scope: &Bound<'py, PyAny>,
    roles: (Bound<'py, PyAny>, Bound<'py, PyAny>),
    plain_chain: &Bound<'py, PyAny>,
    chain_limit: usize,
    walked: Option<&[u8]>,
) -> PyResult<Bound<'py, PyList>> {
    let (ranges, kinds) = match walked {
        Some(bytes) if !bytes.is_empty() => {
            let numbers: Vec<i64> = bytes
                .chunks_exact(4)
                .map(|b| i64::from(u32::from_ne_bytes([b[0], b[1], b[2], b[3]])))
                .collect();
            let mut all_ranges: Vec<(i64, i64)> = numbers.chunks_exact(3).map(|t| (t[0], t[1])).collect();
            let mut all_kinds: Vec<i64> = numbers.chunks_exact(3).map(|t| t[2]).collect();
            all_ranges.extend(ranges);
            all_kinds.extend(kinds);
            (all_ranges, all_kinds)
        }
        _ => (ranges, kinds),
    };
    let special = if let Ok(set) = special.downcast::<PySet>() {
        Special::Offsets(set.iter().map(|item| item.extract()).collect::<PyResult<_>>()?)
    } else if let Ok(set) = special.downcast::<pyo3::types::PyFrozenSet>() {
        Special::Offsets(set.iter().map(|item| item.extract()).collect::<PyResult<_>>()?)
    } else {
        Special::Ranges(special.extract()?)
    };
    let scopes = if let Ok(columns) = scope.downcast::<PyTuple>() {
        let (starts, order, start_of, end_of, up) = columns.extract()?;
        Scopes::Index { starts, order, start_of, end_of, up }
    } else {
        Scopes::Callable(scope.clone())
    };
    let mut skipped: FxSet<(i64, i64)> = FxSet::with_capacity_and_hasher(skip.len(), Default::default());
    for item in skip.iter() {
        skipped.insert(item.extract()?);
    }
    let count = ranges.len();
    // (start, -end, role, index) per capture, in source order (an outer capture before the ones inside)
    let mut items: Vec<(i64, i64, u8, usize)> = ranges
        .iter()
        .enumerate()
        .map(|(index, &(start, end))| (start, -end, u8::from(index >= reads), index))
        .collect();
    items.sort_unstable();
    // end byte → the smallest start byte of a value capture ending there
    let mut widest: FxMap<i64, i64> = FxMap::with_capacity_and_hasher(count, Default::default());
    for &(start, end) in &ranges {
        let entry = widest.entry(end).or_insert(start);
        if start < *entry {
            *entry = start;
        }
    }
    let (read, write) = roles;
    let out = PyList::empty(py);
    let mut segment = Segment::new();
    let line_of = |offset: i64| line_starts.partition_point(|&s| s <= offset);
    for (start, negative_end, role, index) in items {
        let end = -negative_end;
        if widest[&end] != start || (role == 0 && skipped.contains(&(start, end))) {
            continue;
        }
        // (a zero-width name is the parser's stand-in for a missing one: the adapter says there is no use)
        let kind = if !kinds.is_empty() && end > start && !special.contains(start) { kinds[index] } else { -1 };
        let is_plain = plain.contains(&kind);
        if is_plain || chains.contains(&kind) {
            let mut bytes = source.get(start as usize..end as usize).unwrap_or(&[]);
            // a chain of more than ``chain_limit`` names keeps its last ones, its head unknown (``capped_chain``)
            let cut = if is_plain { 0 } else { chain_cut(bytes, chain_limit) };
            bytes = &bytes[cut..];
            let (text, length, ascii) = match std::str::from_utf8(bytes) {
                Ok(text) => (PyString::new(py, text), text.chars().count(), text.is_ascii()),
                Err(_) => {
                    let text = text_at.call1((start + cut as i64, end))?.downcast_into::<PyString>()?;
                    let length = text.len()?;
                    (text, length, false)
                }
            };
            let line = line_of(start);
            let line_start = line_starts[line - 1];
            let span = if is_plain {
                (line as i64, start - line_start, line as i64, end - line_start)
            } else if if ascii { plain_chain_ascii(bytes) } else { !plain_chain.call1((&text,))?.is_none() } {
                // ``a.b.c`` written plainly: the use's token is its last name, on the same line
                let last = bytes.iter().rposition(|&b| b == b'.').map_or(bytes.len(), |dot| bytes.len() - dot - 1);
                (line as i64, end - last as i64 - line_start, line as i64, end - line_start)
            } else {
                finish(py, &out, segment, index as i64, scopes.of(start, end)?, &read, &write)?;
                segment = Segment::new();
                continue;
            };
            segment.add(span, text.unbind(), length, scopes.of(start, end)?, role == 1, cut == 0);
            continue;
        }
        finish(py, &out, segment, index as i64, scopes.of(start, end)?, &read, &write)?;
        segment = Segment::new();
    }
    finish(py, &out, segment, -1, 0, &read, &write)?;
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn finish<'py>(py: Python<'py>, out: &Bound<'py, PyList>, segment: Segment, index: i64, scope: i64,
               read: &Bound<'py, PyAny>, write: &Bound<'py, PyAny>) -> PyResult<()> {
    let uses = segment.into_dict(py, read, write)?;
    out.append((uses, index, scope))
}

/// A file's value uses as the rows of ``ValueUses`` (``_value_table`` in ``languages/engine.py``, whose
/// Python this is): the uses of ``values`` at no ``taken`` token, then those of ``members``, in order of
/// their span (stable: at one token the value use, then the member use); per use its text's number
/// (each new text numbered from ``first_text`` in the order it first comes), scope, role code
/// (``read``: 1, ``write``: 2), flags (1: the head is known, 2: a call's token, in ``calls``) and span.
/// Returns the new texts and the rows as native ``int`` bytes (``array('i').frombytes``).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn value_table<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyDict>,
    members: Option<&Bound<'py, PyDict>>,
    taken: &Bound<'py, PySet>,
    calls: &Bound<'py, PySet>,
    first_text: i64,
    read: &Bound<'py, PyAny>,
    write: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, pyo3::types::PyBytes>)> {
    let mut skipped: FxSet<Span> = FxSet::with_capacity_and_hasher(taken.len(), Default::default());
    for item in taken.iter() {
        skipped.insert(item.extract()?);
    }
    let mut called: FxSet<Span> = FxSet::with_capacity_and_hasher(calls.len(), Default::default());
    for item in calls.iter() {
        called.insert(item.extract()?);
    }
    let mut uses: Vec<(Span, Bound<'py, PyAny>)> = Vec::with_capacity(values.len());
    for (span, record) in values.iter() {
        let span: Span = span.extract()?;
        if !skipped.contains(&span) {
            uses.push((span, record));
        }
    }
    if let Some(members) = members {
        for (span, record) in members.iter() {
            uses.push((span.extract()?, record));
        }
    }
    uses.sort_by_key(|use_| use_.0); // (stable)
    let numbers = PyDict::new(py);
    let texts = PyList::empty(py);
    let mut rows: Vec<u8> = Vec::with_capacity(uses.len() * 32);
    let mut next = first_text;
    for (span, record) in uses {
        let record = record.downcast_into::<PyTuple>()?;
        let text = record.get_item(0)?;
        let number: i64 = match numbers.get_item(&text)? {
            Some(number) => number.extract()?,
            None => {
                numbers.set_item(&text, next)?;
                texts.append(&text)?;
                next += 1;
                next - 1
            }
        };
        let scope: i64 = record.get_item(1)?.extract()?;
        let role = record.get_item(2)?;
        let code = if role.is(read) {
            1
        } else if role.is(write) {
            2
        } else {
            return Err(pyo3::exceptions::PyKeyError::new_err(role.unbind()));
        };
        let flags = i64::from(record.get_item(3)?.is_truthy()?) | if called.contains(&span) { 2 } else { 0 };
        for value in [number, scope, code, flags, span.0, span.1, span.2, span.3] {
            let value = i32::try_from(value)
                .map_err(|_| pyo3::exceptions::PyOverflowError::new_err("a value use's number is out of range"))?;
            rows.extend_from_slice(&value.to_ne_bytes());
        }
    }
    Ok((texts, pyo3::types::PyBytes::new(py, &rows)))
}
