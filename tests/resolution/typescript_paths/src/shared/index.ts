export function shared(): string {
  return "s";
}
