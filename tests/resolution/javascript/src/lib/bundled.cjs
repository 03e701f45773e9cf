"use strict";
// a bundler's (esbuild's) CommonJS output: the getters of __export say what the module exports
var __export = (target, all) => {
  for (var name in all) Object.defineProperty(target, name, { get: all[name], enumerable: true });
};
var __toCommonJS = (mod) => mod;
var bundled_exports = {};
__export(bundled_exports, {
  Router: () => Router,
  Base: () => RouterBase
});
module.exports = __toCommonJS(bundled_exports);

class RouterBase {
  match() {
    return null;
  }
}

class Router extends RouterBase {
  add() {
    return this;
  }
}

function add() {
  return "private";
}
