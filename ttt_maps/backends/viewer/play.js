  /* The status line, and play mode: the reader plays the map's opponent. */

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
      say(playing ? tr("pickMapToPlay") : "");
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
    else if (result) say(chosen ? tr("moveResult", { move: moveText(chosen), result }) : result);
    else if (n.el.hasAttribute("data-cut")) say(tr("depthCut"));
    else if (!playing) say("");
    else {
      say(chosen
        ? tr("moveYourMove", { move: moveText(chosen), player: you })
        : tr("yourMove", { player: you }));
    }
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
      say(tr("taken", { player: you.toUpperCase() }));
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
    ended = tr("moveResult", {
      move: moveText(move),
      result: resultOf(put(board, cell, you)) || tr("mapStops"),
    });
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
  // The whole game has no side of its own to play against.
  if (playButton && !roots.some(isWhole)) {
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

