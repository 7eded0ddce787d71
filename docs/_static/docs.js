// A code block wider than the page scrolls; keyboard users reach it with Tab.
// furo's two side panels are landmarks of one kind: each gets a name of its own.
document.addEventListener("DOMContentLoaded", () => {
  for (const pre of document.querySelectorAll("pre")) {
    if (pre.scrollWidth > pre.clientWidth) {
      pre.tabIndex = 0;
      pre.setAttribute("aria-label", "code, scrolls sideways");
    }
  }
  const names = { ".sidebar-drawer": "The site", ".toc-drawer": "On this page" };
  for (const [selector, name] of Object.entries(names)) {
    const panel = document.querySelector(selector);
    if (panel && !panel.hasAttribute("aria-label")) panel.setAttribute("aria-label", name);
  }
  // furo's "Back to top" sits outside every landmark: it gets one of its own.
  const back = document.querySelector(".back-to-top");
  if (back && !back.closest("nav, main, header, footer, aside")) {
    const nav = document.createElement("nav");
    nav.setAttribute("aria-label", "Back to top");
    back.replaceWith(nav);
    nav.append(back);
  }
});
