// definitions declared in a block (const, let, class; a function in strict code) are that block's only

function helper(): number {
  return 1;
}

export function blockConst(flag: boolean): number {
  if (flag) {
    const helper = () => 5;
    helper();
    // ^ defined: src/blocks.ts::blockConst.helper
  }
  return helper();
  //     ^ defined: src/blocks.ts::helper
}

export function loopClass(items: number[]): number {
  for (const item of items) {
    class helper {}
    new helper();
    //  ^ defined: src/blocks.ts::loopClass.helper
    void item;
  }
  const read = helper;
  //           ^ value: src/blocks.ts::helper
  return read();
}

export function blockFunction(flag: boolean): number {
  if (flag) {
    function helper(): number {
      return 2;
    }
    const early = helper;
    //            ^ value: src/blocks.ts::blockFunction.helper
  }
  return helper();
  //     ^ defined: src/blocks.ts::helper
}

export function callbackBody(items: number[]): number {
  items.forEach(() => {
    const helper = () => 3;
    helper();
    // ^ defined: src/blocks.ts::callbackBody.helper
  });
  return helper();
  //     ^ defined: src/blocks.ts::helper
}

export function paramNamedLikeItsConst(): number {
  const go = (go: number) => go + 1;
  //                         ^ local: 52
  return go(1);
  //     ^ defined: src/blocks.ts::paramNamedLikeItsConst.go
}
