import Store, { CachedStore } from "./store.js";
import { helper } from "./helpers.cjs";
import path from "node:path";

export const VERSION = "1.0";
let counter = 0;

export function open(name, ...options) {
  counter += 1;
  const store = Store.create(name);
  helper(store, path.join("a", "b"));
  return store;
}

export async function* walk(root) {
  yield* [root];
}

const local = () => open("x");
local();
new CachedStore("c").set("k", 1);
