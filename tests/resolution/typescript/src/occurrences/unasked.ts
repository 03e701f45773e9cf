// A file whose locals no token asks for (no value use, no reference to a local): its declarations are
// still declared.
export interface Registry<ReturnType = any> {}
//                        ^ declares: type_parameter
