// Occurrences (issue 19): where `x instanceof C` holds, the local x is a C (TypeScript's narrowing): in the body of
// `if (x instanceof C)`, on the right of `&&`, in a conditional's first branch; with `!`, in the `else` branch and on
// the right of `||`. Where the function assigns x again in that code, nothing is narrowed.
export class NarrowTeardown {
  narrowClosed = false;
  narrowParent(): void {}
}

export class NarrowOther {
  narrowClosed = true;
  narrowParent(): void {}
}

export function add(teardown: unknown, other: unknown): boolean {
  if (teardown instanceof NarrowTeardown) {
    teardown.narrowParent();
    //       ^ defined: src/occurrences/narrowing.ts::NarrowTeardown.narrowParent
  }
  if (!(other instanceof NarrowOther)) {
    return false;
  } else {
    other.narrowParent();
    //    ^ defined: src/occurrences/narrowing.ts::NarrowOther.narrowParent
  }
  const closed = teardown instanceof NarrowTeardown && teardown.narrowClosed;
  //                                                            ^ value: src/occurrences/narrowing.ts::NarrowTeardown.narrowClosed
  return closed || (other instanceof NarrowOther ? other.narrowClosed : false);
  //                                                      ^ value: src/occurrences/narrowing.ts::NarrowOther.narrowClosed
}

export function reassigned(teardown: unknown): void {
  if (teardown instanceof NarrowTeardown) {
    teardown = new NarrowOther();
    teardown.narrowParent();
    //       ^ ambiguous: src/occurrences/narrowing.ts::NarrowTeardown.narrowParent, src/occurrences/narrowing.ts::NarrowOther.narrowParent
  }
}
