/** Public instance settings the server embeds in each page (script#instance-config). Never secrets. */
export interface InstanceConfig {
  name: string;
  /** Base of canonical links. */
  publicUrl: string;
  /** Who runs this instance (OPERATOR_NAME); null when not configured. */
  operatorName: string | null;
  /** How to reach them (OPERATOR_CONTACT); null when not configured. */
  operatorContact: string | null;
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

/**
 * Marks text that names the operator (`<span data-operator="name">`, `"contact"` or
 * `"name contact"` for what it needs): a sentence of a footer or a legal page that only makes
 * sense when the operator said who they are. Pages are rendered at build time, before that is
 * known, so the server drops marked spans whose values are not configured (and the app leaves
 * them out as it renders). The marker is the span's first attribute, and a marked span holds no
 * other span.
 */
export const OPERATOR_TEXT = "data-operator";

type OperatorValues = Pick<InstanceConfig, "operatorName" | "operatorContact">;

// The marker comes first in the tag (React writes attributes in the order they are given).
const OPERATOR_SPANS = new RegExp(`<span ${OPERATOR_TEXT}="([a-z ]+)"[^>]*>[\\s\\S]*?</span>`, "g");

/**
 * HTML with the operator's spans kept (markers and all) where their values are configured and
 * removed where not; filling the values in is the caller's (placeholders or build tokens).
 */
export function withOperatorText(html: string, config: OperatorValues): string {
  return html.replace(OPERATOR_SPANS, (span, needs: string) => {
    const configured = needs
      .split(" ")
      .every((need) => (need === "name" ? config.operatorName : need === "contact" ? config.operatorContact : null));
    return configured ? span : "";
  });
}
