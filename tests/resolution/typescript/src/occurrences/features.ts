// Occurrences (issue 19): functions that are no symbols (an object literal's arrow functions at the
// top of a file) each type their own parameters, though the file binds the name to several types.
export interface Column {
  id: string;
  toggle(): void;
}

export interface Row {
  id: number;
  expand(): void;
}

export const feature = {
  createColumn: (item: Column): void => {
    item.toggle();
    //   ^ defined: src/occurrences/features.ts::Column.toggle
  },
  createRow: (item: Row): number => {
    item.expand();
    //   ^ defined: src/occurrences/features.ts::Row.expand
    return item.id;
    //          ^ value: src/occurrences/features.ts::Row.id
  },
  // an untyped parameter holds a value the resolver cannot see: its member is any project member of the
  // name (as in a function's body), never "unresolved", which would say that nothing defines one
  loose: (item) => item.id,
  //                    ^ ambiguous: src/models/entity.ts::Entity.id, src/occurrences/arrays.ts::Column.id, src/occurrences/features.ts::Column.id, src/occurrences/features.ts::Row.id, src/occurrences/intersections.ts::Base.id
};

export class Pager {
  next(): void {}
}

export class Sorter {
  flip(): void {}
}

export const handlers = {
  page: (): void => {
    const item = new Pager();
    item.next();
    //   ^ defined: src/occurrences/features.ts::Pager.next
  },
  sort: (): void => {
    const item = new Sorter();
    item.flip();
    //   ^ defined: src/occurrences/features.ts::Sorter.flip
  },
};
