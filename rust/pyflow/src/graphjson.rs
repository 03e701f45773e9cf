//! The graph JSON's two largest arrays, relations and locals, written in bulk (``graph/jsonio.py``).
//!
//! A large graph holds hundreds of thousands of relations (the Go standard library: 807,000) and
//! locals; building a dict per item in Python, for orjson to encode, was most of the time of writing
//! ``graph.json``. These functions write a batch of items straight from the records' attributes, byte
//! for byte as orjson writes the dicts ``jsonio`` builds (compact, keys in the same order, strings
//! escaped as orjson escapes them). Anything they do not expect (a value of another type, a string
//! with a lone surrogate, an integer beyond 64 bits) makes them return None, and the caller writes
//! that batch the Python way, which gives the same bytes or orjson's own error.

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::intern;

/// Not writable here: the batch goes the Python way.
struct Unexpected;

type Out<T> = Result<T, Unexpected>;

/// Does any of the eight bytes of ``word`` need an escape in a JSON string (a control character, ``"``
/// or ``\\``)? Exact for the word as a whole (the bytes' own bits may mislead past the first such byte,
/// which the byte loop reads anyway).
#[inline]
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    let zero_in = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    (below_space | zero_in(quote) | zero_in(backslash)) != 0
}

fn push_str(out: &mut Vec<u8>, value: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = value.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    // (most strings are ids and names with nothing to escape: read eight bytes at a time past those)
    while i < bytes.len() {
        if i + 8 <= bytes.len() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[i..i + 8]);
            if !needs_escape(u64::from_le_bytes(word)) {
                i += 8;
                continue;
            }
        }
        let byte = bytes[i];
        let escaped: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => b"",
            _ => {
                i += 1;
                continue;
            }
        };
        out.extend_from_slice(&bytes[start..i]);
        if escaped.is_empty() {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(byte >> 4) as usize]);
            out.push(HEX[(byte & 0xf) as usize]);
        } else {
            out.extend_from_slice(escaped);
        }
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

fn push_int(out: &mut Vec<u8>, value: i64) {
    // (decimal digits written in place: this runs four times a use site, and ``to_string`` allocates)
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[at..]);
}

/// A ``str`` (or a subclass, as the graph's ``StrEnum`` kinds are: orjson writes their value, which is
/// their text).
fn string(value: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> Out<()> {
    let text = value.downcast::<PyString>().map_err(|_| Unexpected)?;
    push_str(out, text.to_str().map_err(|_| Unexpected)?);
    Ok(())
}

/// An ``int`` that is no ``bool`` (orjson writes those as ``true``/``false``).
fn int(value: &Bound<'_, PyAny>) -> Out<i64> {
    if !value.is_exact_instance_of::<PyInt>() {
        return Err(Unexpected);
    }
    value.extract::<i64>().map_err(|_| Unexpected)
}

/// A list or tuple of strings, as an array.
fn strings(value: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> Out<()> {
    out.push(b'[');
    let mut first = true;
    let mut write = |item: Bound<'_, PyAny>, out: &mut Vec<u8>| -> Out<()> {
        if !first {
            out.push(b',');
        }
        first = false;
        string(&item, out)
    };
    if let Ok(tuple) = value.downcast_exact::<PyTuple>() {
        for item in tuple.iter() {
            write(item, out)?;
        }
    } else if let Ok(list) = value.downcast_exact::<PyList>() {
        for item in list.iter() {
            write(item, out)?;
        }
    } else {
        return Err(Unexpected);
    }
    out.push(b']');
    Ok(())
}

/// ``count`` integers (``at(i)`` the i-th), four a span, as an array of four-number arrays; with ``outer``
/// false, one span's four as one array.
fn quads(count: usize, at: impl Fn(usize) -> i64, outer: bool, out: &mut Vec<u8>) {
    if outer {
        out.push(b'[');
    }
    for i in 0..count {
        match i % 4 {
            0 if i > 0 => out.extend_from_slice(b"],["),
            0 => out.push(b'['),
            _ => out.push(b','),
        }
        push_int(out, at(i));
    }
    if count > 0 {
        out.push(b']');
    }
    if outer {
        out.push(b']');
    }
}

/// The integers of a list or tuple of ``int``s.
fn ints(value: &Bound<'_, PyAny>) -> Out<Vec<i64>> {
    let mut numbers = Vec::new();
    if let Ok(tuple) = value.downcast_exact::<PyTuple>() {
        numbers.reserve(tuple.len());
        for item in tuple.iter() {
            numbers.push(int(&item)?);
        }
    } else if let Ok(list) = value.downcast_exact::<PyList>() {
        numbers.reserve(list.len());
        for item in list.iter() {
            numbers.push(int(&item)?);
        }
    } else {
        return Err(Unexpected);
    }
    Ok(numbers)
}

/// One span (four integers) as an array.
fn span(value: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> Out<()> {
    let numbers = ints(value)?;
    if numbers.len() != 4 {
        return Err(Unexpected);
    }
    quads(4, |i| numbers[i], false, out);
    Ok(())
}

/// ``key`` and the value as ``write`` writes it, unless the value is None (the dict leaves the key out).
fn optional(key: &[u8], value: &Bound<'_, PyAny>, write: fn(&Bound<'_, PyAny>, &mut Vec<u8>) -> Out<()>,
            out: &mut Vec<u8>) -> Out<()> {
    if value.is_none() {
        return Ok(());
    }
    out.extend_from_slice(key);
    write(value, out)
}

fn attr<'py>(item: &Bound<'py, PyAny>, name: &Bound<'py, PyString>) -> Out<Bound<'py, PyAny>> {
    item.getattr(name).map_err(|_| Unexpected)
}

/// Each item's JSON (``write``), joined by ``",\n    "`` as ``jsonio`` joins a batch; None where ``write`` fails.
fn joined<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyList>,
    bytes_each: usize,
    mut write: impl FnMut(&Bound<'py, PyAny>, &mut Vec<u8>) -> Out<()>,
) -> Option<Bound<'py, PyBytes>> {
    let mut out = Vec::with_capacity(items.len() * bytes_each);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b",\n    ");
        }
        write(&item, &mut out).ok()?;
    }
    Some(PyBytes::new(py, &out))
}

fn relation<'py>(
    py: Python<'py>,
    item: &Bound<'py, PyAny>,
    context: &RelationContext<'_, '_>,
    out: &mut Vec<u8>,
) -> Out<()> {
    let get = |name: &Bound<'py, PyString>| attr(item, name);
    let source = get(intern!(py, "source"))?;
    let target = get(intern!(py, "target"))?;
    let resolution = get(intern!(py, "resolution"))?;
    out.extend_from_slice(b"{\"from\":");
    string(&source, out)?;
    if let Some(short) = context.shorts.get_item(&source).map_err(|_| Unexpected)? {
        if short.is_truthy().map_err(|_| Unexpected)? {
            out.extend_from_slice(b",\"from_short\":");
            string(&short, out)?;
        }
    }
    out.extend_from_slice(b",\"to\":");
    string(&target, out)?;
    if resolution.is(context.resolved) {
        if let Some(short) = context.shorts.get_item(&target).map_err(|_| Unexpected)? {
            if short.is_truthy().map_err(|_| Unexpected)? {
                out.extend_from_slice(b",\"to_short\":");
                string(&short, out)?;
            }
        }
    }
    out.extend_from_slice(b",\"kind\":");
    string(&get(intern!(py, "kind"))?, out)?;
    out.extend_from_slice(b",\"resolution\":");
    string(&resolution, out)?;
    out.extend_from_slice(b",\"candidates\":");
    strings(&get(intern!(py, "candidates"))?, out)?;
    out.extend_from_slice(b",\"text\":");
    string(&get(intern!(py, "text"))?, out)?;
    out.extend_from_slice(b",\"spans\":");
    let spans = get(intern!(py, "spans"))?;
    // (``Spans`` is an ``array.array`` of C ints: its size is the object's own, ``len()`` would call the
    // Python ``__len__`` that counts spans)
    let exact = spans.get_type().is(context.spans_type);
    if exact && unsafe { pyo3::ffi::Py_SIZE(spans.as_ptr()) } == 0 {
        out.extend_from_slice(b"[]"); // (no buffer to read: an empty array's has no memory)
    } else if exact {
        let buffer = PyBuffer::<i32>::get(&spans).map_err(|_| Unexpected)?;
        let cells = buffer.as_slice(py).ok_or(Unexpected)?;
        if cells.len() % 4 != 0 {
            return Err(Unexpected);
        }
        quads(cells.len(), |i| i64::from(cells[i].get()), true, out);
    } else {
        return Err(Unexpected); // (spans as a list of tuples: the Python way)
    }
    optional(b",\"roles\":", &get(intern!(py, "roles"))?, strings, out)?;
    optional(b",\"package\":", &get(intern!(py, "package"))?, string, out)?;
    out.push(b'}');
    Ok(())
}

struct RelationContext<'a, 'py> {
    shorts: &'a Bound<'py, PyDict>,
    resolved: &'a Bound<'py, PyAny>,
    spans_type: &'a Bound<'py, PyType>,
}

/// The JSON of ``relations`` (a list), each as ``jsonio``'s relation dict, joined by ``",\n    "``;
/// None when one of them is not what this function expects. ``shorts`` maps symbol ids to their short
/// ids, ``resolved`` is ``Resolution.RESOLVED`` and ``spans_type`` the ``Spans`` class.
#[pyfunction]
pub fn relations_json<'py>(
    py: Python<'py>,
    relations: &Bound<'py, PyList>,
    shorts: &Bound<'py, PyDict>,
    resolved: &Bound<'py, PyAny>,
    spans_type: &Bound<'py, PyType>,
) -> Option<Bound<'py, PyBytes>> {
    let context = RelationContext { shorts, resolved, spans_type };
    joined(py, relations, 160, |item, out| relation(py, item, &context, out))
}

fn local<'py>(py: Python<'py>, item: &Bound<'py, PyAny>, out: &mut Vec<u8>) -> Out<()> {
    let get = |name: &Bound<'py, PyString>| attr(item, name);
    out.extend_from_slice(b"{\"path\":");
    string(&get(intern!(py, "path"))?, out)?;
    out.extend_from_slice(b",\"scope\":");
    string(&get(intern!(py, "scope"))?, out)?;
    out.extend_from_slice(b",\"name\":");
    string(&get(intern!(py, "name"))?, out)?;
    out.extend_from_slice(b",\"kind\":");
    string(&get(intern!(py, "kind"))?, out)?;
    out.extend_from_slice(b",\"span\":");
    span(&get(intern!(py, "span"))?, out)?;
    out.extend_from_slice(b",\"uses\":");
    let uses = ints(&get(intern!(py, "uses"))?)?;
    if uses.len() % 4 != 0 {
        return Err(Unexpected);
    }
    quads(uses.len(), |i| uses[i], true, out);
    optional(b",\"roles\":", &get(intern!(py, "roles"))?, strings, out)?;
    out.push(b'}');
    Ok(())
}

/// The JSON of ``locals`` (a list), each as ``jsonio``'s local dict, joined by ``",\n    "``; None when
/// one of them is not what this function expects.
#[pyfunction]
pub fn locals_json<'py>(py: Python<'py>, locals: &Bound<'py, PyList>) -> Option<Bound<'py, PyBytes>> {
    joined(py, locals, 120, |item, out| local(py, item, out))
}
