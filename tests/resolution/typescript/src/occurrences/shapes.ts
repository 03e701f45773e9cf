// Occurrences (issue 19): an anonymous object type has exactly the members it lists. A use of one is a use of
// the property local that declares it, never a candidate among the project's members of that name.
export interface Holder {
  shapeValue: number;
  shapeCheck: string;
}

export function check(props: { shapeCheck: string; shapeValue: number }, extra?: { shapeValue: number }): number {
  //                             ^ declares: property
  if (props.shapeCheck) {
    //      ^ local: 8
    return props.shapeValue + (extra?.shapeValue ?? 0);
    //           ^ local: 8
    //                                ^ local: 8
  }
  const { shapeValue } = props;
  //      ^ local: 8
  return shapeValue;
}

// a member it does not list is nothing: no candidates among the project's members of that name
export function missing(props: { other: number }): unknown {
  return (props as { other: number; shapeCheck?: string }).other + (props as { other: number }).other;
}

// an object literal typed by one sets its members; an argument's keys set those of the parameter's type
export const state: { counter: number; label: string } = { counter: 1, label: "" };
//                                                         ^ local: 27

export function run(): number {
  return state.counter + check({ shapeCheck: "", shapeValue: 1 });
  //           ^ local: 27
}

// an intersection with one: the members of each part
export function both(holder: Holder & { shapeExtra: number }): number {
  return holder.shapeValue + holder.shapeExtra;
  //            ^ value: src/occurrences/shapes.ts::Holder.shapeValue
  //                                ^ local: 36
}

// a type alias of an object type keeps its members as fields
export type Boxed = { boxedValue: number };
export function unbox(box: Boxed): number {
  return box.boxedValue;
  //         ^ value: src/occurrences/shapes.ts::Boxed.boxedValue
}

// an object literal's own type (TypeScript infers one with exactly its keys): a const's, a field's, `as const`
export const sizing = { shapeSize: 150, shapeGrow(): number { return 1; } };
export const frozen = { shapeMode: "a" } as const;
export function sized(): number {
  const spread = { shapeCount: 1, ...sizing };
  return sizing.shapeSize + sizing.shapeGrow() + frozen.shapeMode.length + spread.shapeCount;
  //            ^ local: 50
  //                               ^ local: 50
  //                                                    ^ local: 51
  //                                                                              ^ none
}
