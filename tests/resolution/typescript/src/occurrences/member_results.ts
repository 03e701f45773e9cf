// Occurrences (issue 19): a function written as the value of a key of an object literal whose type is declared
// is typed by that member's declared type: the object it returns has the type calling the member gives.
export interface HeaderContext {
  headerTable: string;
  headerColumn: number;
}

export interface Header {
  headerId: string;
  getContext: () => HeaderContext;
}

export function createHeader(headerTable: string): Header {
  const header: Header = {
    headerId: "h",
    getContext: () => ({
      headerTable,
    //^ write: src/occurrences/member_results.ts::HeaderContext.headerTable
      headerColumn: 0,
    //^ write: src/occurrences/member_results.ts::HeaderContext.headerColumn
    }),
  };
  return header;
}

export function other(): Header {
  return {
    headerId: "o",
    getContext: function () {
      return { headerTable: "t", headerColumn: 1 };
      //                         ^ write: src/occurrences/member_results.ts::HeaderContext.headerColumn
    },
  };
}
