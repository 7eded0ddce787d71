// The playground page: a form made from what Python describes, an address that holds
// the settings, and the answers of the worker (worker.js) shown: the viewer, the
// downloads, the comparison. Everything ttt-maps decides (which options there are,
// whether a value is good, what a refusal says) is Python's; this script only shows.
// It runs as soon as it is fetched (an async module after the page's frame), and
// starts Python first of all.

const root = document.getElementById("ttt-playground");
const base = new URL(root.dataset.base, document.baseURI);
const $ = (selector) => root.querySelector(selector);
const progress = $(".ttt-pg-progress");
const figures = $(".ttt-pg-figures");
const clock = $(".ttt-pg-clock");
const errorLine = $(".ttt-pg-error");
const form = $(".ttt-pg-form");
const stopButton = $(".ttt-pg-stop");
const result = $(".ttt-pg-result");
const viewer = $(".ttt-pg-viewer");
const compared = $(".ttt-pg-compared");
const YES = ["", "1", "true", "yes", "on"];

let options = [];
let worker = null;
let pythonReady = false;
let nextId = 0;
const waiting = new Map(); // job id -> {resolve, job, words, started, report}
const blobs = new Map(); // what a link or frame shows -> its object URL

// ---- what the page says ------------------------------------------------------------

/** A time as the page says it: hundredths below a second, tenths above. */
const seconds = (ms) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;
const whole = (n) => Number(n).toLocaleString("en");

/** What a long job's stage counts (its report's ``counts``), in the page's words. */
const UNITS = {
  moves: ["move chosen", "moves chosen"],
  boards: ["board", "boards"],
  positions: ["position", "positions"],
};

/** The step of Python's start the worker is at, in the page's words. */
const LOADING = {
  fetching: "Fetching Python (Pyodide) and ttt-maps …",
  starting: "Starting Python from the snapshot the site was built with …",
  afresh: "Starting Python afresh (the site's snapshot did not load) …",
};

function showProgress(text) {
  progress.textContent = text;
}

/** A job's figures, on one line (cut with an ellipsis when narrow: the whole line is
 * its tooltip). */
function showFigures(text) {
  figures.textContent = text;
  figures.title = text;
}

/** The time since a job, or Python's start, began. */
function showClock(text) {
  clock.textContent = text;
}

function showError(line) {
  errorLine.textContent = line || "";
  errorLine.hidden = !line;
}

// ---- the worker --------------------------------------------------------------------

/** A moment of the page's life, for anyone measuring it (scripts/benchpage.py reads
 * them: performance.getEntriesByType("mark")). */
const mark = (name) => performance.mark(`ttt-pg-${name}`);

/** The worker start.js started from the page's head (once), or null. */
function earlyWorker() {
  const early = globalThis.tttPlaygroundStart;
  globalThis.tttPlaygroundStart = "taken"; // start.js, should it run later, starts none
  return early && early.worker ? early : null;
}

function startWorker(again) {
  const early = again ? null : earlyWorker();
  const loadStarted = early ? early.started : performance.now();
  if (!early && !again) mark("worker");
  pythonReady = false;
  showProgress(again ? "Stopped. Python is starting again …" : "Loading Python …");
  return new Promise((resolve) => {
    worker = early ? early.worker : new Worker(new URL("worker.js", base), { type: "module" });
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "loading") {
        if (!again) showProgress(LOADING[message.step] || message.step);
        showClock(seconds(performance.now() - loadStarted));
      } else if (message.type === "ready") {
        if (!again) mark("ready");
        pythonReady = true;
        root.dataset.pythonSeconds = String((performance.now() - loadStarted) / 1000);
        root.dataset.pythonFrom = message.from;
        showClock("");
        for (const pending of waiting.values()) pending.started = performance.now();
        resolve();
      } else if (message.type === "failed") {
        showProgress(`Python could not start: ${message.text}`);
        root.dataset.state = "failed";
      } else if (message.type === "progress") {
        const pending = waiting.get(message.id);
        if (pending) pending.report(JSON.parse(message.text));
      } else if (message.type === "answer") {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (pending) pending.resolve(JSON.parse(message.text));
        setBusy();
      }
    };
    worker.onerror = (event) => {
      showProgress(`Python could not start: ${event.message || "the worker failed"}`);
      root.dataset.state = "failed";
    };
    for (const event of early ? early.early : []) worker.onmessage(event);
  });
}

let ready = startWorker(false);

/** What a long job says while it runs: its stage in the bar's sentence (said to a screen
 * reader once per stage), its counts below, the time since it began beside Stop (the
 * clock goes on between the worker's reports). */
function watch(pending) {
  let heard = null;
  const say = () => {
    showClock(seconds(performance.now() - pending.started));
    if (!heard) return;
    const stage = `${heard.stage.charAt(0).toUpperCase()}${heard.stage.slice(1)} …`;
    if (progress.textContent !== stage) showProgress(stage);
    const parts = [];
    const words = UNITS[heard.counts];
    const unit = words ? ` ${words[heard.count === 1 ? 0 : 1]}` : "";
    if (heard.total != null) parts.push(`${whole(heard.count)} of ${whole(heard.total)}${unit}`);
    else parts.push(`${whole(heard.count)}${unit}`);
    if (heard.searched != null) parts.push(`${whole(heard.searched)} positions searched`);
    showFigures(parts.join(", "));
  };
  const clock = setInterval(say, 250);
  pending.report = (told) => {
    heard = told;
    say();
  };
  return () => clearInterval(clock);
}

/** Run one job in the worker (at once: the worker holds it until Python runs), saying
 * ``words`` and the job's figures once Python works on it: its answer, or null when it
 * was stopped. */
function run(job, query, words) {
  const id = ++nextId;
  return new Promise((resolve) => {
    const pending = { job, words, started: performance.now(), report: () => {}, unwatch: null };
    pending.resolve = (answer) => {
      if (pending.unwatch) pending.unwatch();
      showFigures("");
      showClock("");
      resolve(answer);
    };
    waiting.set(id, pending);
    setBusy();
    worker.postMessage({ id, job, query });
    ready.then(() => {
      if (!waiting.has(id)) return;
      showProgress(words);
      pending.unwatch = watch(pending);
    });
  });
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
  root.dataset.state = "stopped";
  ready = startWorker(true).then(() => {
    if (!waiting.size) showProgress("Stopped. Python is ready for the next map.");
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
    if (option.default === null) input.add(new Option("default", "")); // the command's own default
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

/** Show a page in a frame: resolved once the frame has loaded it. */
function showFrame(frame, name, html, fragment) {
  return new Promise((resolve) => {
    frame.onload = () => {
      followScheme(frame);
      for (const inner of frame.contentDocument.querySelectorAll("iframe")) {
        inner.addEventListener("load", () => followScheme(inner));
      }
      resolve();
    };
    frame.src = blobUrl(name, html, "text/html") + (fragment || "");
    frame.hidden = false;
  });
}

/** The drawing's proportions (its SVG's viewBox), or null. */
function proportions(html) {
  const box = /<svg\b[^>]*\bviewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(html);
  return box ? Number(box[1]) / Number(box[2]) : null;
}

/** A command line, wrapped between its words only (never inside `--theme`). */
function showCommand(element, command) {
  element.replaceChildren();
  command.split(" ").forEach((word, i) => {
    if (i) element.append(" ");
    const span = document.createElement("span");
    span.className = "ttt-pg-word";
    span.textContent = word;
    element.append(span);
  });
}

function showMap(answer, query) {
  const given = new URLSearchParams(query);
  const playing = YES.includes((given.get("play") || "0").trim().toLowerCase());
  const player = (given.get("player") || "x").trim().toLowerCase();
  // The viewer shows the map's title (the poster draws its own): the page's heading is
  // for screen readers, so that no one sees it twice.
  $(".ttt-pg-title").textContent = answer.title;
  showCommand($(".ttt-pg-command"), answer.command);
  $(".ttt-pg-svg-file").hidden = true;
  download($(".ttt-pg-html"), `${answer.file}.html`, answer.html, "text/html");
  $(".ttt-pg-gamebook").hidden = !["x", "o"].includes(player);
  const link = $(".ttt-pg-link");
  link.href = `?${answer.query}`;
  viewer.title = `${answer.title}: the zoomable viewer`;
  // The frame no taller than it needs (page.css): the viewer's heading and bar, and the
  // drawing at the frame's width (a poster is wide, a map square).
  viewer.style.setProperty("--ttt-pg-ratio", String(proportions(answer.html) || 1));
  result.hidden = false;
  return showFrame(viewer, "viewer", answer.html, playing ? `#play=${player === "both" ? "x" : player}` : "");
}

function showComparison(answer) {
  showCommand($(".ttt-pg-compare-command"), answer.command);
  const frame = $(".ttt-pg-linked");
  frame.title = `${answer.labels.join(" and ")} compared: linked viewers`;
  frame.style.setProperty("--ttt-pg-panes", String(answer.labels.length));
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
  return showFrame(frame, "compare", answer.html);
}

// ---- the jobs ------------------------------------------------------------------------------

let shown = ""; // the address whose answers are on the page
let built = null; // the page's own first map as the site was built with it, while shown
let pythonAnswered = false; // has Python answered a map yet?

/** The first map is in the viewer: from the browser asking for the page to now, and who
 * drew it ("build": the map built with the site; "python": Python in this page). */
function firstShown(from) {
  mark("first-map");
  root.dataset.firstMap = String(performance.now() / 1000);
  root.dataset.firstMapFrom = from;
}

/** The page's own first map, as ttt-maps drew it in Python when the site was built
 * (first-map.json, by snapshot.mjs): the very bytes Python draws here, shown while
 * Python starts, and said so; Python's own answer replaces it (or, the same bytes,
 * confirms it). */
async function showBuilt(answer) {
  if (shown !== "" || pythonAnswered) return; // another address asked, or Python was first
  built = answer;
  $(".ttt-pg-built").hidden = false; // the page says where this map comes from
  await showMap(answer, "");
  if (built === answer) firstShown("build");
}

async function drawAddress(query, { push = false } = {}) {
  shown = query;
  if (push && `?${query}` !== location.search) history.pushState(null, "", query ? `?${query}` : location.pathname);
  root.dataset.state = "drawing";
  let started = performance.now();
  ready.then(() => (started = Math.max(started, performance.now()))); // once Python runs
  const answer = await run("map", query, "Drawing the map …");
  mark("answered");
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
  const first = !pythonAnswered;
  pythonAnswered = true;
  if (first) mark("answer");
  let said;
  if (built && built.html === answer.html && built.query === answer.query) {
    // The map built with the site is on the page already: Python drew the very same.
    said = `Python drew this map again in ${seconds(performance.now() - started)}: the same bytes as the one built with the site.`;
  } else {
    showProgress("Showing the map …");
    await showMap(answer, answer.query);
    if (shown !== answer.query) return;
    // Timed once the map shows, so the whole includes Python's part.
    said = `Drawn in ${seconds(performance.now() - started)} (Python: ${seconds(answer.seconds * 1000)}).`;
  }
  built = null;
  $(".ttt-pg-built").hidden = true;
  if (first) {
    // From the moment the browser asked for the page to Python's first map shown.
    mark("python-first-map");
    root.dataset.pythonFirstMap = String(performance.now() / 1000);
    if (!root.dataset.firstMap) firstShown("python");
    said += ` Python's first map showed ${seconds(performance.now())} after the page was asked for.`;
  }
  showProgress(said);
  compared.hidden = true;
  if (new URLSearchParams(answer.query).has("compare")) await compareAddress(answer.query);
  else root.dataset.state = "drawn";
}

async function compareAddress(query) {
  root.dataset.state = "comparing";
  const started = performance.now();
  const answer = await run("compare", query, "Comparing the two policies …");
  if (answer === null || shown !== query) return;
  if (answer.error) {
    showError(answer.error);
    root.dataset.state = "refused";
    return;
  }
  await showComparison(answer);
  showProgress(`Compared in ${seconds(performance.now() - started)}.`);
  root.dataset.state = "drawn";
}

/** A file made by a job on the address shown, downloaded: the gamebook, the SVG. */
async function fileJob(job, link, what, type) {
  const query = shown;
  const answer = await run(job, query, `Writing ${what} …`);
  if (answer === null) return null;
  if (answer.error) {
    showError(answer.error);
    return null;
  }
  const file = answer.file;
  download(link, file, answer.text ?? answer.svg, type);
  link.textContent = file; // a link to the file again, by its name
  showProgress(`${what.charAt(0).toUpperCase()}${what.slice(1)} is ready: ${file}.`);
  link.click();
  return answer;
}

async function gamebook() {
  const answer = await fileJob("gamebook", $(".ttt-pg-gamebook-file"), "the gamebook", "text/markdown");
  if (answer) showCommand($(".ttt-pg-gamebook-command"), answer.command);
}

function svg() {
  return fileJob("svg", $(".ttt-pg-svg-file"), "the SVG", "image/svg+xml");
}

// ---- start -----------------------------------------------------------------------------------

form.addEventListener("submit", (event) => {
  event.preventDefault();
  drawAddress(formQuery(), { push: true });
});
stopButton.addEventListener("click", stop);
$(".ttt-pg-gamebook").addEventListener("click", gamebook);
$(".ttt-pg-svg").addEventListener("click", svg);
$(".ttt-pg-full").addEventListener("click", () => viewer.requestFullscreen());
$(".ttt-pg-reset").addEventListener("click", () => {
  fillForm("");
  drawAddress("", { push: true });
});
window.addEventListener("popstate", () => {
  const query = location.search.replace(/^\?/, "");
  fillForm(query);
  drawAddress(query);
});

// The form, as Python describes it (options.json: made by the wheel's own Python when
// the site was built), at once; the page's first map is asked for at once too.
const fetchJson = (name) =>
  fetch(new URL(name, base)).then((response) => {
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    return response.json();
  });
const address = location.search.replace(/^\?/, "");
const builtMap = address ? null : fetchJson("first-map.json").catch(() => null);
fetchJson("options.json")
  .then(
    (described) => {
      options = described.options;
      buildForm();
      fillForm(address);
      drawAddress(address);
      if (builtMap) builtMap.then((answer) => answer && showBuilt(answer));
    },
    (error) => {
      showError(`The playground could not read its form: ${error.message || error}`);
      root.dataset.state = "failed";
    },
  );
