"use strict";
// a getter of a required module's member re-exports it
var index_exports = {};
__export(index_exports, {
  Router: () => import_bundled.Router
});
module.exports = __toCommonJS(index_exports);
var import_bundled = require("./bundled.cjs");
