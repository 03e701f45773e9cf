// module.exports = { key: value }: the key names the value, not a top-level definition of the key's name

function helper() {
  return "private helper";
}

function fastHelper() {
  return "exported as helper";
}

module.exports = { helper: fastHelper };
