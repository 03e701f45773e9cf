export function add(a: number, b: number): number {
  return b + a;
}
