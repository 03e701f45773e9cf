// A cast names the type of the value: a member of it is that type's member.
export interface Shape {
  area(): number;
}

export class Circle implements Shape {
  radius = 1;
  area(): number {
    return 3;
  }
}

export class Square implements Shape {
  area(): number {
    return 4;
  }
}

export function measure(x: unknown, y: object): number {
  const a = (x as Circle).area();
  //                      ^ defined: src/casts.ts:8
  const b = (<Square>y).area();
  //                    ^ defined: src/casts.ts:14
  const c = (x as unknown as Shape).area();
  //                                ^ defined: src/casts.ts:3
  const d = (x as Circle).radius;
  //                      ^ value: src/casts.ts:7
  const e = ({ r: 1 } satisfies object) as Circle;
  const f = <Square>y;
  f.area();
  //^ defined: src/casts.ts:14
  return a + b + c + d + e.radius;
}

export function early(x: unknown): number {
  if (!(x instanceof Circle)) {
    return 0;
  }
  return x.area();
  //       ^ defined: src/casts.ts:8
}
