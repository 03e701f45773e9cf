const { format } = require("util");
const store = require("./store.js");

function helper(target, where) {
  return format("%s at %s", target, where);
}

function unfinished( {
  return
}

module.exports = { helper };
