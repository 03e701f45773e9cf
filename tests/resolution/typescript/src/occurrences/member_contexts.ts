// A function that is the value of an object literal's key gets its parameters' types from the member the key sets
// (TypeScript's contextual typing): the member's declared function type, or the one function type of its union.
export interface Context {
  keyword: string;
  depth: number;
}

export interface Definition {
  message: string | ((cxt: Context) => string);
  params?: (cxt: Context) => number;
}

export const definition: Definition = {
  message: ({ keyword }) => keyword,
  //          ^ value: src/occurrences/member_contexts.ts::Context.keyword
  params: (cxt) => cxt.depth,
  //                   ^ value: src/occurrences/member_contexts.ts::Context.depth
};

export const written: Definition = {
  message: function (cxt) {
    return cxt.keyword;
    //         ^ value: src/occurrences/member_contexts.ts::Context.keyword
  },
};

export const shorthand: Definition = {
  message(cxt) {
    const { depth } = cxt;
    //      ^ value: src/occurrences/member_contexts.ts::Context.depth
    return cxt.keyword + depth;
    //         ^ value: src/occurrences/member_contexts.ts::Context.keyword
  },
};

export function make(): Definition {
  return { message: (cxt) => `${cxt.depth}` };
  //                                ^ value: src/occurrences/member_contexts.ts::Context.depth
}

// an object of no declared type gives its functions no context
export const loose = {
  message: (cxt: { depth: number }) => cxt.depth,
};
