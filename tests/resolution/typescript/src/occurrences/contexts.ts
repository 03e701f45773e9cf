// Occurrences (issue 19): TypeScript's contextual typing through a conditional (each branch of `c ? f : g` given
// as an argument has the parameter's type), and the element type of an array literal whose elements agree.
export class Sink {
  sinkNext(value: number): void {
    void value;
  }
  sinkDone(): void {}
}

export class Other {
  sinkNext(value: number): void {
    void value;
  }
  sinkDone(): void {}
}

export class Source {
  constructor(readonly produce: (sink: Sink) => void) {}
}

export function make(scheduled: boolean): Source {
  return new Source(
    scheduled
      ? (sink) => {
          sink.sinkNext(1);
          //   ^ defined: src/occurrences/contexts.ts::Sink.sinkNext
        }
      : ((sink) => sink.sinkDone()),
      //                ^ defined: src/occurrences/contexts.ts::Sink.sinkDone
  );
}

// an array literal of one kind of element: iterating it gives that kind
export function drain(): void {
  const sinks = [new Sink(), new Sink()];
  for (const sink of sinks) {
    sink.sinkDone();
    //   ^ defined: src/occurrences/contexts.ts::Sink.sinkDone
  }
  // elements of different kinds: nothing is said of an element, the candidates stay
  const mixed = [new Sink(), new Other()];
  for (const each of mixed) {
    each.sinkDone();
    //   ^ ambiguous: src/occurrences/contexts.ts::Sink.sinkDone, src/occurrences/contexts.ts::Other.sinkDone
  }
}

// a value asserted to be an array (`as Sink[]`) is one: iterating it, or its callbacks, give the elements
export function asserted(given: unknown): void {
  const sinks = given as Sink[];
  for (const sink of sinks) {
    sink.sinkDone();
    //   ^ defined: src/occurrences/contexts.ts::Sink.sinkDone
  }
  sinks.forEach((each) => each.sinkNext(1));
  //                           ^ defined: src/occurrences/contexts.ts::Sink.sinkNext
}
