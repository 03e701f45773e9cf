export function clash(): number {
  return 3;
}

export { onlyA as renamed } from "./a";
export { ghost } from "./nowhere";
