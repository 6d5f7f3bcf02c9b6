import type { WebModule } from "../web-module";

/**
 * The first part of the module's query keys. Written here, not imported: this file loads with
 * every page, and the module's own files load with its page only.
 */
export const COUPONS_QUERY_ROOT = "coupons";

/** /digital-coupons: a group's coupons, their barcodes, votes and savings (server/modules/digital-coupons/). */
export const digitalCoupons: WebModule = {
  id: "digital-coupons",
  queryRoots: [COUPONS_QUERY_ROOT],
  pages: { "/digital-coupons": () => import("./CouponsPage") },
  // Another member's change: that group's coupons, figures and matches are read again.
  onLiveEvent(client, _event, groupId) {
    void client.invalidateQueries({ queryKey: groupId ? [COUPONS_QUERY_ROOT, groupId] : [COUPONS_QUERY_ROOT] });
  },
};
