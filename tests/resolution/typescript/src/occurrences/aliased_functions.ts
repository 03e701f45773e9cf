// Occurrences (issue 19): an alias of a function type alias (or of an interface with a call signature) is that
// function type: a function given the alias takes its parameters' types from it, a value of it returns what
// it returns. A generic one's arguments are read where the alias writes them.
export interface Item {
  itemLabel: string;
  weight: number;
}

export interface Result {
  total: number;
}

export type Visit = (item: Item, depth: number) => Result;
export type Visitor = Visit;
export type Walker = Visitor;

export type Mapper<T> = (value: T) => T;
export type ItemMapper = Mapper<Item>;

export interface Check {
  (item: Item): boolean;
}
export type ItemCheck = Check;

export const visit: Walker = (item, depth) => ({ total: item.weight + depth });
//                                                           ^ value: src/occurrences/aliased_functions.ts::Item.weight

export const rename: ItemMapper = (value) => ({ ...value, itemLabel: value.itemLabel.trim() });
//                                                                         ^ value: src/occurrences/aliased_functions.ts::Item.itemLabel

export const heavy: ItemCheck = (item) => item.weight > 10;
//                                             ^ value: src/occurrences/aliased_functions.ts::Item.weight

export class Tree {
  walker: Visitor = visit;

  sum(item: Item): number {
    return this.walker(item, 0).total;
    //                          ^ value: src/occurrences/aliased_functions.ts::Result.total
  }
}
