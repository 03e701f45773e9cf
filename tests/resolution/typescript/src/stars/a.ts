export function clash(): number {
  return 1;
}

export function onlyA(): number {
  return 2;
}
