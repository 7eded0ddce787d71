  /* The map as a tree to walk by keyboard (an ARIA tree, as Olli does for charts):
     one item per board, its replies as its children. Up and Down move between
     replies, Right goes into a sub-map, Left back out; the map zooms along, and
     each item says the position, the red move and its reason. Mouse users see
     nothing of it until it has focus. Items are made as the reader opens them,
     so a big map's tree costs nothing up front. */

  // ---- the tree of moves -----------------------------------------------------------------

  const walker = document.createElement("ul");
  walker.className = "tttv-walk";
  walker.setAttribute("role", "tree");
  walker.setAttribute("aria-label", tr("treeLabel"));
  const itemOf = new Map();
  let walkFocus = null;

  /** The result for the map's player below a board of the map (1, 0, -1), read off the
      map as the gamebook reads it off the tree: the red move, then the worst reply.
      Null where the map is cut short, or keeps boards waiting (a big map). */
  const values = new Map();
  const valueOf = (n) => {
    if (values.has(n)) return values.get(n);
    let value = null;
    const chosen = chosenOf(n);
    if (chosen && !pending.size && !n.el.hasAttribute("data-cut")) {
      const after = put(n.board, chosen.cell, chosen.mark);
      const won = winnerOf(after);
      if (won || !after.includes(".")) value = won ? 1 : 0;
      else {
        const them = other(n.player);
        const next = new Map(kids(n).map((c) => [c.step.find((m) => m.mark === them)?.cell, c]));
        value = 1;
        for (let cell = 0; cell < after.length && value !== null; cell += 1) {
          if (after[cell] !== ".") continue;
          const child = next.get(cell);
          const end = put(after, cell, them);
          const v = child ? valueOf(child) : winnerOf(end) ? -1 : end.includes(".") ? null : 0;
          value = v === null ? null : Math.min(value, v);
        }
      }
    }
    values.set(n, value);
    return value;
  };
  /** Why the red move is played: the map's own reason if it carries one (a board's
      tooltip, with --explain), else what it achieves, in the gamebook's words. */
  const reasonOf = (n, chosen) => {
    const title = n.el ? n.el.querySelector(":scope > title") : null;
    const why = title ? title.textContent.trim() : n.el ? n.el.getAttribute("data-why") : "";
    if (why) return why;
    const after = put(n.board, chosen.cell, chosen.mark);
    const player = chosen.mark.toUpperCase();
    if (winnerOf(after)) return tr("winsAtOnce", { player });
    if (!after.includes(".")) return tr("fillsBoard", { player });
    const value = valueOf(n);
    return value === null ? "" : tr(["holdsOut", "holdsDraw", "winsAnyway"][value + 1], { player });
  };
  /** The replies that end the game at once, said after the move (a draw, or a loss). */
  const endings = (n, chosen) => {
    const after = put(n.board, chosen.cell, chosen.mark);
    if (resultOf(after)) return [];
    const drawn = new Set(kids(n).map((c) => c.step.find((m) => m.mark !== n.player)?.cell));
    const out = [];
    for (let cell = 0; cell < after.length; cell += 1) {
      if (after[cell] !== "." || drawn.has(cell)) continue;
      const result = resultOf(put(after, cell, other(n.player)));
      if (result) {
        const move = moveText({ mark: other(n.player), cell });
        out.push(tr("endsIt", { move, result }));
      }
    }
    return out;
  };
  /** A board as a voice reads it, row by row: "X, O, empty; empty row; ...". */
  const rowsOf = (board) => {
    const rows = [];
    for (let r = 0; r < geometry.rows; r += 1) {
      const row = board.slice(r * geometry.cols, (r + 1) * geometry.cols).split("");
      rows.push(row.every((c) => c === ".")
        ? tr("emptyRow")
        : row.map((c) => (c === "." ? tr("empty") : c.toUpperCase())).join(", "));
    }
    return rows.reduce((text, next) => tr("join", { clause: text, next }));
  };
  /** What an item says: where it is, the position, the red move and why, what follows. */
  const sayOf = (n) => {
    const parts = [tr("sentence", { text: label(n) }), tr("position", { rows: rowsOf(n.board) })];
    const chosen = chosenOf(n);
    if (chosen) {
      const why = reasonOf(n, chosen);
      const move = moveText(chosen);
      parts.push(why ? tr("moveWhy", { move, why }) : tr("sentence", { text: move }));
      parts.push(...endings(n, chosen).map((e) => tr("sentence", { text: e })));
    } else if (resultOf(n.board)) {
      parts.push(tr("sentence", { text: resultOf(n.board) }));
    }
    const count = kids(n).length;
    if (count) parts.push(trn("replies", count));
    return parts.join(" ");
  };

  const makeItem = (n, level) => {
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.setAttribute("aria-level", String(level));
    li.setAttribute("tabindex", "-1");
    const text = document.createElement("span");
    text.textContent = sayOf(n);
    li.setAttribute("aria-label", text.textContent);
    li.append(text);
    if (kids(n).length) li.setAttribute("aria-expanded", "false");
    itemOf.set(li, n);
    return li;
  };
  const groupOf = (li) => li.querySelector(":scope > ul");
  const open = (li) => {
    if (li.getAttribute("aria-expanded") !== "false") return;
    const n = itemOf.get(li);
    const ul = document.createElement("ul");
    ul.setAttribute("role", "group");
    const level = Number(li.getAttribute("aria-level")) + 1;
    for (const c of kids(n)) ul.append(makeItem(c, level));
    li.append(ul);
    li.setAttribute("aria-expanded", "true");
  };
  const close = (li) => {
    const ul = groupOf(li);
    if (ul) ul.remove();
    if (li.getAttribute("aria-expanded") === "true") li.setAttribute("aria-expanded", "false");
  };
  /** Focus an item (the only one in the tab order) and zoom the map to its board. */
  const visit = (li) => {
    if (walkFocus && walkFocus !== li) walkFocus.setAttribute("tabindex", "-1");
    walkFocus = li;
    li.setAttribute("tabindex", "0");
    li.focus({ preventScroll: false });
    const n = itemOf.get(li);
    if (n && n !== current) go(n, { push: false });
  };
  const parentItem = (li) => {
    const up = li.parentElement && li.parentElement.closest("[role=treeitem]");
    return up || null;
  };
  const siblings = (li) => [...li.parentElement.children];

  const tops = virtualTop ? roots : [top];
  for (const n of tops) walker.append(makeItem(n, 1));
  walkFocus = walker.firstElementChild;
  if (walkFocus) walkFocus.setAttribute("tabindex", "0");
  if (tops.length) {
    const wrap = document.createElement("section");
    wrap.className = "tttv-walk-wrap";
    wrap.setAttribute("aria-label", tr("treeName"));
    wrap.append(walker);
    stage.after(wrap);
  }

  walker.addEventListener("keydown", (e) => {
    const li = e.target instanceof Element ? e.target.closest("[role=treeitem]") : null;
    if (!li || e.altKey || e.ctrlKey || e.metaKey) return;
    const list = siblings(li);
    const at = list.indexOf(li);
    let next = null;
    if (e.key === "ArrowDown") next = list[at + 1] || null;
    else if (e.key === "ArrowUp") next = list[at - 1] || null;
    else if (e.key === "Home") next = list[0];
    else if (e.key === "End") next = list[list.length - 1];
    else if (e.key === "ArrowRight") {
      if (li.getAttribute("aria-expanded") === "false") open(li);
      const ul = groupOf(li);
      next = ul ? ul.firstElementChild : null;
    } else if (e.key === "ArrowLeft" || e.key === "Escape") {
      const up = parentItem(li);
      if (up) {
        close(up);
        next = up;
      } else {
        close(li);
      }
    } else if (e.key === "Enter" || e.key === " ") {
      const n = itemOf.get(li);
      if (n) go(n, { push: false });
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (next) visit(next);
  });
  walker.addEventListener("focusin", (e) => {
    const li = e.target instanceof Element ? e.target.closest("[role=treeitem]") : null;
    if (li && li !== walkFocus) visit(li);
  });
