// Occurrences (issue 19): a destructured parameter whose declared type is an intersection (or a union) reads
// the members of that type, as a parameter named so would: each key names the member of the part that has it.
export interface Cell {
  column: string;
}

export interface Context {
  table: string;
  row: number;
}

export function render({ column, row }: Cell & Context): string {
  //                     ^ value: src/occurrences/destructured_intersections.ts::Cell.column
  //                             ^ value: src/occurrences/destructured_intersections.ts::Context.row
  return column + row;
}

export const header = ({ table, column }: Context & Cell): string => table + column;
//                              ^ value: src/occurrences/destructured_intersections.ts::Cell.column

export class Renderer {
  draw({ table }: Context & { extra: boolean }, { column }: Cell): string {
    //   ^ value: src/occurrences/destructured_intersections.ts::Context.table
    //                                            ^ value: src/occurrences/destructured_intersections.ts::Cell.column
    return table + column;
  }
}

export function use(renderer: Renderer): void {
  render({ column: "a", table: "b", row: 1 });
  //       ^ write: src/occurrences/destructured_intersections.ts::Cell.column
  //                                ^ write: src/occurrences/destructured_intersections.ts::Context.row
}
