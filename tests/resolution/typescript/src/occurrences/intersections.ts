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
