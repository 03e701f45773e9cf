export interface Shape {
  area(): number;
}

export abstract class Base implements Shape {
  abstract area(): number;

  describe(): string {
    return `area ${this.area()}`;
    //                  ^ defined: src/lib/shapes.ts::Base.area
  }
}

export class Circle extends Base {
  //                        ^ defined: src/lib/shapes.ts::Base
  constructor(private r: number) {
    super();
    // ^ defined: src/lib/shapes.ts::Base
  }

  area(): number {
    return Math.PI * square(this.r);
    //     ^ none
    //               ^ defined: src/lib/shapes.ts::square
  }
}

export class Square extends Base {
  constructor(public side: number) {
    super();
  }

  area(): number {
    return square(this.side);
    //     ^ defined: src/lib/shapes.ts::square
  }
}

export function square(x: number): number {
  return x * x;
}

function internal(): void {}

export default Circle;
