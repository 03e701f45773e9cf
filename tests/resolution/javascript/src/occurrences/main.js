// Occurrences (issue 19): imported names, callbacks, shadowing, instanceof.
import Default, { Counter, reset as clear, ZERO } from "./counter.js";
//                ^ import: src/occurrences/counter.js::Counter
//                          ^ import: src/occurrences/counter.js::reset
//                                                     ^ defined: src/occurrences/counter.js:1
import * as counters from "./counter.js";

const counter = new Counter(2);

export function run(list) {
  const callbacks = [clear, { reset: clear }];
  //                 ^ value: src/occurrences/counter.js::reset
  //                                 ^ value: src/occurrences/counter.js::reset
  list.forEach((counter) => clear(counter));
  //                              ^ local: 14
  if (list instanceof Counter) {
    //                ^ value: src/occurrences/counter.js::Counter
    let counter = counters.ZERO;
    //            ^ value: src/occurrences/counter.js:1
    //                     ^ value: src/occurrences/counter.js::ZERO
    counter = ZERO;
    // ^ local: 18
  }
  return callbacks;
}

counter.add(1);
// ^ value: src/occurrences/main.js::counter
