  /* Where we are: the current board, breadcrumbs, tab stops, going to a
     board and one level out, and which board a click opens. */

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
      const cell = holder ? Number(holder.getAttribute("data-cell")) : -1;
      if (holder) return { mark: n.player, cell: n.turn ? turnCell(n.turn, cell) : cell };
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
      sr.textContent = tr("yourMoveCrumb");
      li.append(sr, moveText(next));
    } else if (kids(current).length) {
      li.className = "tttv-ask";
      const root = rootOf(current);
      li.textContent = current === top && virtualTop
        ? tr("pickMap")
        : root && isWhole(root)
          ? tr("pickMove", { player: toMove(current.board).toUpperCase() })
          : tr("clickWhere", { player: other(current.player).toUpperCase() });
    } else {
      return;
    }
    crumbs.append(li);
  };

  const setFocusable = (n, on) => {
    for (const c of kids(n)) {
      if (!c.el) continue;
      if (on) {
        c.el.setAttribute("tabindex", "0");
        c.el.setAttribute("role", "button");
        c.el.setAttribute("aria-label", tr("zoomIn", { board: label(c) }));
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
        ? tr("backTo", { boards: chain(lastDeep).slice(1).map(label).join(ARROW) })
        : tr("showWhole");
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

