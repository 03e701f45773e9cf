// The declaration file emitted for impl.ts keeps its imports' '.ts' (rewriteRelativeImportExtensions)
export declare function tsExtension(): number;
