// Occurrences (issue 19): the alias of an export list's name (`b` in `export { a as b }`, a reserved word too:
// `export { $none as null }`) is a use of what it exports at its own token, as an imported name's alias is; an
// import of the alias elsewhere is that definition.
const $none = 0;

function tally(): number {
  return $none;
}

export { $none as null, tally as count };
//                ^ import: src/occurrences/export_aliases.ts::$none
//       ^ value: src/occurrences/export_aliases.ts::$none
//                                ^ import: src/occurrences/export_aliases.ts::tally
