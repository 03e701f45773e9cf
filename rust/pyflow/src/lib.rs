//! ``codeknit._pyflow``: the Python points-to solver, compiled. ``resolve/pyflow/compiled.py`` hands it
//! every Python file's facts with what the resolver knows (symbols, import links) and answers what
//! the solver asks later (class hierarchies, star imports); it answers per call site.
//!
//! The module also writes the graph JSON's relations and locals in bulk (``graphjson``), for
//! ``graph/jsonio.py``; reads a file's value captures and packs its value table (``values``), for the
//! extraction engine; and records the value uses of locals (``locals``), for the resolver.

mod core;
mod declare;
mod facts;
mod graphjson;
mod json;
mod locals;
mod solver;
mod values;

use std::collections::{HashMap, HashSet};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::core::{FxMap, S};
use crate::facts::Span;
use crate::solver::{profile_defines, Entity, ExternalProfile, FileInput, Host, InitStep, Link, Solver};

struct PyHost {
    host: Py<PyAny>,
    error: Option<PyErr>,
    /// per class, ``external_defines`` for every name (``_Host.external_profile``): None when an outside
    /// base may define anything; else the names outside bases define and whether every dunder is one
    profiles: HashMap<String, ExternalProfile>,
    /// the answers to ``mro`` and ``subclasses`` given before the solve (``_Host.prefetch``): a question
    /// asked on the solver's thread waits for the interpreter's lock, which the resolver's pass holds
    mros: HashMap<String, Vec<String>>,
    subclasses: HashMap<String, Vec<String>>,
    /// what ``init_global`` reads for the solved files (``_Host.init_tables``), given before the solve
    init: Option<InitTables>,
}

/// What ``_Host.init_tables`` gives: the builtins' names; per solved file, its star imports' targets in
/// order and its submodules by name; per star target, its export list (None: every name without a
/// leading underscore).
struct InitTables {
    builtins: HashSet<String>,
    files: HashMap<String, (Vec<String>, HashMap<String, String>)>,
    exports: HashMap<String, Option<HashSet<String>>>,
}

type GivenInitTables = (
    Vec<String>,
    HashMap<String, (Vec<String>, HashMap<String, String>)>,
    HashMap<String, Option<Vec<String>>>,
);

impl InitTables {
    fn new((builtins, files, exports): GivenInitTables) -> Self {
        InitTables {
            builtins: builtins.into_iter().collect(),
            files,
            exports: exports.into_iter().map(|(path, names)| (path, names.map(|n| n.into_iter().collect()))).collect(),
        }
    }

    /// ``_Host.init_global`` for a solved file; None for another path (asked of the host)
    fn steps(&self, path: &str, name: &str) -> Option<Vec<InitStep>> {
        let (stars, submodules) = self.files.get(path)?;
        let mut steps = Vec::new();
        // a star import of a solved module brings the builtin where that module does not bind it
        let mut starred = false;
        for target in stars {
            let exported = match self.exports.get(target)? {
                Some(names) => names.contains(name),
                None => !name.starts_with('_'),
            };
            if exported {
                steps.push(InitStep::Copy(target.clone()));
                starred = starred || self.files.contains_key(target);
            }
        }
        if let Some(sub) = submodules.get(name) {
            steps.push(InitStep::Add(vec![("M".to_string(), sub.clone())]));
        }
        if self.builtins.contains(name) && !starred {
            steps.push(InitStep::Add(vec![("X".to_string(), format!("builtins.{name}"))]));
        }
        Some(steps)
    }
}

/// What ``_Host.prefetch`` gives: per class its MRO, its subclasses and its outside profile.
type Prefetched = (
    HashMap<String, Vec<String>>,
    HashMap<String, Vec<String>>,
    HashMap<String, Option<(Vec<String>, bool)>>,
);

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
        // (taken, not copied: the solver asks once a class, and keeps the answer in ``mro_memo``)
        if let Some(found) = self.mros.remove(class_id) {
            return found;
        }
        Python::with_gil(|py| {
            let value = self.call(py, "mro", (class_id,));
            self.extract(value).unwrap_or_default()
        })
    }

    fn external_defines(&mut self, class_id: &str, name: &str) -> bool {
        if !self.profiles.contains_key(class_id) {
            let profile = Python::with_gil(|py| {
                let value = self.call(py, "external_profile", (class_id,));
                let found: Option<Option<(Vec<String>, bool)>> = self.extract(value);
                found.map(|p| p.map(|(names, dunders)| (names.into_iter().collect(), dunders)))
            });
            match profile {
                Some(profile) => {
                    self.profiles.insert(class_id.to_string(), profile);
                }
                None => return false, // (the host's error is kept: the solve fails)
            }
        }
        profile_defines(&self.profiles[class_id], name)
    }

    fn subclasses(&mut self, class_id: &str) -> Vec<String> {
        if let Some(found) = self.subclasses.get(class_id) {
            return found.clone();
        }
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

    fn literal_module(&mut self, path: &str, name: &str) -> Option<String> {
        Python::with_gil(|py| {
            let value = self.call(py, "literal_module", (path, name))?;
            if value.is_none() {
                return None;
            }
            self.extract(Some(value))
        })
    }

    fn init_global(&mut self, path: &str, name: &str) -> Vec<InitStep> {
        if let Some(steps) = self.init.as_ref().and_then(|tables| tables.steps(path, name)) {
            return steps;
        }
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

/// An entity of an answer, its text an index into ``Solution::texts``.
#[derive(Clone, Copy)]
enum Answer {
    Sym(u32),
    External(u32),
    Unknown,
}

/// One path's answers: per call site (scope and span) its callees, or None where the solution
/// knows nothing useful; and the calls no reference spells, as ``(scope, text, span, callees)``.
#[derive(Default)]
struct PathAnswers {
    sites: FxMap<(u32, Span), Option<Vec<Answer>>>,
    extra: Vec<(u32, u32, Span, Vec<Answer>)>,
}

/// A solved program: the answers per call site, and the calls no reference spells.
///
/// Every answer is taken from the solver as soon as it has run, and the solver is freed then: the
/// points-to sets, facts and memos it holds are several times the answers' size, and the resolver
/// that reads the answers allocates a good deal of its own afterwards.
#[pyclass(module = "codeknit._pyflow")]
struct Solution {
    paths: HashMap<String, PathAnswers>,
    texts: Vec<String>,
    stats: Vec<(&'static str, u64)>,
}

/// Texts of answers, each kept once.
#[derive(Default)]
struct Texts {
    index: FxMap<S, u32>,
    texts: Vec<String>,
}

impl Texts {
    fn get(&mut self, solver: &Solver<PyHost>, id: S) -> u32 {
        if let Some(&found) = self.index.get(&id) {
            return found;
        }
        let found = self.texts.len() as u32;
        self.texts.push(solver.st.text(id).to_string());
        self.index.insert(id, found);
        found
    }

    fn answers(&mut self, solver: &Solver<PyHost>, entities: &[Entity]) -> Vec<Answer> {
        entities
            .iter()
            .map(|e| match e {
                Entity::Sym(id) => Answer::Sym(self.get(solver, *id)),
                Entity::External(name) => Answer::External(self.get(solver, *name)),
                Entity::Unknown => Answer::Unknown,
            })
            .collect()
    }
}

fn has_symbol(found: &[Entity]) -> bool {
    found.iter().any(|e| matches!(e, Entity::Sym(_)))
}

impl Solution {
    /// Every answer of a solver that has run; the solver is freed on a thread of its own (freeing
    /// its many small pieces takes a noticeable time: a tenth of a second on Django).
    fn take(mut solver: Solver<PyHost>) -> PyResult<Solution> {
        let mut texts = Texts::default();
        let mut paths: HashMap<String, PathAnswers> = HashMap::new();
        let mut stats = vec![
            ("facts", solver.fact_count as u64),
            ("evaluations", solver.evaluations),
            ("objects", solver.objs.keys.len() as u64),
            ("sites", solver.sites.len() as u64),
        ];
        stats.extend(solver.timings.iter().copied());
        // the calls no reference spells: implicit ones first, then call sites whose callee is not a name
        for index in 0..solver.implicit.len() {
            let (key, objs) = &solver.implicit[index];
            let key = *key;
            let objs = objs.v.clone();
            let capped = objs.contains(&crate::core::CAPPED);
            if let Some(found) = solver.entities(&objs, capped) {
                if has_symbol(&found) {
                    let answers = texts.answers(&solver, &found);
                    let text = texts.get(&solver, key.3);
                    let path = solver.st.text(key.0).to_string();
                    paths.entry(path).or_default().extra.push((key.1, text, key.2, answers));
                }
            }
        }
        for index in 0..solver.sites.len() {
            let site = &solver.sites[index];
            let callees = solver.site_record(site);
            let capped = solver.site_capped(site, &callees);
            let (key, text) = (site.key, site.text);
            let found = solver.entities(&callees, capped);
            let answers = found.as_ref().map(|f| texts.answers(&solver, f));
            let path = solver.st.text(key.0).to_string();
            let entry = paths.entry(path).or_default();
            if let (Some(text), Some(found), Some(answers)) = (text, found.as_ref(), answers.as_ref()) {
                if has_symbol(found) {
                    let text = texts.get(&solver, text);
                    entry.extra.push((key.1, text, key.2, answers.clone()));
                }
            }
            entry.sites.insert((key.1, key.2), answers);
        }
        let error = solver.host.error.take();
        // (then the freed pages go back to the system: the resolver's objects that follow are
        // Python's, in pools of its own, so they would not reuse them, and the run's peak would be
        // the solver's and the rest of resolution's memory added up)
        let _ = std::thread::Builder::new().name("pyflow-free".into()).spawn(move || {
            drop(solver);
            unsafe {
                libc::malloc_trim(0);
            }
        });
        match error {
            Some(error) => Err(error),
            None => Ok(Solution { paths, texts: texts.texts, stats }),
        }
    }

    fn to_py<'py>(&self, py: Python<'py>, answers: &[Answer]) -> PyResult<Bound<'py, PyList>> {
        let items: Vec<Bound<'py, PyTuple>> = answers
            .iter()
            .map(|a| match a {
                Answer::Sym(i) => PyTuple::new(py, ["s", self.texts[*i as usize].as_str()]),
                Answer::External(i) => PyTuple::new(py, ["x", self.texts[*i as usize].as_str()]),
                Answer::Unknown => PyTuple::new(py, ["u"]),
            })
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }
}

#[pymethods]
impl Solution {
    /// The callees of the call site at ``span`` in ``scope`` of ``path``: a list of ``("s", id)``,
    /// ``("x", name)`` and ``("u",)``; None when the solution knows nothing useful there.
    fn site<'py>(&self, py: Python<'py>, path: &str, scope: u32, span: (i64, i64, i64, i64)) -> PyResult<Option<Bound<'py, PyList>>> {
        let span = match (i32::try_from(span.0), i32::try_from(span.1), i32::try_from(span.2), i32::try_from(span.3)) {
            (Ok(a), Ok(b), Ok(c), Ok(d)) => [a, b, c, d],
            _ => return Ok(None), // (no position of the facts is that far)
        };
        let found = self.paths.get(path).and_then(|p| p.sites.get(&(scope, span))).and_then(|a| a.as_ref());
        match found {
            Some(answers) => Ok(Some(self.to_py(py, answers)?)),
            None => Ok(None),
        }
    }

    /// The calls of ``path`` that no reference records, as ``(scope, text, span, entities)``: implicit
    /// ones first, then call sites whose callee is not a name.
    fn extra_calls<'py>(&self, py: Python<'py>, path: &str) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        if let Some(found) = self.paths.get(path) {
            for (scope, text, span, answers) in &found.extra {
                let span = (i64::from(span[0]), i64::from(span[1]), i64::from(span[2]), i64::from(span[3]));
                out.append((*scope, self.texts[*text as usize].as_str(), span, self.to_py(py, answers)?))?;
            }
        }
        Ok(out)
    }

    /// Counts for reports: facts, evaluations, nodes, objects.
    fn stats(&self) -> HashMap<&'static str, u64> {
        self.stats.iter().copied().collect()
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

/// One file's input as ``host.file_input(i)`` gives it, copied out of Python: ``(path, ids, symbols,
/// flow_json, import_bound, links)``.
type OwnedInput = (String, Vec<String>, Vec<(String, u32, i64)>, String, Vec<String>, Vec<Link>);

fn read_input(host: &Bound<'_, PyAny>, index: usize) -> PyResult<OwnedInput> {
    let item = host.call_method1("file_input", (index,))?;
    let tuple = item.downcast::<PyTuple>()?;
    let links_list = tuple.get_item(5)?;
    let mut links = Vec::new();
    for link in links_list.try_iter()? {
        links.push(link_of(&link?)?);
    }
    let flow_item = tuple.get_item(3)?;
    let flow = flow_item.downcast::<PyString>()?.to_str()?.to_owned();
    Ok((
        tuple.get_item(0)?.extract()?,
        tuple.get_item(1)?.extract()?,
        tuple.get_item(2)?.extract()?,
        flow,
        tuple.get_item(4)?.extract()?,
        links,
    ))
}

/// Load, link and solve, on whatever thread: the host's questions take the GIL each time.
fn solve_inputs(host: Py<PyAny>, inputs: Vec<OwnedInput>, extended: Vec<String>, prefetched: Prefetched,
                init: Option<InitTables>) -> PyResult<Solution> {
    let (mros, subclasses, given) = prefetched;
    let profiles = given
        .into_iter()
        .map(|(class_id, profile)| (class_id, profile.map(|(names, dunders)| (names.into_iter().collect(), dunders))))
        .collect();
    let mut solver = Solver::new(PyHost { host, error: None, profiles, mros, subclasses, init });
    for (path, ids, symbols, flow, import_bound, links) in inputs {
        let input = FileInput { path, ids, symbols, flow: &flow, import_bound, links };
        solver.load_file(input).map_err(PyValueError::new_err)?;
    }
    solver.finish_load(extended);
    solver.run();
    if let Some(error) = solver.host.error.take() {
        return Err(error);
    }
    Solution::take(solver)
}

/// A solve running on a thread of its own (:func:`start`); :meth:`result` waits for it.
#[pyclass(module = "codeknit._pyflow")]
struct Pending {
    handle: std::sync::Mutex<Option<std::thread::JoinHandle<PyResult<Solution>>>>,
}

impl Pending {
    fn join(&self, py: Python<'_>) -> Option<PyResult<Solution>> {
        let handle = self.handle.lock().ok()?.take()?;
        // the GIL goes while waiting: the solver's questions to the host need it
        let outcome = py.allow_threads(move || handle.join());
        Some(outcome.unwrap_or_else(|_| Err(PyRuntimeError::new_err("the points-to solver's thread panicked"))))
    }
}

#[pymethods]
impl Pending {
    /// The solution, once the solve has ended (waiting for it, without the GIL); its error, if it failed.
    fn result(&self, py: Python<'_>) -> PyResult<Solution> {
        self.join(py).unwrap_or_else(|| Err(PyValueError::new_err("the solution was taken already")))
    }

    /// Has the solve ended (so that :meth:`result` does not wait)?
    fn done(&self) -> bool {
        self.handle.lock().ok().and_then(|h| h.as_ref().map(|h| h.is_finished())).unwrap_or(true)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // never leave the thread running on its own: it asks the host (and so the interpreter) questions
        let pending = self.handle.get_mut().ok().and_then(|h| h.take());
        if let Some(handle) = pending {
            Python::with_gil(|py| {
                let _ = py.allow_threads(move || handle.join());
            });
        }
    }
}

/// Start solving a program of ``count`` Python files on a thread of its own, and return at once.
/// ``host.file_input(i)`` gives file ``i`` as ``(path, ids, symbols, flow_json, import_bound,
/// links)``: every file's input is read here, on the caller's thread; ``extended``: the classes some
/// class extends; ``host`` answers the solver's questions while it runs (on the solver's thread, each
/// taking the GIL). The caller goes on with work of its own and calls ``result()`` when it needs the
/// answers.
#[pyfunction]
fn start(py: Python<'_>, host: Py<PyAny>, count: usize, extended: Vec<String>) -> PyResult<Pending> {
    let bound = host.bind(py);
    let mut inputs = Vec::with_capacity(count);
    for index in 0..count {
        inputs.push(read_input(bound, index)?);
    }
    // the answers the solver asks most, here, where the caller holds the GIL anyway (a host without them
    // answers each question when asked)
    let prefetched: Prefetched = if bound.hasattr("prefetch")? {
        bound.call_method0("prefetch")?.extract()?
    } else {
        (HashMap::new(), HashMap::new(), HashMap::new())
    };
    let init = if bound.hasattr("init_tables")? {
        Some(InitTables::new(bound.call_method0("init_tables")?.extract()?))
    } else {
        None
    };
    // one malloc arena for every thread: the solver's thread then reuses what the run freed before the
    // solve (the extraction blobs stored), as it does on the caller's thread, instead of growing an arena of
    // its own (on Django the run's peak was 14 MB higher with one)
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
    let handle = std::thread::Builder::new()
        .name("pyflow-solve".into())
        // (a thread state kept for the whole solve: each question then only takes the GIL)
        .spawn(move || Python::with_gil(|py| py.allow_threads(move || solve_inputs(host, inputs, extended, prefetched, init))))
        .map_err(|e| PyRuntimeError::new_err(format!("could not start the points-to solver's thread: {e}")))?;
    Ok(Pending { handle: std::sync::Mutex::new(Some(handle)) })
}

/// Solve a program of ``count`` Python files (:func:`start`, then waiting for its result).
#[pyfunction]
fn solve(py: Python<'_>, host: Py<PyAny>, count: usize, extended: Vec<String>) -> PyResult<Solution> {
    start(py, host, count, extended)?.result(py)
}

#[pymodule]
fn _pyflow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(graphjson::relations_json, m)?)?;
    m.add_function(wrap_pyfunction!(graphjson::locals_json, m)?)?;
    m.add_function(wrap_pyfunction!(values::value_uses, m)?)?;
    m.add_function(wrap_pyfunction!(declare::declare_locals, m)?)?;
    m.add_function(wrap_pyfunction!(values::value_table, m)?)?;
    m.add_function(wrap_pyfunction!(locals::local_uses, m)?)?;
    m.add_class::<Pending>()?;
    m.add_class::<Solution>()?;
    // raised when a function's arguments change (``codeknit.native.extension``'s ``version``): 2, ``value_uses``
    // takes the chain limit; 3, and the reads the compiled walk found
    m.add("VERSION", 3)?;
    Ok(())
}
