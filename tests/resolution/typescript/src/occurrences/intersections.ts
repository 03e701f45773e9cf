// Occurrences (issue 19): a value of an intersection type has the members of each of its parts.
export interface Base {
  id: string;
}

export interface Derived {
  isValid: boolean;
}

export type Meta = Base & Derived;
export type Wrapped = Readonly<Base & Derived> | undefined;
// a part that is a type parameter leaves the whole unknown: its members are candidates by name
export type Open<T> = Base & T;

export function check(meta: Meta, wrapped: Wrapped, open: Open<Derived>): boolean {
  return meta.isValid && meta.id === "" && !!wrapped?.id && open.id === "" && open.isValid;
  //          ^ value: src/occurrences/intersections.ts::Derived.isValid
  //                          ^ value: src/occurrences/intersections.ts::Base.id
  //                                                  ^ value: src/occurrences/intersections.ts::Base.id
  //                                                                               ^ ambiguous: src/occurrences/intersections.ts::Derived.isValid
}

// a part it cannot see (a conditional type) hides nothing another part declares: the member is that part's (a
// value of the intersection has it there); one that no part it sees declares stays a member of an unknown value
export type Chosen<T> = T extends string ? { text: T } : { other: T };
export interface Marked {
  markedOnly: boolean;
}
export type Mixed = Chosen<string> & Derived;

export class Holder {
  held: Mixed;
  constructor(held: Mixed) {
    this.held = held;
  }
  valid(): boolean {
    return this.held.isValid && this.held.markedOnly;
    //               ^ value: src/occurrences/intersections.ts::Derived.isValid
    //                                    ^ ambiguous: src/occurrences/intersections.ts::Marked.markedOnly
  }
}

export function mixed(value: Mixed | Marked, both: Mixed & Marked): boolean {
  // (in a union, such a part is an unknown member type, which may lack the member as the others may)
  return value.isValid && both.markedOnly && both.isValid;
  //           ^ ambiguous: src/occurrences/intersections.ts::Derived.isValid
  //                           ^ value: src/occurrences/intersections.ts::Marked.markedOnly
  //                                              ^ value: src/occurrences/intersections.ts::Derived.isValid
}

export const initial: Meta = { id: "", isValid: true };
//                             ^ write: src/occurrences/intersections.ts::Base.id
//                                      ^ write: src/occurrences/intersections.ts::Derived.isValid

// a field of a function type: calling it gives what the function type returns
export interface Table {
  getState: () => Meta;
  options: { debug: boolean };
}

export function state(table: Table): boolean {
  return table.getState().isValid;
  //                      ^ value: src/occurrences/intersections.ts::Derived.isValid
}

// an indexed access type names the declared type of that member
export interface FieldOptions {
  table: Table;
  name: string;
}

export class Field {
  table: FieldOptions["table"];
  named: FieldOptions["name"];
  constructor(options: FieldOptions) {
    this.table = options.table;
    this.named = options.name;
  }
  debug(): boolean {
    return this.table.options.debug;
    //          ^ value: src/occurrences/intersections.ts::Field.table
    //                ^ value: src/occurrences/intersections.ts::Table.options
  }
}

// a part from outside the project says nothing of which members it has: beside an unseen part, a member no project
// part declares is not claimed as the outside type's
import type { OutsideProps } from "outside-widgets";

export function outside(props: OutsideProps & Chosen<string>, marked: OutsideProps & Marked): boolean {
  return !!props.anythingElse && marked.markedOnly;
  //             ^ none
}
