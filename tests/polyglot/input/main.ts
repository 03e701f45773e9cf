export function compute(): number { return only_here(); }
