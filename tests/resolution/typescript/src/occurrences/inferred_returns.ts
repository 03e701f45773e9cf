// Occurrences (issue 19): a function that declares no return type returns what TypeScript infers from its one
// returned expression: an arrow's expression body, or the one `return` of its body.
export class Leaf {
  leafName = "";
}

export class Twig {
  leafName = "";
}

export class Branch {
  private store: unknown = null;
  private firstOne = new Leaf();

  get leaves() {
    return this.store as Leaf[];
  }

  firstLeaf() {
    return this.firstOne;
  }

  makeLeaf = () => new Leaf();

  names(): string[] {
    return this.leaves.map((leaf) => leaf.leafName).concat(this.firstLeaf().leafName, this.made());
    //                                    ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
    //                                                                       ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
  }

  made(): string {
    return this.makeLeaf().leafName;
    //                     ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
  }
}

export function grow() {
  return new Twig();
}

export const sprout = () => grow();

export function read(): string {
  return sprout().leafName;
  //              ^ value: src/occurrences/inferred_returns.ts::Twig.leafName
}

// several returns, or a returned name the function declares itself: nothing is inferred here
export function either(flag: boolean) {
  if (flag) {
    return new Leaf();
  }
  return new Twig();
}

export function own() {
  const Twig = Leaf;
  return new Twig();
}

export function use(): string {
  return either(true).leafName + own().leafName;
  //                  ^ ambiguous: src/occurrences/inferred_returns.ts::Leaf.leafName, src/occurrences/inferred_returns.ts::Twig.leafName
  //                                    ^ ambiguous: src/occurrences/inferred_returns.ts::Leaf.leafName, src/occurrences/inferred_returns.ts::Twig.leafName
}

// the returned expression may read the function's own parameters: what it returns is read inside the function
export function leavesOf(branch: Branch) {
  return branch.leaves;
}

export const firstOf = (branch: Branch) => branch.firstLeaf();

export function useParameters(branch: Branch): string {
  return leavesOf(branch)[0].leafName + firstOf(branch).leafName;
  //                         ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
  //                                                    ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
}
