// Occurrences (issue 19): an array's `find`, `findLast`, `at`, `pop` and `shift` return one of its elements: a
// local they initialise is an element of the array's declared element type.
export class Pane {
  paneClose(): void {}
}

export class Dock {
  paneClose(): void {}
}

export class Stack {
  pop(): Dock {
    return new Dock();
  }
}

export function closeFirst(panes: Pane[], stack: Stack): void {
  const found = panes.find((pane) => pane !== null);
  found?.paneClose();
  //     ^ defined: src/occurrences/element_returns.ts::Pane.paneClose
  const last = panes.pop();
  last?.paneClose();
  //    ^ defined: src/occurrences/element_returns.ts::Pane.paneClose
  const next = panes.shift()!;
  next.paneClose();
  //   ^ defined: src/occurrences/element_returns.ts::Pane.paneClose
  // a method of that name of anything that is no array is that type's own
  const docked = stack.pop();
  docked.paneClose();
  //     ^ defined: src/occurrences/element_returns.ts::Dock.paneClose
}
