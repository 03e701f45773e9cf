// Occurrences (issue 19): an assignment inside a function to a variable the module declares declares nothing: the
// name stays the module's variable there (read, written, a qualifier), typed by its own declaration.
export class AssignedGlobals {
  assignedBatch = false;
}

export let assignedState: AssignedGlobals = new AssignedGlobals();

export function isolateAssigned(): void {
  if (assignedState.assignedBatch) {
    //^ value: src/occurrences/assigned.ts:7
    //              ^ value: src/occurrences/assigned.ts::AssignedGlobals.assignedBatch
    return;
  }
  assignedState = new AssignedGlobals();
  // ^ write: src/occurrences/assigned.ts:7
}
