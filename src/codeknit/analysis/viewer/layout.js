// codeknit's force-directed layout for the graph viewer: springs along the drawn edges, repulsion
// between every pair of nodes (summed over a quadtree far away, the Barnes–Hut approximation),
// a weak pull towards the centre and no overlaps. Deterministic: the same graph gives the same
// picture, with no random numbers.
//
//   const layout = forceLayout(nodes, links, { width, height, radius, distance, linkStrength,
//                                              charge, centre, decay, onTick });
//   layout.settle();      // run to rest, synchronously
//   layout.heat(0.2);     // keep it moving (while a node is dragged) … layout.heat(0) lets it cool
//   layout.stop();
//
// Nodes get x, y, vx, vy; a node with `fixed` set keeps the position it is given.
function forceLayout(nodes, links, options) {
  "use strict";
  const o = Object.assign({ width: 800, height: 600, radius: () => 4, distance: () => 40, linkStrength: 0.4,
                            charge: -45, centre: 0.04, decay: 0.03, theta: 0.9, onTick: () => {} }, options);
  const ALPHA_MIN = 0.001, KEEP_VELOCITY = 0.6, DIRECT_BELOW = 200;
  const cx = o.width / 2, cy = o.height / 2;
  let alpha = 1, alphaTarget = 0, frame = 0;

  // start on a sunflower spiral in the nodes' order: evenly spread, and the same every time
  nodes.forEach((n, i) => {
    if (!Number.isFinite(n.x) || !Number.isFinite(n.y)) {
      const r = 10 * Math.sqrt(i + 0.5), a = i * 2.399963229728653;
      n.x = cx + r * Math.cos(a);
      n.y = cy + r * Math.sin(a);
    }
    n.vx = 0;
    n.vy = 0;
    n.__i = i;
  });
  const degree = new Map();
  for (const l of links) {
    degree.set(l.source, (degree.get(l.source) || 0) + 1);
    degree.set(l.target, (degree.get(l.target) || 0) + 1);
  }
  const sizes = nodes.map((n) => o.radius(n));
  const lengths = links.map((l) => o.distance(l));
  // two nodes on one spot still need a direction to part in: a tiny one, from their order
  const nudge = (a, b) => (a.__i - b.__i || 1) * 1e-6;

  function springs() {
    links.forEach((l, k) => {
      const s = l.source, t = l.target;
      let dx = t.x + t.vx - s.x - s.vx, dy = t.y + t.vy - s.y - s.vy;
      if (!dx && !dy) dx = nudge(t, s);
      const d = Math.sqrt(dx * dx + dy * dy);
      const pull = (d - lengths[k]) / d * alpha * o.linkStrength;
      dx *= pull;
      dy *= pull;
      // the end with fewer edges moves more, so hubs stay put and leaves come to them
      const ds = degree.get(s), dt = degree.get(t), share = ds / (ds + dt);
      t.vx -= dx * share; t.vy -= dy * share;
      s.vx += dx * (1 - share); s.vy += dy * (1 - share);
    });
  }

  function push(n, dx, dy, mass) {
    let d2 = dx * dx + dy * dy;
    if (d2 < 1) d2 = Math.sqrt(d2 || 1e-12);  // close pairs: bounded, not infinite
    const f = o.charge * alpha * mass / d2;
    n.vx += dx * f;
    n.vy += dy * f;
  }

  // the quadtree: each cell knows how many nodes it holds and their centre
  function quadtree() {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const n of nodes) { x0 = Math.min(x0, n.x); y0 = Math.min(y0, n.y); x1 = Math.max(x1, n.x); y1 = Math.max(y1, n.y); }
    const root = cell(x0, y0, Math.max(x1 - x0, y1 - y0, 1) * 1.0001);
    for (const n of nodes) insert(root, n, 0);
    return root;
  }
  function cell(x, y, size) { return { x, y, size, count: 0, sx: 0, sy: 0, kids: null, points: [] }; }
  function insert(c, n, depth) {
    for (;;) {
      c.count += 1; c.sx += n.x; c.sy += n.y;
      if (!c.kids) {
        const first = c.points[0];
        if (!first || depth > 40 || (Math.abs(first.x - n.x) < 1e-9 && Math.abs(first.y - n.y) < 1e-9)) {
          c.points.push(n);
          return;
        }
        const half = c.size / 2;
        c.kids = [cell(c.x, c.y, half), cell(c.x + half, c.y, half), cell(c.x, c.y + half, half),
                  cell(c.x + half, c.y + half, half)];
        for (const p of c.points) {
          const k = c.kids[quadrant(c, p)];
          k.count += 1; k.sx += p.x; k.sy += p.y; k.points.push(p);
        }
        c.points = [];
      }
      c = c.kids[quadrant(c, n)];
      depth += 1;
    }
  }
  function quadrant(c, n) {
    const half = c.size / 2;
    return (n.x >= c.x + half ? 1 : 0) + (n.y >= c.y + half ? 2 : 0);
  }

  function repulsion() {
    if (nodes.length < DIRECT_BELOW) {
      for (let i = 0; i < nodes.length; i++) {
        const a = nodes[i];
        for (let j = i + 1; j < nodes.length; j++) {
          const b = nodes[j];
          let dx = b.x - a.x, dy = b.y - a.y;
          if (!dx && !dy) dx = nudge(b, a);
          push(a, dx, dy, 1);
          push(b, -dx, -dy, 1);
        }
      }
      return;
    }
    const root = quadtree(), theta2 = o.theta * o.theta;
    const stack = [];
    for (const n of nodes) {
      stack.push(root);
      while (stack.length) {
        const c = stack.pop();
        if (!c.count) continue;
        const mx = c.sx / c.count - n.x, my = c.sy / c.count - n.y;
        if (!c.kids) {
          for (const p of c.points) {
            if (p === n) continue;
            let dx = p.x - n.x, dy = p.y - n.y;
            if (!dx && !dy) dx = nudge(p, n);
            push(n, dx, dy, 1);
          }
        } else if (c.size * c.size < theta2 * (mx * mx + my * my)) {
          push(n, mx, my, c.count);  // far enough: the cell acts as one body at its centre
        } else {
          stack.push(...c.kids);
        }
      }
    }
  }

  function centring() {
    const k = o.centre * alpha;
    for (const n of nodes) { n.vx += (cx - n.x) * k; n.vy += (cy - n.y) * k; }
  }

  // overlapping circles part: neighbours are found in a grid of cells as wide as the largest circle
  function separation() {
    const step = 2 * Math.max(1, ...sizes) + 2;
    const grid = new Map();
    nodes.forEach((n, i) => {
      const key = Math.floor(n.x / step) + "," + Math.floor(n.y / step);
      if (!grid.has(key)) grid.set(key, []);
      grid.get(key).push(i);
    });
    nodes.forEach((a, i) => {
      const gx = Math.floor(a.x / step), gy = Math.floor(a.y / step);
      for (let ox = -1; ox <= 1; ox++) {
        for (let oy = -1; oy <= 1; oy++) {
          const near = grid.get((gx + ox) + "," + (gy + oy));
          if (!near) continue;
          for (const j of near) {
            if (j <= i) continue;
            const b = nodes[j], reach = sizes[i] + sizes[j] + 1;
            let dx = b.x + b.vx - a.x - a.vx, dy = b.y + b.vy - a.y - a.vy;
            if (!dx && !dy) dx = nudge(b, a);
            const d2 = dx * dx + dy * dy;
            if (d2 >= reach * reach) continue;
            const d = Math.sqrt(d2), apart = (reach - d) / d * 0.5 * 0.7;
            b.vx += dx * apart; b.vy += dy * apart;
            a.vx -= dx * apart; a.vy -= dy * apart;
          }
        }
      }
    });
  }

  function tick() {
    alpha += (alphaTarget - alpha) * o.decay;
    springs();
    repulsion();
    centring();
    separation();
    for (const n of nodes) {
      if (n.fixed) { n.vx = 0; n.vy = 0; continue; }
      n.vx *= KEEP_VELOCITY;
      n.vy *= KEEP_VELOCITY;
      n.x += n.vx;
      n.y += n.vy;
    }
  }

  function loop() {
    tick();
    o.onTick();
    frame = alpha > ALPHA_MIN || alphaTarget > 0 ? requestAnimationFrame(loop) : 0;
  }

  return {
    settle() {
      const rounds = Math.ceil(Math.log(ALPHA_MIN) / Math.log(1 - o.decay));
      for (let r = 0; r < rounds && nodes.length; r++) tick();
    },
    heat(target) {
      alphaTarget = target;
      if (target > 0) alpha = Math.max(alpha, target);
      if (!frame && nodes.length) frame = requestAnimationFrame(loop);
    },
    stop() {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}
