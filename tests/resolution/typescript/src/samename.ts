// A field named after its type: in a class body a bare name is never a member (TypeScript has no class
// scope), so the annotation names the class, and a call through the field is the class's method.
export class Journal {
  log(msg: string): void {}
}

export class Recorder {
  Journal: Journal;
  //       ^ defined: src/samename.ts:3

  constructor(journal: Journal) {
    this.Journal = journal;
  }

  note(): void {
    this.Journal.log('x');
    //           ^ defined: src/samename.ts:4
  }
}
