// A class expression's members are no names of the scope around it (members are never lexical names): a bare name
// there, the heritage clause's included, is the name around the class.
export const make = (size: number) =>
  class Base {
    size = size;
  };

function size(): number {
  return 0;
}

export function build() {
  const Built = make(size());
  //                 ^ defined: src/occurrences/class_expressions.ts:8
  return class Built extends make(1) {
    //                       ^ defined: src/occurrences/class_expressions.ts:3
    static make = () => make(2);
    //                  ^ defined: src/occurrences/class_expressions.ts:3
    size() {
      return size();
      //     ^ defined: src/occurrences/class_expressions.ts:8
    }
  };
}
