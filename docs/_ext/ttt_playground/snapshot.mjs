// The playground's memory snapshot, made while the docs build (run by __init__.py in
// Node, with the very Pyodide files the site serves):
//
//   node snapshot.mjs PYODIDE_FOLDER WHEEL OUT_FOLDER WARM_UP_JSON
//
// WARM_UP_JSON is {"imports": JOBS, "runs": JOBS}, each a list of [job, address] pairs
// that playground.answer runs as the page asks for them.
//
// Python is started twice. The first time from Pyodide's own standard library, with
// the wheel installed: the "imports" jobs run, so that every module the page's jobs
// use is imported, and those of the standard library are compiled to bytecode, with
// the wheel's own. The second time from those compiled modules alone, and the wheel:
// the same modules are imported (not run: a map drawn leaves its tables behind), the
// "runs" jobs run (the page's first map, so that what it reads and solves is in
// memory), and Pyodide writes down its memory (pyodide.makeMemorySnapshot, with
// loadPyodide's _makeSnapshot option).
//
// The worker starts Python from that memory (loadPyodide's _loadSnapshot) with no
// files at all: the standard library's archive left in its place is empty (the same
// empty archive the worker installs), and the wheel is installed after the first map
// (a catalog, a font or a module not imported yet is read from it). Should a job still
// ask for a module of the standard library, the worker installs Pyodide's whole
// library and runs the job again.
//
// Writes OUT_FOLDER/python.snapshot, OUT_FOLDER/stdlib-empty.zip, OUT_FOLDER/options.json
// (playground.describe(): the form the page builds while Python starts),
// OUT_FOLDER/first-map.json (the page's own first map, as this Python answers it) and
// OUT_FOLDER/snapshot.json (what the snapshot holds, kept beside it in the cache folder).
//
// python.snapshot is Pyodide's snapshot with its pages of zeros left out (about half of
// Python's memory is still untouched): four little-endian 32-bit words (the magic
// "TTTS", the snapshot's length in bytes, the page size, the number of pages), one
// bit per page (1: the page is stored), padded to 4 bytes, then the stored pages in
// order. worker.js puts the zeros back before Pyodide reads it.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [pyodideFolder, wheelPath, out, warmUpJson] = process.argv.slice(2);
const indexURL = pyodideFolder.endsWith("/") ? pyodideFolder : `${pyodideFolder}/`;
const { loadPyodide } = await import(join(pyodideFolder, "pyodide.mjs"));
const wheel = new Uint8Array(readFileSync(wheelPath));
const warmUp = JSON.parse(warmUpJson);
// The same hashes in every build: the snapshot's bytes depend on its inputs alone.
const env = { PYTHONHASHSEED: "0" };
const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(`${line}\n`) };
/** An archive with nothing in it: its end record alone. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** Python that runs the page's jobs (a list of [job, address]) as the page asks for them. */
const running = (jobs) => `
import json
from ttt_maps.integrations import playground
playground.describe()
for job, query in json.loads(${JSON.stringify(JSON.stringify(jobs))}):
    said = json.loads(playground.answer(job, query))
    if "error" in said and job != "check":
        raise RuntimeError(f"the snapshot's warm-up: {job} {query!r}: {said['error']}")
del json, playground, job, query, said
`;

/** The snapshot without its pages of zeros (the format above). */
function sparse(bytes, page = 4096) {
  const pages = Math.ceil(bytes.length / page);
  const map = new Uint8Array((Math.ceil(pages / 8) + 3) & ~3);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const chunk = bytes.subarray(i * page, Math.min((i + 1) * page, bytes.length));
    if (chunk.some((b) => b !== 0)) {
      map[i >> 3] |= 1 << (i & 7);
      kept.push(chunk);
    }
  }
  const head = new Uint32Array([0x53545454, bytes.length, page, pages]);
  return Buffer.concat([new Uint8Array(head.buffer), map, ...kept]);
}

async function python(options) {
  const pyodide = await loadPyodide({ indexURL, env, ...quiet, ...options });
  pyodide.unpackArchive(wheel, "wheel");
  return pyodide;
}

// 1. Pyodide's standard library: what the page's jobs import, compiled.
const first = await python({});
first.runPython(running(warmUp.imports));
first.FS.writeFile("/tmp/wheel.zip", wheel);
const [library, bytecode, imported, site] = first.runPython(`
import compileall, io, os, py_compile, sys, zipfile

import ttt_maps

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
imported = sorted(sys.modules)
used = sorted({m.__file__[len(STDLIB) + 1:] for m in list(sys.modules.values())
               if (getattr(m, "__file__", None) or "").startswith(STDLIB + "/")})
source = zipfile.ZipFile(STDLIB)
library = io.BytesIO()
with zipfile.ZipFile(library, "w", zipfile.ZIP_DEFLATED) as archive:
    for name in used:
        path = "/tmp/stdlib/" + name
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(source.read(name))
        py_compile.compile(path, path + "c", dfile=STDLIB + "/" + name, doraise=True,
                           invalidation_mode=UNCHECKED)
        archive.write(path + "c", name + "c")
zipfile.ZipFile("/tmp/wheel.zip").extractall("/tmp/package")
compileall.compile_dir("/tmp/package/ttt_maps", quiet=2, invalidation_mode=UNCHECKED)
package = {}
for folder, _, names in os.walk("/tmp/package/ttt_maps"):
    for name in names:
        if name.endswith(".pyc"):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                package[os.path.relpath(path, "/tmp/package")] = f.read()
(library.getvalue(), package, imported, os.path.dirname(os.path.dirname(ttt_maps.__file__)))
`).toJs({ dict_converter: Object.fromEntries });
writeFileSync(join(out, "stdlib-used.zip"), library);

// 2. From the compiled modules alone: the same imports, the first map, the snapshot.
const second = await python({ _makeSnapshot: true, stdLibURL: join(out, "stdlib-used.zip") });
for (const [path, bytes] of Object.entries(bytecode)) {
  second.FS.mkdirTree(dirname(`${site}/${path}`));
  second.FS.writeFile(`${site}/${path}`, bytes);
}
second.runPython(`
import importlib, json
for name in json.loads(${JSON.stringify(JSON.stringify(imported))}):
    if name != "__main__":
        importlib.import_module(name)
del importlib, json, name
`);
second.runPython(running(warmUp.runs));
const described = second.runPython("from ttt_maps.integrations import playground; playground.describe()");
second.runPython("del playground");
const archive = second.runPython("import sys; '/lib/python%d%d.zip' % sys.version_info[:2]");
second.FS.writeFile(archive, EMPTY_ZIP);
const held = second.runPython(`
import gc, sys
sys.path_importer_cache["${archive}"].invalidate_caches()  # it reads the empty archive
gc.collect()
sorted(sys.modules)
`).toJs();
const snapshot = second.makeMemorySnapshot();
writeFileSync(join(out, "python.snapshot"), sparse(snapshot));
// The page's own first map as this Python draws it (after the snapshot: it leaves nothing
// in it): the page shows it while Python starts, says so, and checks Python's against it.
writeFileSync(
  join(out, "first-map.json"),
  second.runPython("from ttt_maps.integrations import playground; playground.answer('map', '')"),
);
writeFileSync(join(out, "stdlib-empty.zip"), EMPTY_ZIP);
writeFileSync(join(out, "options.json"), described);
writeFileSync(
  join(out, "snapshot.json"),
  JSON.stringify({ bytes: snapshot.length, modules: held, warm_up: warmUp }, null, 1),
);
