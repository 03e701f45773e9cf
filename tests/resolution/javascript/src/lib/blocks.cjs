// a script (no "use strict"): a block's function is the enclosing function's; its const is the block's

function helper() {
  return 1;
}

function sloppy(flag) {
  if (flag) {
    function helper() {
      return 2;
    }
    const other = () => 3;
    other();
  }
  return helper();
  //     ^ defined: src/lib/blocks.cjs::sloppy.helper
}

function scoped(flag) {
  if (flag) {
    const helper = () => 5;
    helper();
    // ^ defined: src/lib/blocks.cjs::scoped.helper
  }
  return helper();
  //     ^ defined: src/lib/blocks.cjs::helper
}

module.exports = { sloppy, scoped };
