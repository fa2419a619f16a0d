import { openMemoryStore } from "../../shared/kv/memory";
import { describeIdempotency } from "./suite";

describeIdempotency("memory", async () => openMemoryStore());
