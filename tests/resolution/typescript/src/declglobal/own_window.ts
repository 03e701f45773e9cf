// A module's own interface named Window is not the global one: window (the DOM's) is typed by the global
// Window interfaces (declare global in globals.ts), not by this one.
export interface Window {
  ownOnly: number;
}

export function ownWindow(own: Window): number {
  window.globalApp.start();
  //     ^ value: src/declglobal/globals.ts::Window.globalApp
  own.ownOnly;
  //  ^ value: src/declglobal/own_window.ts::Window.ownOnly
  // (a member the global Window does not declare: the DOM's, unresolved, as window.location is)
  return window.ownOnly;
  //            ^ unresolved
}
