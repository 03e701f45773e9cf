import Store, { CachedStore, makeStore, build } from "../lib/store.js";
import { format } from "~lib/format";
import * as formats from "src/lib/format.js";
import { missing } from "../lib/format.js";
import express from "express";
import { render } from "@scope/view/server";
const { readFile } = require("node:fs");
const util = require("../lib/util.cjs");

export function run() {
  const store = new Store("s");
  //                ^ defined: src/lib/store.js::Store.constructor
  store.get("a");
  //    ^ defined: src/lib/store.js::Store.get
  const cached = new CachedStore("c");
  cached.set("k", 1);
  //     ^ defined: src/lib/store.js::CachedStore.set
  cached.get("k");
  //     ^ defined: src/lib/store.js::Store.get
  build().get("b");
  //      ^ defined: src/lib/store.js::Store.get
  new CachedStore("d").clear();
  //                   ^ defined: src/lib/store.js::CachedStore.clear
  makeStore().clear();
  //          ^ ambiguous: src/lib/store.js::CachedStore.clear
  format(1);
  // ^ defined: src/lib/format.js::format
  formats.clear();
  //      ^ defined: src/lib/format.js::clear
  missing();
  // ^ unresolved: ../lib/format.js.missing from -
  express();
  // ^ unresolved: express from express
  render();
  // ^ unresolved: @scope/view/server.render from @scope/view
  readFile("x");
  // ^ unresolved: node:fs.readFile from node:fs
  util.slug("y");
  //   ^ defined: src/lib/util.cjs::slug
}

export function shadow(format) {
  return format(2);
  //     ^ unresolved: format from -
}

export function reassigned(flag) {
  let value = new Store("v");
  if (flag) {
    value = 3;
  }
  return value.get("v");
  //           ^ ambiguous: src/lib/store.js::Store.get
}
