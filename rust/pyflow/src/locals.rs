//! The uses of a file's locals among its value uses, for the resolver's pass (``Resolver.resolve_values``
//! in ``resolve/resolver.py``).
//!
//! About half of a file's value uses name a local (a parameter, a local variable): on effect 168,000 of
//! 351,000, on the Go standard library 422,000 of 970,000. Each is a look-up of the local whose region
//! holds the use (``FileLocals.at``) and a use recorded on it (``add_use``), one Python call each. This
//! module does both for all of a file's uses at once and returns what is left for the resolver to decide,
//! in order, as the same rows.

use crate::core::{FxMap, FxSet};

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

/// The integers of one use (``ValueUses.rows``): text, scope, role, flags, then the span.
const FIELDS: usize = 8;
/// ``languages/records.py``: the flags, and the role that reads
const HEAD_KNOWN: i32 = 1;
const CALLED: i32 = 2;
const READ: i32 = 1;

/// One local's new uses: its span numbers (four a use) and whether each writes.
struct Group<'py> {
    local: Bound<'py, PyAny>,
    declared: (i32, i32, i32, i32),
    uses: Vec<i32>,
    writes: Vec<bool>,
    starts: FxSet<(i32, i32)>,
}

/// Which of a name's locals has the region that holds ``position`` (``line << 32 | column``), as
/// ``FileLocals.at`` finds it: ``bounds`` is the name's regions (``FileLocals.bounds``), every start in
/// order, then every end; the last region starting at or before the use that also ends after it.
fn local_at(bounds: &[i64], position: i64) -> Option<usize> {
    let count = bounds.len() / 2;
    if count == 1 {
        return if bounds[0] <= position && position < bounds[1] { Some(0) } else { None };
    }
    let mut index = bounds[..count].partition_point(|&start| start <= position);
    while index > 0 {
        index -= 1;
        if position < bounds[count + index] {
            return Some(index);
        }
    }
    None
}

/// A number of a span as the run's shared object (``graph.model.NUMBERS``): past 256 CPython makes a new
/// object for each, and every local keeps its uses to the end of the run.
fn number<'py>(py: Python<'py>, numbers: &Bound<'py, PyDict>, value: i32) -> PyResult<Bound<'py, PyAny>> {
    let made = value.into_pyobject(py)?.into_any();
    if (-5..=256).contains(&value) {
        return Ok(made);
    }
    if let Some(shared) = numbers.get_item(&made)? {
        return Ok(shared);
    }
    numbers.set_item(&made, &made)?;
    Ok(made)
}

/// The uses of locals among ``rows`` (a file's ``ValueUses.rows``), decided as the resolver's loop does.
///
/// Per text (the table's index): ``plain`` (one name, no member chain or call result), ``named`` (a
/// variable, field or property of the project has its last name), ``declared`` (a plain name a local of
/// the file declares), and for a declared one its locals (``entries``, ``FileLocals.by_name``) and
/// regions (``bounds``), else None. ``numbers`` is the shared numbers' table, ``roles`` the read and
/// write roles.
///
/// A use whose head is known and that names a local around it is that local's use (none at a call's
/// token: the call's reference records it); a call's token that names nothing the project declares as
/// a value is no use. Returns the other rows, in order (``array('i')`` bytes), and for each local that
/// got uses ``(local, span numbers, roles or None)``: the numbers four a use in order, without a
/// repeated token or the declaring one, as ``add_use`` would keep them one after another.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn local_uses<'py>(
    py: Python<'py>,
    rows: &Bound<'py, PyAny>,
    plain: &[u8],
    named: &[u8],
    declared: &[u8],
    entries: &Bound<'py, PyList>,
    bounds: &Bound<'py, PyList>,
    numbers: &Bound<'py, PyDict>,
    roles: (Bound<'py, PyAny>, Bound<'py, PyAny>),
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyList>)> {
    let buffer = PyBuffer::<i32>::get(rows)?;
    let cells = buffer.to_vec(py)?;
    if cells.len() % FIELDS != 0 {
        return Err(PyValueError::new_err("value rows: not eight integers a use"));
    }
    let texts = plain.len();
    if named.len() != texts || declared.len() != texts || entries.len() != texts || bounds.len() != texts {
        return Err(PyValueError::new_err("value rows: one entry a text in each column"));
    }
    // the regions of each declared text, read once
    let mut regions: Vec<Option<Vec<i64>>> = Vec::with_capacity(texts);
    for (index, item) in bounds.iter().enumerate() {
        if declared[index] == 0 || item.is_none() {
            regions.push(None);
        } else {
            regions.push(Some(PyBuffer::<i64>::get(&item)?.to_vec(py)?));
        }
    }
    let mut rest: Vec<u8> = Vec::new();
    let mut groups: Vec<Group<'py>> = Vec::new();
    let mut group_of: FxMap<(usize, usize), usize> = FxMap::default();
    for row in cells.chunks_exact(FIELDS) {
        let text = usize::try_from(row[0]).ok().filter(|&t| t < texts).ok_or_else(|| {
            PyValueError::new_err("value rows: a text index out of range")
        })?;
        let flags = row[3];
        let called = flags & CALLED != 0;
        let declared_here = flags & HEAD_KNOWN != 0 && plain[text] != 0 && declared[text] != 0;
        if called && named[text] == 0 && !declared_here {
            continue; // a call's token that names no variable, field or property anywhere: the call says it
        }
        if declared_here {
            if let Some(regions) = &regions[text] {
                let position = i64::from(row[4]) << 32 | i64::from(row[5]);
                if let Some(entry) = local_at(regions, position) {
                    if !called {
                        let at = match group_of.get(&(text, entry)) {
                            Some(&at) => at,
                            None => {
                                let local = entries.get_item(text)?.get_item(entry)?;
                                let declared = local.getattr("span")?.extract()?;
                                groups.push(Group {
                                    local,
                                    declared,
                                    uses: Vec::new(),
                                    writes: Vec::new(),
                                    starts: FxSet::default(),
                                });
                                group_of.insert((text, entry), groups.len() - 1);
                                groups.len() - 1
                            }
                        };
                        let group = &mut groups[at];
                        let span = (row[4], row[5], row[6], row[7]);
                        // (a declaring token is never its own use; a token is one use)
                        if span != group.declared && group.starts.insert((span.0, span.1)) {
                            group.uses.extend_from_slice(&row[4..]);
                            group.writes.push(row[2] != READ);
                        }
                    }
                    continue;
                }
            }
        }
        for value in row {
            rest.extend_from_slice(&value.to_ne_bytes());
        }
    }
    let (read, write) = roles;
    let out = PyList::empty(py);
    for group in groups {
        let uses = PyList::empty(py);
        for &value in &group.uses {
            uses.append(number(py, numbers, value)?)?;
        }
        let roles = if group.writes.iter().any(|&w| w) {
            let list = PyList::empty(py);
            for &writes in &group.writes {
                list.append(if writes { &write } else { &read })?;
            }
            list.into_any()
        } else {
            py.None().into_bound(py)
        };
        out.append((group.local, uses, roles))?;
    }
    Ok((PyBytes::new(py, &rest), out))
}
