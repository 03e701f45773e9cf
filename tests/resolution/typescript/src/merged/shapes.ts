// A name that is both a type and a value (declaration merging): a value use means the value, a type use the type.
export interface Figure {
  area: number;
}
export namespace Figure {
  export function unit(): Figure {
    //                    ^ defined: src/merged/shapes.ts:2
    return { area: 1 };
  }
}

export class Crate {
  size = 1;
}
export namespace Crate {
  export function make(): Crate {
    //                    ^ defined: src/merged/shapes.ts:12
    return new Crate();
    //         ^ defined: src/merged/shapes.ts:12
  }
}

export class Spot {
  x = 1;
}
export interface Spot {
  y: number;
}

export interface Fault {
  msg: string;
}
export declare var Fault: { new (m: string): Fault };

const unitFigure: Figure = Figure.unit();
//                ^ defined: src/merged/shapes.ts:2
//                         ^ value: src/merged/shapes.ts:5
const crate = new Crate();
//                ^ defined: src/merged/shapes.ts:12

export function tally(): number {
  // (a function merged with a namespace is one value: the namespace declares its properties)
  return tally.count + tally.unlisted;
  //           ^ value: src/merged/shapes.ts::tally#2.count
  //                         ^ none
}
export namespace tally {
  export const count = 1;
}
