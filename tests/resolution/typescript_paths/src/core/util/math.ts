export function add(a: number, b: number): number {
  return a + b;
}

export class Vector {
  length(): number {
    return 0;
  }
}
