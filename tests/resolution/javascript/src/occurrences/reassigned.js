// Occurrences (issue 19): a function that assigns a module variable writes that variable; the assignment
// declares no variable of the function's own, so the name there is still the module's, which may hold what the
// function assigns.
export class Alpha {
  alphaStep() {}
}

export class Beta {
  betaStep() {}
}

export let current = new Alpha();
export let spare;

export function reset() {
  current = new Beta();
  // ^ write: src/occurrences/reassigned.js:12
  current.betaStep();
  //      ^ defined: src/occurrences/reassigned.js::Beta.betaStep
  spare = current;
  // ^ write: src/occurrences/reassigned.js:13
  //      ^ value: src/occurrences/reassigned.js:12
}

// the module variable may hold either: its members are those of each
export function step() {
  current.alphaStep();
  // ^ value: src/occurrences/reassigned.js:12
  //      ^ defined: src/occurrences/reassigned.js::Alpha.alphaStep
}
