export declare const CHROMIUM_ARGS: string[];
export declare function chromiumLaunchOptions(): {
  executablePath: string;
  headless: boolean;
  args: string[];
};
