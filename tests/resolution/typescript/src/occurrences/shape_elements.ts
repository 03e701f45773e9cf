// Occurrences (issue 19): an element of a member of an anonymous object type (`state: { rows: Row[] }`) is
// a value of the element type: an index, a `for … of`, and a method that gives an element (`find`).
export class ShapeRow {
  rowKey = "";
}

export class ShapeTable {
  state: { rows: ShapeRow[] } = { rows: [] };

  firstKey(): string {
    const first = this.state.rows[0];
    const found = this.state.rows.find((row) => row.rowKey !== "");
    //                                              ^ value: src/occurrences/shape_elements.ts::ShapeRow.rowKey
    return (first?.rowKey ?? "") + (found?.rowKey ?? "");
    //             ^ value: src/occurrences/shape_elements.ts::ShapeRow.rowKey
    //                                     ^ value: src/occurrences/shape_elements.ts::ShapeRow.rowKey
  }
}
