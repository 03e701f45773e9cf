// Occurrences (issue 19): an array's `filter`, `slice`, `concat`, `sort`, `reverse` return an array of its
// elements: their callbacks, the loops over them and the elements read from them are elements of the
// receiver's declared element type.
export class Column {
  visible = true;
  columnSize(): number {
    return 0;
  }
}

export class Picker {
  visible = false;
  filter(): Picker[] {
    return [];
  }
}

export function widths(columns: Column[], picker: Picker): number {
  columns.filter((column) => column.visible).forEach((column) => column.columnSize());
  //                                                                    ^ defined: src/occurrences/array_returns.ts::Column.columnSize
  const first = columns.slice(1).sort()[0];
  first.columnSize();
  //    ^ defined: src/occurrences/array_returns.ts::Column.columnSize
  for (const picked of columns.filter((each) => each.visible)) {
    picked.columnSize();
    //     ^ defined: src/occurrences/array_returns.ts::Column.columnSize
  }
  const shown = columns.filter((column) => column.visible);
  shown.map((column) => column.columnSize());
  //                           ^ defined: src/occurrences/array_returns.ts::Column.columnSize
  // a method of that name of anything that is no array is that type's own
  picker.filter().forEach((each) => each.visible);
  //                                     ^ value: src/occurrences/array_returns.ts::Picker.visible
  return 0;
}
