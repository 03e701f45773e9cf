// Occurrences (issue 19): the aliases `updaters.ts` uses from another file. A union whose function member is
// another generic alias gives a function of it that alias's parameters, the use's arguments put in.
export type ChangeFn<TInput, TOutput = TInput> = (input: TInput) => TOutput;

export type Change<TInput, TOutput = TInput> = TOutput | ChangeFn<TInput, TOutput>;

// a union with a generic member that is no function type: a function given it is typed by nothing
export type Later<T> = T | Promise<T>;
