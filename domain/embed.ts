/** Messages posted to the parent window when the app is embedded. */
export type EmbedMessage =
  | { type: "app-beacon"; timestamp: number }
  | { type: "app-pagechange"; timestamp: number; pathname: string; hash: string; search: string };

export const EMBED_BEACON_INTERVAL_MS = 1_000;
