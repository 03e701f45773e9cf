// The codeknit graph viewer: a force-directed view of modules and symbols, drawn in SVG by hand.
// Everything it shows comes from the JSON in #codeknit-data; it loads nothing over the network.
// Only resolved relations are drawn; uncertain ones are counted per node and in total.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("codeknit-data").textContent);
  const files = data.files;
  const symbols = data.nodes.map((n, i) => ({
    i, file: n[0], qual: n[1], name: n[2], kind: data.kinds[n[3]], parent: n[4], line: n[5],
    uOut: n[6], uIn: n[7], language: data.languages[data.fileLanguages[n[0]]],
    id: files[n[0]] + (n[1] ? "::" + n[1] : ""),
  }));
  const out = symbols.map(() => []);
  const into = symbols.map(() => []);
  for (const [s, t, k] of data.edges) {
    out[s].push([t, data.edgeKinds[k]]);
    into[t].push([s, data.edgeKinds[k]]);
  }
  const children = symbols.map(() => []);
  for (const s of symbols) if (s.parent >= 0) children[s.parent].push(s.i);
  const modules = files.map((path, f) => ({ f, path, language: data.languages[data.fileLanguages[f]], symbols: [], uOut: 0, uIn: 0 }));
  for (const s of symbols) {
    const m = modules[s.file];
    m.symbols.push(s.i);
    m.uOut += s.uOut;
    m.uIn += s.uIn;
  }
  const moduleOut = modules.map(() => new Map());
  const moduleIn = modules.map(() => new Map());
  for (const [s, t] of data.edges) {
    const a = symbols[s].file, b = symbols[t].file;
    if (a === b) continue;
    moduleOut[a].set(b, (moduleOut[a].get(b) || 0) + 1);
    moduleIn[b].set(a, (moduleIn[b].get(a) || 0) + 1);
  }

  const state = {
    focus: null, // {type: "symbol"|"module", index}
    selected: null, // {type, index}
    depth: 1,
    contains: true,
    kinds: new Set(data.kinds),
    languages: new Set(data.languages),
  };
  let rendered = { nodes: [], links: [], mode: "" };

  // modules are coloured by their top-level directory, so packages show as clusters
  const tops = [...new Set(files.map((p) => p.includes("/") ? p.split("/")[0] : "."))].sort();
  // one hue per top-level directory, spread by the golden angle so neighbours differ; after the
  // first 12, lighter tones of the same walk
  const topColour = new Map(tops.map((top, i) =>
    [top, `hsl(${Math.round((i * 137.508) % 360)}, ${i < 12 ? 62 : 48}%, ${i < 12 ? 48 : 66}%)`]));
  const palette = (top) => topColour.get(top) || "#999";
  const packageColour = (path) => palette(path.includes("/") ? path.split("/")[0] : ".");
  const fmt = (n) => n.toLocaleString("en-US");
  const category = (kind) => kind.split("/")[0];
  const colours = { callable: "#3b73d9", type: "#8e5bd6", value: "#2f9d8f", module: "#d98a3b", meta: "#999" };

  // -- header, filters ---------------------------------------------------------------------
  const u = data.uncertain;
  const byKind = Object.entries(u.byKind).map(([kind, r]) =>
    `${kind}: ${Object.entries(r).map(([res, n]) => `${fmt(n)} ${res}`).join(", ")}`).join("; ");
  document.getElementById("uncertain-total").textContent =
    `${fmt(u.total)} uncertain edges not drawn` + (byKind ? ` (${byKind})` : "");
  document.getElementById("totals").textContent =
    `${fmt(files.length)} files, ${fmt(symbols.length)} symbols, ${fmt(data.edges.length)} resolved dependencies`;
  document.getElementById("credits").textContent =
    `codeknit ${data.version}; drawn by codeknit's own viewer, offline.`;

  function checkboxes(containerId, values, set) {
    const box = document.getElementById(containerId);
    for (const value of values) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = value;
      input.checked = true;
      input.addEventListener("change", () => {
        if (input.checked) set.add(value); else set.delete(value);
        update();
      });
      label.append(input, " " + value);
      box.append(label);
    }
  }
  checkboxes("kind-filters", data.kinds, state.kinds);
  checkboxes("language-filters", data.languages, state.languages);
  document.getElementById("depth").addEventListener("change", (e) => { state.depth = +e.target.value; update(); });
  document.getElementById("show-contains").addEventListener("change", (e) => { state.contains = e.target.checked; update(); });
  document.getElementById("show-all").addEventListener("click", () => { state.focus = null; update(); });

  const visible = (s) => state.kinds.has(s.kind) && state.languages.has(s.language);

  // -- what to draw ------------------------------------------------------------------------
  function symbolView(set) {
    const ids = [...set].filter((i) => visible(symbols[i])).sort((a, b) => a - b);
    const chosen = new Set(ids);
    const nodes = ids.map((i) => {
      const s = symbols[i];
      return { key: "s" + i, type: "symbol", index: i, label: s.qual || s.name, kind: s.kind,
               uOut: s.uOut, uIn: s.uIn, degree: out[i].length + into[i].length, id: s.id };
    });
    const links = [];
    for (const i of ids) {
      for (const [t, kind] of out[i]) if (chosen.has(t)) links.push({ source: "s" + i, target: "s" + t, kind });
      if (state.contains) for (const c of children[i]) if (chosen.has(c)) links.push({ source: "s" + i, target: "s" + c, kind: "contains" });
    }
    return { nodes, links };
  }

  function moduleView(only) {
    const shown = modules.filter((m) => state.languages.has(m.language) && m.symbols.some((i) => visible(symbols[i]))
      && (!only || only.has(m.f)));
    const chosen = new Set(shown.map((m) => m.f));
    const nodes = shown.map((m) => ({
      key: "m" + m.f, type: "module", index: m.f, label: m.path, kind: "module", uOut: m.uOut, uIn: m.uIn,
      degree: moduleOut[m.f].size + moduleIn[m.f].size, size: m.symbols.length, id: m.path,
    }));
    const links = [];
    for (const m of shown) for (const [b, weight] of moduleOut[m.f]) {
      if (chosen.has(b)) links.push({ source: "m" + m.f, target: "m" + b, kind: "module", weight });
    }
    return { nodes, links };
  }

  function neighbourhood(start, depth) {
    const seen = new Set(start);
    let frontier = [...start];
    for (let d = 0; d < depth; d++) {
      const next = [];
      for (const i of frontier) {
        const around = [...out[i].map((e) => e[0]), ...into[i].map((e) => e[0])];
        if (symbols[i].parent >= 0) around.push(symbols[i].parent);
        around.push(...children[i]);
        for (const j of around) if (!seen.has(j)) { seen.add(j); next.push(j); }
      }
      frontier = next;
    }
    return seen;
  }

  function compute() {
    const focus = state.focus;
    if (focus && focus.type === "symbol") {
      return { ...symbolView(neighbourhood([focus.index], state.depth)),
               mode: `neighbourhood of ${symbols[focus.index].id} (depth ${state.depth})` };
    }
    if (focus && focus.type === "module") {
      // depth 1: the module's own symbols; depth 2: and what they use or are used by
      const own = modules[focus.index].symbols;
      return { ...symbolView(neighbourhood(own, state.depth - 1)),
               mode: `symbols of ${modules[focus.index].path}` + (state.depth > 1 ? " and their neighbours" : "") };
    }
    const count = symbols.filter(visible).length;
    if (data.collapseAbove && count > data.collapseAbove) {
      return { ...moduleView(null),
               mode: `${fmt(count)} symbols are more than ${fmt(data.collapseAbove)}: collapsed to modules. ` +
                     "Search, or double-click a module to open it." };
    }
    return { ...symbolView(new Set(symbols.map((s) => s.i))), mode: `all ${fmt(count)} symbols` };
  }

  // -- drawing -----------------------------------------------------------------------------
  // SVG drawn by hand: a force layout (layout.js above), zoom and pan on the background, drag on a node
  const SVG = "http://www.w3.org/2000/svg";
  const svgEl = document.getElementById("graph");
  const make = (tag, parent, cls) => {
    const el = document.createElementNS(SVG, tag);
    if (cls) el.setAttribute("class", cls);
    if (parent) parent.append(el);
    return el;
  };
  const layer = make("g", svgEl);
  const linkLayer = make("g", layer, "links");
  const nodeLayer = make("g", layer, "nodes");
  const labelLayer = make("g", layer, "labels");
  const view = { x: 0, y: 0, k: 1 };
  const applyView = () => layer.setAttribute("transform", `translate(${view.x},${view.y}) scale(${view.k})`);
  const toGraph = (event) => {
    const box = svgEl.getBoundingClientRect();
    return [(event.clientX - box.left - view.x) / view.k, (event.clientY - box.top - view.y) / view.k];
  };

  // zoom: the wheel scales around the pointer, within [0.02, 8]
  svgEl.addEventListener("wheel", (event) => {
    event.preventDefault();
    const box = svgEl.getBoundingClientRect();
    const px = event.clientX - box.left, py = event.clientY - box.top;
    const k = Math.min(8, Math.max(0.02, view.k * Math.pow(2, -event.deltaY * (event.deltaMode ? 0.05 : 0.002))));
    view.x = px - (px - view.x) * (k / view.k);
    view.y = py - (py - view.y) * (k / view.k);
    view.k = k;
    applyView();
  }, { passive: false });

  // pan: drag the background; drag a node to move it (the layout follows while it is held)
  let gesture = null;
  svgEl.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const target = event.target.__node;
    svgEl.setPointerCapture(event.pointerId);
    if (target) {
      target.fixed = true;
      gesture = { node: target, moved: false };
      layout.heat(0.2);
    } else {
      gesture = { pan: true, x: event.clientX - view.x, y: event.clientY - view.y };
    }
  });
  svgEl.addEventListener("pointermove", (event) => {
    if (!gesture) return;
    if (gesture.pan) {
      view.x = event.clientX - gesture.x;
      view.y = event.clientY - gesture.y;
      applyView();
    } else {
      [gesture.node.x, gesture.node.y] = toGraph(event);
      gesture.moved = true;
    }
  });
  const release = () => {
    if (gesture && gesture.node) { gesture.node.fixed = false; layout.heat(0); }
    gesture = null;
  };
  svgEl.addEventListener("pointerup", release);
  svgEl.addEventListener("pointercancel", release);

  // zoom so that every drawn node is in view
  function fit(nodes, width, height) {
    if (!nodes.length) return;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const n of nodes) { x0 = Math.min(x0, n.x); x1 = Math.max(x1, n.x); y0 = Math.min(y0, n.y); y1 = Math.max(y1, n.y); }
    const k = Math.min(1.5, 0.9 / Math.max((x1 - x0 + 40) / width, (y1 - y0 + 40) / height));
    view.k = k;
    view.x = width / 2 - k * (x0 + x1) / 2;
    view.y = height / 2 - k * (y0 + y1) / 2;
    applyView();
  }

  const radius = (n) => n.type === "module" ? 4 + Math.sqrt(n.size) : 3.5 + Math.sqrt(n.degree);
  const uncertainText = (n) => `uncertain edges (not drawn): ${fmt(n.uOut)} from it, ${fmt(n.uIn)} naming it as a candidate`;
  let drawn = { lines: [], circles: [], labels: [] };
  let layout = forceLayout([], [], {});

  function update() {
    const computed = compute();
    document.getElementById("mode").textContent = computed.mode;
    legend(computed.nodes);
    layout.stop();
    const box = svgEl.getBoundingClientRect();
    const width = box.width || 800, height = box.height || 600;
    const nodes = computed.nodes.map((n) => ({ ...n }));
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const links = computed.links.map((l) => ({ ...l, source: byKey.get(l.source), target: byKey.get(l.target) }));
    rendered = { nodes, links, mode: computed.mode };

    linkLayer.replaceChildren();
    nodeLayer.replaceChildren();
    labelLayer.replaceChildren();
    const lines = links.map((l) => {
      const line = make("line", linkLayer, "link " + l.kind);
      line.setAttribute("stroke-width", l.weight ? Math.min(4, 0.6 + Math.log2(l.weight)) : 1);
      line.__link = l;
      return line;
    });
    const circles = nodes.map((n) => {
      const circle = make("circle", nodeLayer, "node" + (n.uOut + n.uIn ? " uncertain" : "") + (isSelected(n) ? " selected" : ""));
      circle.setAttribute("r", radius(n));
      circle.setAttribute("fill", n.type === "module" ? packageColour(files[n.index]) : colours[category(n.kind)] || colours.meta);
      circle.setAttribute("data-id", n.id);
      circle.setAttribute("data-uncertain", n.uOut + n.uIn);
      circle.__node = n;
      circle.addEventListener("click", (e) => { e.stopPropagation(); if (!(gesture && gesture.moved)) select(n.type, n.index); });
      circle.addEventListener("dblclick", (e) => { e.stopPropagation(); focusOn(n.type, n.index); });
      make("title", circle).textContent = `${n.id}\n${n.kind}\n${uncertainText(n)}`;
      return circle;
    });
    const labelled = new Set(nodes.length <= 60 ? nodes.map((n) => n.key)
      : [...nodes].sort((a, b) => b.degree - a.degree || (a.key < b.key ? -1 : 1)).slice(0, 30).map((n) => n.key));
    const labels = nodes.filter((n) => labelled.has(n.key) || isSelected(n)).map((n) => {
      const text = make("text", labelLayer, "label");
      text.setAttribute("dx", 6);
      text.setAttribute("dy", 3);
      text.textContent = n.label;
      text.__node = n;
      return text;
    });
    drawn = { lines, circles, labels };

    const large = nodes.length > 1000;
    layout = forceLayout(nodes, links, {
      width, height, radius,
      distance: (l) => l.kind === "contains" ? 18 : 40, linkStrength: 0.4,
      charge: large ? -18 : -45, centre: 0.04, decay: large ? 0.06 : 0.03, onTick: draw,
    });
    // lay out before the first paint (the same page always opens on the same picture), then
    // let the layout run again only while a node is dragged
    layout.settle();
    shelveIsolated(nodes, links);
    draw();
    fit(nodes, width, height);
  }

  function draw() {
    for (const line of drawn.lines) {
      const l = line.__link;
      line.setAttribute("x1", l.source.x); line.setAttribute("y1", l.source.y);
      line.setAttribute("x2", l.target.x); line.setAttribute("y2", l.target.y);
    }
    for (const circle of drawn.circles) { circle.setAttribute("cx", circle.__node.x); circle.setAttribute("cy", circle.__node.y); }
    for (const text of drawn.labels) { text.setAttribute("x", text.__node.x); text.setAttribute("y", text.__node.y); }
  }

  // what the colours mean: top-level directories for modules, categories for symbols
  function legend(nodes) {
    const box = document.getElementById("legend");
    box.replaceChildren();
    const modulesShown = nodes.some((n) => n.type === "module");
    const entries = modulesShown
      ? [...new Set(nodes.map((n) => files[n.index].includes("/") ? files[n.index].split("/")[0] : "."))].sort()
        .slice(0, 24).map((top) => [top + "/", palette(top)])
      : [...new Set(nodes.map((n) => category(n.kind)))].sort().map((c) => [c, colours[c] || colours.meta]);
    for (const [text, colour] of entries) {
      const item = document.createElement("div");
      const swatch = document.createElement("span");
      swatch.style.background = colour;
      item.append(swatch, text);
      box.append(item);
    }
  }

  // nodes with no drawn edge would drift into a wide ring around the rest; put them in rows below it
  function shelveIsolated(nodes, links) {
    const linked = new Set();
    for (const l of links) { linked.add(l.source.key); linked.add(l.target.key); }
    const connected = nodes.filter((n) => linked.has(n.key));
    const isolated = nodes.filter((n) => !linked.has(n.key));
    if (!connected.length || !isolated.length) return;
    const xs = connected.map((n) => n.x), ys = connected.map((n) => n.y);
    const left = Math.min(...xs), width = Math.max(60, Math.max(...xs) - left), top = Math.max(...ys) + 30;
    const step = 14, perRow = Math.max(1, Math.floor(width / step));
    isolated.forEach((n, k) => {
      n.x = left + (k % perRow) * step;
      n.y = top + Math.floor(k / perRow) * step;
      n.vx = n.vy = 0;
    });
  }

  const isSelected = (n) => state.selected && state.selected.type === n.type && state.selected.index === n.index;

  // -- selection, focus, details -------------------------------------------------------------
  function select(type, index) {
    state.selected = { type, index };
    for (const circle of drawn.circles) circle.classList.toggle("selected", isSelected(circle.__node));
    for (const line of drawn.lines) line.classList.toggle("hl", isSelected(line.__link.source) || isSelected(line.__link.target));
    details();
  }

  function focusOn(type, index) {
    state.focus = { type, index };
    state.selected = { type, index };
    update();
    details();
  }

  function listItems(list, entries) {
    for (const [label, type, index] of entries) {
      const li = document.createElement("li");
      li.textContent = label;
      li.addEventListener("click", () => focusOn(type, index));
      list.append(li);
    }
  }

  function details() {
    const panel = document.getElementById("details");
    panel.replaceChildren();
    const sel = state.selected;
    if (!sel) { panel.innerHTML = '<p class="empty">Nothing selected.</p>'; return; }
    const h = document.createElement("h2");
    const dl = document.createElement("dl");
    const add = (term, value, cls) => {
      const dt = document.createElement("dt"); dt.textContent = term;
      const dd = document.createElement("dd"); dd.textContent = value; if (cls) dd.className = cls;
      dl.append(dt, dd);
    };
    const section = (title, entries) => {
      const p = document.createElement("p"); p.textContent = `${title} (${fmt(entries.length)})`;
      const ul = document.createElement("ul");
      listItems(ul, entries.slice(0, 40));
      if (entries.length > 40) { const li = document.createElement("li"); li.textContent = `… ${entries.length - 40} more`; ul.append(li); }
      panel.append(p, ul);
    };
    if (sel.type === "symbol") {
      const s = symbols[sel.index];
      h.textContent = s.id;
      add("kind", s.kind); add("file", `${files[s.file]}:${s.line}`); add("language", s.language);
      add("fan-in", fmt(new Set(into[s.i].map((e) => e[0])).size)); add("fan-out", fmt(new Set(out[s.i].map((e) => e[0])).size));
      add("uncertain", `${fmt(s.uOut)} from it, ${fmt(s.uIn)} naming it as a candidate (not drawn)`, "uncertain");
      panel.append(h, dl);
      section("uses", out[s.i].map(([t, k]) => [`${k} ${symbols[t].id}`, "symbol", t]));
      section("used by", into[s.i].map(([t, k]) => [`${k} ${symbols[t].id}`, "symbol", t]));
      section("contains", children[s.i].map((c) => [symbols[c].qual || symbols[c].name, "symbol", c]));
    } else {
      const m = modules[sel.index];
      h.textContent = m.path;
      add("kind", "module"); add("language", m.language); add("symbols", fmt(m.symbols.length));
      add("uncertain", `${fmt(m.uOut)} from its symbols, ${fmt(m.uIn)} naming them as candidates (not drawn)`, "uncertain");
      panel.append(h, dl);
      section("depends on", [...moduleOut[m.f]].sort((a, b) => b[1] - a[1]).map(([b, w]) => [`${files[b]} (${w})`, "module", b]));
      section("used by", [...moduleIn[m.f]].sort((a, b) => b[1] - a[1]).map(([a, w]) => [`${files[a]} (${w})`, "module", a]));
    }
  }

  // -- search --------------------------------------------------------------------------------
  const search = document.getElementById("search");
  const results = document.getElementById("results");
  let matches = [];
  search.addEventListener("input", () => {
    const typed = search.value.trim();
    const q = typed.toLowerCase();
    results.replaceChildren();
    matches = [];
    if (!q) return;
    for (const m of modules) if (m.path.toLowerCase().includes(q)) matches.push([m.path === typed ? 0 : 3, "module", m.f, m.path, "module"]);
    for (const s of symbols) {
      const name = s.name.toLowerCase(), qual = s.qual.toLowerCase();
      let rank = -1;
      if (s.name === typed || s.qual === typed) rank = 0;
      else if (name === q || qual === q) rank = 1;
      else if (name.startsWith(q)) rank = 2;
      else if (s.id.toLowerCase().includes(q)) rank = 3;
      if (rank >= 0) matches.push([rank, "symbol", s.i, s.id, s.kind]);
    }
    matches.sort((a, b) => a[0] - b[0] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0));
    for (const [, type, index, label, kind] of matches.slice(0, 50)) {
      const li = document.createElement("li");
      li.dataset.id = label;
      li.append(label + " ");
      const small = document.createElement("small"); small.textContent = kind; li.append(small);
      li.addEventListener("click", () => focusOn(type, index));
      results.append(li);
    }
    if (matches.length > 50) { const li = document.createElement("li"); li.textContent = `… ${matches.length - 50} more`; results.append(li); }
    if (!matches.length) { const li = document.createElement("li"); li.textContent = "no match"; results.append(li); }
  });
  search.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && matches.length) focusOn(matches[0][1], matches[0][2]);
  });

  // for scripts and tests: what is drawn, and a way to focus
  window.codeknitViewer = {
    data, state,
    rendered: () => ({ nodes: rendered.nodes.length, links: rendered.links.length, mode: rendered.mode }),
    focus: (id) => {
      const s = symbols.find((x) => x.id === id);
      if (s) focusOn("symbol", s.i);
      return Boolean(s);
    },
  };
  update();
})();
