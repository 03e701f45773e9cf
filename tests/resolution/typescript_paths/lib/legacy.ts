export function old(): number {
  return 1;
}
