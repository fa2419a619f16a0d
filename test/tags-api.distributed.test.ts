import { describeTagsApi } from "./tags-api.suite";

describeTagsApi("distributed");
