function twinMain(): number {
  return 2;
}

// the bodiless declarations of a global name in two scripts are one declaration, with the body of another
declare function twinImpl(): number;
declare function twinDeclared(): void;
