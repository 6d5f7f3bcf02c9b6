import * as rruleModule from "rrule";

type RRuleModule = typeof rruleModule;

/**
 * The rrule package, however it was loaded. It ships CommonJS as its "main" (what Node loads, with
 * everything under `default`) and ES modules as its "module" (what Vite bundles for the browser).
 */
const rrule: RRuleModule =
  "RRule" in rruleModule && rruleModule.RRule
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleModule }).default;

export const { RRule, Frequency } = rrule;
export type { Options as RRuleOptions } from "rrule";
