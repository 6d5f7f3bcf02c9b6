/** Public instance settings the server embeds in each page (script#instance-config). Never secrets. */
export interface InstanceConfig {
  name: string;
  /** Base of canonical links. */
  publicUrl: string;
  operatorName: string;
  operatorContact: string;
  /** Origin that app-beacon/app-pagechange messages go to when the app is embedded; null: none. */
  embedParentOrigin: string | null;
  /** The built-in provider is on: accounts can be created here (the landing page offers it). */
  builtinSignIn: boolean;
}

/** The built-in identity provider's id among the issuers (its sign-in starts at /api/auth/sign-in/local). */
export const BUILTIN_ISSUER_ID = "local";

/**
 * Marks what a prerendered public page shows only where the built-in provider is on ("Create
 * account"): the page is rendered at build time, so the server drops marked links where it is off.
 */
export const BUILTIN_SIGN_IN_ONLY = "data-builtin-sign-in";
