// a bundle of IIFEs (browserify/UMD): what an anonymous function declares is that function's only

(function () {
  var URL = require('url-parse');
  function go(u) {
    return new URL(u);
    //         ^ unresolved: url-parse from url-parse
  }
  function fresh(u) {
    return new Link(u);
    //         ^ unresolved
  }
  window.go = go;
  window.fresh = fresh;
})();

(function () {
  function URL(address) {
    this.address = address;
  }
  var Link = function (address) {
    this.address = address;
  };
  class Shape {}
  window.URL2 = URL;
  window.Link = Link;
  window.made = new URL("x");
  //                ^ defined: src/lib/iife.cjs::URL
  window.shape = new Shape();
  //                 ^ defined: src/lib/iife.cjs::Shape
})();

(function () {
  const Shape = require('shape');
  window.other = new Shape();
  //                 ^ unresolved: shape from shape
})();

function outer(items) {
  items.forEach(function () {
    function helper() {
      return 1;
    }
    helper();
    // ^ defined: src/lib/iife.cjs::outer.helper
  });
  return helper();
  //     ^ unresolved
}

module.exports = { outer };
