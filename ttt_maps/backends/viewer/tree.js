/* ttt-maps viewer: xkcd 832 says "zoom in on the region of the grid where
   your opponent went"; this does it for the reader. It reads nothing but the
   SVG's board groups (<g class="ttt-board" data-board="...">), so it serves a
   single map and the poster alike, and it needs no network.

   Click or tap a cell: zoom into that sub-map. Wheel or pinch: zoom. Drag:
   pan. Esc or Back: one level out. Tab/arrows reach the cells, Enter or Space
   zooms. The URL fragment holds the position (#map=x&moves=0,4) and
   window.tttViewer exposes the state. */

  /* The tree of boards read from the SVG, the board's lines and results, the
     boards a big map keeps waiting as text, and the fragment that names one. */

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

  // ---- words: the page carries them, in its language (backends/words.py) ----------

  const WORDS = (() => {
    const el = document.getElementById("tttv-words");
    try {
      return el ? JSON.parse(el.textContent) : {};
    } catch (_) {
      return {};
    }
  })();
  /** A message by name, its {placeholders} filled from ``values``. */
  const tr = (key, values = {}) => String(WORDS[key] ?? key)
    .replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  /** A counted message: the form the language gives ``n`` (CLDR's plural categories). */
  const trn = (key, n) => {
    const forms = WORDS[key] || {};
    let category = n === 1 ? "one" : "other";
    try {
      category = new Intl.PluralRules(WORDS.lang || "en").select(n);
    } catch (_) {
      /* no Intl: English's rule */
    }
    return String(forms[category] ?? forms.other ?? key).replace(/\{n\}/g, String(n));
  };

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
    const winner = winnerOf(board);
    if (winner) return tr("wins", { player: winner.toUpperCase() });
    return board.includes(".") ? "" : tr("draw");
  };
  // Cells as a player names them, the same words as the terminal game.
  const NAMES = WORDS.cells || [];
  // Where a cell is drawn: itself, unless a linked pane turns the drawing (pane.js).
  let screenCell = (cell) => cell;
  const cellName = (at) => {
    const cell = screenCell(at);
    return geometry.rows === 3 && geometry.cols === 3
      ? NAMES[cell]
      : tr("rowColumn", { row: Math.floor(cell / geometry.cols) + 1, col: (cell % geometry.cols) + 1 });
  };

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
  // They are read when the first of them is drawn, not before the first paint.
  const pending = new Set();
  let lazyData = null;
  const lazyText = (i) => {
    if (!lazyData) {
      const data = document.getElementById("tttv-lazy");
      try {
        lazyData = data ? JSON.parse(data.textContent) : [];
      } catch (_) {
        lazyData = [];
      }
    }
    return lazyData[i] || "";
  };
  // A board in a turned copy of a folded map's sub-map (fold.js) reads turned as its
  // parent does; turnBoard is only reached once the whole script has run.
  const addNode = (el) => {
    const up = el.parentElement ? el.parentElement.closest(BOARD) : null;
    const parent = (up && byEl.get(up)) || null;
    const turn = parent ? parent.turn : null;
    const drawn = el.getAttribute("data-board") || "";
    const node = {
      el,
      board: turn ? turnBoard(drawn, turn) : drawn,
      turn,
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

  /** The whole game's map (every move of both players, --whole) rather than a player's. */
  const isWhole = (n) => Boolean(n.el && n.el.hasAttribute("data-whole"));
  /** Whose map a root board starts: the poster says it; otherwise the first step tells. */
  const playerOf = (root) => {
    if (isWhole(root)) return toMove(root.board);
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
        depth: 0, level: null, isRoot: false, box: null, lazy: -1, turn: null }
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
    const text = lazyText(n.lazy);
    n.lazy = -1;
    pending.delete(n);
    n.el.removeAttribute("data-lazy");
    const holder = document.createElementNS(NS, "g");
    holder.innerHTML = text;
    const added = [...holder.children];
    const boards = document.createDocumentFragment();
    while (holder.firstChild) boards.append(holder.firstChild);
    const own = n.el.firstElementChild;
    n.el.insertBefore(boards, own ? own.nextSibling : null);
    if (n.turn) for (const e of added) straighten(e, n.turn);
    for (const el of n.el.querySelectorAll(BOARD)) {
      if (!byEl.has(el)) placeNode(addNode(el));
    }
  };
  /** A board's sub-boards, drawn first if they were waiting (or turned, if folded). */
  const kids = (n) => {
    if (n.ghost) materialise(n);
    fill(n);
    unfold(n);
    return n.children;
  };
  const fillAll = () => {
    while (pending.size) for (const n of [...pending]) fill(n);
  };

  const moveText = (m) => tr("move", { player: m.mark.toUpperCase(), cell: cellName(m.cell) });
  const isMapRoot = (n) => n.isRoot === true;
  const label = (n) => {
    if (n === top && virtualTop) return tr(roots.length === 2 ? "bothMaps" : "allMaps");
    if (isMapRoot(n) && isWhole(n)) return tr("everyMove");
    if (isMapRoot(n)) {
      const player = n.player.toUpperCase();
      return n.map.length > 1
        ? tr("mapForNumbered", { player, number: n.map.slice(1) })
        : tr("mapFor", { player });
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

