  /* A map drawn with --explain: each board's red move has its reason as the board's own
     <title>. The status line says the reason of the board shown, or of a board under the
     pointer or the keyboard focus, where the viewer itself has nothing else to say; each
     zoomable board's accessible name carries it. Only such maps load this part. */

  // ---- reasons ------------------------------------------------------------------------

  /** The reason for a board's red move, or "". */
  const whyOf = (n) => {
    const t = n && n.el ? n.el.querySelector(":scope > title") : null;
    return t ? t.textContent : "";
  };
  /** "X top-left: X takes a corner..."; a pane turned to match another says that the
   * reason numbers the cells as its map does. */
  const reasonText = (n) => {
    const why = whyOf(n);
    const chosen = why ? chosenOf(n) : null;
    if (!chosen) return "";
    const cells = Array.from({ length: geometry.rows * geometry.cols }, (_, c) => c);
    const turned = cells.some((c) => screenCell(c) !== c);
    return tr(turned ? "reasonTurned" : "reason", { move: moveText(chosen), why });
  };
  if (status) {
    // Room for two lines, so the map does not move as the pointer goes from board to board.
    status.style.display = "block";
    status.style.minHeight = "2.6em";
  }
  let pointed = null; // a board under the pointer or the focus, other than the current one
  let told = ""; // what this part last put in the status line
  const tell = () => {
    const n = pointed && pointed !== current ? pointed : null;
    const wanted = n ? tr("pointed", { board: label(n), reason: reasonText(n) }) : reasonText(current);
    const text = status ? status.textContent : "";
    if (text === wanted || (text !== "" && text !== told)) return;
    told = wanted;
    say(wanted);
  };
  const point = (n) => {
    const next = n && n !== current && whyOf(n) ? n : null;
    if (next === pointed) return;
    pointed = next;
    tell();
  };
  // Every word the viewer says goes through body[data-status]: answer it after each.
  new MutationObserver(tell).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-status", "data-board"],
  });
  const name = (el) => {
    const n = byEl.get(el);
    const text = el.getAttribute("aria-label") || "";
    const why = reasonText(n);
    if (why && text.startsWith(tr("zoomIn").split("{board}")[0]) && !text.endsWith(why)) {
      el.setAttribute("aria-label", `${text}. ${why}`);
    }
  };
  new MutationObserver((records) => records.forEach((r) => name(r.target))).observe(svg, {
    attributes: true,
    attributeFilter: ["aria-label"],
    subtree: true,
  });
  svg.querySelectorAll("[aria-label]").forEach(name);
  svg.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse" || pointers.size || flight) return;
    point(hit(toMap(e.clientX, e.clientY)));
  });
  svg.addEventListener("pointerleave", () => point(null));
  svg.addEventListener("focusin", (e) => point(byEl.get(e.target)));
  svg.addEventListener("focusout", () => point(null));
  tell();
