// Occurrences (issue 19): a function written where a function type is declared for it gets its parameters'
// types from that type (TypeScript's contextual typing): a function returned from one whose declared return type
// is a function type, an arrow's body that is itself an arrow, and a variable or field declared with a function
// type written in place.
export class Grid {
  gridRows(): number {
    return 0;
  }
  gridState(): string {
    return "";
  }
}

export class Tree {
  gridRows(): number {
    return 1;
  }
  gridState(): string {
    return "";
  }
}

// the returned arrow's parameter is what the declared return type says
export function rowCounter(): (grid: Grid) => number {
  return (grid) => grid.gridRows();
  //                    ^ defined: src/occurrences/returned_functions.ts::Grid.gridRows
}

// without parentheses, and a function expression
export function stateReader(): (grid: Grid) => string {
  if (Math.random() > 0.5) {
    return grid => grid.gridState();
    //                  ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
  }
  return function (grid) {
    return grid.gridState();
    //          ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
  };
}

// an arrow whose body is an arrow: the body has the type the outer declared return type returns
export const curried = (): ((tree: Tree) => (grid: Grid) => number) => (tree) => (grid) =>
  tree.gridRows() + grid.gridRows();
//     ^ defined: src/occurrences/returned_functions.ts::Tree.gridRows
//                       ^ defined: src/occurrences/returned_functions.ts::Grid.gridRows

// a variable and a field declared with a function type written in place
export const counted: (tree: Tree) => number = (tree) => tree.gridRows();
//                                                            ^ defined: src/occurrences/returned_functions.ts::Tree.gridRows

export class Holder {
  read: (grid: Grid, tree: Tree) => string = (grid, tree) => grid.gridState() + tree.gridState();
  //                                                              ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
  //                                                                                 ^ defined: src/occurrences/returned_functions.ts::Tree.gridState
}

// a returned function in a function that declares no return type: nothing is known of its parameter
export function untyped() {
  return (grid: unknown) => (grid as { gridRows(): number }).gridRows();
}

export function loose() {
  return (each: any) => each.gridState();
  //                         ^ ambiguous: src/occurrences/returned_functions.ts::Grid.gridState, src/occurrences/returned_functions.ts::Tree.gridState
}

// a function given a named function type whose result is a function type (`Requester`): what it returns is a
// function of that type too, its parameters typed by it, in a returned arrow, a concise body and a function
// expression (an async function returns a promise of it: nothing is known there)
export type Requester = (tree: Tree) => (grids: Grid[], extra: number) => string;

export const requester: Requester = (tree) => {
  tree.gridState();
  //   ^ defined: src/occurrences/returned_functions.ts::Tree.gridState
  return (grids) => grids.map((grid) => grid.gridState()).join(",");
  //                                          ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
};

export const concise: Requester = (tree) => (grids, extra) => tree.gridState() + grids.map((g) => g.gridRows() + extra);
//                                                                                                   ^ defined: src/occurrences/returned_functions.ts::Grid.gridRows

export const expression: Requester = function (tree) {
  return function (grids) {
    return grids.map((grid) => grid.gridState()).join(tree.gridState());
    //                              ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
  };
};

export const later: (tree: Tree) => Promise<(grid: Grid) => number> = async (tree) => (each) => each.gridRows();
//                                                                                                   ^ ambiguous: src/occurrences/returned_functions.ts::Grid.gridRows, src/occurrences/returned_functions.ts::Tree.gridRows

// an element read in place of a parameter typed so
export const first: Requester = (tree) => (grids) => grids[0].gridState() + tree.gridState();
//                                                            ^ defined: src/occurrences/returned_functions.ts::Grid.gridState
