  /* Where the reader looks: boxes in map units, the view as the SVG's viewBox
     (previewed with a CSS transform while it moves), waiting boards drawn as
     they come into sight, the flight between views, and the overlays. */

  // ---- geometry: boxes in map units, the view as the SVG viewBox ------------------

  const base = svg.viewBox && svg.viewBox.baseVal;
  const home = (() => {
    if (base && base.width > 0 && base.height > 0) {
      return { x: base.x, y: base.y, w: base.width, h: base.height };
    }
    const b = svg.getBBox();
    return { x: b.x, y: b.y, w: b.width, h: b.height };
  })();
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");

  const grow = (b, d) => ({ x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });
  const inside = (b, p) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;

  /** An element's box in the map's (root) units, through the transforms of its groups. */
  const rootBox = (el) => {
    const b = el.getBBox();
    let m = new DOMMatrix();
    for (let e = el; e && e !== svg; e = e.parentElement) {
      const list = e.transform && e.transform.baseVal;
      const t = list && list.numberOfItems ? list.consolidate() : null;
      if (t) {
        const { a, b: mb, c, d, e: me, f } = t.matrix;
        m = new DOMMatrix([a, mb, c, d, me, f]).multiply(m);
      }
    }
    const xs = [];
    const ys = [];
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]];
    for (const [x, y] of corners) {
      const q = m.transformPoint(new DOMPoint(x, y));
      xs.push(q.x);
      ys.push(q.y);
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  };
  /** A board's box; a poster's map includes its "Map for X" heading. */
  const boxOf = (n) => {
    if (!n.box) {
      const target = isMapRoot(n) && virtualTop ? n.el.closest(".ttt-poster-map") || n.el : n.el;
      n.box = rootBox(target);
    }
    return n.box;
  };
  /** The cell a sub-map sits in: a click on the cell's margin counts. */
  const cellOf = (n) => (isMapRoot(n) ? boxOf(n) : grow(boxOf(n), boxOf(n).w * cellPad));
  const viewOf = (n) => (n === top ? home : grow(boxOf(n), Math.max(boxOf(n).w, boxOf(n).h) * 0.04));

  // The SVG's viewBox is redrawn only when a move ends ("committed"); in
  // between, a CSS transform on the <svg> shows the moving view, which the
  // compositor draws without repainting thousands of elements per frame.
  let committed = { ...home };
  let view = { ...home };
  const fmt = (v) => String(Math.round(v * 1000) / 1000);
  /** Screen pixels per map unit and where a view's corner sits in the stage (xMidYMid meet). */
  const fit = (v) => {
    const r = stage.getBoundingClientRect();
    const k = Math.min(r.width / v.w, r.height / v.h) || 1;
    return { k, ox: (r.width - v.w * k) / 2, oy: (r.height - v.h * k) / 2, left: r.left, top: r.top, r };
  };
  /** The map area the stage shows for a view (the view plus its letterbox). */
  const shown = (v) => {
    const f = fit(v);
    return { x: v.x - f.ox / f.k, y: v.y - f.oy / f.k, w: f.r.width / f.k, h: f.r.height / f.k };
  };
  const toMap = (cx, cy) => {
    const f = fit(view);
    return { x: view.x + (cx - f.left - f.ox) / f.k, y: view.y + (cy - f.top - f.oy) / f.k };
  };
  let lastCommit = 0;
  // A veil in the page's colour over all but the board flown to: the stage's
  // letterbox would show cut-off neighbours and the grid's thick lines.
  let veilFor = null;
  const veil = document.createElementNS(NS, "path");
  veil.setAttribute("class", "tttv-veil");
  veil.setAttribute("fill-rule", "evenodd");
  veil.setAttribute("aria-hidden", "true");
  veil.setAttribute("visibility", "hidden");
  svg.append(veil);
  const drawVeil = (v) => {
    if (v !== veilFor) {
      veil.setAttribute("visibility", "hidden");
      return;
    }
    const far = grow(home, Math.max(home.w, home.h) * 4);
    const box = (b) => `M${fmt(b.x)} ${fmt(b.y)}h${fmt(b.w)}v${fmt(b.h)}h${fmt(-b.w)}z`;
    veil.setAttribute("d", box(far) + box(v));
    veil.setAttribute("visibility", "visible");
  };
  const commit = (v) => {
    lastCommit = performance.now();
    committed = v;
    view = v;
    svg.setAttribute("viewBox", `${fmt(v.x)} ${fmt(v.y)} ${fmt(v.w)} ${fmt(v.h)}`);
    svg.style.transform = "";
    drawVeil(v);
    if (pending.size && !filling) filling = setTimeout(fillVisible, 0);
  };
  /** Draw the waiting boards the committed view shows at a readable size, a slice at a time. */
  let filling = 0;
  const FILL_PX = 30;
  const FILL_SLICE_MS = 30;
  const widths = new Map();
  const fillVisible = () => {
    filling = 0;
    const f = fit(committed);
    const area = shown(committed);
    const t0 = performance.now();
    for (const n of pending) {
      const key = `${n.map} ${n.level}`; // every board of a level of a map has one size
      if (!widths.has(key)) widths.set(key, boxOf(n).w);
      if (widths.get(key) * f.k < FILL_PX) continue;
      const b = boxOf(n);
      if (b.x > area.x + area.w || b.y > area.y + area.h || b.x + b.w < area.x || b.y + b.h < area.y) {
        continue;
      }
      fill(n);
      if (performance.now() - t0 > FILL_SLICE_MS) {
        filling = setTimeout(fillVisible, 0);
        return;
      }
    }
  };
  /** Show ``v`` by transforming the committed drawing. */
  const preview = (v) => {
    view = v;
    drawVeil(v);
    const a = fit(committed);
    const b = fit(v);
    const s = b.k / a.k;
    const tx = b.ox - s * a.ox + b.k * (committed.x - v.x);
    const ty = b.oy - s * a.oy + b.k * (committed.y - v.y);
    svg.style.transform = `translate(${tx.toFixed(2)}px,${ty.toFixed(2)}px) scale(${s.toFixed(6)})`;
  };
  let idle = 0;
  /** Redraw sharp once the reader stops wheeling, dragging or pressing keys, and
      now and then before that when the view shows map the drawing does not hold. */
  const settleSoon = () => {
    clearTimeout(idle);
    idle = 0;
    if (performance.now() - lastCommit > 250 && !covers(shown(committed), shown(view))) {
      commit(view);
      return;
    }
    idle = setTimeout(() => {
      idle = 0;
      commit(view);
    }, 160);
  };
  /** The narrowest view: the deepest level's boards filling the stage (no blank paper below). */
  let narrowest = 0;
  const deepestView = () => {
    if (!narrowest) {
      const root = roots[0];
      const child = root && kids(root)[0];
      const levels = Number(stage.dataset.levels) || 0;
      const rootW = root ? rootBox(root.el).w : home.w;
      const ratio = child ? boxOf(child).w / rootW : 1;
      narrowest = Math.max(home.w / 5000, rootW * ratio ** levels * 1.25);
    }
    return narrowest;
  };
  /** A zoom factor kept between the deepest level and a little beyond the whole. */
  const clampScale = (s, v) => {
    const w = v.w * s;
    const lo = Math.min(deepestView(), v.w);
    const hi = home.w * 4;
    return w < lo ? lo / v.w : w > hi ? hi / v.w : s;
  };

  // ---- the flight between views ----------------------------------------------------

  let flight = 0;
  const stopFlight = () => {
    if (flight) cancelAnimationFrame(flight);
    flight = 0;
    if (idle) clearTimeout(idle);
    idle = 0;
    document.body.dataset.busy = "0";
  };
  /** Stop any flight or pending redraw, and redraw sharp where the view is now. */
  const land = () => {
    stopFlight();
    if (view !== committed) commit(view);
  };
  const covers = (a, b) => {
    const e = Math.max(a.w, a.h) * 1e-6;
    return b.x >= a.x - e && b.y >= a.y - e && b.x + b.w <= a.x + a.w + e && b.y + b.h <= a.y + a.h + e;
  };
  const hull = (a, b) => {
    const x = Math.min(a.x, b.x);
    const y = Math.min(a.y, b.y);
    return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
  };
  const flyTo = (target, instant) => {
    stopFlight();
    veilFor = target === home ? null : target;
    if (instant || (motion && motion.matches)) {
      commit(target);
      return;
    }
    const from = view;
    // The drawing under the transform must hold both ends of the flight:
    // going in it already does; going out, draw the wider view first.
    const need = hull(shown(from), shown(target));
    if (!covers(shown(committed), need)) {
      commit(need);
      preview(from);
    }
    const t0 = performance.now();
    const ease = (s) => (s < 0.5 ? 4 * s * s * s : 1 - (-2 * s + 2) ** 3 / 2);
    // Sizes change geometrically and the centre follows the size, so a zoom
    // into a sub-map looks like a zoom about a fixed point.
    const along = (a, b, w, e) => (Math.abs(b - a) > a * 1e-3 ? (w - a) / (b - a) : e);
    const frame = (now) => {
      const s = Math.min(1, (now - t0) / FLIGHT_MS);
      if (s >= 1) {
        flight = 0;
        commit(target);
        document.body.dataset.busy = "0";
        return;
      }
      const e = ease(s);
      const w = from.w * (target.w / from.w) ** e;
      const h = from.h * (target.h / from.h) ** e;
      const ux = along(from.w, target.w, w, e);
      const uy = along(from.h, target.h, h, e);
      const cx = from.x + from.w / 2 + (target.x + target.w / 2 - from.x - from.w / 2) * ux;
      const cy = from.y + from.h / 2 + (target.y + target.h / 2 - from.y - from.h / 2) * uy;
      preview({ x: cx - w / 2, y: cy - h / 2, w, h });
      flight = requestAnimationFrame(frame);
    };
    document.body.dataset.busy = "1";
    flight = requestAnimationFrame(frame);
  };

  // ---- overlays: hover highlight and keyboard focus ring ---------------------------

  const overlay = (cls) => {
    const r = document.createElementNS(NS, "rect");
    r.setAttribute("class", cls);
    r.setAttribute("visibility", "hidden");
    r.setAttribute("aria-hidden", "true");
    svg.append(r);
    return r;
  };
  const hoverRect = overlay("tttv-hover");
  const ring = overlay("tttv-ring");
  const place = (r, b) => {
    if (!b) {
      r.setAttribute("visibility", "hidden");
      return;
    }
    r.setAttribute("x", fmt(b.x));
    r.setAttribute("y", fmt(b.y));
    r.setAttribute("width", fmt(b.w));
    r.setAttribute("height", fmt(b.h));
    r.setAttribute("rx", fmt(b.w * 0.02));
    r.setAttribute("visibility", "visible");
  };
  const ringBox = (n) => grow(boxOf(n), boxOf(n).w * (isMapRoot(n) ? 0.01 : cellPad * 0.5));

