import { Figure, Crate, Spot, Fault } from "./shapes";
//       ^ import: src/merged/shapes.ts:2
import type { Figure as FigureType } from "./shapes";
import { tally } from "./shapes";
//       ^ import: src/merged/shapes.ts:41

export function useMerged(f: Figure, t: FigureType): Figure {
  //                         ^ defined: src/merged/shapes.ts:2
  const c: Crate = new Crate();
  //       ^ defined: src/merged/shapes.ts:12
  //                   ^ defined: src/merged/shapes.ts:12
  const made = Crate.make();
  //           ^ value: src/merged/shapes.ts:12
  //                 ^ defined: src/merged/shapes.ts::Crate#2.make
  const e: Fault = new Fault("x");
  //       ^ defined: src/merged/shapes.ts:30
  //                   ^ defined: src/merged/shapes.ts:33
  tally();
  // ^ defined: src/merged/shapes.ts:41
  const counted = tally.count;
  //                    ^ value: src/merged/shapes.ts::tally#2.count
  return Figure.unit();
  //     ^ value: src/merged/shapes.ts:5
  //            ^ defined: src/merged/shapes.ts::Figure#2.unit
}

export class SpotFault extends Fault implements Figure {
  //                           ^ defined: src/merged/shapes.ts:30
  //                                            ^ defined: src/merged/shapes.ts:2
  area = 1;
}

export class BigSpot extends Spot {
  //                         ^ defined: src/merged/shapes.ts:23
}
