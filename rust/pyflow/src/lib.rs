//! ``codeknit._pyflow``: the Python points-to solver, compiled. ``resolve/pyflow/compiled.py`` hands it
//! every Python file's facts with what the resolver knows (symbols, import links) and answers what
//! the solver asks later (class hierarchies, star imports); it answers per call site.

mod core;
mod facts;
mod json;
mod solver;

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::core::S;
use crate::solver::{Entity, FileInput, Host, InitStep, Link, Solver};

struct PyHost {
    host: Py<PyAny>,
    error: Option<PyErr>,
}

impl PyHost {
    fn call<'py, A: pyo3::call::PyCallArgs<'py>>(&mut self, py: Python<'py>, name: &str, args: A) -> Option<Bound<'py, PyAny>> {
        match self.host.bind(py).call_method1(name, args) {
            Ok(value) => Some(value),
            Err(error) => {
                if self.error.is_none() {
                    self.error = Some(error);
                }
                None
            }
        }
    }

    fn extract<'py, T: FromPyObject<'py>>(&mut self, value: Option<Bound<'py, PyAny>>) -> Option<T> {
        let value = value?;
        match value.extract::<T>() {
            Ok(found) => Some(found),
            Err(error) => {
                if self.error.is_none() {
                    self.error = Some(error);
                }
                None
            }
        }
    }
}

impl Host for PyHost {
    fn symbol(&mut self, id: &str) -> Option<(String, u32, Option<String>)> {
        Python::with_gil(|py| {
            let value = self.call(py, "symbol", (id,))?;
            if value.is_none() {
                return None;
            }
            self.extract(Some(value))
        })
    }

    fn mro(&mut self, class_id: &str) -> Vec<String> {
        Python::with_gil(|py| {
            let value = self.call(py, "mro", (class_id,));
            self.extract(value).unwrap_or_default()
        })
    }

    fn external_ancestor(&mut self, class_id: &str) -> bool {
        Python::with_gil(|py| {
            let value = self.call(py, "external_ancestor", (class_id,));
            self.extract(value).unwrap_or(false)
        })
    }

    fn subclasses(&mut self, class_id: &str) -> Vec<String> {
        Python::with_gil(|py| {
            let value = self.call(py, "subclasses", (class_id,));
            self.extract(value).unwrap_or_default()
        })
    }

    fn enum_member(&mut self, owner: &str, name: &str) -> bool {
        Python::with_gil(|py| {
            let value = self.call(py, "enum_member", (owner, name));
            self.extract(value).unwrap_or(false)
        })
    }

    fn init_global(&mut self, path: &str, name: &str) -> Vec<InitStep> {
        Python::with_gil(|py| {
            let value = self.call(py, "init_global", (path, name));
            let steps: Vec<(String, Vec<(String, String)>)> = self.extract(value).unwrap_or_default();
            steps
                .into_iter()
                .map(|(kind, items)| {
                    if kind == "copy" {
                        InitStep::Copy(items.into_iter().next().map(|i| i.1).unwrap_or_default())
                    } else {
                        InitStep::Add(items)
                    }
                })
                .collect()
        })
    }
}

/// A solved program: the answers per call site, and the calls no reference spells.
#[pyclass(module = "codeknit._pyflow")]
struct Solution {
    solver: Option<Box<Solver<PyHost>>>,
    by_path: Option<HashMap<S, (Vec<usize>, Vec<usize>)>>,
}

impl Drop for Solution {
    /// Freeing a large solution's many small pieces takes a noticeable time (a tenth of a second on
    /// Django): it is done on a thread of its own, off the caller's path.
    fn drop(&mut self) {
        if let Some(solver) = self.solver.take() {
            let _ = std::thread::Builder::new().name("pyflow-free".into()).spawn(move || drop(solver));
        }
    }
}

fn entities_to_py<'py>(py: Python<'py>, solver: &Solver<PyHost>, entities: &[Entity]) -> PyResult<Bound<'py, PyList>> {
    let items: Vec<Bound<'py, PyTuple>> = entities
        .iter()
        .map(|e| match e {
            Entity::Sym(id) => PyTuple::new(py, ["s", solver.st.text(*id)]),
            Entity::External(name) => PyTuple::new(py, ["x", solver.st.text(*name)]),
            Entity::Unknown => PyTuple::new(py, ["u"]),
        })
        .collect::<PyResult<_>>()?;
    PyList::new(py, items)
}

#[pymethods]
impl Solution {
    /// The callees of the call site at ``span`` in ``scope`` of ``path``: a list of ``("s", id)``,
    /// ``("x", name)`` and ``("u",)``; None when the solution knows nothing useful there.
    fn site<'py>(&mut self, py: Python<'py>, path: &str, scope: u32, span: (i64, i64, i64, i64)) -> PyResult<Option<Bound<'py, PyList>>> {
        let solver = self.solver.as_mut().expect("a solution");
        let path = match solver.st.find(path) {
            Some(p) => p,
            None => return Ok(None),
        };
        let key = (path, scope, [span.0, span.1, span.2, span.3]);
        let index = match solver.site_of(&key) {
            Some(i) => i,
            None => return Ok(None),
        };
        let site = &solver.sites[index];
        let capped = solver.site_capped(site);
        let callees = site.callees.clone();
        match solver.entities(&callees, capped) {
            Some(found) => Ok(Some(entities_to_py(py, solver, &found)?)),
            None => Ok(None),
        }
    }

    /// The calls of ``path`` that no reference records, as ``(scope, text, span, entities)``: implicit
    /// ones first, then call sites whose callee is not a name.
    fn extra_calls<'py>(&mut self, py: Python<'py>, path: &str) -> PyResult<Bound<'py, PyList>> {
        let solver = self.solver.as_mut().expect("a solution");
        if self.by_path.is_none() {
            let mut by_path: HashMap<S, (Vec<usize>, Vec<usize>)> = HashMap::new();
            for (index, (key, _)) in solver.implicit.iter().enumerate() {
                by_path.entry(key.0).or_default().0.push(index);
            }
            for (index, site) in solver.sites.iter().enumerate() {
                if site.text.is_some() {
                    by_path.entry(site.key.0).or_default().1.push(index);
                }
            }
            self.by_path = Some(by_path);
        }
        let out = PyList::empty(py);
        let path = match solver.st.find(path) {
            Some(p) => p,
            None => return Ok(out),
        };
        let (implicit, sites) = match self.by_path.as_ref().unwrap().get(&path) {
            Some((a, b)) => (a.clone(), b.clone()),
            None => return Ok(out),
        };
        for index in implicit {
            let (key, objs) = &solver.implicit[index];
            let key = *key;
            let objs = objs.v.clone();
            let capped = objs.contains(&crate::core::CAPPED);
            if let Some(found) = solver.entities(&objs, capped) {
                if found.iter().any(|e| matches!(e, Entity::Sym(_))) {
                    let entities = entities_to_py(py, solver, &found)?;
                    let span = (key.2[0], key.2[1], key.2[2], key.2[3]);
                    out.append((key.1, solver.st.text(key.3), span, entities))?;
                }
            }
        }
        for index in sites {
            let site = &solver.sites[index];
            let capped = solver.site_capped(site);
            let (key, text, callees) = (site.key, site.text.unwrap(), site.callees.clone());
            if let Some(found) = solver.entities(&callees, capped) {
                if found.iter().any(|e| matches!(e, Entity::Sym(_))) {
                    let entities = entities_to_py(py, solver, &found)?;
                    let span = (key.2[0], key.2[1], key.2[2], key.2[3]);
                    out.append((key.1, solver.st.text(text), span, entities))?;
                }
            }
        }
        if let Some(error) = solver.host.error.take() {
            return Err(error);
        }
        Ok(out)
    }

    /// Counts for reports: facts, evaluations, nodes, objects.
    fn stats(&self) -> HashMap<&'static str, u64> {
        let mut out = HashMap::new();
        let solver = match &self.solver {
            Some(s) => s,
            None => return out,
        };
        out.insert("facts", solver.fact_count as u64);
        out.insert("evaluations", solver.evaluations);
        out.insert("objects", solver.objs.keys.len() as u64);
        out.insert("sites", solver.sites.len() as u64);
        for (name, micros) in solver.timings.iter() {
            out.insert(name, *micros);
        }
        out
    }
}


fn link_of(item: &Bound<'_, PyAny>) -> PyResult<Link> {
    let kind: u8 = item.get_item(0)?.extract()?;
    Ok(match kind {
        0 => Link::Copy(
            item.get_item(1)?.extract()?,
            item.get_item(2)?.extract()?,
            item.get_item(3)?.extract()?,
            item.get_item(4)?.extract()?,
            (item.get_item(5)?.extract()?, item.get_item(6)?.extract()?, item.get_item(7)?.extract()?),
        ),
        1 => Link::Init(item.get_item(1)?.extract()?, item.get_item(2)?.extract()?),
        _ => Link::Add(
            item.get_item(1)?.extract()?,
            item.get_item(2)?.extract()?,
            item.get_item(3)?.extract()?,
            (item.get_item(4)?.extract()?, item.get_item(5)?.extract()?, item.get_item(6)?.extract()?),
        ),
    })
}

/// Solve a program of ``count`` Python files: ``host.file_input(i)`` gives file ``i`` as
/// ``(path, ids, symbols, flow_json, import_bound, links)`` (asked one at a time, so that only one
/// file's input exists at once); ``extended``: the classes some class extends; ``host`` answers the
/// solver's questions.
#[pyfunction]
fn solve(py: Python<'_>, host: Py<PyAny>, count: usize, extended: Vec<String>) -> PyResult<Solution> {
    let mut solver = Solver::new(PyHost { host: host.clone_ref(py), error: None });
    for index in 0..count {
        let item = host.bind(py).call_method1("file_input", (index,))?;
        let tuple = item.downcast::<PyTuple>()?;
        let links_list = tuple.get_item(5)?;
        let mut links = Vec::new();
        for link in links_list.try_iter()? {
            links.push(link_of(&link?)?);
        }
        let flow_item = tuple.get_item(3)?;
        let flow = flow_item.downcast::<PyString>()?.to_str()?;
        let input = FileInput {
            path: tuple.get_item(0)?.extract()?,
            ids: tuple.get_item(1)?.extract()?,
            symbols: tuple.get_item(2)?.extract()?,
            flow,
            import_bound: tuple.get_item(4)?.extract()?,
            links,
        };
        solver.load_file(input).map_err(PyValueError::new_err)?;
    }
    solver.finish_load(extended);
    solver.run();
    if let Some(error) = solver.host.error.take() {
        return Err(error);
    }
    Ok(Solution { solver: Some(Box::new(solver)), by_path: None })
}

#[pymodule]
fn _pyflow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_class::<Solution>()?;
    m.add("VERSION", 1)?;
    Ok(())
}
