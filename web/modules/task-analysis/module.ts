import { lazy } from "react";
import type { WebModule } from "../web-module";
import { ANALYSIS_QUERY_ROOT } from "./query-root";

/** /analysis-settings: how each group and member is doing, and a task's analysis (server/modules/task-analysis/). */
export const taskAnalysis: WebModule = {
  id: "task-analysis",
  queryRoots: [ANALYSIS_QUERY_ROOT],
  pages: { "/analysis-settings": () => import("./AnalysisPage") },
  TaskAction: lazy(() => import("./AnalyzeTaskAction")),
};
