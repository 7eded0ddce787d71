/* Added to a viewer page shown by the notebook widget: tell the widget (the
   page's parent) where the reader is, each time that changes. A single viewer
   says its position (window.tttViewer); linked viewers say which pane leads
   and each pane's position (window.tttLink). */
(() => {
  "use strict";
  const where = () => {
    if (window.tttLink) {
      return { leader: window.tttLink.leader(), panes: window.tttLink.states() };
    }
    return window.tttViewer ? window.tttViewer.current() : null;
  };
  let last = "";
  const tell = () => {
    const position = where();
    const text = JSON.stringify(position);
    if (!position || text === last || window.parent === window) return;
    last = text;
    window.parent.postMessage({ tttMaps: 1, position }, "*");
  };
  const start = () => {
    new MutationObserver(tell).observe(document.body, {
      attributes: true,
      attributeFilter: ["data-moves", "data-map", "data-syncs", "data-ready"],
    });
    tell();
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
