// a module is strict code: a function declared in a block is that block's

function helper() {
  return 1;
}

export function strict(flag) {
  if (flag) {
    function helper() {
      return 2;
    }
    helper();
    // ^ defined: src/lib/blocks.js::strict.helper
  }
  return helper();
  //     ^ defined: src/lib/blocks.js::helper
}
