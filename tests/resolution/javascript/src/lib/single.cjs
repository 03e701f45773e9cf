// module.exports = X: the module is that definition
class Box {
  open() {
    return 1;
  }
}

function open() {
  return "private";
}

module.exports = Box;
