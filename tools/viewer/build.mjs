// Copies D3's browser bundle from node_modules into the codeknit package, where
// `codeknit graph show` inlines it into the HTML it writes. Run after `npm ci`:
//
//     cd tools/viewer && npm ci && npm run build
//
// Writes (all gitignored, generated here only):
//   src/codeknit/analysis/viewer/vendor/d3.min.js      the bundle, byte for byte
//   src/codeknit/analysis/viewer/vendor/d3.json        name, version, licence of d3 and of each
//                                                      package in its dependency tree
//   src/codeknit/analysis/viewer/vendor/LICENSES.txt   their licence texts
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, "node_modules");
const target = join(here, "..", "..", "src", "codeknit", "analysis", "viewer", "vendor");

function manifest(name) {
  return JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8"));
}

// d3 and everything it depends on, transitively: that is what its bundle contains
const seen = new Map();
const queue = ["d3"];
while (queue.length) {
  const name = queue.shift();
  if (seen.has(name)) continue;
  const pkg = manifest(name);
  seen.set(name, pkg);
  queue.push(...Object.keys(pkg.dependencies || {}));
}
const names = [...seen.keys()].sort();
const packages = names.map((name) => ({ name, version: seen.get(name).version, license: seen.get(name).license }));
const licences = names.map((name) => {
  const dir = join(modules, name);
  const file = readdirSync(dir).find((f) => /^licen[sc]e/i.test(f));
  const text = file ? readFileSync(join(dir, file), "utf8").trim() : `(no licence file; package.json says ${seen.get(name).license})`;
  return `== ${name} ${seen.get(name).version} (${seen.get(name).license}) ==\n${text}\n`;
});

const bundle = join(modules, "d3", "dist", "d3.min.js");
if (!existsSync(bundle)) {
  console.error(`missing ${bundle}: run npm ci first`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });
copyFileSync(bundle, join(target, "d3.min.js"));
const d3 = seen.get("d3");
writeFileSync(
  join(target, "d3.json"),
  JSON.stringify({ name: "d3", version: d3.version, license: d3.license, file: "d3.min.js", dependency_tree: packages }, null, 2) + "\n",
);
writeFileSync(join(target, "LICENSES.txt"), licences.join("\n"));
console.log(`d3 ${d3.version} (${d3.license}) with ${packages.length - 1} packages in its dependency tree -> ${target}`);
