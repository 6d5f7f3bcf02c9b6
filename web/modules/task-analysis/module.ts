import { lazy } from "react";
import type { WebModule } from "../web-module";
import { analysisKeys } from "./api";

/** /analysis-settings: how each group and member is doing, and a task's analysis (server/modules/task-analysis/). */
export const taskAnalysis: WebModule = {
  id: "task-analysis",
  queryRoots: [analysisKeys.all[0]],
  pages: { "/analysis-settings": () => import("./AnalysisPage") },
  TaskAction: lazy(() => import("./AnalyzeTaskAction")),
};
