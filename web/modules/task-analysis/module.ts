import type { WebModule } from "../web-module";

/** /analysis-settings: how each group and member is doing (server/modules/task-analysis/). */
export const taskAnalysis: WebModule = {
  id: "task-analysis",
  queryRoots: [],
  pages: { "/analysis-settings": () => import("./AnalysisPage") },
};
