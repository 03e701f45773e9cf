// Occurrences (issue 19): fields written in the constructor, read and written elsewhere; values.
export class Counter {
  constructor(step = 1) {
    //        ^ declares: parameter
    this.step = step;
    //          ^ local: 3
    this.total = 0;
  }

  add(...amounts) {
    //   ^ declares: parameter
    for (const amount of amounts) this.total += amount * this.step;
    //                                 ^ write: src/occurrences/counter.js::Counter.total
    //                                                        ^ value: src/occurrences/counter.js::Counter.step
    //                                          ^ local: 12
    return this;
  }
}

export const ZERO = 0;

export function reset(counter) {
  counter.total = ZERO;
  //              ^ value: src/occurrences/counter.js::ZERO
}
