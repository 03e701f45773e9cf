// Occurrences (issue 19): a generic helper that passes its callback the elements of the tuple another of its
// function arguments returns (``memo(getDeps: () => [...TDeps], fn: (...args: [...TDeps]) => R)``):
// TypeScript infers TDeps from the array literal that function returns, so each parameter of the callback has
// the type of the element at its position.
export class Cell {
  value = 0;
}

export class Row {
  rowKey = "";
  cells(): Cell[] {
    return [];
  }
}

export interface Sorting {
  desc: boolean;
}

export interface State {
  sorting: Sorting;
}

export function memo<TDeps extends readonly any[], TResult>(
  getDeps: () => [...TDeps],
  fn: (...args: NoInfer<[...TDeps]>) => TResult,
): () => TResult {
  return () => fn(...getDeps());
}

export class Table {
  rows: Row[] = [];
  getState(): State {
    return { sorting: { desc: false } };
  }
  getRows(): Row[] {
    return this.rows;
  }
  firstRow(): Row {
    return this.rows[0];
  }
}

export function features(table: Table) {
  return {
    sorted: memo(
      () => [table.getRows(), table.getState().sorting, table.firstRow()],
      (rows, sorting, first) => {
        rows.forEach((row) => row.cells());
        //                        ^ defined: src/occurrences/spreads.ts::Row.cells
        if (sorting.desc) {
          //        ^ value: src/occurrences/spreads.ts::Sorting.desc
          return first.rowKey;
          //           ^ value: src/occurrences/spreads.ts::Row.rowKey
        }
        return "";
      },
    ),
    ids: memo(() => [table.rows], (rows) => rows.map((row) => row.rowKey)),
    //                                                            ^ value: src/occurrences/spreads.ts::Row.rowKey
  };
}

// a helper whose callback is declared with its own parameter types: those, not the other argument's elements
export function pair(get: () => Row[], fn: (cell: Cell) => void): void {}

export function use(table: Table): void {
  pair(() => [table.firstRow()], (cell) => cell.value);
  //                                            ^ value: src/occurrences/spreads.ts::Cell.value
}
