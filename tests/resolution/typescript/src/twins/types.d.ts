export type DateArg = Date | number | string;
