import { openMemoryStore } from "../../shared/kv/memory";
import { describeIdempotency } from "./idempotency.suite";

describeIdempotency("memory", async () => openMemoryStore());
