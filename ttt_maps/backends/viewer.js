/* ttt-maps viewer: xkcd 832 says "zoom in on the region of the grid where
   your opponent went"; this does it for the reader. It reads nothing but the
   SVG's board groups (<g class="ttt-board" data-board="...">), so it serves a
   single map and the poster alike, and it needs no network.

   Click or tap a cell: zoom into that sub-map. Wheel or pinch: zoom. Drag:
   pan. Esc or Back: one level out. Tab/arrows reach the cells, Enter or Space
   zooms. The URL fragment holds the position (#map=x&moves=0,4) and
   window.tttViewer exposes the state. */
(() => {
  "use strict";
  const stage = document.querySelector(".tttv-stage");
  const svg = stage && stage.querySelector("svg");
  if (!svg) return;

  const NS = "http://www.w3.org/2000/svg";
  const BOARD = "g.ttt-board[data-board]";
  const ARROW = " \u2192 ";
  const FLIGHT_MS = 420;
  const cellPad = parseFloat(stage.dataset.cellPad) || 0.09;
  const motion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const crumbs = document.querySelector(".tttv-crumbs ol");
  const wholeButton = document.querySelector(".tttv-whole");

  // ---- the tree of boards, read from the SVG ---------------------------------

  const toMove = (board) => {
    let x = 0;
    let o = 0;
    for (const c of board) {
      if (c === "x") x += 1;
      else if (c === "o") o += 1;
    }
    return x === o ? "x" : "o";
  };
  const other = (mark) => (mark === "x" ? "o" : "x");

  // ---- the board's lines: results, and cells named as a player reads them -----

  const geometry = (() => {
    const m = /^(\d+)x(\d+)k(\d+)$/.exec(stage.dataset.geometry || "");
    return m ? { rows: +m[1], cols: +m[2], k: +m[3] } : { rows: 3, cols: 3, k: 3 };
  })();
  const LINES = [];
  for (let r = 0; r < geometry.rows; r += 1) {
    for (let c = 0; c < geometry.cols; c += 1) {
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const er = r + (geometry.k - 1) * dr;
        const ec = c + (geometry.k - 1) * dc;
        if (er < 0 || er >= geometry.rows || ec < 0 || ec >= geometry.cols) continue;
        const line = [];
        for (let i = 0; i < geometry.k; i += 1) line.push((r + i * dr) * geometry.cols + c + i * dc);
        LINES.push(line);
      }
    }
  }
  const winnerOf = (board) => {
    for (const line of LINES) {
      const m = board[line[0]];
      if (m !== "." && line.every((c) => board[c] === m)) return m;
    }
    return null;
  };
  const put = (board, cell, mark) => board.slice(0, cell) + mark + board.slice(cell + 1);
  /** "X wins", "O wins", "draw", or "" while the game goes on. */
  const resultOf = (board) => {
    const w = winnerOf(board);
    if (w) return `${w.toUpperCase()} wins`;
    return board.includes(".") ? "" : "draw";
  };
  // Cells as a player names them, the same words as the terminal game.
  const NAMES = ["top-left", "top", "top-right", "left", "centre", "right",
    "bottom-left", "bottom", "bottom-right"];
  const cellName = (cell) => (geometry.rows === 3 && geometry.cols === 3
    ? NAMES[cell]
    : `row ${Math.floor(cell / geometry.cols) + 1}, column ${(cell % geometry.cols) + 1}`);

  /** The moves that lead from one board to the next, in the order played. */
  const stepMoves = (before, after) => {
    const first = toMove(before);
    const added = [];
    for (let i = 0; i < after.length; i += 1) {
      if (before[i] === "." && after[i] !== ".") added.push({ mark: after[i], cell: i });
    }
    return added.sort((a, b) => (a.mark === first ? 0 : 1) - (b.mark === first ? 0 : 1));
  };

  const byEl = new Map();
  const nodes = [];
  // A big map's deep boards wait in the page as SVG text (tttv-lazy) until the
  // reader zooms close enough to see them: boards with data-lazy="I" hold them.
  const pending = new Set();
  const lazyText = (() => {
    const data = document.getElementById("tttv-lazy");
    try {
      return data ? JSON.parse(data.textContent) : [];
    } catch (_) {
      return [];
    }
  })();
  const addNode = (el) => {
    const up = el.parentElement ? el.parentElement.closest(BOARD) : null;
    const parent = (up && byEl.get(up)) || null;
    const node = {
      el,
      board: el.getAttribute("data-board") || "",
      parent,
      children: [],
      step: [],
      moves: [],
      map: "",
      player: "",
      depth: 0,
      level: 0,
      isRoot: false,
      box: null,
      lazy: el.hasAttribute("data-lazy") ? Number(el.getAttribute("data-lazy")) : -1,
    };
    if (parent) {
      parent.children.push(node);
      node.step = stepMoves(parent.board, node.board);
      node.moves = parent.moves.concat(node.step);
    }
    byEl.set(el, node);
    nodes.push(node);
    if (node.lazy >= 0) pending.add(node);
    return node;
  };
  for (const el of svg.querySelectorAll(BOARD)) addNode(el);
  const roots = nodes.filter((n) => !n.parent);

  /** Whose map a root board starts: the poster says it; otherwise the first step tells. */
  const playerOf = (root) => {
    const wrap = root.el.closest(".ttt-poster-map");
    for (const mark of ["x", "o"]) {
      if (wrap && wrap.classList.contains(`ttt-player-${mark}`)) return mark;
    }
    const child = root.children[0];
    if (child) return child.step.length === 1 ? other(toMove(root.board)) : toMove(root.board);
    return toMove(root.board);
  };

  // One map: its root board is the top. Several (the poster): a virtual top.
  const virtualTop = roots.length !== 1;
  const top = virtualTop
    ? { el: null, board: "", parent: null, children: roots, step: [], moves: [], map: "", player: "",
        depth: 0, level: null, isRoot: false, box: null, lazy: -1 }
    : roots[0];
  const seen = {};
  for (const root of roots) {
    root.isRoot = true;
    root.player = playerOf(root);
    seen[root.player] = (seen[root.player] || 0) + 1;
    root.map = seen[root.player] === 1 ? root.player : `${root.player}${seen[root.player]}`;
    if (virtualTop) root.parent = top;
  }
  const placeNode = (n) => {
    if (!n.isRoot) {
      n.map = n.parent.map;
      n.player = n.parent.player;
    }
    n.depth = n.parent ? n.parent.depth + 1 : 0;
    n.level = virtualTop ? n.depth - 1 : n.depth;
  };
  for (const n of nodes) placeNode(n);

  /** Draw a board's waiting sub-boards, once, after its own drawing, and add them to the tree. */
  const fill = (n) => {
    if (!(n.lazy >= 0)) return;
    const text = lazyText[n.lazy] || "";
    n.lazy = -1;
    pending.delete(n);
    n.el.removeAttribute("data-lazy");
    const holder = document.createElementNS(NS, "g");
    holder.innerHTML = text;
    const boards = document.createDocumentFragment();
    while (holder.firstChild) boards.append(holder.firstChild);
    const own = n.el.firstElementChild;
    n.el.insertBefore(boards, own ? own.nextSibling : null);
    for (const el of n.el.querySelectorAll(BOARD)) {
      if (!byEl.has(el)) placeNode(addNode(el));
    }
  };
  /** A board's sub-boards, drawn first if they were waiting. */
  const kids = (n) => {
    fill(n);
    return n.children;
  };
  const fillAll = () => {
    while (pending.size) for (const n of [...pending]) fill(n);
  };

  const moveText = (m) => `${m.mark.toUpperCase()} ${cellName(m.cell)}`;
  const isMapRoot = (n) => n.isRoot === true;
  const label = (n) => {
    if (n === top && virtualTop) return roots.length === 2 ? "Both maps" : "All maps";
    if (isMapRoot(n)) {
      const extra = n.map.length > 1 ? ` (${n.map.slice(1)})` : "";
      return `Map for ${n.player.toUpperCase()}${extra}`;
    }
    return n.step.map(moveText).join(ARROW);
  };

  /** The fragment of a position: "" for the whole map, else map=x&moves=0,4. */
  const keyOf = (n) => {
    if (n === top) return "";
    const moves = n.moves.length ? `&moves=${n.moves.map((m) => m.cell).join(",")}` : "";
    return `${playing ? "play" : "map"}=${n.map}${moves}`;
  };
  const urlFor = (key) => (key ? `#${key}` : location.pathname + location.search);

  /** The map root a board belongs to (none for the page's top above several maps). */
  const rootOf = (n) => {
    let r = n;
    while (r && !r.isRoot) r = r.parent;
    return r;
  };

  /** The board a fragment names: map=x&moves=0,4,8 or b=xo..x.... (the shallowest). */
  const find = (hash) => {
    let text = String(hash || "").replace(/^#/, "");
    try {
      text = decodeURIComponent(text);
    } catch (_) {
      return top;
    }
    if (!text || !roots.length) return top;
    const q = new URLSearchParams(text);
    const id = (q.get("map") || q.get("play") || "").toLowerCase();
    const scope = id ? roots.filter((r) => r.map === id) : roots;
    if (!scope.length) return top;
    const wanted = q.get("b") || q.get("board");
    if (wanted) {
      const board = wanted.toLowerCase().replace(/[-_]/g, ".").replace(/[\s/]/g, "");
      const search = () => {
        let best = null;
        for (const n of nodes) {
          if (n.board === board && scope.includes(rootOf(n)) && (!best || n.depth < best.depth)) best = n;
        }
        return best;
      };
      let best = search();
      if (!best && pending.size) {
        fillAll();
        best = search();
      }
      return best || (id ? scope[0] : top);
    }
    if (!id && !q.has("moves")) return top;
    const cells = (q.get("moves") || "").split(/[^0-9]+/).filter(Boolean).map(Number);
    let node = scope[0];
    let i = 0;
    for (;;) {
      const next = kids(node).find(
        (c) => c.step.length > 0 && c.step.every((m, j) => cells[i + j] === m.cell),
      );
      if (!next || i >= cells.length) break;
      node = next;
      i += next.step.length;
    }
    return node;
  };

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
  const commit = (v) => {
    lastCommit = performance.now();
    committed = v;
    view = v;
    svg.setAttribute("viewBox", `${fmt(v.x)} ${fmt(v.y)} ${fmt(v.w)} ${fmt(v.h)}`);
    svg.style.transform = "";
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

  // ---- where we are ------------------------------------------------------------------

  let current = top;
  let lastDeep = null;
  // Focus follows the board for keyboard users only; a mouse click shows no ring.
  let keyboard = false;
  document.addEventListener("keydown", () => { keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { keyboard = false; }, true);

  /** The current board's own red move, if it has one. */
  const chosenOf = (n) => {
    if (!n.el) return null;
    for (const m of n.el.querySelectorAll(".ttt-chosen")) {
      if (m.closest(BOARD) !== n.el) continue;
      const holder = m.closest("[data-cell]");
      if (holder) return { mark: n.player, cell: Number(holder.getAttribute("data-cell")) };
    }
    return null;
  };

  const chain = (n) => {
    const out = [];
    for (let m = n; m; m = m.parent) out.unshift(m);
    return out;
  };

  const drawCrumbs = () => {
    if (!crumbs) return;
    crumbs.textContent = "";
    for (const n of chain(current)) {
      const li = document.createElement("li");
      if (n === top || isMapRoot(n)) li.className = "tttv-top";
      if (n === current) {
        const here = document.createElement("span");
        here.setAttribute("aria-current", "location");
        here.textContent = label(n);
        li.append(here);
      } else {
        const a = document.createElement("a");
        a.href = urlFor(keyOf(n)) || "#";
        a.textContent = label(n);
        a.addEventListener("click", (e) => {
          e.preventDefault();
          go(n);
        });
        li.append(a);
      }
      crumbs.append(li);
    }
    const next = chosenOf(current);
    const li = document.createElement("li");
    if (next) {
      li.className = "tttv-next";
      const sr = document.createElement("span");
      sr.className = "tttv-sr";
      sr.textContent = "your move: ";
      li.append(sr, moveText(next));
    } else if (kids(current).length) {
      li.className = "tttv-ask";
      li.textContent = current === top && virtualTop
        ? "pick a map"
        : `click where ${other(current.player).toUpperCase()} went`;
    } else {
      return;
    }
    crumbs.append(li);
  };

  const setFocusable = (n, on) => {
    for (const c of kids(n)) {
      if (on) {
        c.el.setAttribute("tabindex", "0");
        c.el.setAttribute("role", "button");
        c.el.setAttribute("aria-label", `Zoom in: ${label(c)}`);
      } else {
        c.el.removeAttribute("tabindex");
        c.el.removeAttribute("role");
        c.el.removeAttribute("aria-label");
      }
    }
  };

  /** Make ``node`` the current board: tab stops, breadcrumbs, URL, then fly there. */
  const go = (node, { push = true, instant = false } = {}) => {
    const prev = current;
    const active = document.activeElement;
    const hadFocus = keyboard && (active === svg || (active && svg.contains(active)));
    if (push && node !== prev) {
      try {
        history.pushState({ tttv: keyOf(node), up: keyOf(prev) }, "", urlFor(keyOf(node)));
      } catch (_) {
        /* a sandboxed or opaque document: the view still works */
      }
    }
    setFocusable(prev, false);
    current = node;
    if (node !== top) lastDeep = node;
    setFocusable(node, true);
    const ds = document.body.dataset;
    ds.board = node.board;
    ds.map = node.map;
    ds.moves = node.moves.map((m) => m.cell).join(",");
    ds.level = node.el ? String(node.level) : "";
    ended = "";
    drawCrumbs();
    showStatus();
    if (wholeButton) {
      wholeButton.setAttribute("aria-pressed", node === top ? "true" : "false");
      wholeButton.title = node === top && lastDeep
        ? `Back to ${chain(lastDeep).slice(1).map(label).join(ARROW)}`
        : "Show the whole map";
    }
    place(hoverRect, null);
    svg.classList.remove("tttv-can-zoom");
    flyTo(viewOf(node), instant);
    if (hadFocus) {
      // Keyboard users keep their place: going out, on the board they came
      // from; going in, on the first cell of the new board.
      const path = chain(prev);
      const back = path.indexOf(node) >= 0 ? path[path.indexOf(node) + 1] : null;
      const target = back || node.children[0];
      (target ? target.el : svg).focus({ preventScroll: true });
      if (!target) place(ring, null);
    }
  };

  /** One level out: the browser's Back when the last step was ours, else a new step. */
  const zoomOut = () => {
    if (current === top) {
      flyTo(home);
      return;
    }
    const up = current.parent;
    const st = history.state;
    if (st && st.tttv === keyOf(current) && st.up === keyOf(up)) history.back();
    else go(up);
  };

  /** The board a click at a map point opens: the deepest one under the pointer that is
      big enough to read at the present zoom, and at least a sub-map of the current board. */
  const READ_PX = 140;
  const hit = (p) => {
    const k = fit(view).k;
    const path = chain(current);
    let n = top;
    for (;;) {
      const next = kids(n).find((c) => inside(cellOf(c), p));
      if (!next) break;
      const near = path.includes(next) || next.parent === current;
      if (!near && boxOf(next).w * k < READ_PX) break;
      n = next;
    }
    return n;
  };

  // ---- the status line, and play mode ----------------------------------------------------
  // In play mode the reader is the map's opponent: a click on an empty cell of the
  // current board is their move, and the view zooms into the sub-map for it, where
  // the map's answer is the largest red symbol (highlighted). The fragment is
  // #play=x&moves=... so a game can be linked; Undo is one board up.

  const status = document.querySelector(".tttv-status");
  const playButton = document.querySelector(".tttv-play");
  const gameButtons = document.querySelector(".tttv-game");
  let playing = false;
  let ended = "";
  const say = (text) => {
    if (status) status.textContent = text;
    document.body.dataset.status = text;
  };
  /** The board as it stands for the opponent: with the map's move on it, if it has one. */
  const standing = (n) => {
    const chosen = chosenOf(n);
    return chosen ? put(n.board, chosen.cell, chosen.mark) : n.board;
  };
  let answer = null;
  const showStatus = () => {
    if (answer) answer.classList.remove("tttv-answer");
    answer = null;
    const n = current;
    if (!n.el) {
      say(playing ? "Pick a map to play against it" : "");
      return;
    }
    const chosen = chosenOf(n);
    const result = resultOf(standing(n));
    const you = other(n.player).toUpperCase();
    const mark = chosen && playing
      ? [...n.el.querySelectorAll(".ttt-chosen")].find((m) => m.closest(BOARD) === n.el)
      : null;
    if (mark) {
      answer = mark;
      mark.classList.add("tttv-answer");
    }
    if (ended) say(ended);
    else if (result) say(chosen ? `${moveText(chosen)}: ${result}` : result);
    else if (n.el.hasAttribute("data-cut")) say("The map stops here (drawn with --depth)");
    else if (!playing) say("");
    else say(chosen ? `${moveText(chosen)}. Your move (${you})` : `Your move (${you})`);
  };
  /** The cell of the current board under a map point, or -1. */
  const cellAt = (n, p) => {
    if (!n.el) return -1;
    const b = rootBox(n.el);
    const col = Math.floor(((p.x - b.x) / b.w) * geometry.cols);
    const row = Math.floor(((p.y - b.y) / b.h) * geometry.rows);
    if (col < 0 || row < 0 || col >= geometry.cols || row >= geometry.rows) return -1;
    return row * geometry.cols + col;
  };
  /** The reader's move in play mode: on to the sub-map it leads to, or the game's end. */
  const playCell = (cell) => {
    const n = current;
    if (!n.el || ended) return;
    const board = standing(n);
    const you = other(n.player);
    if (resultOf(board)) return;
    if (!(cell >= 0 && cell < board.length)) return;
    if (board[cell] !== ".") {
      say(`That cell is taken. Your move (${you.toUpperCase()})`);
      return;
    }
    const next = kids(n).find((c) => {
      const last = c.step[c.step.length - 1];
      return last && last.mark === you && last.cell === cell;
    });
    if (next) {
      go(next);
      return;
    }
    // A move the map draws no board for ends the game.
    const move = { mark: you, cell };
    ended = `${moveText(move)}: ${resultOf(put(board, cell, you)) || "the map stops here"}`;
    say(ended);
  };
  const setPlaying = (on) => {
    playing = on;
    ended = "";
    document.body.dataset.playing = on ? "1" : "0";
    if (playButton) playButton.setAttribute("aria-pressed", on ? "true" : "false");
    if (gameButtons) gameButtons.hidden = !on;
  };
  const undo = () => {
    if (ended) {
      ended = "";
      showStatus();
    } else if (current.el && !current.isRoot) {
      go(current.parent);
    }
  };
  const newGame = () => {
    ended = "";
    const root = rootOf(current);
    if (root) go(root);
    else showStatus();
  };
  if (playButton) {
    playButton.hidden = false;
    playButton.addEventListener("click", () => {
      setPlaying(!playing);
      try {
        history.replaceState(history.state, "", urlFor(keyOf(current)));
      } catch (_) {
        /* as above */
      }
      showStatus();
    });
  }
  const undoButton = document.querySelector(".tttv-undo");
  const newButton = document.querySelector(".tttv-new");
  if (undoButton) undoButton.addEventListener("click", undo);
  if (newButton) newButton.addEventListener("click", newGame);
  let typed = "";
  let typedTimer = 0;
  const playTyped = () => {
    clearTimeout(typedTimer);
    typedTimer = 0;
    if (typed) playCell(Number(typed));
    typed = "";
  };
  document.addEventListener("keydown", (e) => {
    if (!playing || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t instanceof Element && t.closest("input, textarea, select, button, a")) return;
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      typed += e.key;
      clearTimeout(typedTimer);
      // One digit is a whole move when no two-digit cell starts with it.
      if (Number(typed) * 10 >= geometry.rows * geometry.cols) playTyped();
      else typedTimer = setTimeout(playTyped, 700);
    } else if (e.key === "Enter" && typed) {
      e.preventDefault();
      playTyped();
    } else if (e.key === "u") {
      e.preventDefault();
      undo();
    } else if (e.key === "n") {
      e.preventDefault();
      newGame();
    }
  }, true);

  // ---- pointer: click/tap, drag, pinch, wheel ---------------------------------------------

  const pointers = new Map();
  let gesture = null;
  let dragged = false;
  const begin = () => {
    stopFlight();
    const pts = [...pointers.values()];
    if (pts.length === 1) {
      gesture = { kind: "pan", at: pts[0], from: view, k: fit(view).k };
    } else if (pts.length >= 2) {
      const [a, b] = pts;
      gesture = {
        kind: "pinch",
        d: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        anchor: toMap((a.x + b.x) / 2, (a.y + b.y) / 2),
        from: view,
      };
    }
  };
  const hover = (e) => {
    if (e.pointerType !== "mouse" || flight) return;
    const n = hit(toMap(e.clientX, e.clientY));
    const target = n !== current ? n : null;
    svg.classList.toggle("tttv-can-zoom", Boolean(target));
    place(hoverRect, target ? cellOf(target) : null);
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    try {
      svg.setPointerCapture(e.pointerId);
    } catch (_) {
      /* capture is a nicety */
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) dragged = false;
    begin();
  });
  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) {
      hover(e);
      return;
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.values()];
    if (gesture && gesture.kind === "pan") {
      const dx = pts[0].x - gesture.at.x;
      const dy = pts[0].y - gesture.at.y;
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      dragged = true;
      svg.classList.add("tttv-dragging");
      place(hoverRect, null);
      const v = gesture.from;
      preview({ x: v.x - dx / gesture.k, y: v.y - dy / gesture.k, w: v.w, h: v.h });
      settleSoon();
    } else if (gesture && gesture.kind === "pinch" && pts.length >= 2) {
      dragged = true;
      const [a, b] = pts;
      const v = gesture.from;
      const s = clampScale(gesture.d / (Math.hypot(a.x - b.x, a.y - b.y) || 1), v);
      const w = v.w * s;
      const h = v.h * s;
      const f = fit({ x: 0, y: 0, w, h });
      // The map point first under the fingers' midpoint stays under it.
      preview({
        x: gesture.anchor.x - ((a.x + b.x) / 2 - f.left - f.ox) / f.k,
        y: gesture.anchor.y - ((a.y + b.y) / 2 - f.top - f.oy) / f.k,
        w,
        h,
      });
      settleSoon();
    }
  });
  const end = (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (pointers.size) {
      begin();
      return;
    }
    gesture = null;
    svg.classList.remove("tttv-dragging");
    if (dragged) land();
    if (e.type === "pointerup" && !dragged) {
      const p = toMap(e.clientX, e.clientY);
      if (playing && current.el && cellAt(current, p) >= 0) {
        playCell(cellAt(current, p));
        return;
      }
      const n = hit(p);
      if (n !== current) go(n);
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  svg.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "mouse") place(hoverRect, null);
  });
  svg.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      stopFlight();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      zoomAt(e.clientX, e.clientY, Math.exp(e.deltaY * unit * 0.002));
    },
    { passive: false },
  );
  const zoomAt = (cx, cy, factor) => {
    const p = toMap(cx, cy);
    const s = clampScale(factor, view);
    preview({ x: p.x - (p.x - view.x) * s, y: p.y - (p.y - view.y) * s, w: view.w * s, h: view.h * s });
    settleSoon();
  };
  // Screen readers "click" a focused button without a pointer (detail 0).
  svg.addEventListener("click", (e) => {
    if (e.detail !== 0) return;
    const el = e.target instanceof Element ? e.target.closest(BOARD) : null;
    const n = el ? byEl.get(el) : null;
    if (n && n.parent === current) go(n);
  });

  // ---- keyboard ----------------------------------------------------------------------------

  /** The sibling cell nearest in a direction, for arrow keys. */
  const neighbour = (n, dx, dy) => {
    const c = boxOf(n);
    let best = null;
    let score = Infinity;
    for (const s of n.parent ? n.parent.children : []) {
      const b = boxOf(s);
      const vx = b.x + b.w / 2 - (c.x + c.w / 2);
      const vy = b.y + b.h / 2 - (c.y + c.h / 2);
      const ahead = vx * dx + vy * dy;
      if (s === n || ahead <= 1e-9) continue;
      const d = ahead + 2 * Math.abs(vx * dy - vy * dx);
      if (d < score) {
        score = d;
        best = s;
      }
    }
    return best;
  };
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Escape") {
      e.preventDefault();
      zoomOut();
      return;
    }
    const t = e.target;
    if (!(t === svg || (t instanceof Element && svg.contains(t)))) return;
    const n = byEl.get(t);
    if ((e.key === "Enter" || e.key === " ") && n && n !== current) {
      e.preventDefault();
      go(n);
    } else if (e.key === "+" || e.key === "=" || e.key === "-" || e.key === "_") {
      e.preventDefault();
      stopFlight();
      const r = stage.getBoundingClientRect();
      zoomAt(r.left + r.width / 2, r.top + r.height / 2, e.key === "+" || e.key === "=" ? 0.8 : 1.25);
    } else if (ARROWS[e.key]) {
      e.preventDefault();
      const [dx, dy] = ARROWS[e.key];
      const near = n && n.parent === current ? neighbour(n, dx, dy) : null;
      if (near) near.el.focus({ preventScroll: true });
      else if (!n) {
        preview({ ...view, x: view.x + dx * view.w * 0.1, y: view.y + dy * view.h * 0.1 });
        settleSoon();
      }
    }
  });
  svg.addEventListener("focusin", (e) => {
    const n = byEl.get(e.target);
    place(ring, keyboard && n && n !== current ? ringBox(n) : null);
  });
  svg.addEventListener("focusout", () => place(ring, null));

  // ---- history and the URL fragment ---------------------------------------------------

  const playsIn = (hash) => /(^|[#&?])play=/.test(String(hash || ""));
  const follow = () => {
    if (playsIn(location.hash) !== playing) setPlaying(playsIn(location.hash));
    const n = find(location.hash);
    if (n !== current) go(n, { push: false });
  };
  window.addEventListener("popstate", follow);
  window.addEventListener("hashchange", follow);

  if (wholeButton) {
    wholeButton.hidden = false;
    wholeButton.addEventListener("click", () => {
      const atHome = ["x", "y", "w", "h"].every((k) => Math.abs(view[k] - home[k]) < home.w * 1e-4);
      if (current !== top) go(top);
      else if (!atHome) flyTo(home);
      else if (lastDeep) go(lastDeep);
    });
  }

  // ---- start ---------------------------------------------------------------------------------

  // With the script running the map is a control, not a picture.
  svg.setAttribute("role", "group");
  svg.setAttribute("tabindex", "0");
  const hint = document.querySelector(".tttv-hint");
  if (hint) {
    hint.id = hint.id || "tttv-hint";
    svg.setAttribute("aria-describedby", hint.id);
  }
  setPlaying(playsIn(location.hash));
  const start = find(location.hash);
  go(start, { push: false, instant: true });
  try {
    history.replaceState({ tttv: keyOf(start), up: null }, "", urlFor(keyOf(start)));
  } catch (_) {
    /* as above */
  }

  window.tttViewer = {
    /** The position shown: map id, board string, moves from the map's root, level. */
    current: () => ({
      map: current.map,
      board: current.board,
      moves: current.moves.map((m) => m.cell),
      level: current.el ? current.level : null,
      key: keyOf(current),
    }),
    go: (hash) => go(find(hash)),
    zoomOut,
    whole: () => go(top),
    /** Play mode: on or off, and the reader's move (a cell of the current board). */
    play: (on) => {
      setPlaying(on !== false);
      showStatus();
    },
    move: (cell) => playCell(cell),
    status: () => (status ? status.textContent : ""),
    playing: () => playing,
    busy: () => flight !== 0 || idle !== 0 || filling !== 0,
    view: () => ({ ...view }),
    /** Boards in the tree so far, and boards whose sub-boards still wait to be drawn. */
    boards: () => nodes.length,
    waiting: () => pending.size,
  };
  document.body.dataset.ready = "1";
})();
