import Circle, { Shape, square, type Base } from "./lib/shapes";
import { Box, helper, shapes } from "./lib";
import * as lib from "./lib/index";
import { internal } from "./lib/shapes";
import { missing } from "./lib/nowhere";
import { readFile } from "node:fs";

export function total(items: Shape[]): number {
  //                         ^ defined: src/lib/shapes.ts::Shape
  let sum = 0;
  for (const item of items) {
    sum += item.area();
    //          ^ defined: src/lib/shapes.ts::Shape.area
  }
  for (const key in items) {
    key.area();
    //  ^ unresolved: string.area
  }
  return sum;
}

export function loose(items: Array<Base>, rows: any[], count: number): void {
  for (const item of items) {
    item.describe();
    //   ^ defined: src/lib/shapes.ts::Base.describe
  }
  for (const row of rows) {
    row.describe();
    //  ^ ambiguous: src/lib/shapes.ts::Base.describe
  }
}

export function build(): Base[] {
  //                     ^ defined: src/lib/shapes.ts::Base
  const c = new Circle(1);
  //            ^ defined: src/lib/shapes.ts::Circle.constructor
  const b = new Box(2);
  //            ^ defined: src/lib/shapes.ts::Square.constructor
  const s = new lib.Square(3);
  //                ^ defined: src/lib/shapes.ts::Square.constructor
  const d = new shapes.Circle(4);
  //                   ^ defined: src/lib/shapes.ts::Circle.constructor
  helper(square(2));
  // ^ defined: src/lib/index.ts::helper
  //     ^ defined: src/lib/shapes.ts::square
  internal();
  // ^ unresolved
  missing();
  // ^ unresolved
  readFile("x", () => {});
  // ^ unresolved
  return [c, b, s, d];
}

class Local {
  run(): number {
    return this.twice(2);
    //          ^ defined: src/app.ts::Local.twice
  }

  twice(square: number): number {
    return square * 2;
  }

  shadow(square: (n: number) => number): number {
    return square(3);
    //     ^ unresolved
  }
}

function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
  //                 ^ defined: src/app.ts::fib
}
