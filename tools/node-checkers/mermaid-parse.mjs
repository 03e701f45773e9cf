// Parse Mermaid diagrams with Mermaid's own parser: the code that renders them.
// Usage: node mermaid-parse.mjs FILE... ; prints "ok <diagram type>" or "error <message>" per file,
// exits 1 when any file fails. Mermaid needs a DOM for its sanitiser, so jsdom provides one.
import { readFile } from "node:fs/promises";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>");
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import("mermaid");

let failed = false;
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, "utf8");
  try {
    const result = await mermaid.parse(text);
    console.log(`ok ${result.diagramType}`);
  } catch (error) {
    failed = true;
    console.log(`error ${String(error.message).split("\n").join(" | ")}`);
  }
}
process.exit(failed ? 1 : 0);
