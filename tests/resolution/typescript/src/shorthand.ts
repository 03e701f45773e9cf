// An object literal's shorthand key declares the member and reads the name of the same spelling.
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)

export const reducers = {
  sum,
//^ declares: property
  max: (xs: number[]): number => Math.max(...xs),
}

export function wrap(onChange: () => void) {
  return { onChange, sum }
  //       ^ local: 10
  //                 ^ value: src/shorthand.ts:2
}
