/* ttt-maps notebook widget (anywidget): the viewer page in a frame of its own.

   The page (model "page") is what `ttt-maps render -f html` writes, or the linked
   viewers of `ttt-maps compare -f html`: zoom, breadcrumbs, play and the linked
   comparison are the page's own, and it needs no network. The frame is sandboxed
   to scripts, so the page cannot touch the notebook; it tells the widget where the
   reader is by postMessage, and the widget puts that in "position" for Python.
   Linked viewers ("linked") are panes that reach into one another, which a frame
   sandboxed to scripts forbids: their frame is not sandboxed.
   The same module runs in MyST's {anywidget} directive, from the directive's JSON:
   there "src" may name a viewer page beside the document instead of "page". */

function render({ model, el }) {
  const frame = document.createElement("iframe");
  frame.className = "ttt-maps-widget";
  frame.style.cssText = "display:block;width:100%;border:0;background:transparent";
  const size = () => {
    frame.style.height = `${Number(model.get("height")) || 640}px`;
  };
  const load = () => {
    frame.title = model.get("label") || "ttt-maps viewer";
    if (model.get("linked")) frame.removeAttribute("sandbox");
    else frame.setAttribute("sandbox", "allow-scripts");
    const page = model.get("page");
    const src = model.get("src");
    if (page || !src) frame.srcdoc = page || "";
    else frame.src = new URL(src, document.baseURI).href;
  };
  const heard = (event) => {
    if (event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || data.tttMaps !== 1 || typeof data.position !== "object") return;
    el.dataset.tttPosition = JSON.stringify(data.position);
    try {
      model.set("position", data.position);
      model.save_changes();
    } catch (_) {
      /* a static page (MyST) has no kernel to tell */
    }
  };
  size();
  load();
  window.addEventListener("message", heard);
  model.on("change:height", size);
  model.on("change:page", load);
  model.on("change:label", load);
  model.on("change:linked", load);
  el.classList.add("ttt-maps-widget-host");
  el.append(frame);
  return () => {
    window.removeEventListener("message", heard);
    model.off("change:height", size);
    model.off("change:page", load);
    model.off("change:label", load);
    model.off("change:linked", load);
  };
}

export default { render };
