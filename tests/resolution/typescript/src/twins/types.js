// the JavaScript a declaration file beside it describes
export {};
