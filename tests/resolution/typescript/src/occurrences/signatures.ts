// Occurrences (issue 19): the parameters of signatures and function types are declarations, each in
// effect only in its own signature; a `this` parameter is one too.
export interface Channel {
  send(message: string, ...rest: string[]): void;
  //   ^ declares: parameter
  //                       ^ declares: parameter
  <T>(url: string): T;
  //  ^ declares: parameter
  [key: string]: unknown;
  //^ declares: parameter
}

export function post(body: string): void;
//                   ^ declares: parameter
export function post(body: unknown): void {
  consume(body);
  //      ^ local: 15
}

export const state = 1;

export function schedule(work: (this: Channel, state?: number) => void): number {
  //                            ^ declares: parameter
  //                                           ^ declares: parameter
  return state;
  //     ^ value: src/occurrences/signatures.ts::state
}

function consume(this: unknown, value: unknown): void {}
//               ^ declares: parameter

// an object literal's method holds its own parameters
export const provider = {
  schedule(callback: () => void): () => void {
    //     ^ declares: parameter
    return callback;
    //     ^ local: 34
  },
};

// a mapped type's key and an `infer` declare type parameters
export type Keys<T> = { [K in keyof T]: T[K] };
//                       ^ declares: type_parameter
//                                        ^ local: 42
export type Head<X> = X extends [infer U, ...unknown[]] ? U : never;
//                                     ^ declares: type_parameter
//                                                        ^ local: 45
