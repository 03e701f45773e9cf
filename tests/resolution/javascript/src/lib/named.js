// a named function expression's name is bound inside its own body only

function retry() {
  return "module retry";
}

export function withRetry(task) {
  const run = function retry(n) {
    //                 ^ declares: variable
    return n > 0 ? retry(n - 1) : task();
    //             ^ local: 8
  };
  setTimeout(function retry() {
    retry();
    // ^ local: 13
  });
  return run(3) + retry();
  //              ^ defined: src/lib/named.js::retry
}

export function paramNamedLikeItsConst() {
  const go = (go) => go + 1;
  //                 ^ local: 22
  return go(1);
  //     ^ defined: src/lib/named.js::paramNamedLikeItsConst.go
}
