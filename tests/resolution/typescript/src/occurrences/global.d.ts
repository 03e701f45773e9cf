// A declaration file without imports or exports is a script: its declarations are global.
declare const __DEV__: boolean;
declare function logGlobal(message: string): void;
