export declare const ROOT: string;
export declare const DIST: string;
export declare const INPUTS: { web: string[]; dbTemplate: string[]; server: string[] };
export declare function keyOf(inputs: string[], include?: (file: string) => boolean): Promise<string>;
export declare function serverKey(): Promise<string>;
export declare function upToDate(keyFile: string, output: string, key: string): Promise<boolean>;
