export function format(value) {
  return String(value);
  //     ^ unresolved: String
}

export function clear() {
  return "";
}
