// Python starts as early as the page allows: this small module, loaded (async) from the
// head of the playground's page, starts the worker (worker.js) while the rest of the
// page still loads. page.js takes the worker from here, with the messages it posted
// before page.js listened; were page.js to run first, it starts its own and this stays
// idle.
if (!globalThis.tttPlaygroundStart) {
  const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  const early = [];
  worker.onmessage = (event) => early.push(event);
  performance.mark("ttt-pg-worker");
  globalThis.tttPlaygroundStart = { worker, early, started: performance.now() };
}
