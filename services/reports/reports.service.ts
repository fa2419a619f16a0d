import type { ServiceSchema } from "moleculer";
import type { ApiContext } from "../../shared/context";
import { answerWithFile } from "../../shared/files";
import { routedActions } from "../../shared/operations";
import { pullStreamAction } from "../../shared/pulled-stream";
import { stintService } from "../../shared/service";
import { detailedPage, detailedTable } from "./detailed";
import { exportFileName, tableFile } from "./files";
import { reportOperations } from "./operations";
import { summaryReport, summaryTable } from "./summary";

const styleOf = (ctx: ApiContext<unknown>) => ctx.meta.style ?? "A";

/**
 * Wiring only. Reports keep no documents: entries come from the time-entries service,
 * names from the projects and auth services, each through its client.
 */
export function reportsService(): ServiceSchema {
  return stintService<true>({
    name: reportOperations.service,
    open: async () => true,
    actions: () => ({
      ...routedActions(reportOperations, {
        summary: async ({ query }, who, ctx) => {
          const report = await summaryReport(ctx, who, query);
          if (query.format === "json") return { data: report };
          const file = tableFile(summaryTable(report, query, styleOf(ctx)), query.format, "Summary");
          return answerWithFile(ctx, reportOperations.service, {
            ...file,
            fileName: exportFileName("summary", query.start_date, query.end_date, query.format),
          });
        },
        detailed: async ({ query }, who, ctx) => {
          if (query.format === "json") return detailedPage(ctx, who, query);
          const file = tableFile(await detailedTable(ctx, who, query, styleOf(ctx)), query.format, "Entries");
          return answerWithFile(ctx, reportOperations.service, {
            ...file,
            fileName: exportFileName("detailed", query.start_date, query.end_date, query.format),
          });
        },
      }),
      pullStream: pullStreamAction(),
    }),
  });
}
