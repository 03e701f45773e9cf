// The names that qualify a type name are type uses of what holds the type (a module, a namespace), as the type
// name's own use is, not value reads: a type is erased, nothing is read at run time.
import * as sink from "./sink";

export namespace Outer {
  export namespace Inner {
    export interface Deep {
      d: number;
    }
  }
}

export class Holder {
  size = 1;
}
export namespace Holder {
  export interface Options {
    o: number;
  }
}

export let qualified: sink.Sink<number>;
//                    ^ type: src/occurrences/sink.ts:1
//                         ^ defined: src/occurrences/sink.ts:3
export let nested: Outer.Inner.Deep;
//                 ^ type: src/occurrences/qualified_types.ts:5
//                       ^ type: src/occurrences/qualified_types.ts:6
//                             ^ defined: src/occurrences/qualified_types.ts:7
// (a class merged with a namespace: the qualifier is the namespace, which holds the type)
export let merged: Holder.Options;
//                 ^ type: src/occurrences/qualified_types.ts:16
export class Logged implements sink.Sink<string> {
  //                           ^ type: src/occurrences/sink.ts:1
  write(value: string): void {}
}
// a value read of the module stays one
export const limit = sink.LIMIT;
//                   ^ value: src/occurrences/sink.ts:1
