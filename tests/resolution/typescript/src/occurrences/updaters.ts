// Occurrences (issue 19): a function passed where a function type is expected, through a generic alias
// that stands for one (``Updater<T> = T | ((old: T) => T)``), is passed the alias's parameters with the
// alias's arguments put in, and what it returns has the type the alias's function type returns.
export type Updater<T> = T | ((old: T) => T);

export interface Meta {
  touched: boolean;
  errors: string[];
}

export interface Box {
  meta: Meta;
}

export class Field {
  setMeta(updater: Updater<Meta>): void {}

  touch(): void {
    this.setMeta((prev) => ({ ...prev, touched: true }));
    //                                 ^ write: src/occurrences/updaters.ts::Meta.touched
    this.setMeta((prev) => {
      prev.errors;
      //   ^ value: src/occurrences/updaters.ts::Meta.errors
      return { ...prev, errors: [] };
      //                ^ write: src/occurrences/updaters.ts::Meta.errors
    });
  }
}

// a function type that returns an object: the object a function of that type returns has its members
export type MakeBox = () => Box;

export const make: MakeBox = () => ({ meta: { touched: false, errors: [] } });
//                                    ^ write: src/occurrences/updaters.ts::Box.meta

// a field of a function type (an interface's) and a field of a function type alias: what a call passes them
export interface Table {
  setMeta: (updater: Updater<Meta>) => void;
  reset: Reset;
}

export type Reset = (meta: Meta) => void;

export function update(table: Table): void {
  table.setMeta((old) => ({ ...old, touched: !old.touched }));
  //                                ^ write: src/occurrences/updaters.ts::Meta.touched
  table.reset({ touched: false, errors: [] });
  //            ^ write: src/occurrences/updaters.ts::Meta.touched
}

// a type parameter's default: a use that leaves the argument out gives the default (here the first argument)
export type Reshaper<TInput, TOutput = TInput> = TOutput | ((input: TInput) => TOutput);

export class Form {
  setMeta(reshaper: Reshaper<Meta>): void {}

  touch(): void {
    this.setMeta((prev) => ({ ...prev, touched: prev.errors.length > 0 }));
    //                                 ^ write: src/occurrences/updaters.ts::Meta.touched
    //                                                ^ value: src/occurrences/updaters.ts::Meta.errors
  }
}

// the same, with the function type written in place: what a function passed there returns has the type written
// as the function type's result, alone or as the one function type of a union (a value given there is of the
// union's other members)
export class Panel {
  setMeta(updater: (prev: Meta) => Meta): void {}
  setMetaOr(next: Meta | ((prev: Meta) => Meta)): void {}
  nested(make: (build: (box: Box) => Meta, other: Box) => Meta): void {}

  touch(): void {
    this.setMeta((prev) => ({ ...prev, touched: true }));
    //                                 ^ write: src/occurrences/updaters.ts::Meta.touched
    this.setMetaOr((prev) => ({ ...prev, errors: prev.errors }));
    //                                   ^ write: src/occurrences/updaters.ts::Meta.errors
    //                                                ^ value: src/occurrences/updaters.ts::Meta.errors
    this.setMetaOr({ touched: false, errors: [] });
    //               ^ write: src/occurrences/updaters.ts::Meta.touched
    this.nested((build, other) => ({ touched: build(other).touched, errors: other.meta.errors }));
    //                               ^ write: src/occurrences/updaters.ts::Meta.touched
    //                                                                            ^ value: src/occurrences/updaters.ts::Box.meta
  }
}

// a generic alias of a union of its parameter and a function type: a value given where it is expected is of the
// type its argument names
export class Sheet {
  setMeta(updater: Updater<Meta>): void {}

  reset(): void {
    this.setMeta({ touched: false, errors: [] });
    //             ^ write: src/occurrences/updaters.ts::Meta.touched
  }
}

// through an alias of another file whose function member is another generic alias (`Change<I, O = I> = O |
// ChangeFn<I, O>`), a type argument that is itself generic included
import type { Change, Later } from "./updater_types";

export interface Status<TValue> {
  pending: boolean;
  value: TValue;
}

export class Tracker<TValue> {
  setStatus(change: Change<Status<TValue>>): void {}
  settle(later: Later<Meta>): void {}

  finish(): void {
    this.setStatus((old) => ({ ...old, pending: !old.pending }));
    //                                 ^ write: src/occurrences/updaters.ts::Status.pending
    //                                               ^ value: src/occurrences/updaters.ts::Status.pending
    this.settle((meta: Meta) => meta);
  }
}
