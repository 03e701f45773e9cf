// Drives the system Chromium through playwright-core (from tools/viewer/node_modules; it never
// downloads a browser) over a viewer page loaded from file://, and prints what it saw as JSON.
//
//   node viewer_check.mjs PAGE.html SCREENSHOT.png SEARCH_TERM EXPECTED_ID CHROMIUM_PATH
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [page, screenshot, term, expected, executablePath] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "..", "tools", "viewer", "package.json"));
const { chromium } = require("playwright-core");

const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
const result = { errors: [], requests: [] };
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const tab = await context.newPage();
  tab.on("pageerror", (e) => result.errors.push(String(e)));
  tab.on("console", (m) => { if (m.type() === "error") result.errors.push(m.text()); });
  tab.on("request", (r) => { if (!r.url().startsWith("file:")) result.requests.push(r.url()); });
  await tab.goto(pathToFileURL(page).href);
  await tab.waitForSelector("#graph circle.node", { timeout: 20000 });
  await tab.waitForTimeout(1500); // let the layout settle before the picture
  result.nodesRendered = await tab.locator("#graph circle.node").count();
  result.linksRendered = await tab.locator("#graph line.link").count();
  result.mode = await tab.locator("#mode").textContent();
  result.uncertainTotal = await tab.locator("#uncertain-total").textContent();
  result.totals = await tab.locator("#totals").textContent();
  result.uncertainNodes = await tab.locator("#graph circle.node.uncertain").count();
  await tab.screenshot({ path: screenshot });
  // filters: leave out methods, count, and put them back
  const methods = tab.locator('#kind-filters input[value="callable/method"]');
  if (await methods.count()) {
    await methods.uncheck();
    result.nodesWithoutMethods = await tab.locator("#graph circle.node").count();
    await methods.check();
  }
  result.legend = await tab.locator("#legend div").allTextContents();
  if (result.mode.includes("collapsed")) {
    // double-click the first module: it opens into its symbols
    const first = tab.locator("#graph circle.node").first();
    result.openedModule = await first.getAttribute("data-id");
    await first.dispatchEvent("dblclick");
    result.opened = { mode: await tab.locator("#mode").textContent(), nodesRendered: await tab.locator("#graph circle.node").count() };
    await tab.click("#show-all");
  }
  // search: type, read the results, then press Enter to focus the first one
  await tab.fill("#search", term);
  result.results = await tab.locator("#results li").evaluateAll((items) => items.map((li) => li.dataset.id || li.textContent));
  await tab.press("#search", "Enter");
  await tab.waitForTimeout(800);
  result.afterSearch = {
    mode: await tab.locator("#mode").textContent(),
    details: await tab.locator("#details h2").textContent(),
    uncertain: await tab.locator("#details dd.uncertain").textContent(),
    nodesRendered: await tab.locator("#graph circle.node").count(),
    selected: await tab.locator("#graph circle.node.selected").getAttribute("data-id"),
    expectedDrawn: await tab.locator(`#graph circle.node[data-id="${expected}"]`).count(),
  };
  await tab.screenshot({ path: screenshot.replace(/\.png$/, "-focus.png") });
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
