// A class's `prototype` holds its instances' members: `typeof Validator.prototype.compile` names the method (as a
// value read through it does); `prototype` itself, which the class does not declare, stays unresolved.
export class Validator {
  compile(schema: object): boolean { return !!schema; }
}

export type Compile = typeof Validator.prototype.compile;
//                                               ^ value: src/occurrences/prototypes.ts::Validator.compile
//                                      ^ unresolved

export function borrowed(target: object): boolean {
  return Validator.prototype.compile.call(target, {});
  //                         ^ value: src/occurrences/prototypes.ts::Validator.compile
}
