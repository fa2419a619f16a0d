import { z } from "zod";
import { defineClient, internalAction } from "../../shared/client";

/** What others may ask the screenshots service: the operator's tools and the tests run its clean-ups now. */
export const screenshotsClient = defineClient("screenshots", {
  /**
   * Runs both clean-ups at once instead of waiting for the next turn: screenshots past
   * their organization's retention, and blobs no record names (older than `orphanGraceMs`,
   * default 15 minutes). How many screenshots and blobs went.
   */
  sweep: internalAction(
    z
      .object({
        orphanGraceMs: z
          .int()
          .min(0)
          .max(7 * 24 * 60 * 60 * 1000)
          .optional(),
      })
      .strict(),
  ).returning<{ expired: number; orphanBlobs: number }>(),
});
