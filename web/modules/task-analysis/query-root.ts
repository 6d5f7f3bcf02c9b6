/**
 * The first part of the module's query keys, alone in its file: module.ts loads with every page,
 * and needs this one word of the module's API (api.ts loads with its page and its task action).
 */
export const ANALYSIS_QUERY_ROOT = "analysis";
