// postcss-pxtorem ships no types; this is the slice of its options the build uses.
declare module 'postcss-pxtorem' {
  import type { PluginCreator } from 'postcss';
  interface PxToRemOptions {
    rootValue?: number;
    unitPrecision?: number;
    propList?: string[];
    selectorBlackList?: (string | RegExp)[];
    replace?: boolean;
    mediaQuery?: boolean;
    minPixelValue?: number;
    exclude?: string | RegExp | ((file: string) => boolean) | null;
  }
  const pxtorem: PluginCreator<PxToRemOptions>;
  export default pxtorem;
}
