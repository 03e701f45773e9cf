// A name in a type position names a type (or, qualifying a type name, a namespace): a parameter or a local
// variable of that name is a value only, and does not hide the type around it (TypeScript's declaration spaces).
import type { Pipeable } from "effect/Pipeable";
import * as sink from "./sink";
export interface tag<T> {
  value: T;
}
export namespace Units {
  export type Meter = number;
}

// the parameter ``tag`` is a value; ``tag<T>`` in the return type is the interface
export const tag = <T>(tag: T): tag<T> => ({ value: tag });
//                              ^ type: src/occurrences/type_spaces.ts:5
//                                                  ^ local: 13

export function wrap<T>(value: T): tag<T> {
  const tag: tag<T> = { value };
  //         ^ type: src/occurrences/type_spaces.ts:5
  const again: tag<T> = tag;
  //           ^ type: src/occurrences/type_spaces.ts:5
  //                    ^ local: 18
  return again;
}

// a parameter does not hide the namespace that qualifies a type name either
export function scale(Units: number): Units.Meter {
  //                                  ^ type: src/occurrences/type_spaces.ts:8
  //                                        ^ defined: src/occurrences/type_spaces.ts:9
  return Units * 2;
  //     ^ local: 27
}

// an interface merged with a namespace of its name: what qualifies a type name is the namespace, even where the
// interface's members are not all known (an outside base)
export interface Shape extends Pipeable {
  readonly size: number;
}
export declare namespace Shape {
  export type Any = Shape;
}
export let anyShape: Shape.Any;
//                   ^ type: src/occurrences/type_spaces.ts:39
//                         ^ defined: src/occurrences/type_spaces.ts:40

// a type alias of a namespace is no namespace: ``sink.Sink`` there is the module imported as ``sink``
export namespace Channel {
  export type sink = number;
  export interface Pipe {
    readonly out: sink.Sink<string>;
    //            ^ type: src/occurrences/sink.ts:1
    //                 ^ defined: src/occurrences/sink.ts:3
    readonly count: sink;
    //              ^ defined: src/occurrences/type_spaces.ts:48
  }
}
