// Occurrences (issue 19): an array's callback methods (``map``, ``find``, ``reduce``…) call back with its
// elements, where the array's declared type says what they are.
export interface Column {
  id: string;
}

export interface Table {
  getAllColumns: () => Column[];
  columns: ReadonlyArray<Column>;
  sets: Set<Column>;
}

export function ids(table: Table, given: Column[]): string[] {
  const all = table.getAllColumns();
  all.forEach((column) => column.id);
  //                              ^ value: src/occurrences/arrays.ts::Column.id
  given.find((column) => column.id === "");
  //                            ^ value: src/occurrences/arrays.ts::Column.id
  table.columns.reduce((count, column) => count + column.id.length, 0);
  //                                                     ^ value: src/occurrences/arrays.ts::Column.id
  return table.getAllColumns().map((column) => column.id);
  //                                                  ^ value: src/occurrences/arrays.ts::Column.id
}

// a method of that name on anything else is that type's own: nothing is known of its callback
export function other(table: Table): void {
  table.sets.forEach((column) => column.id);
  //                                    ^ ambiguous: src/occurrences/arrays.ts::Column.id, src/occurrences/features.ts::Column.id, src/occurrences/features.ts::Row.id, src/models/entity.ts::Entity.id, src/occurrences/intersections.ts::Base.id
}

// an element read by index or by a loop is an element too
export class Grid {
  columns: Column[] = [];
  firstId(): string {
    const column = this.columns[0];
    for (const each of this.columns) {
      if (each.id === column.id) {
      //       ^ value: src/occurrences/arrays.ts::Column.id
      //                     ^ value: src/occurrences/arrays.ts::Column.id
        return each.id;
      }
    }
    const named = this.columns["length"];
    return String(named);
  }
}
