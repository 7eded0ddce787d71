// The playground's Web Worker: Python (Pyodide, served with the site) and ttt-maps from
// the site's own wheel. The page sends jobs ({id, job, query}); each answer is the JSON
// text ttt_maps.integrations.playground.answer returns. Nothing here is fetched from
// anywhere but the site itself.
//
// Python starts from the memory snapshot the docs build made (snapshot.mjs): ttt-maps
// imported, the page's first map drawn once, no files needed. Pyodide's module, its
// WebAssembly and the snapshot are fetched side by side from the start. What the
// snapshot does not hold is installed when a job first asks for it: the wheel's files
// (the catalogs of other languages, the comic's font, a module not imported yet) or
// Python's whole standard library; then the job runs again. Should the snapshot not
// load, Python starts afresh from the standard library and the wheel, as before there
// was a snapshot.
//
// Messages to the page: {type: "loading", step, seconds} at each step of the start,
// {type: "ready", seconds, from} once Python runs, {type: "failed", text},
// {type: "progress", id, text} while a long job runs, {type: "answer", id, text}.

const started = performance.now();
const here = (path) => new URL(path, import.meta.url).href;
const elapsed = () => (performance.now() - started) / 1000;
const say = (step) => postMessage({ type: "loading", step, seconds: elapsed() });

async function fetched(path) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Pyodide's snapshot from python.snapshot: its pages of zeros put back (the format is
 * snapshot.mjs's: a head of four words, a bit per page, the pages that are not zeros). */
function unpacked(stored) {
  const [magic, length, page, pages] = new Uint32Array(stored.buffer, stored.byteOffset, 4);
  if (magic !== 0x53545454) throw new Error("python.snapshot is not a snapshot of the playground's");
  const map = stored.subarray(16, 16 + Math.ceil(pages / 8));
  const memory = new Uint8Array(length);
  let at = 16 + ((Math.ceil(pages / 8) + 3) & ~3);
  for (let i = 0; i < pages; i++) {
    if (map[i >> 3] & (1 << (i & 7))) {
      const start = i * page;
      const size = Math.min(page, length - start);
      memory.set(stored.subarray(at, at + size), start);
      at += size;
    }
  }
  return memory;
}

const quiet = { stdout: () => {}, stderr: () => {} };
// Side by side from the start: the snapshot and Pyodide's module (which fetches its
// WebAssembly as soon as it is asked to load).
say("fetching");
const snapshot = fetched("python.snapshot").then(unpacked);
snapshot.catch(() => {}); // a snapshot that does not come is handled in start(), not here
const pyodideModule = import("./pyodide/pyodide.mjs");
const indexURL = here("pyodide/");

/** Files installed since Python started: "wheel", "stdlib". */
const installed = new Set();

/** Install the wheel's files or the whole standard library (once): true if it was not yet. */
async function install(what, pyodide) {
  if (installed.has(what)) return false;
  installed.add(what);
  if (what === "wheel") {
    pyodide.unpackArchive(await fetched("ttt_maps.whl"), "wheel");
  } else {
    const library = pyodide.runPython("import sys; '/lib/python%d%d.zip' % sys.version_info[:2]");
    pyodide.FS.writeFile(library, await fetched("pyodide/python_stdlib.zip"));
  }
  // Each finder reads its folder or archive again (zipimporter.invalidate_caches: the
  // archive's table of contents; FileFinder's: the folder's listing).
  pyodide.runPython(`
import sys
for finder in list(sys.path_importer_cache.values()):
    if finder is not None and hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
`);
  return true;
}

async function fromSnapshot() {
  const { loadPyodide } = await pyodideModule;
  // Pyodide fetches its WebAssembly at once, and waits for the snapshot to start it.
  snapshot.then(() => say("starting"), () => {});
  return loadPyodide({ indexURL, stdLibURL: here("stdlib-empty.zip"), _loadSnapshot: snapshot, ...quiet });
}

async function afresh(why) {
  console.warn(`the playground's snapshot did not load (${why}): Python starts afresh`);
  say("afresh");
  const { loadPyodide } = await pyodideModule;
  const pyodide = await loadPyodide({ indexURL, ...quiet });
  await install("wheel", pyodide);
  installed.add("stdlib");
  return pyodide;
}

async function start() {
  let pyodide;
  let from = "snapshot";
  try {
    pyodide = await fromSnapshot();
  } catch (error) {
    pyodide = await afresh(error && error.message || error);
    from = "afresh";
  }
  const playground = pyodide.pyimport("ttt_maps.integrations.playground");
  return { pyodide, playground, from };
}

const ready = start();

ready.then(
  ({ from }) => postMessage({ type: "ready", from, seconds: elapsed() }),
  (error) => postMessage({ type: "failed", text: String(error && error.message || error) }),
);

/** What a failed job lacked, if a file would give it: "wheel", "stdlib" or null. */
function lacking(error) {
  const said = String(error && error.message || "");
  if (/\bFileNotFoundError\b/.test(said)) return "wheel";
  const module = /ModuleNotFoundError: No module named '([^']+)'/.exec(said);
  if (module) return module[1].startsWith("ttt_maps") ? "wheel" : "stdlib";
  return null;
}

onmessage = async (event) => {
  const { id, job, query } = event.data;
  const { pyodide, playground } = await ready;
  const report = (text) => postMessage({ type: "progress", id, text });
  let text;
  for (;;) {
    try {
      text = playground.answer(job, query, report);
      break;
    } catch (error) {
      const missing = lacking(error);
      if (missing && (await install(missing, pyodide))) continue;
      // A failure of ours, not a refusal: the page says so, and the console has the rest.
      console.error(error);
      const line = String(error && error.message || error).trim().split("\n").pop();
      text = JSON.stringify({ error: `ttt-maps failed: ${line}` });
      break;
    }
  }
  postMessage({ type: "answer", id, text });
};
