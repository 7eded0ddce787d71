// The playground page: a form made from what Python describes, an address that holds
// the settings, and the answers of the worker (worker.js) shown: the viewer, the
// downloads, the comparison. Everything ttt-maps decides (which options there are,
// whether a value is good, what a refusal says) is Python's; this script only shows.

const root = document.getElementById("ttt-playground");
const base = new URL(root.dataset.base, document.baseURI);
const $ = (selector) => root.querySelector(selector);
const progress = $(".ttt-pg-progress");
const errorLine = $(".ttt-pg-error");
const form = $(".ttt-pg-form");
const stopButton = $(".ttt-pg-stop");
const result = $(".ttt-pg-result");
const viewer = $(".ttt-pg-viewer");
const compared = $(".ttt-pg-compared");
const YES = ["", "1", "true", "yes", "on"];

let options = [];
let worker = null;
let nextId = 0;
const waiting = new Map(); // job id -> {resolve, job}
const blobs = new Map(); // what a link or frame shows -> its object URL
let loadStarted = 0;

// ---- the worker ----------------------------------------------------------------------

function startWorker() {
  loadStarted = performance.now();
  const readyOnce = new Promise((resolve) => {
    worker = new Worker(new URL("worker.js", base), { type: "module" });
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "progress") {
        showProgress(`${message.text} (${seconds(performance.now() - loadStarted)})`);
      } else if (message.type === "ready") {
        root.dataset.pythonSeconds = String(message.seconds);
        resolve(message.options);
      } else if (message.type === "failed") {
        showProgress(`Python could not start: ${message.text}`);
        root.dataset.state = "failed";
      } else if (message.type === "answer") {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (pending) pending.resolve(JSON.parse(message.text));
      }
    };
    worker.onerror = (event) => {
      showProgress(`Python could not start: ${event.message || "the worker failed"}`);
      root.dataset.state = "failed";
    };
  });
  return readyOnce;
}

let ready = startWorker();

/** Run one job in the worker: its answer, or null when it was stopped. */
function run(job, query) {
  const id = ++nextId;
  return ready.then(
    () =>
      new Promise((resolve) => {
        waiting.set(id, { resolve, job });
        setBusy();
        worker.postMessage({ id, job, query });
      }),
  ).finally(setBusy);
}

function setBusy() {
  const busy = waiting.size > 0;
  stopButton.disabled = !busy;
  root.dataset.busy = busy ? "1" : "0";
}

/** Stop a long search: the worker ends, every job waiting gets no answer, Python restarts. */
function stop() {
  worker.terminate();
  for (const pending of waiting.values()) pending.resolve(null);
  waiting.clear();
  setBusy();
  showProgress("Stopped. Python is starting again …");
  ready = startWorker().then((found) => {
    showProgress("Stopped. Ready for the next map.");
    return found;
  });
}

// ---- the form, made from Python's description ------------------------------------------

function field(option) {
  const id = `ttt-pg-${option.name}`;
  const wrap = document.createElement("div");
  wrap.className = `ttt-pg-field ttt-pg-${option.kind}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = option.flag ? `${option.name} (${option.flag})` : option.name;
  const help = document.createElement("small");
  help.id = `${id}-help`;
  help.textContent = option.help;
  let input;
  if (option.kind === "choice") {
    input = document.createElement("select");
    if (option.default === null) input.add(new Option("", "")); // left to the command's own default
    for (const choice of option.choices) input.add(new Option(choice, choice));
  } else {
    input = document.createElement("input");
    input.type = option.kind === "flag" ? "checkbox" : "text";
    if (option.kind === "number") input.inputMode = "numeric";
    if (option.kind !== "flag") {
      input.autocomplete = "off";
      input.spellcheck = false;
      if (option.default !== null) input.placeholder = String(option.default);
    }
    if (option.suggestions.length) {
      const list = document.createElement("datalist");
      list.id = `${id}-list`;
      for (const s of option.suggestions) list.append(new Option(s));
      input.setAttribute("list", list.id);
      wrap.append(list);
    }
  }
  input.id = id;
  input.name = option.name;
  input.setAttribute("aria-describedby", help.id);
  if (option.kind === "flag") wrap.append(input, label, help);
  else wrap.append(label, input, help);
  return wrap;
}

function buildForm() {
  const groups = new Map();
  for (const option of options) {
    if (!groups.has(option.group)) {
      const set = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = option.group;
      set.append(legend);
      groups.set(option.group, set);
    }
    groups.get(option.group).append(field(option));
  }
  form.querySelector(".ttt-pg-fields").replaceChildren(...groups.values());
  form.hidden = false;
}

/** The form's values as an address: only what differs from the page's defaults. */
function formQuery() {
  const query = new URLSearchParams();
  for (const option of options) {
    const input = form.elements[option.name];
    if (option.kind === "flag") {
      if (input.checked !== Boolean(option.default)) query.set(option.name, input.checked ? "1" : "0");
    } else {
      const value = input.value.trim();
      const standard = option.default === null ? "" : String(option.default);
      if (value !== standard && !(value === "" && option.kind !== "choice")) query.set(option.name, value);
    }
  }
  return query.toString().replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/");
}

/** The form set as an address says (Python checks the values; a bad one is refused there). */
function fillForm(query) {
  const given = new URLSearchParams(query);
  for (const option of options) {
    const input = form.elements[option.name];
    const value = given.has(option.name) ? given.get(option.name) : null;
    if (option.kind === "flag") {
      input.checked = value === null ? Boolean(option.default) : YES.includes(value.trim().toLowerCase());
    } else if (option.kind === "choice") {
      const standard = option.default === null ? "" : String(option.default);
      const low = value === null ? standard : value.trim().toLowerCase();
      input.value = option.choices.includes(low) ? low : standard;
    } else {
      input.value = value === null ? (option.default === null ? "" : String(option.default)) : value;
    }
  }
}

// ---- showing answers --------------------------------------------------------------------

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function showProgress(text) {
  progress.textContent = text;
}

function showError(line) {
  errorLine.textContent = line || "";
  errorLine.hidden = !line;
}

/** An object URL for some text, made once per name (the previous one is let go). */
function blobUrl(name, text, type) {
  if (blobs.has(name)) URL.revokeObjectURL(blobs.get(name));
  const url = URL.createObjectURL(new Blob([text], { type }));
  blobs.set(name, url);
  return url;
}

function download(link, name, text, type) {
  link.href = blobUrl(name, text, type);
  link.download = name;
  link.hidden = false;
}

/** Whether the site shows light or dark now (furo's switch: light, dark or auto). */
function siteScheme() {
  const chosen = document.body.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Tell a frame's page the site's scheme: a map drawn in auto follows it. */
function followScheme(frame) {
  try {
    const doc = frame.contentDocument;
    if (doc && doc.documentElement) doc.documentElement.dataset.theme = siteScheme();
    for (const inner of doc ? doc.querySelectorAll("iframe") : []) followScheme(inner);
  } catch (_) {
    /* a frame not of this site: nothing to tell */
  }
}

function followSchemeEverywhere() {
  for (const frame of root.querySelectorAll("iframe")) followScheme(frame);
}

new MutationObserver(followSchemeEverywhere).observe(document.body, {
  attributes: true,
  attributeFilter: ["data-theme"],
});
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", followSchemeEverywhere);

function showFrame(frame, name, html, fragment) {
  frame.onload = () => {
    followScheme(frame);
    for (const inner of frame.contentDocument.querySelectorAll("iframe")) {
      inner.addEventListener("load", () => followScheme(inner));
    }
  };
  frame.src = blobUrl(name, html, "text/html") + (fragment || "");
  frame.hidden = false;
}

function showMap(answer, query) {
  const given = new URLSearchParams(query);
  const playing = YES.includes((given.get("play") || "0").trim().toLowerCase());
  const player = (given.get("player") || "x").trim().toLowerCase();
  $(".ttt-pg-title").textContent = answer.title;
  $(".ttt-pg-command").textContent = answer.command;
  download($(".ttt-pg-svg"), `${answer.file}.svg`, answer.svg, "image/svg+xml");
  download($(".ttt-pg-html"), `${answer.file}.html`, answer.html, "text/html");
  $(".ttt-pg-gamebook").hidden = !["x", "o"].includes(player);
  const link = $(".ttt-pg-link");
  link.href = `?${answer.query}`;
  viewer.title = `${answer.title}: the zoomable viewer`;
  showFrame(viewer, "viewer", answer.html, playing ? `#play=${player === "both" ? "x" : player}` : "");
  result.hidden = false;
}

function showComparison(answer) {
  $(".ttt-pg-compare-command").textContent = answer.command;
  const frame = $(".ttt-pg-linked");
  frame.title = `${answer.labels.join(" and ")} compared: linked viewers`;
  showFrame(frame, "compare", answer.html);
  download($(".ttt-pg-compare-html"), "compare.html", answer.html, "text/html");
  download($(".ttt-pg-sheet-svg"), "sheet.svg", answer.sheet, "image/svg+xml");
  $(".ttt-pg-sheet").innerHTML = answer.sheet.replace(/^<\?xml[^>]*\?>\s*/, "");
  const body = $(".ttt-pg-rows tbody");
  body.replaceChildren(
    ...answer.rows.map((row) => {
      const tr = document.createElement("tr");
      const cells = [row.policy, row.positions, row.boards, row.wins, row.draws, row.traps,
        row.expected.toFixed(3), row.differs];
      for (const [i, value] of cells.entries()) {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) cell.scope = "row";
        cell.textContent = String(value);
        tr.append(cell);
      }
      return tr;
    }),
  );
  compared.hidden = false;
}

// ---- the jobs ------------------------------------------------------------------------------

let shown = ""; // the address whose answers are on the page

async function drawAddress(query, { push = false } = {}) {
  shown = query;
  if (push && `?${query}` !== location.search) history.pushState(null, "", query ? `?${query}` : location.pathname);
  root.dataset.state = "drawing";
  const started = performance.now();
  showProgress("Drawing the map …");
  const answer = await run("map", query);
  if (answer === null || shown !== query) return; // stopped, or another address asked since
  if (answer.error) {
    showError(answer.error);
    showProgress("");
    root.dataset.state = "refused";
    return;
  }
  showError("");
  if (answer.query !== query) {
    shown = answer.query;
    history.replaceState(null, "", answer.query ? `?${answer.query}` : location.pathname);
  }
  showMap(answer, answer.query);
  let said = `Drawn in ${seconds(performance.now() - started)} (Python: ${answer.seconds.toFixed(2)} s).`;
  if (!root.dataset.firstMap) {
    root.dataset.firstMap = String((performance.now() - pageStarted) / 1000);
    said += ` First map ${seconds(performance.now() - pageStarted)} after the page opened.`;
  }
  showProgress(said);
  compared.hidden = true;
  if (new URLSearchParams(answer.query).has("compare")) await compareAddress(answer.query);
  else root.dataset.state = "drawn";
}

async function compareAddress(query) {
  root.dataset.state = "comparing";
  const started = performance.now();
  showProgress("Comparing the two policies …");
  const answer = await run("compare", query);
  if (answer === null || shown !== query) return;
  if (answer.error) {
    showError(answer.error);
    root.dataset.state = "refused";
    return;
  }
  showComparison(answer);
  showProgress(`Compared in ${seconds(performance.now() - started)}.`);
  root.dataset.state = "drawn";
}

async function gamebook() {
  const query = shown;
  showProgress("Writing the gamebook …");
  const answer = await run("gamebook", query);
  if (answer === null) return;
  if (answer.error) {
    showError(answer.error);
    return;
  }
  const link = $(".ttt-pg-gamebook-file");
  download(link, answer.file, answer.text, "text/markdown");
  $(".ttt-pg-gamebook-command").textContent = answer.command;
  showProgress(`The gamebook is ready: ${answer.file}.`);
  link.click();
}

// ---- start -----------------------------------------------------------------------------------

const pageStarted = performance.now();

form.addEventListener("submit", (event) => {
  event.preventDefault();
  drawAddress(formQuery(), { push: true });
});
stopButton.addEventListener("click", stop);
$(".ttt-pg-gamebook").addEventListener("click", gamebook);
$(".ttt-pg-reset").addEventListener("click", () => {
  fillForm("");
  drawAddress("", { push: true });
});
window.addEventListener("popstate", () => {
  const query = location.search.replace(/^\?/, "");
  fillForm(query);
  drawAddress(query);
});

ready.then((found) => {
  options = found.options;
  buildForm();
  const query = location.search.replace(/^\?/, "");
  fillForm(query);
  root.dataset.state = "ready";
  showProgress(`Python is ready (${seconds(performance.now() - loadStarted)}).`);
  drawAddress(query);
});
