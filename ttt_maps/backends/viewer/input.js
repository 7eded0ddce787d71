  /* Pointer (click, drag, pinch, wheel), keyboard, history, and the start:
     window.tttViewer for tests and notebooks. */

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
  if (hint && roots.some(isWhole)) {
    hint.textContent = tr("wholeHint");
  }
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
