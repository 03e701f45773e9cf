const { Router } = require("../lib/bundle_index.cjs");
const { Base } = require("../lib/bundled.cjs");
const single = require("../lib/single.cjs");

function route() {
  const router = new Router();
  //                 ^ defined: src/lib/bundled.cjs::Router
  router.add().match();
  //     ^ defined: src/lib/bundled.cjs::Router.add
  new Base().match();
  //  ^ defined: src/lib/bundled.cjs::RouterBase
  return single.open;
  //            ^ unresolved
}

module.exports = { route };
