// Occurrences (issue 19): what a member holds, by its declared type. A member of an anonymous object type holds
// what it is declared with; a local initialised with a member read holds what that member holds; the objects an
// array's `push`/`unshift` is given are its elements.
export interface HeldSpot {
  heldPath: string;
}

export interface OtherSpot {
  heldPath: string;
}

// a member of an anonymous object type: its declared type's members
export function moved(state: { previous?: HeldSpot; current: HeldSpot }): boolean {
  return state.current.heldPath === "" && state.previous?.heldPath === "";
  //                   ^ value: src/occurrences/held.ts::HeldSpot.heldPath
  //                                                      ^ value: src/occurrences/held.ts::HeldSpot.heldPath
}

// a local initialised with a member read holds what the member holds: a field's type, a shape member's
export class SpotHolder {
  spot: HeldSpot = { heldPath: "" };
}

export function changed(holder: SpotHolder, state: { previous?: HeldSpot; current: HeldSpot }): boolean {
  const spot = holder.spot;
  const from = state.previous;
  const to = state.current;
  return spot.heldPath === from?.heldPath || from?.heldPath !== to.heldPath;
  //          ^ value: src/occurrences/held.ts::HeldSpot.heldPath
  //                             ^ value: src/occurrences/held.ts::HeldSpot.heldPath
  //                                                                ^ value: src/occurrences/held.ts::HeldSpot.heldPath
}

// a member of no declared type says nothing about the local: the candidates stay
export function untyped(state: { loose: any }): boolean {
  const loose = state.loose;
  return loose.heldPath === "";
  //           ^ ambiguous: src/occurrences/held.ts::HeldSpot.heldPath, src/occurrences/held.ts::OtherSpot.heldPath
}

// an object an array of a declared element type is given by `push` or `unshift` is an element: its keys name the
// element type's members
export function spots(): HeldSpot[] {
  const found: Array<HeldSpot> = [];
  found.push({ heldPath: "/" });
  //           ^ write: src/occurrences/held.ts::HeldSpot.heldPath
  found.unshift({
    heldPath: "",
    // ^ write: src/occurrences/held.ts::HeldSpot.heldPath
  });
  return found;
}

// the same method of anything that is no array is that type's own: nothing is known of its argument, so the
// key sets a member of the object's own, not one of the project's members so named (HeldSpot's, OtherSpot's)
export class SpotStack {
  push(spot: unknown): void {
    void spot;
  }
}

export function stacked(stack: SpotStack): void {
  stack.push({ heldPath: "" });
  //           ^ none
  //           ^ declares: property
}

// a local initialised with a getter's read holds what the getter returns
export class SpotStore {
  private current: HeldSpot = { heldPath: "" };
  get spot(): HeldSpot {
    return this.current;
  }
  path(): string {
    const spot = this.spot;
    return spot.heldPath;
    //          ^ value: src/occurrences/held.ts::HeldSpot.heldPath
  }
}
