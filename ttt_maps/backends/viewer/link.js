/* Linked viewers (ttt-maps compare -o cmp.html): one viewer per map, side by
   side, each in its own frame (a whole viewer page with pane.js). Zoom in any
   of them and the others go to the same position where their map has it, up
   to rotation and reflection, with their drawing turned so the position looks
   the same; where a map plays another move, or never reaches the position,
   its pane says so. window.tttLink exposes the state for tests. */
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("tttl-data").textContent);
  const frames = [...document.querySelectorAll(".tttl-pane iframe")];
  const notes = [...document.querySelectorAll(".tttl-note")];
  const turnLabels = [...document.querySelectorAll(".tttl-turn")];
  const { perms, names, turns, cells, player } = data;
  const WORDS = data.words || {};
  /** A note by name, its {placeholders} filled from ``values`` (backends/words.py). */
  const tr = (key, values = {}) => String(WORDS[key] ?? key)
    .replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

  const pane = (i) => {
    try {
      return frames[i].contentWindow.tttPane || null;
    } catch (_) {
      return null;
    }
  };
  /** The smallest of a board's images: the same for every rotation and reflection. */
  const canonical = (board) => {
    let best = null;
    for (const perm of perms) {
      const out = new Array(board.length);
      for (let c = 0; c < board.length; c += 1) out[perm[c]] = board[c];
      const text = out.join("");
      if (best === null || text < best) best = text;
    }
    return best;
  };
  /** The cell where ``mark`` was added between two boards, or -1. */
  const added = (before, after, mark) => {
    for (let c = 0; c < before.length; c += 1) {
      if (before[c] === "." && after[c] === mark) return c;
    }
    return -1;
  };
  const turnIndex = (perm) => perms.findIndex((p) => p.join() === perm.join());

  let leader = 0;
  let syncs = 0;
  let states = [];

  /** What each pane says: how its map's move here compares with the leading pane's. */
  const write = () => {
    const lead = states[leader];
    const lines = states.map(() => "");
    const apart = states.map(() => false);
    const parted = [];
    states.forEach((s, j) => {
      if (j === leader) return;
      const same = s.depth === lead.path.length - 1;
      if (same && (!lead.after || !s.after)) {
        lines[j] = tr("samePosition", { policy: names[leader] });
      } else if (same && canonical(s.after) === canonical(lead.after)) {
        lines[j] = tr("sameMove", { policy: names[leader] });
      } else if (same) {
        lines[j] = tr("partsWays", { policy: names[leader], cell: cells[s.move], other: cells[lead.move] });
        apart[j] = true;
        parted.push(tr("parted", { policy: names[j], cell: cells[s.move] }));
      } else if (s.depth >= 0) {
        const k = s.depth;
        const theirs = added(lead.path[k], lead.path[k + 1], player);
        lines[j] = tr("neverReaches", { policy: names[leader], cell: cells[s.move], other: cells[theirs] });
        apart[j] = true;
        const number = lead.path[k].replace(/\./g, "").length + 1;
        parted.push(tr("partedAt", { policy: names[j], number }));
      }
    });
    const mine = lead.move >= 0 ? tr("thisPlays", { cell: cells[lead.move] }) : "";
    if (parted.length) {
      const all = parted.reduce((text, next) => tr("join", { clause: text, next }));
      lines[leader] = mine ? tr("mineParted", { mine, parted: all }) : tr("partedAll", { parted: all });
    } else if (states.length > 1) {
      lines[leader] = mine ? tr("othersSame", { mine }) : "";
    }
    lines.forEach((text, i) => {
      if (notes[i]) notes[i].textContent = text;
      const t = turnIndex(states[i].turn);
      if (turnLabels[i]) turnLabels[i].textContent = t > 0 ? tr("drawnTurned", { turn: turns[t] }) : "";
      frames[i].closest(".tttl-pane").classList.toggle("tttl-leader", i === leader);
      frames[i].closest(".tttl-pane").classList.toggle("tttl-parted", apart[i]);
    });
  };

  /** The panes' bars (moves so far) made as tall as the tallest, so the maps line up. */
  const bars = () => frames.map((f) => {
    try {
      return f.contentDocument.querySelector(".tttv-bar");
    } catch (_) {
      return null;
    }
  });
  const align = () => {
    const all = bars().filter(Boolean);
    all.forEach((b) => { b.style.minHeight = ""; });
    const tallest = Math.max(0, ...all.map((b) => b.getBoundingClientRect().height));
    all.forEach((b) => {
      b.style.minHeight = `${tallest}px`;
      b.style.alignContent = "flex-start";
    });
  };

  /** The address names the leading pane and where it is, so a zoom can be linked. */
  const remember = () => {
    const key = pane(leader) && frames[leader].contentWindow.tttViewer.current().key;
    const url = key ? `#pane=${leader}&${key}` : location.pathname + location.search;
    try {
      history.replaceState(history.state, "", url);
    } catch (_) {
      /* a sandboxed or opaque document: the panes still follow */
    }
  };
  /** The pane and position an address names: [pane, its viewer's fragment], or null. */
  const addressed = () => {
    const m = /^#pane=(\d+)&(.+)$/.exec(location.hash);
    if (!m || Number(m[1]) >= frames.length) return null;
    return [Number(m[1]), `#${m[2]}`];
  };

  /** Zoom every other pane to where pane ``from`` is. */
  const follow = (from) => {
    const lead = pane(from);
    if (!lead) return;
    leader = from;
    const state = lead.state();
    states = frames.map((_, i) => {
      if (i === from) return state;
      const other = pane(i);
      return other ? other.follow({ path: state.path, after: state.after, perms }) : null;
    });
    if (states.some((s) => !s)) return;
    write();
    align();
    remember();
    syncs += 1;
    document.body.dataset.leader = String(leader);
    document.body.dataset.syncs = String(syncs);
  };

  window.tttLink = {
    /** A pane's reader moved: the others follow it. */
    moved: (win) => {
      const i = frames.findIndex((f) => f.contentWindow === win);
      if (i >= 0) follow(i);
    },
    /** Each pane's position as shown, its turn and what its note says. */
    states: () => states.map((s, i) => ({ ...s, note: notes[i] ? notes[i].textContent : "" })),
    leader: () => leader,
    syncs: () => syncs,
    follow,
  };

  const start = () => {
    if (!frames.every((_, i) => pane(i))) {
      setTimeout(start, 50);
      return;
    }
    (data.start || []).forEach((t, i) => pane(i).turnTo(perms[t]));
    const at = addressed();
    if (at) frames[at[0]].contentWindow.tttViewer.go(at[1]);
    follow(at ? at[0] : 0);
    window.addEventListener("resize", align);
    document.body.dataset.ready = "1";
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
