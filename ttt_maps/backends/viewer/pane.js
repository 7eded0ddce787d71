  /* One pane of linked viewers (ttt-maps compare -o cmp.html): the page around
     it (link.js) shows several maps side by side and zooms them together. This
     part lets that page turn the drawing by a symmetry of the board, find a
     position up to rotation and reflection, and hear of every move the reader
     makes here. Play is left to single maps. Boards are strings; a symmetry is
     a permutation: cell c is drawn where cell perm[c] would be. */

  // ---- a pane: no heading of its own, no play ----------------------------------------------

  const paneHead = document.querySelector(".tttv-head");
  if (paneHead) paneHead.style.display = "none";
  if (playButton) playButton.hidden = true;

  // ---- turning the drawing -----------------------------------------------------------------

  const IDENTITY = Array.from({ length: geometry.rows * geometry.cols }, (_, c) => c);
  let turn = IDENTITY;
  const turnBox = roots.length === 1 ? rootBox(roots[0].el) : null;
  const turner = (() => {
    if (!turnBox) return null;
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "tttv-turn");
    roots[0].el.before(g);
    g.append(roots[0].el);
    return g;
  })();
  /** The board as drawn under a symmetry: what stands on cell c shows on perm[c]. */
  const image = (board, perm) => {
    const out = new Array(board.length);
    for (let c = 0; c < board.length; c += 1) out[perm[c]] = board[c];
    return out.join("");
  };
  /** The board that, drawn under ``perm``, shows as ``shown``. */
  const preimage = (shown, perm) => perm.map((to) => shown[to]).join("");
  /** Turn the drawing by ``perm`` about the map's centre: an affine map sending each
      cell's centre to the centre of the cell it is drawn on. */
  const turnTo = (perm) => {
    if (!turner || perm.join() === turn.join()) return;
    turn = perm;
    const { rows, cols } = geometry;
    const sw = turnBox.w / cols;
    const sh = turnBox.h / rows;
    const centre = (cell) => ({
      x: turnBox.x + ((cell % cols) + 0.5) * sw,
      y: turnBox.y + (Math.floor(cell / cols) + 0.5) * sh,
    });
    const p0 = centre(perm[0]);
    const step = (cell, unit) => {
      const p = centre(perm[cell]);
      return { x: (p.x - p0.x) / unit, y: (p.y - p0.y) / unit };
    };
    const ec = cols > 1 ? step(1, sw) : { x: 1, y: 0 };
    const er = rows > 1 ? step(cols, sh) : { x: 0, y: 1 };
    const o = centre(0);
    const e = p0.x - ec.x * o.x - er.x * o.y;
    const f = p0.y - ec.y * o.x - er.y * o.y;
    const m = [ec.x, ec.y, er.x, er.y, e, f].map((v) => String(Math.round(v * 1e6) / 1e6));
    turner.setAttribute("transform", `matrix(${m.join(" ")})`);
    for (const n of nodes) n.box = null;
    screenCell = (cell) => turn[cell];
  };

  // ---- positions up to symmetry ----------------------------------------------------------

  /** The shallowest board of the map with this exact position, if any. A board still
      waiting as text is found by reading the text (``waitingHolder``), and only its
      holder's boards are drawn: a big map's pane stays as light as a single viewer. */
  const boardIndex = new Map();
  let indexed = 0; // nodes[0 .. indexed) are in boardIndex (nodes only grow)
  const nodeFor = (board) => {
    for (; indexed < nodes.length; indexed += 1) {
      const n = nodes[indexed];
      const was = boardIndex.get(n.board);
      if (!was || n.depth < was.depth) boardIndex.set(n.board, n);
    }
    const found = boardIndex.get(board);
    if (found) return found;
    const holder = waitingHolder(board);
    if (!holder) return null;
    fill(holder);
    return nodeFor(board);
  };
  /** The board, still waiting as text, whose sub-boards hold ``board`` (the first in
      the page's order, as drawing them all would find it), or null. */
  const BOARD_ATTR = /data-board="([^"]*)"/g;
  const scanned = new Set();
  const waitingIn = new Map();
  const waitingHolder = (board) => {
    for (const n of pending) {
      if (scanned.has(n)) continue;
      scanned.add(n);
      for (const m of lazyText(n.lazy).matchAll(BOARD_ATTR)) {
        if (!waitingIn.has(m[1])) waitingIn.set(m[1], n);
      }
    }
    const n = waitingIn.get(board);
    return n && pending.has(n) ? n : null;
  };
  /** The position a board leads to with its own red move on it, or "" without one. */
  const afterOf = (n) => {
    const c = chosenOf(n);
    return c ? put(n.board, c.cell, c.mark) : "";
  };
  /** What the pane shows, as the reader sees it (turned). */
  const paneState = () => {
    const path = chain(current).filter((n) => n.el);
    const after = current.el ? afterOf(current) : "";
    const chosen = current.el ? chosenOf(current) : null;
    return {
      board: current.board,
      shown: image(current.board, turn),
      after: after ? image(after, turn) : "",
      move: chosen ? turn[chosen.cell] : -1,
      path: path.map((n) => image(n.board, turn)),
      turn: turn.slice(),
      level: current.el ? current.level : null,
    };
  };

  /** Go where another pane is, as far as this map has it: the deepest of ``path`` (boards
      as shown there) this map has under some symmetry, preferring the symmetry that draws
      this map's move where that pane's move is drawn (``after``), then the present turn. */
  let expected = null;
  const followPath = ({ path, after, perms }) => {
    const present = turn.join();
    // The present turn first: a symmetry that cannot beat the best so far is not looked
    // up, so its waiting boards are not drawn (a big map's follow draws one holder, not 8).
    const order = perms.map((perm, index) => ({ perm, index, same: perm.join() === present }));
    order.sort((p, q) => q.same - p.same);
    for (let k = path.length - 1; k >= 0; k -= 1) {
      const last = k === path.length - 1 && after;
      let best = null;
      for (const { perm, index, same } of order) {
        const bonus = (same ? 2 : 0) - index / 1000;
        if (best && (last ? 4 : 0) + bonus <= best.score) continue;
        const n = nodeFor(preimage(path[k], perm));
        if (!n) continue;
        const a = afterOf(n);
        const score = (last && a && image(a, perm) === after ? 4 : 0) + bonus;
        if (!best || score > best.score) best = { n, perm, score };
      }
      if (!best) continue;
      turnTo(best.perm);
      expected = `${best.n.map}|${best.n.moves.map((m) => m.cell).join(",")}`;
      go(best.n, { push: false });
      return { ...paneState(), depth: k };
    }
    return { ...paneState(), depth: -1 };
  };

  // ---- telling the page ------------------------------------------------------------------------

  const page = (() => {
    try {
      return window.parent !== window ? window.parent : null;
    } catch (_) {
      return null;
    }
  })();
  new MutationObserver(() => {
    const ds = document.body.dataset;
    const key = `${ds.map}|${ds.moves}`;
    if (key === expected) {
      expected = null;
      return;
    }
    expected = null;
    try {
      if (page && page.tttLink) page.tttLink.moved(window);
    } catch (_) {
      /* a page that does not link panes */
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-moves", "data-map"] });

  window.tttPane = { state: paneState, follow: followPath, turnTo };
