export function helper(): number { return 1; }
export const limit = 3;

export function first(): number {
  const h = helper;
  //        ^ value: src/scopefree.ts:1
  return helper() + limit;
  //     ^ defined: src/scopefree.ts:1
  //                ^ value: src/scopefree.ts:2
}

export function second(): number {
  function helper(): number { return 2; }
  const h = helper;
  //        ^ value: src/scopefree.ts:13
  return helper() + limit;
  //     ^ defined: src/scopefree.ts:13
  //                ^ value: src/scopefree.ts:2
}

export class Box {
  limit = 5;
  helper(): number { return limit; }
  //                        ^ value: src/scopefree.ts:2
  other(): number { return helper(); }
  //                       ^ defined: src/scopefree.ts:1
}

export function third(): number {
  return helper() + limit;
  //     ^ defined: src/scopefree.ts:1
  //                ^ value: src/scopefree.ts:2
}
