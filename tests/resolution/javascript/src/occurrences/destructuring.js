// Occurrences (issue 19): a destructured key reads the member of what is destructured.
export class Counter {
  constructor() {
    this.count = 0;
  }

  report() {
    const { count } = this;
    //      ^ value: src/occurrences/destructuring.js::Counter.count
    //      ^ declares: variable
    return count;
    //     ^ local: 8
  }
}
