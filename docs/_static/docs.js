// A code block wider than the page scrolls; keyboard users reach it with Tab.
document.addEventListener("DOMContentLoaded", () => {
  for (const pre of document.querySelectorAll("pre")) {
    if (pre.scrollWidth > pre.clientWidth) {
      pre.tabIndex = 0;
      pre.setAttribute("aria-label", "code, scrolls sideways");
    }
  }
});
