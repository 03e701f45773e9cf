const { helper } = require("../lib/keyed.cjs");
const keyed = require("../lib/keyed.cjs");

function main() {
  helper();
  // ^ defined: src/lib/keyed.cjs::fastHelper
  keyed.helper();
  //    ^ defined: src/lib/keyed.cjs::fastHelper
}

module.exports = main;
