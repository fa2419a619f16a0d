import { startEmbedded } from "../../../test/support/stint";
import { describeClient } from "./client.suite";

describeClient("@stint/sdk against Stint in embedded mode (one process, embedded store)", (env) => startEmbedded(env));
