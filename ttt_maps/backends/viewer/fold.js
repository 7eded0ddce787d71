  /* Folded maps: a drawn sub-map stands for the cells its data-fold names
     ("2:h 6:v 8:r180": cell and turn), and each of those cells holds a grey
     letter (g.ttt-folded[data-cell]). Going into such a cell shows the drawn
     sub-map turned where the reader went: a copy, placed in that cell, whose
     boards read turned (board strings, red moves, breadcrumbs, play), its
     letters and tags kept upright. Copies are made when the reader goes
     there; until then the cell is a board of the tree without a drawing. */

  // ---- turns: the symmetries of the board, as data-fold names them --------------------

  // [a, b, c, d]: x' = a x + c y, y' = b x + d y about a board's middle (SVG's order).
  const TURNS = {
    id: [1, 0, 0, 1],
    h: [-1, 0, 0, 1],
    v: [1, 0, 0, -1],
    r180: [-1, 0, 0, -1],
    d: [0, 1, 1, 0],
    r90: [0, 1, -1, 0],
    r270: [0, -1, 1, 0],
    a: [0, -1, -1, 0],
  };
  const ID = TURNS.id;
  /** A number for a transform, finer than the view's (folds sit deep in the whole game). */
  const num = (v) => String(Math.round(v * 1e6) / 1e6);
  const isId = (t) => !t || (t[0] === 1 && t[1] === 0 && t[2] === 0 && t[3] === 1);
  /** The turn ``m`` after the turn ``n``. */
  const compose = (m, n) => [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
  ];
  /** A turn undone (they are rotations and reflections: the transpose). */
  const unturn = (t) => [t[0], t[2], t[1], t[3]];
  /** Where a turn takes a cell. */
  const turnCell = (t, cell) => {
    if (isId(t)) return cell;
    const mx = (geometry.cols - 1) / 2;
    const my = (geometry.rows - 1) / 2;
    const x = (cell % geometry.cols) - mx;
    const y = Math.floor(cell / geometry.cols) - my;
    const col = Math.round(t[0] * x + t[2] * y + mx);
    const row = Math.round(t[1] * x + t[3] * y + my);
    return row * geometry.cols + col;
  };
  /** A board string turned. */
  const turnBoard = (board, t) => {
    if (isId(t)) return board;
    const out = new Array(board.length).fill(".");
    for (let i = 0; i < board.length; i += 1) out[turnCell(t, i)] = board[i];
    return out.join("");
  };
  /** Keep the text under ``root`` upright in a drawing turned by ``t``, each line turned
      back about its own middle (from its attributes: the map's letters and tags are a
      few characters of about 0.62 em), so it stays where it was drawn. */
  const straighten = (root, t) => {
    if (isId(t)) return;
    const [a, b, c, d] = unturn(t);
    for (const text of root.querySelectorAll("text")) {
      const size = parseFloat(text.getAttribute("font-size")) || 0;
      const anchor = text.getAttribute("text-anchor") || "start";
      const half = (0.62 * size * text.textContent.length) / 2;
      const x = (parseFloat(text.getAttribute("x")) || 0)
        + (anchor === "end" ? -half : anchor === "middle" ? 0 : half);
      const y = (parseFloat(text.getAttribute("y")) || 0) - 0.36 * size;
      text.setAttribute(
        "transform",
        `translate(${num(x)} ${num(y)}) matrix(${a} ${b} ${c} ${d} 0 0) translate(${num(-x)} ${num(-y)})`,
      );
    }
    // Text drawn as outlines (a hand-lettered map): each line turned about its middle.
    for (const line of root.querySelectorAll("g.ttt-text")) {
      const box = line.getBBox();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      line.setAttribute(
        "transform",
        `translate(${num(x)} ${num(y)}) matrix(${a} ${b} ${c} ${d} 0 0) translate(${num(-x)} ${num(-y)})`,
      );
    }
  };

  // ---- the cells a drawn sub-map stands for ------------------------------------------------

  /** The folds of a drawn sub-map: [{cell, turn}] in its parent's own frame. */
  const foldsOf = (el) => {
    const out = [];
    for (const part of (el.getAttribute("data-fold") || "").trim().split(/\s+/)) {
      const [cell, name] = part.split(":");
      if (TURNS[name] && /^\d+$/.test(cell || "")) out.push({ cell: Number(cell), turn: TURNS[name] });
    }
    return out;
  };

  /** A folded cell of ``n`` as a board of the tree: the drawn sub-map ``rep``, turned by
      ``turn`` onto ``cell`` (both in the frame ``n`` is drawn in); drawn when visited. */
  const ghostOf = (n, rep, cell, turn) => {
    const total = compose(n.turn || ID, turn);
    const marker = n.el.querySelector(`:scope > g.ttt-folded[data-cell="${cell}"]`);
    const g = {
      el: marker,
      board: turnBoard(rep.el.getAttribute("data-board") || "", total),
      parent: n,
      children: [],
      step: [],
      moves: [],
      map: n.map,
      player: n.player,
      depth: n.depth + 1,
      level: n.level + 1,
      isRoot: false,
      box: null,
      lazy: -1,
      turn: total,
      ghost: { rep, cell, turn },
    };
    g.step = stepMoves(n.board, g.board);
    g.moves = n.moves.concat(g.step);
    // Its place: the drawn sub-map's, moved by as many cells as the two cells lie apart.
    const from = turnCell(n.turn || ID, turnCell(unturn(turn), cell));
    const to = turnCell(n.turn || ID, cell);
    const b = boxOf(rep);
    const side = Math.max(b.w, b.h) * (1 + 2 * cellPad);
    const dx = ((to % geometry.cols) - (from % geometry.cols)) * side;
    const dy = (Math.floor(to / geometry.cols) - Math.floor(from / geometry.cols)) * side;
    g.box = { x: b.x + dx, y: b.y + dy, w: b.w, h: b.h };
    if (marker) byEl.set(marker, g);
    return g;
  };

  /** Draw a folded cell: a copy of its drawn sub-map, turned into the cell. */
  const materialise = (g) => {
    const { rep, cell, turn } = g.ghost;
    g.ghost = null;
    const n = g.parent;
    const copy = rep.el.cloneNode(true);
    for (const e of copy.querySelectorAll(".tttv-turned")) e.remove();
    for (const e of copy.querySelectorAll("g.ttt-folded[display]")) e.removeAttribute("display");
    for (const e of [copy, ...copy.querySelectorAll("[tabindex], .tttv-answer")]) {
      e.removeAttribute("tabindex");
      e.removeAttribute("role");
      e.removeAttribute("aria-label");
      e.classList.remove("tttv-answer");
    }
    // In n's own frame (board groups are never transformed): the drawn sub-map's middle
    // moved onto the cell's, turned about it.
    const b = rep.el.getBBox();
    const side = Math.max(b.width, b.height) * (1 + 2 * cellPad);
    const from = turnCell(unturn(turn), cell);
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const tx = cx + ((cell % geometry.cols) - (from % geometry.cols)) * side;
    const ty = cy + (Math.floor(cell / geometry.cols) - Math.floor(from / geometry.cols)) * side;
    const wrap = document.createElementNS(NS, "g");
    wrap.setAttribute("class", "tttv-turned");
    wrap.setAttribute(
      "transform",
      `translate(${num(tx)} ${num(ty)}) matrix(${turn.join(" ")} 0 0) translate(${num(-cx)} ${num(-cy)})`,
    );
    wrap.append(copy);
    n.el.append(wrap);
    straighten(copy, g.turn);
    if (g.el) {
      g.el.setAttribute("display", "none");
      g.el.removeAttribute("tabindex");
      g.el.removeAttribute("role");
      g.el.removeAttribute("aria-label");
      byEl.delete(g.el);
    }
    g.el = copy;
    byEl.set(copy, g);
    g.lazy = copy.hasAttribute("data-lazy") ? Number(copy.getAttribute("data-lazy")) : -1;
    if (g.lazy >= 0) pending.add(g);
    for (const el of copy.querySelectorAll(BOARD)) {
      if (!byEl.has(el)) placeNode(addNode(el));
    }
  };

  /** The cells ``n``'s drawn sub-maps stand for, added to its children once. */
  const unfold = (n) => {
    if (n.unfolded || !n.el || n.ghost) return;
    n.unfolded = true;
    for (const rep of n.children.slice()) {
      if (!rep.el || rep.ghost) continue;
      for (const { cell, turn } of foldsOf(rep.el)) n.children.push(ghostOf(n, rep, cell, turn));
    }
  };
