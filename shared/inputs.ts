import { z } from "zod";
import { noBody } from "./validation";

/** Path parameters or a query string that must be empty: anything sent is a 400 naming it. */
export const nothing = z.object({}).strict();

/** The input of an operation that takes nothing: no path parameters, no query, no body. */
export const noInput = z.object({ params: nothing, query: nothing, body: noBody });
