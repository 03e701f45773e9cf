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

// several returns of object literals (or of nothing): one of the literals' own types; a key only one literal has
// is that literal's, one several have names none of them (a member of each part of a union)
export function settle(flag: boolean) {
  if (flag) {
    return { ok: false, failure: { code: 1 } } as const;
    //                  ^ declares: property
  }
  const later = () => {
    return { ok: 2, pending: true };
  };
  if (later().pending) {
    return undefined;
  }
  return { ok: true, outcome: 5 } as const;
  //                 ^ declares: property
}

export function settled(): number {
  const done = settle(true);
  if (done && !done.ok) {
    //              ^ none
    return done.failure.code;
    //          ^ local: 84
  }
  return done ? done.outcome : 0;
  //                 ^ local: 93
}

// what ReturnType<typeof f> and InstanceType<typeof C> name: what calling f gives, a C
export const twigs = { grow(): Twig { return new Twig(); } };

export function typed(done: ReturnType<typeof settle>, leaf: InstanceType<typeof Leaf>,
                      grown: ReturnType<typeof grow>, twig: ReturnType<typeof twigs.grow>): string {
  return leaf.leafName + grown.leafName + (done ? done.outcome : "");
  //          ^ value: src/occurrences/inferred_returns.ts::Leaf.leafName
  //                           ^ value: src/occurrences/inferred_returns.ts::Twig.leafName
  //                                                   ^ local: 93
}

// a declared union of object types: a member one part declares is that part's
export function pick(choice: { left: number } | { right: string }): string {
  //                             ^ declares: property
  return String(choice.left);
  //                   ^ local: 120
}
