// The playground's Web Worker: Python (Pyodide, served with the site) and ttt-maps from
// the site's own wheel. The page sends jobs ({id, job, query}); each answer is the JSON
// text ttt_maps.integrations.playground.answer returns. Nothing here is fetched from
// anywhere but the site itself.

const say = (text) => postMessage({ type: "progress", text });
const megabytes = (n) => `${(n / 1048576).toFixed(1)} MB`;

async function fetched(url, what) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${what}: ${response.status} ${response.statusText} (${url})`);
  const data = new Uint8Array(await response.arrayBuffer());
  say(`${what}: ${megabytes(data.length)}`);
  return data;
}

async function start() {
  const started = performance.now();
  say("Loading Python (Pyodide) …");
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const wheel = fetched(new URL("./ttt_maps.whl", import.meta.url).href, "ttt-maps");
  const pyodide = await loadPyodide({ indexURL, fullStdLib: false, stdout: () => {}, stderr: () => {} });
  say("Python is running; installing ttt-maps …");
  pyodide.unpackArchive(await wheel, "wheel");
  const playground = pyodide.pyimport("ttt_maps.integrations.playground");
  const options = JSON.parse(playground.describe());
  return { playground, options, seconds: (performance.now() - started) / 1000 };
}

const ready = start();

ready.then(
  ({ options, seconds }) => postMessage({ type: "ready", options, seconds }),
  (error) => postMessage({ type: "failed", text: String(error && error.message || error) }),
);

onmessage = async (event) => {
  const { id, job, query } = event.data;
  const { playground } = await ready;
  let text;
  try {
    text = playground.answer(job, query);
  } catch (error) {
    // A failure of ours, not a refusal: the page says so, and the console has the rest.
    console.error(error);
    text = JSON.stringify({ error: `ttt-maps failed: ${String(error && error.message || error).trim().split("\n").pop()}` });
  }
  postMessage({ type: "answer", id, text });
};
