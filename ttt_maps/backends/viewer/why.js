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
  /** A reason's template (data-why: cells as {6}, lines as {0-3-6}, words for the board
   * as numbered or turned as [[numbered||turned]]) said with the cells as drawn. */
  const asDrawn = (template) =>
    template
      .replace(/\[\[(.*?)\|\|(.*?)\]\]/gs, "$2")
      .replace(/\{(\d+(?:-\d+)*)\}/g, (_, cells) =>
        cells
          .split("-")
          .map((c) => screenCell(Number(c)))
          .sort((a, b) => a - b)
          .join("-"),
      );
  /** "X top-left: X takes a corner..."; in a pane turned to match another, with the
   * cells as drawn. */
  const reasonText = (n) => {
    const why = whyOf(n);
    const chosen = why ? chosenOf(n) : null;
    if (!chosen) return "";
    const cells = Array.from({ length: geometry.rows * geometry.cols }, (_, c) => c);
    const turned = cells.some((c) => screenCell(c) !== c);
    const template = turned ? n.el.getAttribute("data-why") : null;
    return tr("reason", { move: moveText(chosen), why: template ? asDrawn(template) : why });
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
