/**
 * What the web app's build gets for `re2js` (vite.config.ts aliases it here). Patterns people write — `matches()` in
 * expressions, `pattern` in tool schemas — are checked and run by the server on the real linear-time engine
 * (ADR 0041); the browser only edits them, and bundling the engine would add 44 KB gzipped to the builder and the tool
 * registry for a check the server makes anyway. So here every pattern compiles: the contract's validation lets it
 * through, and the server's answer (a 422 on the field for back-references or look-around) is what the page shows.
 * Nothing in the web app runs a pattern; should something try, it fails loudly rather than match wrongly.
 */
export const RE2JS = {
  compile(_source: string) {
    return {
      test(_text: string): boolean {
        throw new Error('Patterns run on the server (RE2JS); the web app does not evaluate them');
      },
    };
  },
};
