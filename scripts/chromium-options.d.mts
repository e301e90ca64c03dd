export declare const CHROMIUM_ARGS: string[];
export declare function chromiumLaunchOptions(): Promise<{
  executablePath: string;
  headless: boolean;
  args: string[];
  env?: Record<string, string>;
}>;
export declare function checkChromiumStarts(): Promise<string>;
